import { useId, useState } from 'react';
import { REASON_TYPE_LABELS, type TRejectKind } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Spinner } from '@ats/ui/spinner';
import { Textarea } from '@ats/ui/textarea';
import { useReasons, useRejectApplication, type ApplicationTarget } from './pipeline.queries';

/** Who is rejected, how, and (when the caller chose one) into which rejection stage. */
export type RejectRequest = { target: ApplicationTarget; kind: TRejectKind; statusId?: number };

type Props = { request: RejectRequest | null; onClose: () => void };

const TITLES: Record<TRejectKind, string> = {
  reject: 'Отказать кандидату',
  refuse: 'Кандидат отказался',
};

/**
 * Asks for the reason (of the matching type, the account's reasons) and a comment, then moves
 * the applicant to the vacancy's rejection stage. The board's ⋮ menu and the card use it alike.
 */
export function RejectDialog({ request, onClose }: Props) {
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={request ? TITLES[request.kind] : ''}
      description={request ? request.target.name : undefined}
    >
      {request && (
        <RejectForm
          key={`${request.target.applicationId}-${request.kind}`}
          request={request}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RejectForm({ request, onClose }: { request: RejectRequest; onClose: () => void }) {
  const reasons = useReasons(request.kind, true);
  const reject = useRejectApplication();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [siteMessage, setSiteMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const groupId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reasonId === null) {
      setError('Выберите причину');
      return;
    }
    const result = await reject.mutateAsync({
      target: request.target,
      kind: request.kind,
      reason_id: reasonId,
      comment: comment.trim() || null,
      status_id: request.statusId,
      site_message: siteMessage.trim() || null,
    });
    if (result.ok) onClose();
    else if (result.errors?.reason_id) setError(result.errors.reason_id);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-800">
          Причина: {REASON_TYPE_LABELS[request.kind].toLowerCase()}
        </legend>
        {reasons.isPending ? (
          <Spinner />
        ) : reasons.data?.length === 0 ? (
          <p className="text-sm text-zinc-500">
            Причин этого типа нет: добавьте их в настройках причин отказа.
          </p>
        ) : (
          <div className="flex flex-col gap-1.5">
            {reasons.data?.map((reason) => (
              <label key={reason.id} className="flex items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name={groupId}
                  value={reason.id}
                  checked={reasonId === reason.id}
                  onChange={() => {
                    setReasonId(reason.id);
                    setError(undefined);
                  }}
                />
                {reason.name}
              </label>
            ))}
          </div>
        )}
        {error && (
          <p id={`${groupId}-error`} role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
      </fieldset>
      <Field label="Комментарий">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Сообщение кандидату на hh.ru"
        hint="Уйдёт с отказом, если кандидат откликнулся на hh.ru; пусто — текст этапа по умолчанию"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={siteMessage}
            onChange={(e) => setSiteMessage(e.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button type="submit" variant="danger" loading={reject.isPending}>
          {request.kind === 'reject' ? 'Отказать' : 'Отметить отказ'}
        </Button>
      </div>
    </form>
  );
}
