import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZCreateCommentRequest, type TApplicantCard } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Field } from '@ats/ui/field';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../../shared/form-errors';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useCommentMutations } from './applicants.queries';
import { CardSection, Muted } from './card-section';

type Comment = TApplicantCard['comments'][number];

function CommentForm({
  initial = '',
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<{ ok: boolean; errors?: Record<string, string> }>;
  onCancel?: () => void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(ZCreateCommentRequest),
    defaultValues: { description: initial },
  });
  const submit = handleSubmit(async ({ description }) => {
    const result = await onSubmit(description);
    if (result.ok) reset({ description: '' });
    else applyServerErrors(setError, result.errors, ['description']);
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <Field label={label} error={formState.errors.description?.message}>
        {(c) => <Textarea rows={3} {...c} {...register('description')} />}
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Отмена
          </Button>
        )}
        <Button size="sm" type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function CommentsSection({ applicant }: { applicant: TApplicantCard }) {
  const { add, edit, remove } = useCommentMutations(applicant.id);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const comments = [...applicant.comments].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <CardSection title="Комментарии">
      <CommentForm
        label="Новый комментарий"
        submitLabel="Добавить"
        onSubmit={(description) => add.mutateAsync(description)}
      />
      {comments.length === 0 ? (
        <div className="mt-4">
          <Muted>Комментариев пока нет</Muted>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-zinc-100">
          {comments.map((comment) => (
            <li key={comment.id} className="py-3">
              {editingId === comment.id ? (
                <CommentForm
                  initial={comment.description}
                  label="Текст комментария"
                  submitLabel="Сохранить"
                  onCancel={() => setEditingId(null)}
                  onSubmit={async (description) => {
                    const result = await edit.mutateAsync({ id: comment.id, description });
                    if (result.ok) setEditingId(null);
                    return result;
                  }}
                />
              ) : (
                <>
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="text-sm font-medium text-zinc-900">
                      {comment.author_name ?? 'Без автора'}
                      <span className="ml-2 text-xs font-normal text-zinc-500">
                        {formatDateTime(comment.created_at)}
                        {comment.updated_at !== comment.created_at ? ' (изменён)' : ''}
                      </span>
                    </p>
                    <div className="flex gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label="Изменить комментарий"
                        onClick={() => setEditingId(comment.id)}
                      >
                        Изменить
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label="Удалить комментарий"
                        onClick={() => setDeleting(comment)}
                      >
                        Удалить
                      </Button>
                    </div>
                  </div>
                  <p className="mt-1 text-sm whitespace-pre-line text-zinc-800">
                    {comment.description}
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Удалить комментарий?"
        description="Комментарий исчезнет из карточки."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          if (result.ok) setDeleting(null);
        }}
      />
    </CardSection>
  );
}
