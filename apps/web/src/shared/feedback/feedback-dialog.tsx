import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@ats/contracts/envelope';
import { ZFeedbackRequest, type TFeedbackRequest } from '@ats/contracts/feedbacks';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../form-errors';
import { TextInput } from '../inputs/text-input';
import { notify } from '../toasts';
import { useSendFeedback } from './feedback.queries';

const EMPTY: TFeedbackRequest = {
  name: '',
  phone: '',
  email: '',
  comment: '',
  feedback_type: 'faq',
};

export type FeedbackDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The message to start from (a FAQ article names itself in it). */
  defaultComment?: string;
};

export function FeedbackDialog({ open, onClose, defaultComment = '' }: FeedbackDialogProps) {
  const send = useSendFeedback();
  const empty = { ...EMPTY, comment: defaultComment };
  // SPEC.md §5: validated as the user goes, field by field.
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZFeedbackRequest),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset(empty);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    const result = await send.mutateAsync(values);
    if (result.ok) {
      notify.success(MESSAGES.feedbackSent);
      close();
      return;
    }
    applyServerErrors(setError, result.errors, ['name', 'phone', 'email', 'comment']);
    notify.warning(result.message);
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Остались вопросы?"
      description="Напишите нам — ответим в течение рабочего дня."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <input type="hidden" {...register('feedback_type')} />
        <Field label="Имя" required error={errors.name?.message}>
          {(c) => <TextInput autoComplete="name" {...c} {...register('name')} />}
        </Field>
        <Field label="Телефон" required error={errors.phone?.message}>
          {(c) => (
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="+7 900 000-00-00"
              {...c}
              {...register('phone')}
            />
          )}
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          {(c) => <Input type="email" autoComplete="email" {...c} {...register('email')} />}
        </Field>
        <Field label="Сообщение" required error={errors.comment?.message}>
          {(c) => <Textarea rows={4} {...c} {...register('comment')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Отправить
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
