import { PencilSquareIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState, type ReactNode } from 'react';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { LoadState, SettingsPage } from './settings-page';

type Named = { id: number; name: string };

export type CollectionPageProps<T extends Named> = {
  title: string;
  description: string;
  /** «Новая форма», «Новый шаблон». */
  newLabel: string;
  /** The list's accessible name. */
  listLabel: string;
  /** The items' query: undefined data while loading or failed. */
  items: { data: T[] | undefined; isError: boolean; refetch: () => unknown };
  loadingLabel: string;
  errorText: string;
  empty: { icon: ReactNode; title: string; description: string };
  /** «Изменить форму», «Удалить шаблон»: the item's name follows in «». */
  editLabel: string;
  deleteLabel: string;
  /** A short line under the item's name and description (counts). */
  renderSummary: (item: T) => ReactNode;
  /** The card's body under its heading (the name, description and buttons are drawn here). */
  renderDetails: (item: T) => ReactNode;
  /** The editor of an item (null: a new one); `onDone` returns to the list. */
  renderEditor: (item: T | null, onDone: () => void) => ReactNode;
  confirmDelete: {
    title: (item: T) => string;
    description: string;
    pending: boolean;
    remove: (item: T) => Promise<unknown>;
  };
};

/**
 * A settings page of named things edited in place (evaluation forms, request templates): a card
 * per item with «Изменить» and «Удалить», an editor in place of the list, loading, error and empty
 * states, and a confirmation before deleting.
 */
export function CollectionPage<T extends Named & { description?: string | null }>({
  title,
  description,
  newLabel,
  listLabel,
  items,
  loadingLabel,
  errorText,
  empty,
  editLabel,
  deleteLabel,
  renderSummary,
  renderDetails,
  renderEditor,
  confirmDelete,
}: CollectionPageProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  let body: ReactNode;
  if (editing !== null) {
    body = (
      <div key={editing === 'new' ? 'new' : editing.id}>
        {renderEditor(editing === 'new' ? null : editing, () => setEditing(null))}
      </div>
    );
  } else if (!items.data) {
    body = (
      <LoadState
        isError={items.isError}
        loadingLabel={loadingLabel}
        errorText={errorText}
        onRetry={() => void items.refetch()}
      />
    );
  } else if (items.data.length === 0) {
    body = <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  } else {
    body = (
      <ul aria-label={listLabel} className="flex flex-col gap-3">
        {items.data.map((item) => (
          <li key={item.id} aria-label={item.name}>
            <Card className="flex flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-zinc-900">{item.name}</p>
                  {item.description && <p className="text-sm text-zinc-500">{item.description}</p>}
                  <p className="mt-1 text-xs text-zinc-500">{renderSummary(item)}</p>
                </div>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`${editLabel} «${item.name}»`}
                  onClick={() => setEditing(item)}
                >
                  <PencilSquareIcon className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`${deleteLabel} «${item.name}»`}
                  onClick={() => setDeleting(item)}
                >
                  <TrashIcon className="size-4" aria-hidden="true" />
                </button>
              </div>
              {renderDetails(item)}
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SettingsPage
      title={title}
      description={description}
      actions={
        editing === null && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" aria-hidden="true" />
            {newLabel}
          </Button>
        )
      }
    >
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? confirmDelete.title(deleting) : ''}
        description={confirmDelete.description}
        confirmLabel="Удалить"
        destructive
        pending={confirmDelete.pending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void confirmDelete.remove(deleting).then(() => setDeleting(null));
        }}
      />
    </SettingsPage>
  );
}
