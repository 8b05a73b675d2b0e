import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// Consent to personal data, 152-FZ (issue 14, decision 0046). The company keeps a consent text
// (every change is a new version), asks applicants by a letter with a link to the public page
// `/consent/{token}`, where the applicant gives or refuses consent and may withdraw it later. The
// card shows the state: not asked, asked, given (with the version and time), refused, withdrawn.

export const MAX_CONSENT_TEXT = 20_000;
/** How long a request letter's link works: the applicant may withdraw through it later. */
export const CONSENT_LINK_DAYS = 365;

export const CONSENT_CHANNELS = ['email'] as const;
export type TConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_CHANNEL_LABELS: Record<TConsentChannel, string> = { email: 'E-mail' };

export const CONSENT_MESSAGES = {
  onlyAdmins: 'Изменять настройки согласия может только администратор',
  textTooLong: `Текст согласия — не длиннее ${MAX_CONSENT_TEXT} символов`,
  textRequired: 'Введите текст согласия на обработку персональных данных',
  autoSendWithoutText: 'Чтобы отправлять запрос автоматически, задайте текст согласия',
  channel: 'Канал отправки — e-mail',
  saved: 'Настройки согласия сохранены',
  noText: 'Сначала задайте текст согласия в настройках: Настройки → Согласие на обработку данных',
  noEmail: 'У кандидата не указан e-mail: запрос согласия отправить некуда',
  alreadyGiven: 'Кандидат уже дал согласие на текущую версию текста',
  requested: 'Запрос согласия отправлен кандидату',
  invalid: 'Ссылка недействительна',
  expired: 'Срок действия ссылки истёк',
  decision: 'Выберите: дать согласие, отказаться или отозвать согласие',
  notAsked: 'Сейчас нечего отзывать: согласие не было дано',
  notWithdrawable: 'Согласие уже дано или отклонено. Отозвать можно только данное согласие',
  given: 'Спасибо! Согласие на обработку персональных данных получено',
  refused: 'Вы отказались от обработки персональных данных',
  withdrawn: 'Согласие на обработку персональных данных отозвано',
} as const;

/** GET /api/account/privacy_letter_settings. */
export const ZPrivacyLetterSettings = lazySchema(() =>
  z.object({
    /** The current text; empty until the company writes one. */
    text: z.string(),
    /** The current text's version (0: no text yet); a consent names the version it was given to. */
    version: z.number().int(),
    auto_send: z.boolean(),
    channel: z.enum(CONSENT_CHANNELS),
    updated_at: z.string().nullable(),
  }),
);
export type TPrivacyLetterSettings = z.infer<typeof ZPrivacyLetterSettings>;

/** PATCH /api/account/privacy_letter_settings: a changed text becomes a new version. */
export const ZUpdatePrivacyLetterSettings = lazySchema(() =>
  z.object({
    text: z
      .string({ error: CONSENT_MESSAGES.textRequired })
      .trim()
      .min(1, { error: CONSENT_MESSAGES.textRequired })
      .max(MAX_CONSENT_TEXT, { error: CONSENT_MESSAGES.textTooLong })
      .optional(),
    auto_send: z.boolean({ error: 'Ожидается «да» или «нет»' }).optional(),
    channel: z.enum(CONSENT_CHANNELS, { error: CONSENT_MESSAGES.channel }).optional(),
  }),
);
export type TUpdatePrivacyLetterSettings = z.input<typeof ZUpdatePrivacyLetterSettings>;

export const CONSENT_STATES = ['not_asked', 'asked', 'given', 'refused', 'withdrawn'] as const;
export type TConsentState = (typeof CONSENT_STATES)[number];

export const CONSENT_STATE_LABELS: Record<TConsentState, string> = {
  not_asked: 'Не запрошено',
  asked: 'Запрошено',
  given: 'Дано',
  refused: 'Отказ',
  withdrawn: 'Отозвано',
};

/** GET /api/applicants/{id}/consent: the state the card shows. */
export const ZApplicantConsent = lazySchema(() =>
  z.object({
    state: z.enum(CONSENT_STATES),
    /** The text's version the applicant answered (or was asked about). */
    version: z.number().int().nullable(),
    /** When the state began. */
    at: z.string().nullable(),
    /** The company's current version: a consent to an older one may be asked again. */
    current_version: z.number().int(),
  }),
);
export type TApplicantConsent = z.infer<typeof ZApplicantConsent>;

/** The token of a request letter's link, as the public page sends it back. */
export const ZConsentTokenParams = lazySchema(() =>
  z.object({ token: z.string().min(1).max(200) }),
);

/** GET /api/public/consents/{token}: what the applicant reads and answers. */
export const ZPublicConsent = lazySchema(() =>
  z.object({
    company: z.string(),
    applicant_name: z.string().nullable(),
    text: z.string(),
    version: z.number().int(),
    state: z.enum(CONSENT_STATES),
    at: z.string().nullable(),
  }),
);
export type TPublicConsent = z.infer<typeof ZPublicConsent>;

export const CONSENT_DECISIONS = ['give', 'refuse', 'withdraw'] as const;
export type TConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** POST /api/public/consents/{token}. */
export const ZConsentDecision = lazySchema(() =>
  z.object({
    decision: z.enum(CONSENT_DECISIONS, { error: CONSENT_MESSAGES.decision }),
  }),
);
export type TConsentDecisionRequest = z.infer<typeof ZConsentDecision>;
