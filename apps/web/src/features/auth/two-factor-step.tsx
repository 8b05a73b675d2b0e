import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZLoginTwoFactorRequest } from '@ats/contracts/auth';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { failureText, loginWithSecondFactor, useSignInMutation } from './auth.queries';

const ZCodeForm = ZLoginTwoFactorRequest.pick({ code: true });

/** Sign-in, second step: the code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const signIn = useSignInMutation(loginWithSecondFactor);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ code }) => {
    const result = await signIn.mutateAsync({ challenge, code });
    if (result.ok) return;
    if (!applyServerErrors(setError, result.errors, ['code'])) {
      setError('root.server', { message: failureText(result) });
    }
  });

  return (
    <AuthCard
      title="Подтверждение входа"
      subtitle="Введите 6-значный код из приложения-аутентификатора"
      footer={
        <button
          type="button"
          onClick={onRestart}
          className="font-medium text-indigo-600 hover:text-indigo-500"
        >
          Войти заново
        </button>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Код подтверждения"
      >
        <FormAlert message={errors.root?.server?.message} />
        <Field
          label="Код подтверждения"
          error={errors.code?.message}
          hint="Нет доступа к приложению? Введите один из резервных кодов."
        >
          {(control) => (
            <Input
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              {...control}
              {...register('code')}
            />
          )}
        </Field>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Подтвердить
        </Button>
      </form>
    </AuthCard>
  );
}
