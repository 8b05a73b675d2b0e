import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ZSignUpRequest } from '@ats/contracts/auth';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { NewPasswordFields } from '../../shared/inputs/new-password-fields';
import { DigitsInput } from '../../shared/inputs/digits-input';
import { TextInput } from '../../shared/inputs/text-input';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from '../../shared/time-zones';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { failureText, signUp, useSignInMutation } from './auth.queries';

const FIELDS = [
  'admin_user.email',
  'admin_user.password',
  'admin_user.password_confirmation',
  'admin_user.name',
  'admin_user.company',
  'admin_user.nick',
  'admin_user.inn',
  'admin_user.time_zone',
] as const;

export function SignupScreen() {
  useDocumentTitle('Регистрация');
  const [params] = useSearchParams();
  const signIn = useSignInMutation(signUp);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZSignUpRequest),
    defaultValues: {
      admin_user: {
        email: '',
        password: '',
        password_confirmation: '',
        name: '',
        company: '',
        nick: '',
        inn: '',
        time_zone: DEFAULT_TIME_ZONE,
        utm_source: params.get('utm_source') ?? '',
        referral_code: params.get('ref') ?? '',
        is_adv_agree: false,
      },
    },
  });
  const { isSubmitting } = formState;
  const errors = formState.errors.admin_user;

  const onSubmit = handleSubmit(async (values) => {
    const result = await signIn.mutateAsync(values);
    if (result.ok) return;
    if (!applyServerErrors(setError, result.errors, FIELDS, 'admin_user.')) {
      setError('root.server', { message: failureText(result) });
    }
  });

  return (
    <AuthCard
      title="Регистрация"
      subtitle="14 дней бесплатно, без привязки карты"
      footer={
        <>
          Уже есть аккаунт?{' '}
          <Link to="/auth/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            Войти
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={formState.errors.root?.server?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Имя" required error={errors?.name?.message}>
            {(c) => (
              <TextInput
                autoComplete="given-name"
                autoFocus
                {...c}
                {...register('admin_user.name')}
              />
            )}
          </Field>
          <Field label="Ник" error={errors?.nick?.message}>
            {(c) => <TextInput autoComplete="nickname" {...c} {...register('admin_user.nick')} />}
          </Field>
        </div>
        <Field label="Email" required error={errors?.email?.message}>
          {(c) => (
            <Input type="email" autoComplete="email" {...c} {...register('admin_user.email')} />
          )}
        </Field>
        <Field label="Компания" required error={errors?.company?.message}>
          {(c) => (
            <TextInput autoComplete="organization" {...c} {...register('admin_user.company')} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="ИНН" hint="10 или 12 цифр" error={errors?.inn?.message}>
            {(c) => <DigitsInput maxDigits={12} {...c} {...register('admin_user.inn')} />}
          </Field>
          <Field label="Часовой пояс" error={errors?.time_zone?.message}>
            {(c) => (
              <Select {...c} {...register('admin_user.time_zone')}>
                {TIME_ZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <NewPasswordFields
          password={register('admin_user.password')}
          confirmation={register('admin_user.password_confirmation')}
          errors={{
            password: errors?.password?.message,
            confirmation: errors?.password_confirmation?.message,
          }}
          hint="Не короче 8 символов"
          required
        />
        <input type="hidden" {...register('admin_user.utm_source')} />
        <input type="hidden" {...register('admin_user.referral_code')} />
        <label className="flex items-start gap-2 text-sm text-zinc-600">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-zinc-300 accent-indigo-600"
            {...register('admin_user.is_adv_agree')}
          />
          Согласен получать новости и полезные материалы
        </label>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Зарегистрироваться
        </Button>
        <p className="text-xs text-zinc-500">
          Нажимая «Зарегистрироваться», вы принимаете{' '}
          <Link to="/static/user-agreement" className="underline">
            пользовательское соглашение
          </Link>{' '}
          и{' '}
          <Link to="/static/privacy-policy" className="underline">
            политику конфиденциальности
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
