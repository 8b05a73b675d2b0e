import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZChangePasswordRequest } from '@ats/contracts/safety';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { useChangePassword } from './safety.queries';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export function PasswordCard() {
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const result = await change.mutateAsync(values);
    if (result.ok) {
      reset(EMPTY);
      return;
    }
    if (
      !applyServerErrors(setError, result.errors, [
        'current_password',
        'password',
        'password_confirmation',
      ])
    ) {
      setError('root.server', { message: result.message });
    }
  });

  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-zinc-900">Пароль</h2>
      <p className="mt-1 text-sm text-zinc-500">
        После смены пароля все другие сессии завершатся, эта останется.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Смена пароля"
        className="mt-4 grid gap-4 sm:grid-cols-3"
      >
        {errors.root?.server?.message && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-3">
            {errors.root.server.message}
          </p>
        )}
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
        <Field label="Новый пароль" error={errors.password?.message}>
          {(c) => (
            <Input type="password" autoComplete="new-password" {...c} {...register('password')} />
          )}
        </Field>
        <Field label="Повторите новый пароль" error={errors.password_confirmation?.message}>
          {(c) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...c}
              {...register('password_confirmation')}
            />
          )}
        </Field>
        <div className="flex justify-end sm:col-span-3">
          <Button type="submit" loading={isSubmitting}>
            Сменить пароль
          </Button>
        </div>
      </form>
    </Card>
  );
}
