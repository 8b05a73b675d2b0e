import { PencilSquareIcon, PlusIcon, TagIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TTag } from '@ats/contracts/tags';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { pluralize } from '../../shared/format/plurals';
import { ItemIcon } from '../../shared/icons/item-icon';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { useDeleteTag, useTagList, useTagUsage } from './settings-tags.queries';
import { TagDialog } from './tag-dialog';

const APPLICANT_FORMS = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

/** The route guard lets only owners with can_manage_tag in (SPEC.md §6): all of it is editable. */
export function SettingsTagsScreen() {
  const tags = useTagList();
  const usage = useTagUsage();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<TTag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTag | null>(null);
  const counts = new Map(usage.data?.map((u) => [u.tag_id, u.applicants_count]));
  const usedBy = (tag: TTag) => counts.get(tag.id) ?? 0;

  return (
    <SettingsPage
      title="Теги"
      description="Метки для кандидатов: название, цвет и описание."
      actions={
        <Button onClick={() => setEditing('new')}>
          <PlusIcon className="size-4" aria-hidden="true" />
          Новый тег
        </Button>
      }
    >
      {!tags.data ? (
        <LoadState
          isError={tags.isError}
          loadingLabel="Загрузка тегов"
          errorText="Не удалось загрузить теги"
          onRetry={() => void tags.refetch()}
        />
      ) : tags.data.length === 0 ? (
        <EmptyState
          icon={<TagIcon />}
          title="Тегов пока нет"
          description="Теги помогают отмечать кандидатов: «Срочно», «Удалёнка», «Резерв»."
        />
      ) : (
        <Card>
          <ul aria-label="Теги" className="divide-y divide-zinc-100">
            {tags.data.map((tag) => (
              <li key={tag.id} aria-label={tag.name} className="flex items-center gap-3 px-4 py-3">
                <span
                  className="size-4 shrink-0 rounded-full"
                  style={{ backgroundColor: tag.color }}
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1.5 truncate text-sm font-medium text-zinc-900">
                    <ItemIcon name={tag.icon} className="text-zinc-500" />
                    <span className="truncate">{tag.name}</span>
                  </p>
                  {tag.description && (
                    <p className="truncate text-sm text-zinc-500">{tag.description}</p>
                  )}
                </div>
                <span className="shrink-0 font-mono text-xs text-zinc-500">{tag.color}</span>
                <span className="w-28 shrink-0 text-right text-sm text-zinc-500">
                  {usage.data ? pluralize(usedBy(tag), APPLICANT_FORMS) : ''}
                </span>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Изменить тег «${tag.name}»`}
                  title="Изменить"
                  onClick={() => setEditing(tag)}
                >
                  <PencilSquareIcon className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-red-600`}
                  aria-label={`Удалить тег «${tag.name}»`}
                  title="Удалить"
                  onClick={() => setDeleting(tag)}
                >
                  <TrashIcon className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {editing && (
        <TagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          if (result.ok) setDeleting(null);
        }}
        title={`Удалить тег «${deleting?.name ?? ''}»?`}
        description={
          deleting && usedBy(deleting) > 0
            ? `Тег снимется с ${pluralize(usedBy(deleting), { one: 'кандидата', few: 'кандидатов', many: 'кандидатов' })}.`
            : 'Тег не стоит ни у одного кандидата.'
        }
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </SettingsPage>
  );
}
