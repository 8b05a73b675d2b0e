import { z } from 'zod';
import { ZEmail, ZNewPassword, ZPersonName } from './auth.ts';
import { ZIdParams } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

export const PERMISSION_ACTIONS = [
  'can_manage_vacancy',
  'can_manage_publication',
  'can_manage_applicant',
  'can_manage_tag',
  'can_upload_data',
  'can_manage_others_applicant',
  'can_manage_status',
  'can_manage_reason',
  'can_manage_account_source',
  'can_manage_template_mail',
  'can_view_work_calendars',
] as const;
export type TPermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const VACANCY_VISIBLE_FIELDS = [
  'name',
  'money',
  'salary_from',
  'salary_to',
  'currency',
  'needed',
  'hired',
  'avg_close_time',
  'body',
  'requirements',
  'conditions',
  'account_division',
  'days_will_close',
  'date_will_close',
  'days_on_status',
  'days_failed',
  'salary_min',
  'salary_max',
  'regions',
  'status_group',
  'information',
  'statuses',
  'owners',
  'watchers',
  'fast_vacancy',
  'profession',
  'grade',
  'sphere',
  'stack',
  'skills',
  'city',
  'country',
  'vacancy_sites',
  'author',
  'count_applicants',
] as const;

export const APPLICANT_FIELDS = [
  'first_name',
  'last_name',
  'middle_name',
  'photo',
  'gender',
  'birthday',
  'age',
  'country',
  'citizenship',
  'company',
  'position',
  'phone',
  'email',
  'tg',
  'skype',
  'money',
  'total_experience',
  'source_add',
  'source_name',
  'about_me',
  'skills',
  'vacancies',
  'worklog',
  'experience',
  'education',
  'contacts',
  'tags',
  'unidentified_info',
  'resume_urls',
] as const;

const flags = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);

export const ZPermissionsActions = lazySchema(() => flags(PERMISSION_ACTIONS));
export type TPermissionsActions = z.infer<typeof ZPermissionsActions>;
export const ZVisibleFieldsVacancy = lazySchema(() => flags(VACANCY_VISIBLE_FIELDS));
export const ZApplicantFieldFlags = lazySchema(() =>
  flags(APPLICANT_FIELDS.map((f) => `is_${f}` as const)),
);

export const ZAdminUserSetting = lazySchema(() =>
  z.object({
    is_hide_history_applicant: z.boolean(),
    is_hide_experience: z.boolean(),
    is_hide_education: z.boolean(),
    is_hide_chat: z.boolean(),
    is_confirm_send_opd: z.boolean(),
    pick_sort_vacancies: z.string(),
    pick_sort_applications: z.string(),
    permissions_actions: ZPermissionsActions,
    visible_fields_vacancy: ZVisibleFieldsVacancy,
    download_pdf: ZApplicantFieldFlags,
  }),
);
export type TAdminUserSetting = z.infer<typeof ZAdminUserSetting>;

/** Changes to the settings: any subset, nested objects merged key by key. */
export const ZAdminUserSettingPatch = lazySchema(() =>
  ZAdminUserSetting.extend({
    permissions_actions: ZPermissionsActions.partial(),
    visible_fields_vacancy: ZVisibleFieldsVacancy.partial(),
    download_pdf: ZApplicantFieldFlags.partial(),
  }).partial(),
);
export type TAdminUserSettingPatch = z.infer<typeof ZAdminUserSettingPatch>;

export const ZMemberType = lazySchema(() =>
  z.enum(['owner', 'watcher'], {
    error: 'Роль должна быть owner или watcher',
  }),
);
export type TMemberType = z.infer<typeof ZMemberType>;

export const ZUser = lazySchema(() =>
  z
    .object({
      id: z.number().int(),
      account_id: z.number().int(),
      email: z.string(),
      first_name: z.string().nullable(),
      nick: z.string().nullable(),
      member_type: ZMemberType,
      is_admin: z.boolean(),
      is_active: z.boolean(),
      is_auto: z.boolean(),
      time_zone: z.string(),
      admin_user_setting: ZAdminUserSetting,
      setting_fields_applicant: ZApplicantFieldFlags,
      created_at: z.string(),
    })
    .extend(ZPersonName.shape),
);
export type TUser = z.infer<typeof ZUser>;

const optionalText = lazySchema(() =>
  z.string().trim().max(255, { error: 'Слишком длинное значение' }).nullish(),
);

export const ZCreateUserRequest = lazySchema(() =>
  z.object({
    admin_user: z
      .object({
        email: ZEmail,
        name: z
          .string({ error: 'Укажите имя' })
          .trim()
          .min(1, { error: 'Укажите имя' })
          .max(255, { error: 'Слишком длинное значение' }),
        member_type: ZMemberType,
        is_admin: z.boolean().default(false),
        password: ZNewPassword.optional(),
        password_confirmation: z.string().optional(),
        password_confirmed: z.string().optional(),
        middle_name: optionalText,
        last_name: optionalText,
        nick: optionalText,
        time_zone: z.string().trim().max(64).optional(),
        is_active: z.boolean().optional(),
        is_auto: z.boolean().optional(),
        admin_user_setting: ZAdminUserSettingPatch.optional(),
        setting_fields_applicant: ZApplicantFieldFlags.partial().optional(),
      })
      .refine(
        (u) =>
          u.password === undefined ||
          (u.password_confirmation ?? u.password_confirmed ?? u.password) === u.password,
        { path: ['password_confirmation'], error: 'Пароли не совпадают' },
      ),
  }),
);
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

// --- A change of one's own e-mail, confirmed by a link to the new address (decision 0025) ---

/** How long the link mailed to the new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: 'Чтобы сменить email, введите текущий пароль',
  wrongPassword: 'Текущий пароль указан неверно',
  linkInvalid: 'Ссылка для подтверждения email недействительна или устарела',
} as const;

export const emailConfirmationSentMessage = (email: string) =>
  `Мы отправили письмо для подтверждения на ${email}. Email изменится, когда вы перейдёте по ссылке из письма`;

export const emailConfirmedMessage = (email: string) =>
  `Email подтверждён: теперь вы входите с адресом ${email}`;

export const ZUpdateUserRequest = lazySchema(() =>
  z.object({
    admin_user: z.object({
      email: ZEmail.optional(),
      name: z.string().trim().min(1, { error: 'Укажите имя' }).max(255).optional(),
      middle_name: optionalText,
      last_name: optionalText,
      nick: optionalText,
      time_zone: z.string().trim().min(1).max(64).optional(),
      member_type: ZMemberType.optional(),
      is_admin: z.boolean().optional(),
      is_active: z.boolean().optional(),
      is_auto: z.boolean().optional(),
      is_onboarding: z.boolean().optional(),
      is_firework: z.boolean().optional(),
      admin_user_setting: ZAdminUserSettingPatch.optional(),
      setting_fields_applicant: ZApplicantFieldFlags.partial().optional(),
      /**
       * Asked only when a user changes their own e-mail (decision 0025); other changes and an
       * admin's change of someone else's address go without it.
       */
      current_password: z
        .string()
        .max(128, { error: EMAIL_CHANGE_MESSAGES.wrongPassword })
        .optional(),
    }),
  }),
);
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

export const ZUserList = lazySchema(() => z.array(ZUser));

const ZEmailChangeToken = lazySchema(() =>
  z
    .string({ error: EMAIL_CHANGE_MESSAGES.linkInvalid })
    .min(16, { error: EMAIL_CHANGE_MESSAGES.linkInvalid })
    .max(128, { error: EMAIL_CHANGE_MESSAGES.linkInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: EMAIL_CHANGE_MESSAGES.linkInvalid }),
);

/** POST /api/users/confirm_email: the token from the link mailed to the new address. */
export const ZConfirmEmailRequest = lazySchema(() => z.object({ token: ZEmailChangeToken }));
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

export const ZConfirmEmailResponse = lazySchema(() =>
  z.object({
    email: z.string(),
    notice: z.string(),
  }),
);
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

export const ZUserIdParams = lazySchema(() => ZIdParams);

// --- The team screen (/settings/edit-users) and invitations ---

/** Активен: signs in; Приглашён: has not set a password yet; Отключён: may not sign in. */
export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export const ZUserStatus = lazySchema(() => z.enum(USER_STATUSES));
export type TUserStatus = z.infer<typeof ZUserStatus>;
export const USER_STATUS_LABELS: Record<TUserStatus, string> = {
  active: 'Активен',
  invited: 'Приглашён',
  disabled: 'Отключён',
};
export const MEMBER_TYPE_LABELS: Record<TMemberType, string> = {
  owner: 'Рекрутер',
  watcher: 'Наблюдатель',
};

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/**
 * A user as the team screen shows them. Sign-in and invitation details are for admins; others
 * get null there.
 */
export const ZTeamMember = lazySchema(() =>
  ZUser.extend({
    status: ZUserStatus,
    last_sign_in_at: z.string().nullable(),
    invitation_sent_at: z.string().nullable(),
    invitation_expires_at: z.string().nullable(),
  }),
);
export type TTeamMember = z.infer<typeof ZTeamMember>;

/**
 * PATCH /api/users/{id}'s answer: the user as before, and, when the request asked to change
 * one's own e-mail, the address the confirmation went to (the e-mail itself is still the old
 * one) and the notice to show.
 */
export const ZUpdatedTeamMember = lazySchema(() =>
  ZTeamMember.extend({
    pending_email: z.string().optional(),
    notice: z.string().optional(),
  }),
);
export type TUpdatedTeamMember = z.infer<typeof ZUpdatedTeamMember>;
export const ZTeamMemberList = lazySchema(() => z.array(ZTeamMember));

/** Seats of the current tariff: active users (invited ones included) against its user limit. */
export const ZTeamSeats = lazySchema(() =>
  z.object({
    active_users: z.number().int(),
    /** 0: no limit (a self-hosted install without payments, decision 0036). */
    users_limit: z.number().int(),
  }),
);
export type TTeamSeats = z.infer<typeof ZTeamSeats>;

export const usersLimitReachedMessage = (limit: number) =>
  `Достигнут лимит пользователей тарифа: ${limit}. Продлите тариф или отключите неактивных пользователей`;

export const INVITATION_INVALID =
  'Ссылка-приглашение недействительна или устарела. Попросите администратора отправить приглашение ещё раз';

const ZInvitationToken = lazySchema(() =>
  z
    .string({ error: INVITATION_INVALID })
    .min(16, { error: INVITATION_INVALID })
    .max(128, { error: INVITATION_INVALID })
    .regex(/^[A-Za-z0-9_-]+$/, { error: INVITATION_INVALID }),
);

export const ZInvitationTokenParams = lazySchema(() => z.object({ token: ZInvitationToken }));

/** What the invitation page shows before the password is set. */
export const ZInvitation = lazySchema(() =>
  z.object({
    email: z.string(),
    name: z.string().nullable(),
    company: z.string(),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
  }),
);
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZAcceptInvitationRequest = lazySchema(() =>
  z
    .object({
      token: ZInvitationToken,
      password: ZNewPassword,
      password_confirmation: z.string({ error: 'Повторите пароль' }),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      error: 'Пароли не совпадают',
    }),
);
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;
