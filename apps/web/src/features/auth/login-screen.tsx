import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ZLoginRequest } from '@ats/contracts/auth';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { failureText, login, useSignInMutation } from './auth.queries';
import { TwoFactorStep } from './two-factor-step';

export function LoginScreen() {
  useDocumentTitle('Вход');
  const signIn = useSignInMutation(login);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const result = await signIn.mutateAsync(values);
    if (result.ok) return;
    if ('twoFactor' in result) {
      setChallenge(result.twoFactor.challenge);
      return;
    }
    if (!applyServerErrors(setError, result.errors, ['email', 'password'])) {
      setError('root.server', { message: failureText(result) });
    }
  });

  if (challenge) {
    return <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />;
  }

  return (
    <AuthCard
      title="Вход в систему"
      subtitle="Рады видеть вас снова"
      footer={
        <>
          Нет аккаунта?{' '}
          <Link to="/auth/signup" className="font-medium text-indigo-600 hover:text-indigo-500">
            Зарегистрироваться
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message} />
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              autoFocus
              {...control}
              {...register('email')}
            />
          )}
        </Field>
        <Field label="Пароль" error={errors.password?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('password')}
            />
          )}
        </Field>
        <div className="-mt-1 text-right">
          <Link to="/auth/reset" className="text-sm text-indigo-600 hover:text-indigo-500">
            Забыли пароль?
          </Link>
        </div>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Войти
        </Button>
      </form>
    </AuthCard>
  );
}
