import {
  ArchiveBoxArrowDownIcon,
  ArrowDownTrayIcon,
  BriefcaseIcon,
  TagIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Dialog } from '@ats/ui/dialog';
import { formatApplicantCount } from '../../shared/format/applicant-format';
import { useBulkApplicantActions } from './applicants.queries';
import { PlaceOnVacancyDialog } from './place-on-vacancy-dialog';
import { TagPicker } from './tag-picker';
import { applicantKeys } from '../../shared/query-keys';

type Props = { selectedIds: number[]; onClear: () => void; extraActions?: ReactNode };

/** Actions on the selection: add tags, export to Excel, move to the archive (never deletes). */
export function BulkActionsBar({ selectedIds, onClear, extraActions }: Props) {
  const { tag, archive, exportSelection } = useBulkApplicantActions();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'tags' | 'archive' | 'vacancy' | null>(null);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const close = () => setDialog(null);
  const count = formatApplicantCount(selectedIds.length);

  const addTags = async () => {
    const result = await tag.mutateAsync({ applicant_ids: selectedIds, add_tag_ids: tagIds });
    if (result.ok) {
      close();
      setTagIds([]);
    }
  };
  const moveToArchive = async () => {
    const result = await archive.mutateAsync(selectedIds);
    if (result.ok) {
      close();
      onClear();
    }
  };

  return (
    <div
      role="region"
      aria-label="Действия с выбранными"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-indigo-50 px-4 py-2 text-sm ring-1 ring-indigo-200"
    >
      <span className="font-medium text-indigo-900">Выбрано: {count}</span>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setDialog('tags')}>
          <TagIcon className="size-4" aria-hidden="true" />
          Добавить теги
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={exportSelection.isPending}
          onClick={() => void exportSelection.mutateAsync(selectedIds)}
        >
          {!exportSelection.isPending && (
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          )}
          Экспорт
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDialog('vacancy')}>
          <BriefcaseIcon className="size-4" aria-hidden="true" />
          На вакансию
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDialog('archive')}>
          <ArchiveBoxArrowDownIcon className="size-4" aria-hidden="true" />В архив
        </Button>
        {extraActions}
        <Button size="sm" variant="ghost" onClick={onClear}>
          <XMarkIcon className="size-4" aria-hidden="true" />
          Снять выделение
        </Button>
      </div>
      <Dialog
        open={dialog === 'tags'}
        onClose={close}
        title="Добавить теги"
        description={`Выбрано: ${count}. Уже поставленные теги останутся.`}
      >
        <TagPicker value={tagIds} onChange={setTagIds} />
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Отмена
          </Button>
          <Button disabled={tagIds.length === 0} loading={tag.isPending} onClick={addTags}>
            Добавить
          </Button>
        </div>
      </Dialog>
      <PlaceOnVacancyDialog
        open={dialog === 'vacancy'}
        onClose={close}
        applicantIds={selectedIds}
        onPlaced={() => void queryClient.invalidateQueries({ queryKey: applicantKeys.all })}
      />
      <ConfirmDialog
        open={dialog === 'archive'}
        onClose={close}
        title="Переместить в архив?"
        description={`Выбрано: ${count}. Из архива их можно будет восстановить.`}
        confirmLabel="В архив"
        pending={archive.isPending}
        onConfirm={moveToArchive}
      />
    </div>
  );
}
