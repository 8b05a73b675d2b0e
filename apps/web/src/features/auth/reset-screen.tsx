import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ZResetRequest } from '@ats/contracts/auth';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { failureText, requestReset } from './auth.queries';

export function ResetScreen() {
  useDocumentTitle('Восстановление пароля');
  const [sentText, setSentText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZResetRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const result = await requestReset(values);
    if (result.ok) {
      setSentText(result.data);
      return;
    }
    if (!applyServerErrors(setError, result.errors, ['email'])) {
      setError('root.server', { message: failureText(result) });
    }
  });

  const back = (
    <Link to="/auth/login" className="font-medium text-indigo-600 hover:text-indigo-500">
      Вернуться ко входу
    </Link>
  );

  if (sentText) {
    return (
      <AuthCard title="Проверьте почту" footer={back}>
        <p role="status" className="text-sm text-zinc-700">
          {sentText}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Восстановление пароля"
      subtitle="Пришлём ссылку для нового пароля на вашу почту"
      footer={back}
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
        <Button type="submit" loading={isSubmitting} className="w-full">
          Восстановить пароль
        </Button>
      </form>
    </AuthCard>
  );
}
