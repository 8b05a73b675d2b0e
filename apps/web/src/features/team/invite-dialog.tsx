import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZEmail } from '@ats/contracts/auth';
import { INVITATION_TTL_DAYS } from '@ats/contracts/users';
import {
  defaultAdminUserSetting,
  defaultApplicantFieldSettings,
} from '@ats/contracts/user-settings';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { applyServerErrors } from '../../shared/form-errors';
import { RightsEditor, type Rights } from './rights-editor';
import { useInviteUser } from './team.queries';

const ZInviteForm = z.object({
  email: ZEmail,
  name: z.string().trim().min(1, { error: 'Укажите имя' }).max(255),
  last_name: z.string().trim().max(255, { error: 'Слишком длинное значение' }),
});
type InviteForm = z.infer<typeof ZInviteForm>;

const defaultRights = (memberType: Rights['member_type']): Rights => {
  const setting = defaultAdminUserSetting(memberType);
  return {
    member_type: memberType,
    is_admin: false,
    permissions_actions: setting.permissions_actions,
    visible_fields_vacancy: setting.visible_fields_vacancy,
    download_pdf: setting.download_pdf,
    setting_fields_applicant: defaultApplicantFieldSettings() as Rights['setting_fields_applicant'],
  };
};

/** Invites a colleague by e-mail: they get a letter with a link to set their password. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteUser();
  const [rights, setRights] = useState<Rights>(() => defaultRights('owner'));
  const { register, handleSubmit, setError, formState } = useForm<InviteForm>({
    resolver: zodResolver(ZInviteForm),
    defaultValues: { email: '', name: '', last_name: '' },
  });
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = useState<string | null>(null);

  // A new role starts from that role's default rights, as the server would give them.
  const changeRights = (next: Rights) =>
    setRights(
      next.member_type === rights.member_type
        ? next
        : { ...defaultRights(next.member_type), is_admin: next.is_admin },
    );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await invite.mutateAsync({
      admin_user: {
        email: values.email,
        name: values.name,
        last_name: values.last_name || null,
        member_type: rights.member_type,
        is_admin: rights.is_admin,
        admin_user_setting: {
          permissions_actions: rights.permissions_actions,
          visible_fields_vacancy: rights.visible_fields_vacancy,
          download_pdf: rights.download_pdf,
        },
        setting_fields_applicant: rights.setting_fields_applicant,
      },
    });
    if (result.ok) return onClose();
    if (!applyServerErrors(setError, result.errors, ['email', 'name', 'last_name'])) {
      setFailure(result.message);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title="Пригласить пользователя"
      description={`Мы отправим письмо со ссылкой для входа. Ссылка действует ${INVITATION_TTL_DAYS} дней.`}
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
    >
      <form noValidate onSubmit={onSubmit} aria-label="Приглашение" className="flex flex-col gap-4">
        {failure && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200"
          >
            {failure}
          </p>
        )}
        <Field label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input type="email" autoComplete="off" {...control} {...register('email')} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Имя" required error={errors.name?.message}>
            {(control) => <Input {...control} {...register('name')} />}
          </Field>
          <Field label="Фамилия" error={errors.last_name?.message}>
            {(control) => <Input {...control} {...register('last_name')} />}
          </Field>
        </div>
        <RightsEditor value={rights} onChange={changeRights} />
        <div className="flex justify-end gap-2 border-t border-zinc-100 pt-4">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Отправить приглашение
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
