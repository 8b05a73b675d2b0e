import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClassName } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Textarea } from '@ats/ui/textarea';
import type { TRequest } from '@ats/contracts/vacancy-applications';
import {
  useDeleteRequest,
  useRequestAction,
  useTakeRequest,
  type RequestActionInput,
} from '../../shared/requests/requests-queries';

type Decision = 'approve' | 'reject' | 'return';

const DECISIONS: Record<
  Decision,
  { title: string; confirm: string; required: boolean; label: string }
> = {
  approve: {
    title: 'Согласовать заявку',
    confirm: 'Согласовать',
    required: false,
    label: 'Комментарий',
  },
  reject: {
    title: 'Отклонить заявку',
    confirm: 'Отклонить',
    required: true,
    label: 'Почему заявка отклонена',
  },
  return: {
    title: 'Вернуть на доработку',
    confirm: 'Вернуть',
    required: true,
    label: 'Что доработать',
  },
};

type Confirmable = 'withdraw' | 'close' | 'delete';

const CONFIRMS: Record<
  Confirmable,
  { title: string; description: string; confirm: string; destructive: boolean }
> = {
  withdraw: {
    title: 'Отозвать заявку?',
    description: 'Согласование остановится, заявка будет закрыта.',
    confirm: 'Отозвать',
    destructive: true,
  },
  close: {
    title: 'Закрыть заявку?',
    description: 'Заявка перестанет быть в работе.',
    confirm: 'Закрыть',
    destructive: false,
  },
  delete: {
    title: 'Удалить черновик?',
    description: 'Заявку нельзя будет восстановить.',
    confirm: 'Удалить',
    destructive: true,
  },
};

/** A decision with its comment; the text stays in the dialog when the API refuses. */
function DecisionDialog({
  decision,
  pending,
  onClose,
  onSubmit,
}: {
  decision: Decision;
  pending: boolean;
  onClose: () => void;
  onSubmit: (comment: string) => void;
}) {
  const spec = DECISIONS[decision];
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (spec.required && !text) {
      setError('Напишите комментарий');
      return;
    }
    onSubmit(text);
  };
  return (
    <Dialog open onClose={onClose} title={spec.title}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={spec.label} required={spec.required} error={error}>
          {(control) => (
            <Textarea
              {...control}
              value={comment}
              maxLength={5000}
              onChange={(event) => {
                setComment(event.target.value);
                if (error) setError(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button
            type="submit"
            loading={pending}
            {...(decision === 'approve' ? {} : { variant: 'danger' as const })}
          >
            {spec.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The buttons of what the reader may do now (`can` of the API), with their dialogs. */
export function RequestActions({ request }: { request: TRequest }) {
  const navigate = useNavigate();
  const action = useRequestAction(request.id);
  const take = useTakeRequest(request.id);
  const remove = useDeleteRequest(request.id);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const { can } = request;

  const run = async (input: RequestActionInput) => {
    const result = await action.mutateAsync(input);
    if (result.ok) {
      setDecision(null);
      setConfirming(null);
    }
  };
  const onConfirm = async (what: Confirmable) => {
    if (what !== 'delete') return run({ action: what });
    const result = await remove.mutateAsync();
    if (result.ok) {
      setConfirming(null);
      await navigate('/requests', { replace: true });
    }
  };
  const onTake = async () => {
    const result = await take.mutateAsync();
    if (result.ok) await navigate(`/vacancy/${result.data.vacancy_id}`);
  };

  // A refusal reads the request again, and its `can` may now allow nothing: an open dialog stays
  // (with the typed comment) until the reader closes it.
  const any = Object.values(can).some(Boolean);
  if (!any && !decision && !confirming) return null;
  return (
    <div
      role={any ? 'group' : undefined}
      aria-label={any ? 'Действия с заявкой' : undefined}
      className="flex flex-wrap gap-2 empty:hidden"
    >
      {can.submit && (
        <Button loading={action.isPending} onClick={() => void run({ action: 'submit' })}>
          Отправить на согласование
        </Button>
      )}
      {can.approve && <Button onClick={() => setDecision('approve')}>Согласовать</Button>}
      {can.return && (
        <Button variant="secondary" onClick={() => setDecision('return')}>
          Вернуть на доработку
        </Button>
      )}
      {can.reject && (
        <Button variant="danger" onClick={() => setDecision('reject')}>
          Отклонить
        </Button>
      )}
      {can.take && (
        <Button loading={take.isPending} onClick={() => void onTake()}>
          Создать вакансию
        </Button>
      )}
      {can.edit && (
        <Link to={`/requests/${request.id}/edit`} className={buttonClassName('secondary')}>
          Редактировать
        </Link>
      )}
      {can.withdraw && (
        <Button variant="secondary" onClick={() => setConfirming('withdraw')}>
          Отозвать
        </Button>
      )}
      {can.close && (
        <Button variant="secondary" onClick={() => setConfirming('close')}>
          Закрыть
        </Button>
      )}
      {can.delete && (
        <Button variant="ghost" onClick={() => setConfirming('delete')}>
          Удалить
        </Button>
      )}
      {decision && (
        <DecisionDialog
          decision={decision}
          pending={action.isPending}
          onClose={() => setDecision(null)}
          onSubmit={(comment) =>
            void run(
              decision === 'approve'
                ? { action: decision, ...(comment ? { comment } : {}) }
                : { action: decision, comment },
            )
          }
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          onClose={() => setConfirming(null)}
          onConfirm={() => void onConfirm(confirming)}
          title={CONFIRMS[confirming].title}
          description={CONFIRMS[confirming].description}
          confirmLabel={CONFIRMS[confirming].confirm}
          destructive={CONFIRMS[confirming].destructive}
          pending={action.isPending || remove.isPending}
        />
      )}
    </div>
  );
}
