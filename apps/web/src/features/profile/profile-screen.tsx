import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ZUpdateUserRequest } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { TextInput } from '../../shared/inputs/text-input';
import { timeZoneOptions } from '../../shared/time-zones';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { Link } from 'react-router';
import { canOpenRoute } from '../../shared/session/route-access';
import { EmailCard } from './email-card';
import { NotificationsCard } from './notifications-card';
import { PersonalTemplatesCard } from './personal-templates-card';
import { useUpdateProfile } from './profile.queries';
import { SupportChatCard } from './support-chat-card';

const ZProfileForm = ZUpdateUserRequest.shape.admin_user.pick({
  name: true,
  last_name: true,
  middle_name: true,
  nick: true,
  time_zone: true,
});

const ROLE_LABELS = { owner: 'Рекрутер', watcher: 'Наблюдатель' } as const;

type Props = {
  /** The user's own password, 2FA and sessions cards (features/safety, composed by the route). */
  ownSafety: ReactNode;
};

export function ProfileScreen({ ownSafety }: Props) {
  useDocumentTitle('Профиль');
  const me = useCurrentUser();
  const update = useUpdateProfile(me.id);
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(ZProfileForm),
    defaultValues: {
      name: me.name ?? '',
      last_name: me.last_name ?? '',
      middle_name: me.middle_name ?? '',
      nick: me.nick ?? '',
      time_zone: me.time_zone,
    },
  });
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const result = await update.mutateAsync(values);
    if (result.ok) {
      reset(values);
      return;
    }
    applyServerErrors(setError, result.errors, [
      'name',
      'last_name',
      'middle_name',
      'nick',
      'time_zone',
    ]);
  });

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Профиль"
        description="Как вас видят коллеги и в каком часовом поясе показывать время."
      />
      <Card className="p-6">
        <dl className="mb-6 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-500">Email</dt>
            <dd className="mt-0.5 font-medium text-zinc-900">{me.email}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Роль</dt>
            <dd className="mt-0.5 font-medium text-zinc-900">
              {ROLE_LABELS[me.member_type]}
              {me.is_admin ? ', администратор' : ''}
            </dd>
          </div>
        </dl>
        <form noValidate onSubmit={onSubmit} aria-label="Профиль" className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Фамилия" error={errors.last_name?.message}>
              {(c) => <TextInput autoComplete="family-name" {...c} {...register('last_name')} />}
            </Field>
            <Field label="Имя" error={errors.name?.message}>
              {(c) => <TextInput autoComplete="given-name" {...c} {...register('name')} />}
            </Field>
            <Field label="Отчество" error={errors.middle_name?.message}>
              {(c) => (
                <TextInput autoComplete="additional-name" {...c} {...register('middle_name')} />
              )}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Ник" error={errors.nick?.message}>
              {(c) => <Input autoComplete="nickname" {...c} {...register('nick')} />}
            </Field>
            <Field label="Часовой пояс" error={errors.time_zone?.message}>
              {(c) => (
                <Select {...c} {...register('time_zone')}>
                  {timeZoneOptions(me.time_zone).map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Сохранить
            </Button>
          </div>
        </form>
      </Card>
      <EmailCard userId={me.id} email={me.email} />
      <NotificationsCard />
      <SupportChatCard />
      <PersonalTemplatesCard />
      {canOpenRoute('settings-safety', me) ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-6">
          <div>
            <h2 className="text-base font-semibold text-zinc-900">Безопасность</h2>
            <p className="mt-1 text-sm text-zinc-500">
              Пароль, двухфакторный вход и активные сессии.
            </p>
          </div>
          <Link
            to="/settings/safety"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            Открыть
          </Link>
        </Card>
      ) : (
        // Roles without the settings area (SPEC.md §6) still look after their own sign-in here.
        ownSafety
      )}
    </section>
  );
}
