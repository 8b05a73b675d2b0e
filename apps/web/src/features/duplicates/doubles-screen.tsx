import { DocumentDuplicateIcon } from '@heroicons/react/24/outline';
import { useMemo, useState } from 'react';
import { DOUBLE_LEVELS, type TDoubleLevel } from '@ats/contracts/duplicates';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { DoubleGroupCard } from './double-group-card';
import { DoublesScanPanel } from './doubles-scan-panel';
import { useDoublesList } from './duplicates.queries';

const TAB_LABELS: Record<TDoubleLevel | 'all', string> = {
  all: 'Все',
  certain: 'Точные',
  probable: 'Вероятные',
};
const TABS = ['all', ...DOUBLE_LEVELS] as const;

function LevelTabs({
  value,
  counts,
  onChange,
}: {
  value: TDoubleLevel | null;
  counts: Record<TDoubleLevel, number> | undefined;
  onChange: (level: TDoubleLevel | null) => void;
}) {
  return (
    <div role="tablist" aria-label="Уровень сходства" className="mb-4 flex gap-1 border-b">
      {TABS.map((tab) => {
        const selected = (value ?? 'all') === tab;
        const count = counts
          ? tab === 'all'
            ? counts.certain + counts.probable
            : counts[tab]
          : null;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(tab === 'all' ? null : tab)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-zinc-600 hover:text-zinc-900',
            )}
          >
            {TAB_LABELS[tab]}
            {count !== null && (
              <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700">
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** /applicant/doubles: groups of likely duplicates, best first, with compare and «Не дубль». */
export function DoublesScreen() {
  useDocumentTitle('Дубликаты');
  const [level, setLevel] = useState<TDoubleLevel | null>(null);
  const list = useDoublesList(level);
  const groups = useMemo(() => list.data?.pages.flatMap((page) => page.groups) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;

  let body;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-16 text-zinc-500">
        <Spinner label="Загружаем дубликаты" className="[&>svg]:size-6" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        title="Не удалось загрузить дубликаты"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Повторить</Button>}
      />
    );
  } else if (groups.length === 0) {
    body = (
      <EmptyState
        icon={<DocumentDuplicateIcon />}
        title="Дубликатов не найдено"
        description={
          level
            ? 'На этом уровне сходства пар нет. Посмотрите другие вкладки.'
            : 'Похожие кандидаты появятся здесь, когда их добавят. Чтобы проверить всех, кто уже есть в базе, нажмите «Проверить всю базу».'
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-4" aria-label="Группы дубликатов">
          {groups.map((group) => (
            <li key={group.id}>
              <DoubleGroupCard group={group} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Показать ещё
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Дубликаты"
        description="Кандидаты, которые, похоже, один и тот же человек. Сравните их и объедините в одну карточку или отметьте «Не дубль»."
        actions={<DoublesScanPanel />}
      />
      <LevelTabs value={level} counts={counts} onChange={setLevel} />
      {body}
    </div>
  );
}
