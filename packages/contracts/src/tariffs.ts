import { z } from 'zod';
import { ZIdParams } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

export const TRIAL_TARIFF = { name: 'trial', days: 14, users: 5 } as const;
export const SUBSCRIBER_TARIFF_NAME = 'subscriber';
/**
 * A self-hosted install without YOOKASSA_* (decision 0036): the tariff has no end and no user
 * limit. Stored as a period ending at NO_END with NO_USERS_LIMIT seats (the columns stay NOT NULL),
 * shown as no end ('') and no limit (0).
 */
export const SELF_HOSTED_TARIFF = { name: 'self_hosted', title: 'Без ограничений' } as const;
export const NO_END = new Date('9999-12-31T00:00:00.000Z');
export const NO_USERS_LIMIT = 2_147_483_647;
/** A period's end as clients read it: '' for none. */
export const hasNoEnd = (end: Date | string | null) =>
  end !== null && new Date(end).getTime() >= NO_END.getTime();
/** A period's user limit as clients read it: 0 for none. */
export const shownUsersLimit = (limit: number | null) =>
  limit === null || limit >= NO_USERS_LIMIT ? 0 : limit;
export const EXTENSION_REQUEST_SENT = 'Заявка на продление тарифа отправлена';

/** The paid tariffs (decision 0036): prices in roubles with kopecks, as YooKassa takes them. */
export const PAID_TARIFFS = [
  { name: SUBSCRIBER_TARIFF_NAME, title: 'Команда', users: 10, month: '2990.00', year: '29900.00' },
  { name: 'business', title: 'Бизнес', users: 30, month: '6990.00', year: '69900.00' },
] as const;
export type TPaidTariff = (typeof PAID_TARIFFS)[number];
export const PERIODS = ['month', 'year'] as const;

export const TARIFF_MESSAGES = {
  unknownTariff: 'Такого тарифа нет',
  unknownPeriod: 'Период оплаты — месяц или год',
  billingOff:
    'Оплата в этой установке не подключена: тариф не ограничен ни сроком, ни числом пользователей',
  providerDown: 'Платёжный сервис сейчас недоступен, попробуйте через несколько минут',
  paymentNotFound: 'Платёж не найден',
  wrongSource: 'Уведомление не от платёжного сервиса',
} as const;

/**
 * tariff_name: SPEC.md §4 sends 'subscriber'; any tariff of the catalogue is taken, an unknown one
 * is answered 400 in Russian (by the service, so the message names the field). period: optional.
 */
export const ZActivateTariffRequest = lazySchema(() =>
  z.object({
    tariff_name: z.string({ error: TARIFF_MESSAGES.unknownTariff }).max(64),
    period: z.enum(PERIODS, { error: TARIFF_MESSAGES.unknownPeriod }).optional(),
  }),
);
export type TActivateTariffRequest = z.infer<typeof ZActivateTariffRequest>;

export const ZPaymentStatus = lazySchema(() =>
  z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

export const ZPayment = lazySchema(() =>
  z.object({
    id: z.number().int(),
    provider_payment_id: z.string().nullable(),
    tariff_name: z.string(),
    tariff_title: z.string(),
    period: z.enum(PERIODS),
    amount: z.string(),
    currency: z.string(),
    status: ZPaymentStatus,
    confirmation_url: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    payer_email: z.string().nullable(),
  }),
);
export type TPayment = z.infer<typeof ZPayment>;

export const ZTariffCatalogue = lazySchema(() =>
  z.object({
    /** False on a self-hosted install without YOOKASSA_*: no end, no limit, nothing to pay. */
    billing_enabled: z.boolean(),
    tariffs: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        users: z.number().int().nullable(),
        price_month: z.string().nullable(),
        price_year: z.string().nullable(),
        days: z.number().int().nullable(),
      }),
    ),
  }),
);
export type TTariffCatalogue = z.infer<typeof ZTariffCatalogue>;

/** A payment's id in the path: an int4 id like every other (a Russian 400 beyond it). */
export const ZPaymentIdParams = lazySchema(() => ZIdParams);

/** GET /api/affiliate: the referral link and the companies signed up through it, with payments. */
export const ZAffiliate = lazySchema(() =>
  z.object({
    referral_code: z.string(),
    referral_link: z.string(),
    referrals: z.array(
      z.object({
        company: z.string(),
        signed_up_at: z.string(),
        payments_count: z.number().int(),
        paid_total: z.string(),
        last_paid_at: z.string().nullable(),
      }),
    ),
  }),
);
export type TAffiliate = z.infer<typeof ZAffiliate>;
