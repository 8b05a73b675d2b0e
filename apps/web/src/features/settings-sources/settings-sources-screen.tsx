import {
  DocumentTextIcon,
  PencilSquareIcon,
  PlusIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TAccountSource } from '@ats/contracts/account-sources';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { cx } from '@ats/ui/class-names';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { ItemIcon } from '../../shared/icons/item-icon';
import { useCurrentUser } from '../../shared/session/session.queries';
import { MoveButtons } from '../../shared/settings/move-buttons';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import {
  useDeleteSource,
  useReorderSources,
  useSourceList,
  useToggleSource,
} from './settings-sources.queries';
import { SourceDialog } from './source-dialog';

const READ_ONLY =
  'Изменять источники может администратор или рекрутер с правом «Управление источниками».';

export function SettingsSourcesScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).sources;
  const sources = useSourceList();
  const reorder = useReorderSources();
  const toggle = useToggleSource();
  const remove = useDeleteSource();
  const [editing, setEditing] = useState<TAccountSource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAccountSource | null>(null);
  const ids = sources.data?.map((s) => s.id) ?? [];

  return (
    <SettingsPage
      title="Источники резюме"
      description="Откуда приходят кандидаты: сайты работы, рекомендации, соцсети."
      readOnlyNote={canEdit ? null : READ_ONLY}
      actions={
        canEdit && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" aria-hidden="true" />
            Новый источник
          </Button>
        )
      }
    >
      {!sources.data ? (
        <LoadState
          isError={sources.isError}
          loadingLabel="Загрузка источников"
          errorText="Не удалось загрузить источники"
          onRetry={() => void sources.refetch()}
        />
      ) : sources.data.length === 0 ? (
        <EmptyState
          icon={<DocumentTextIcon />}
          title="Источников пока нет"
          description="Добавьте, откуда приходят кандидаты, чтобы видеть это в карточке и аналитике."
        />
      ) : (
        <Card>
          <ol aria-label="Источники резюме" className="divide-y divide-zinc-100">
            {sources.data.map((source, index) => (
              <li
                key={source.id}
                aria-label={source.name}
                className="flex items-center gap-2 px-4 py-2.5"
              >
                <span className="w-6 text-right text-xs text-zinc-500">{index + 1}.</span>
                <span className="w-10 shrink-0 rounded bg-zinc-100 px-1 py-0.5 text-center text-xs font-medium text-zinc-600">
                  {source.abbr ?? '—'}
                </span>
                <div className="min-w-0 flex-1">
                  <p
                    className={cx(
                      'flex items-center gap-1.5 truncate text-sm font-medium',
                      source.is_active ? 'text-zinc-900' : 'text-zinc-400',
                    )}
                  >
                    <ItemIcon name={source.icon} className="text-zinc-500" />
                    <span className="truncate">{source.name}</span>
                  </p>
                  {source.description && (
                    <p className="truncate text-xs text-zinc-500">{source.description}</p>
                  )}
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={source.is_active}
                  aria-label={`Источник «${source.name}» активен`}
                  disabled={!canEdit || toggle.isPending}
                  onClick={() => toggle.mutate({ id: source.id, isActive: !source.is_active })}
                  className={cx(
                    'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    'disabled:cursor-not-allowed disabled:opacity-60',
                    source.is_active ? 'bg-indigo-600' : 'bg-zinc-300',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform',
                      source.is_active ? 'translate-x-5.5' : 'translate-x-0.5',
                    )}
                  />
                </button>
                {canEdit && (
                  <>
                    <MoveButtons
                      name={source.name}
                      ids={ids}
                      index={index}
                      disabled={reorder.isPending}
                      onMove={(next) => reorder.mutate(next)}
                    />
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Изменить «${source.name}»`}
                      title="Изменить"
                      onClick={() => setEditing(source)}
                    >
                      <PencilSquareIcon className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={`${iconButton} hover:text-red-600`}
                      aria-label={`Удалить «${source.name}»`}
                      title="Удалить"
                      onClick={() => setDeleting(source)}
                    >
                      <TrashIcon className="size-4" aria-hidden="true" />
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
        </Card>
      )}

      {editing && (
        <SourceDialog
          source={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          // A source that applicants name stays (409): the toast says to deactivate it instead.
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
        title={`Удалить источник «${deleting?.name ?? ''}»?`}
        description="Источник, из которого уже пришли кандидаты, удалить нельзя — его можно выключить."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </SettingsPage>
  );
}
