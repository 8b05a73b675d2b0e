import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ZAcceptInvitationRequest } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Spinner } from '@ats/ui/spinner';
import { applyServerErrors } from '../../shared/form-errors';
import { NewPasswordFields } from '../../shared/inputs/new-password-fields';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { acceptInvitation, useInvitation } from './team.queries';

/** `/invite/{token}`: the invited colleague sets a password and lands signed in. */
export function AcceptInvitationScreen({ token }: { token: string }) {
  useDocumentTitle('Приглашение в команду');
  const invitation = useInvitation(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZAcceptInvitationRequest),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = formState;

  if (invitation.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Проверяем приглашение" />
      </div>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard
        title="Приглашение недействительно"
        footer={
          <Link to="/auth/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            Перейти ко входу
          </Link>
        }
      >
        <p className="text-sm text-zinc-700">{invitation.error.message}</p>
      </AuthCard>
    );
  }

  const { data } = invitation;
  const onSubmit = handleSubmit(async (values) => {
    const result = await acceptInvitation(values);
    if (result.ok) {
      queryClient.clear();
      await navigate('/', { replace: true });
      return;
    }
    if (!applyServerErrors(setError, result.errors, ['password', 'password_confirmation'])) {
      setError('root.server', { message: result.message });
    }
  });

  return (
    <AuthCard
      title={`Добро пожаловать в «${data.company}»`}
      subtitle={
        data.invited_by
          ? `${data.invited_by} приглашает вас в команду. Придумайте пароль для входа.`
          : 'Вас пригласили в команду. Придумайте пароль для входа.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message ?? errors.token?.message} />
        <Field label="Email">
          {(control) => <Input {...control} value={data.email} readOnly autoComplete="username" />}
        </Field>
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          errors={{
            password: errors.password?.message,
            confirmation: errors.password_confirmation?.message,
          }}
          hint="Не короче 8 символов"
          autoFocus
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Задать пароль и войти
        </Button>
      </form>
    </AuthCard>
  );
}
