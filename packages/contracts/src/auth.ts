import { z } from 'zod';
import { INN_CHECKSUM_MESSAGE, INN_FORMAT_MESSAGE, isValidInnChecksum } from './inn.ts';
import { lazySchema } from './lazy-schema.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const SESSION_TTL_SECONDS = 604800;
export const AUTH_COOKIE = 'auth_token';
export const AUTH_HEADER = 'x-dcrt-hrm-auth';

const email = lazySchema(() =>
  z
    .string({ error: 'Укажите email' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Некорректный email' }))
    .pipe(z.string().max(254, { error: 'Слишком длинный email' })),
);

const newPassword = lazySchema(() =>
  z
    .string({ error: 'Укажите пароль' })
    .min(PASSWORD_MIN_LENGTH, {
      error: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`,
    })
    .max(128, { error: 'Пароль должен быть не длиннее 128 символов' }),
);

const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `Укажите ${label}` })
    .trim()
    .min(1, { error: `Укажите ${label}` })
    .max(max, { error: `Слишком длинное значение` });

export const ZEmail = lazySchema(() => email);
export const ZNewPassword = lazySchema(() => newPassword);

export const ZSignUpRequest = lazySchema(() =>
  z.object({
    admin_user: z
      .object({
        email,
        password: newPassword,
        password_confirmation: z.string({ error: 'Повторите пароль' }),
        name: requiredText('имя'),
        company: requiredText('название компании'),
        nick: z.string().trim().max(255).optional(),
        // The same rule as the company settings: 10 or 12 digits whose check digits match.
        inn: z
          .string()
          .trim()
          .regex(/^(\d{10}|\d{12})?$/, { error: INN_FORMAT_MESSAGE })
          .refine((value) => value === '' || isValidInnChecksum(value), {
            error: INN_CHECKSUM_MESSAGE,
          })
          .optional(),
        time_zone: z.string().trim().max(64).optional(),
        utm_source: z.string().trim().max(255).optional(),
        /** The affiliate program: the code of the referral link the visitor came by (issue 18). */
        referral_code: z.string().trim().max(64).optional(),
        is_adv_agree: z.boolean().optional(),
        member_type: z.literal('owner').optional(),
      })
      .refine((u) => u.password === u.password_confirmation, {
        path: ['password_confirmation'],
        error: 'Пароли не совпадают',
      }),
  }),
);
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

export const ZPersonName = lazySchema(() =>
  z.object({
    name: z.string().nullable(),
    middle_name: z.string().nullable(),
    last_name: z.string().nullable(),
  }),
);

export const ZSignUpResponse = lazySchema(() =>
  z.object({
    admin_user: z
      .object({ id: z.number().int(), account_id: z.number().int(), email: z.string() })
      .extend(ZPersonName.shape),
    auth_token: z.string(),
  }),
);
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

export const ZLoginSource = lazySchema(() => z.enum(['web', 'plugin']));
export const ZLoginRequest = lazySchema(() =>
  z.object({
    email,
    password: z.string({ error: 'Укажите пароль' }).min(1, { error: 'Укажите пароль' }).max(128),
    source: ZLoginSource.optional(),
  }),
);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthTokenResponse = lazySchema(() => z.object({ auth_token: z.string() }));
export type TAuthTokenResponse = z.infer<typeof ZAuthTokenResponse>;

export const ZResetRequest = lazySchema(() => z.object({ email }));
export type TResetRequest = z.infer<typeof ZResetRequest>;
export const RESET_NEUTRAL_MESSAGE =
  'Если такой email зарегистрирован, мы отправили на него ссылку для восстановления пароля';

export const ZResetFromMailRequest = lazySchema(() =>
  z
    .object({
      token: z
        .string({ error: 'Ссылка недействительна' })
        .min(1, { error: 'Ссылка недействительна' }),
      password: newPassword,
      password_confirmation: z.string({ error: 'Повторите пароль' }),
    })
    .refine((b) => b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      error: 'Пароли не совпадают',
    }),
);
export type TResetFromMailRequest = z.infer<typeof ZResetFromMailRequest>;
export const RESET_LINK_INVALID = 'Ссылка для восстановления недействительна или устарела';

/** Seconds a sign-in's second step stays open after the right password. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 300;
export const TWO_FACTOR_REQUIRED_CODE = 401;
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Включён двухфакторный вход: введите код из приложения-аутентификатора';
export const TWO_FACTOR_CHALLENGE_INVALID = 'Время на ввод кода истекло. Войдите снова';

/**
 * POST /api/auth/login for a user with two-factor sign-in: an error envelope (clients without
 * 2FA support show the message) that carries the marker and the challenge for the second step.
 */
export const ZTwoFactorRequiredEnvelope = lazySchema(() =>
  z.object({
    code: z.literal(TWO_FACTOR_REQUIRED_CODE),
    status: z.literal('error'),
    message: z.string(),
    two_factor_required: z.literal(true),
    challenge: z.string(),
    challenge_expires_in: z.number().int(),
  }),
);
export type TTwoFactorRequiredEnvelope = z.infer<typeof ZTwoFactorRequiredEnvelope>;

/** POST /api/auth/login/two_factor: the challenge and a code from the app or a recovery code. */
export const ZLoginTwoFactorRequest = lazySchema(() =>
  z.object({
    challenge: z
      .string({ error: TWO_FACTOR_CHALLENGE_INVALID })
      .min(1, { error: TWO_FACTOR_CHALLENGE_INVALID })
      .max(128, { error: TWO_FACTOR_CHALLENGE_INVALID }),
    code: z
      .string({ error: 'Введите код' })
      .trim()
      .min(1, { error: 'Введите код' })
      .max(32, { error: 'Неверный код подтверждения' }),
  }),
);
export type TLoginTwoFactorRequest = z.infer<typeof ZLoginTwoFactorRequest>;

/** POST /api/auth/confirm_email: the token of the link mailed at sign-up. */
export const ZConfirmEmailRequest = lazySchema(() =>
  z.object({
    token: z
      .string({ error: 'Ссылка недействительна' })
      .min(1, { error: 'Ссылка недействительна' })
      .max(200, { error: 'Ссылка недействительна' }),
  }),
);
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;
export const EMAIL_CONFIRMED = 'Адрес электронной почты подтверждён';
export const EMAIL_CONFIRMATION_INVALID =
  'Ссылка для подтверждения недействительна или уже использована';
export const EMAIL_CONFIRMATION_SENT =
  'Мы отправили ссылку для подтверждения на адрес владельца аккаунта';
export const EMAIL_ALREADY_CONFIRMED = 'Адрес электронной почты уже подтверждён';
