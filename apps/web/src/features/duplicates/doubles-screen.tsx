import { DocumentDuplicateIcon } from '@heroicons/react/24/outline';
import { useMemo, useState } from 'react';
import { DOUBLE_LEVELS, type TDoubleLevel } from '@ats/contracts/duplicates';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { Tabs } from '@ats/ui/tabs';
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

type LevelTab = (typeof TABS)[number];
const PANEL_ID = 'doubles-panel';

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
    <Tabs<LevelTab>
      items={TABS}
      value={value ?? 'all'}
      onChange={(tab) => onChange(tab === 'all' ? null : tab)}
      labels={TAB_LABELS}
      counts={counts && { all: counts.certain + counts.probable, ...counts }}
      label="Уровень сходства"
      idPrefix="doubles-tab"
      panelId={PANEL_ID}
      className="mb-4"
    />
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
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`doubles-tab-${level ?? 'all'}`}>
        {body}
      </div>
    </div>
  );
}
