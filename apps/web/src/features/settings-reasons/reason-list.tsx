import { PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateReasonRequest, type TReason, type TReasonType } from '@ats/contracts/pipeline';
import { Button, iconButton } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Field } from '@ats/ui/field';
import { applyServerErrors } from '../../shared/form-errors';
import { TextInput } from '../../shared/inputs/text-input';
import { NameDialog } from '../../shared/settings/name-dialog';
import { MoveButtons } from '../../shared/settings/move-buttons';
import { LoadState } from '../../shared/settings/settings-page';
import {
  useCreateReason,
  useDeleteReason,
  useRenameReason,
  useReorderReasons,
  useReasonsOfType,
} from './settings-reasons.queries';

const ZName = ZCreateReasonRequest.shape.name;

/** The reasons of one type in their order, and the form that adds one at the end. */
export function ReasonList({
  type,
  typeLabel,
  canEdit,
}: {
  type: TReasonType;
  typeLabel: string;
  canEdit: boolean;
}) {
  const reasons = useReasonsOfType(type);
  const reorder = useReorderReasons(type);
  const rename = useRenameReason();
  const remove = useDeleteReason();
  const [renaming, setRenaming] = useState<TReason | null>(null);
  const [deleting, setDeleting] = useState<TReason | null>(null);

  if (!reasons.data) {
    return (
      <LoadState
        isError={reasons.isError}
        loadingLabel="Загрузка причин"
        errorText="Не удалось загрузить причины"
        onRetry={() => void reasons.refetch()}
      />
    );
  }
  const ids = reasons.data.map((r) => r.id);
  return (
    <div className="flex flex-col gap-4">
      {reasons.data.length === 0 ? (
        <p className="py-4 text-sm text-zinc-500">Причин этого типа пока нет.</p>
      ) : (
        <ol aria-label={`Причины: ${typeLabel}`} className="divide-y divide-zinc-100">
          {reasons.data.map((reason, index) => (
            <li key={reason.id} aria-label={reason.name} className="flex items-center gap-2 py-2">
              <span className="w-6 text-right text-xs text-zinc-500">{index + 1}.</span>
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-900">{reason.name}</span>
              {canEdit && (
                <>
                  <MoveButtons
                    name={reason.name}
                    ids={ids}
                    index={index}
                    disabled={reorder.isPending}
                    onMove={(next) => reorder.mutate(next)}
                  />
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Переименовать «${reason.name}»`}
                    title="Переименовать"
                    onClick={() => setRenaming(reason)}
                  >
                    <PencilSquareIcon className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-red-600`}
                    aria-label={`Удалить «${reason.name}»`}
                    title="Удалить"
                    onClick={() => setDeleting(reason)}
                  >
                    <TrashIcon className="size-4" aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {canEdit && <AddReasonForm type={type} typeLabel={typeLabel} />}

      {renaming && (
        <NameDialog
          title="Переименовать причину"
          label="Причина"
          initial={renaming.name}
          schema={ZName}
          onSave={(name) => rename.mutateAsync({ id: renaming.id, name })}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          // A reason that history names stays (409): the question closes, the toast explains.
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
        title={`Удалить причину «${deleting?.name ?? ''}»?`}
        description="Причину, которую уже указывали у кандидатов или вакансий, удалить нельзя — только переименовать."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </div>
  );
}

const ZAddForm = z.object({ name: ZName });

function AddReasonForm({ type, typeLabel }: { type: TReasonType; typeLabel: string }) {
  const create = useCreateReason();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(ZAddForm),
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    const result = await create.mutateAsync({ name, reason_type: type });
    if (result.ok) reset({ name: '' });
    else applyServerErrors(setError, result.errors, ['name']);
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Новая причина: ${typeLabel}`}
      className="flex items-start gap-2"
    >
      <Field label="Новая причина" error={errors.name?.message} className="flex-1">
        {(c) => <TextInput {...c} {...register('name')} />}
      </Field>
      <Button type="submit" loading={isSubmitting} className="mt-7">
        Добавить
      </Button>
    </form>
  );
}
