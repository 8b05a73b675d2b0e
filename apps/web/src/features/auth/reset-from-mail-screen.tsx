import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { RESET_LINK_INVALID, ZResetFromMailRequest } from '@ats/contracts/auth';
import { Button } from '@ats/ui/button';
import { applyServerErrors } from '../../shared/form-errors';
import { NewPasswordFields } from '../../shared/inputs/new-password-fields';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { failureText, resetFromMail, useSignInMutation } from './auth.queries';

export function ResetFromMailScreen() {
  useDocumentTitle('Новый пароль');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInMutation(resetFromMail);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZResetFromMailRequest),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = formState;

  const again = (
    <Link to="/auth/reset" className="font-medium text-indigo-600 hover:text-indigo-500">
      Запросить новую ссылку
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Ссылка недействительна" footer={again}>
        <p className="text-sm text-zinc-700">{RESET_LINK_INVALID}</p>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    const result = await signIn.mutateAsync(values);
    if (result.ok) return;
    if (!applyServerErrors(setError, result.errors, ['password', 'password_confirmation'])) {
      setError('root.server', { message: failureText(result) });
    }
  });

  return (
    <AuthCard title="Новый пароль" subtitle="Придумайте пароль не короче 8 символов" footer={again}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message ?? errors.token?.message} />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          errors={{
            password: errors.password?.message,
            confirmation: errors.password_confirmation?.message,
          }}
          autoFocus
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Сохранить пароль
        </Button>
      </form>
    </AuthCard>
  );
}
