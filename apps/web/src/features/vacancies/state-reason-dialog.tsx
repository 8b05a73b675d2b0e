import { useId, useState } from 'react';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { useReasons } from './vacancies.queries';

export type CloseAction = 'close' | 'hold';

const COPY: Record<CloseAction, { title: string; confirm: string; description: string }> = {
  close: {
    title: 'Закрыть вакансию',
    confirm: 'Закрыть',
    description: 'Закрытая вакансия не принимает кандидатов; её можно открыть снова.',
  },
  hold: {
    title: 'Приостановить вакансию',
    confirm: 'Приостановить',
    description: 'Вакансия на паузе: кандидаты остаются на своих этапах до возобновления.',
  },
};

type Props = {
  action: CloseAction | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (input: { reason_id: number; comment: string }) => Promise<void>;
};

/** Close or hold with a reason of that type (`/api/reasons?reason_type=close|hold`). */
export function StateReasonDialog({ action, pending, onClose, onConfirm }: Props) {
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={action ? COPY[action].title : ''}
      description={action ? COPY[action].description : undefined}
    >
      {action && (
        <StateReasonForm
          key={action}
          action={action}
          pending={pending}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function StateReasonForm({ action, pending, onClose, onConfirm }: Props & { action: CloseAction }) {
  const reasons = useReasons(action);
  const [reasonId, setReasonId] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  return (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reasonId) {
          setError('Укажите причину');
          return;
        }
        void onConfirm({ reason_id: Number(reasonId), comment: comment.trim() });
      }}
    >
      <Field label="Причина" required error={error}>
        {(c) => (
          <Select
            {...c}
            value={reasonId}
            onChange={(event) => {
              setReasonId(event.target.value);
              setError(undefined);
            }}
          >
            <option value="">{reasons.isPending ? 'Загрузка…' : 'Выберите причину'}</option>
            {reasons.data?.map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Комментарий">
        {(c) => (
          <Textarea
            rows={3}
            {...c}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button type="submit" variant={action === 'close' ? 'danger' : 'primary'} loading={pending}>
          {COPY[action].confirm}
        </Button>
      </div>
    </form>
  );
}
