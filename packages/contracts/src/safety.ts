import { z } from 'zod';
import { ZNewPassword } from './auth.ts';
import { lazySchema } from './lazy-schema.ts';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const SAFETY_MESSAGES = {
  wrongCurrentPassword: 'Текущий пароль указан неверно',
  samePassword: 'Новый пароль совпадает с текущим',
  passwordChanged: 'Пароль изменён. Другие сессии завершены',
  sessionEnded: 'Сессия завершена',
  otherSessionsEnded: 'Остальные сессии завершены',
  currentSessionViaLogout: 'Текущую сессию завершает кнопка «Выйти»',
  sessionNotFound: 'Сессия не найдена',
  wrongCode: 'Неверный код подтверждения',
  codeAlreadyUsed: 'Этот код уже использован. Дождитесь следующего кода в приложении',
  twoFactorAlreadyOn: 'Двухфакторный вход уже включён',
  twoFactorNotStarted: 'Сначала начните подключение приложения-аутентификатора',
  twoFactorOff: 'Двухфакторный вход не включён',
  twoFactorDisabled: 'Двухфакторный вход отключён',
} as const;

const requiredPassword = (label: string) =>
  z
    .string({ error: `Укажите ${label}` })
    .min(1, { error: `Укажите ${label}` })
    .max(128, { error: 'Пароль должен быть не длиннее 128 символов' });

/** PATCH /api/safety/password: the current password and the new one twice. */
export const ZChangePasswordRequest = lazySchema(() =>
  z
    .object({
      current_password: requiredPassword('текущий пароль'),
      password: ZNewPassword,
      password_confirmation: z.string({ error: 'Повторите пароль' }),
    })
    .refine((b) => b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      error: 'Пароли не совпадают',
    }),
);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/**
 * A code typed by the user: six digits from the app or a recovery code. Spaces and dashes are
 * tolerated (apps show "123 456", codes are printed as "abcde-fghij").
 */
export const ZSecondFactorCode = lazySchema(() =>
  z
    .string({ error: 'Введите код' })
    .trim()
    .min(1, { error: 'Введите код' })
    .max(32, { error: 'Неверный код подтверждения' }),
);

export const ZTotpCode = lazySchema(() =>
  z
    .string({ error: 'Введите код из приложения' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Код из приложения — 6 цифр' })),
);

export const ZSessionDevice = lazySchema(() =>
  z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** A short human label, e.g. «Chrome, Windows» or «Расширение браузера». */
    label: z.string(),
  }),
);
export type TSessionDevice = z.infer<typeof ZSessionDevice>;

export const ZActiveSession = lazySchema(() =>
  z.object({
    id: z.number().int(),
    source: z.enum(['web', 'plugin']),
    device: ZSessionDevice,
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    is_current: z.boolean(),
  }),
);
export type TActiveSession = z.infer<typeof ZActiveSession>;

export const ZActiveSessionList = lazySchema(() => z.object({ sessions: z.array(ZActiveSession) }));
export type TActiveSessionList = z.infer<typeof ZActiveSessionList>;

export const ZEndedSessions = lazySchema(() => z.object({ ended: z.number().int() }));

export const ZTwoFactorStatus = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
  }),
);
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/safety/two_factor/setup: the new secret, shown once until confirmed. */
export const ZTwoFactorSetup = lazySchema(() =>
  z.object({
    secret: z.string(),
    otpauth_url: z.string(),
    /** The otpauth URL as a QR code: an SVG data URL for <img src>. */
    qr_code: z.string(),
  }),
);
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZConfirmTwoFactorRequest = lazySchema(() => z.object({ code: ZTotpCode }));
export type TConfirmTwoFactorRequest = z.infer<typeof ZConfirmTwoFactorRequest>;

export const ZRecoveryCodes = lazySchema(() => z.object({ recovery_codes: z.array(z.string()) }));
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZDisableTwoFactorRequest = lazySchema(() =>
  z.object({
    password: requiredPassword('пароль'),
    code: ZSecondFactorCode,
  }),
);
export type TDisableTwoFactorRequest = z.infer<typeof ZDisableTwoFactorRequest>;

/**
 * POST /api/safety/two_factor/recovery_codes: new recovery codes replace the old ones; as for
 * turning the factor off, the password and a code prove it is the user.
 */
export const ZRenewRecoveryCodesRequest = lazySchema(() => ZDisableTwoFactorRequest);
export type TRenewRecoveryCodesRequest = TDisableTwoFactorRequest;
