import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZEmail } from '@ats/contracts/auth';
import { EMAIL_CHANGE_MESSAGES, emailConfirmationSentMessage } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { useRequestEmailChange } from './profile.queries';

const ZEmailChangeForm = z.object({
  email: ZEmail,
  current_password: z
    .string()
    .min(1, { error: EMAIL_CHANGE_MESSAGES.passwordRequired })
    .max(128, { error: EMAIL_CHANGE_MESSAGES.wrongPassword }),
});

const EMPTY = { email: '', current_password: '' };

/**
 * The sign-in address: a new one needs the current password and is confirmed from the letter
 * sent to it; until then the old address stays (decision 0025).
 */
export function EmailCard({ userId, email }: { userId: number; email: string }) {
  const request = useRequestEmailChange(userId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZEmailChangeForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    if (values.email === email) {
      setError('email', { message: 'Это ваш текущий email' });
      return;
    }
    const result = await request.mutateAsync(values);
    if (result.ok) {
      setSentTo(result.data.pending_email ?? values.email);
      reset(EMPTY);
      return;
    }
    if (!applyServerErrors(setError, result.errors, ['email', 'current_password'])) {
      setError('root.server', { message: result.message });
    }
  });

  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-zinc-900">Email для входа</h2>
      <p className="mt-1 text-sm text-zinc-500">
        Сейчас вы входите с адресом <span className="font-medium text-zinc-900">{email}</span>.
        Новый адрес заработает после перехода по ссылке из письма, которое мы на него отправим; на
        прежний придёт уведомление.
      </p>
      {sentTo && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {emailConfirmationSentMessage(sentTo)}
        </p>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Смена email"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {errors.root?.server?.message && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {errors.root.server.message}
          </p>
        )}
        <Field label="Новый email" error={errors.email?.message}>
          {(c) => <Input type="email" autoComplete="email" {...c} {...register('email')} />}
        </Field>
        <Field label="Текущий пароль" error={errors.current_password?.message}>
          {(c) => (
            <Input
              type="password"
              autoComplete="current-password"
              {...c}
              {...register('current_password')}
            />
          )}
        </Field>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            Сменить email
          </Button>
        </div>
      </form>
    </Card>
  );
}
