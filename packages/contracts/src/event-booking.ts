import { z } from 'zod';
import { ZCalendarDate } from './account-calendar.ts';
import { ZBodyId, ZId, intBetween } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Self-booking (issue 15, decision 0039): a recruiter makes a link for an applicant; the applicant
// opens the public page `/booking/{token}`, sees the free slots of the chosen interviewers and
// books one. The link works once and ends with the last day it offers.

/** The lengths of a meeting a link may offer, in minutes. */
export const BOOKING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
/** How many calendar days a link may offer, and how far ahead its first day may be. */
export const MAX_BOOKING_DAYS = 30;
export const MAX_BOOKING_LEAD_DAYS = 366;
export const MAX_BOOKING_INTERVIEWERS = 10;
export const DEFAULT_BOOKING_TITLE = 'Собеседование';
/** A slot starts at least this long after the applicant opens the page. */
export const BOOKING_NOTICE_MINUTES = 60;

export const BOOKING_MESSAGES = {
  invalid: 'Ссылка недействительна',
  used: 'Ссылка уже использована: время встречи выбрано',
  expired: 'Срок действия ссылки истёк',
  revoked: 'Ссылка отозвана',
  slotTaken: 'Это время уже занято',
  slotUnknown: 'Этого времени нет среди свободных, выберите другое',
  booked: 'Встреча назначена',
  interviewers: 'Выберите от 1 до 10 участников компании',
  interviewerUnknown: 'Участник не найден в компании',
  duration: `Длительность — одна из: ${BOOKING_DURATIONS.join(', ')} минут`,
  days: `Срок ссылки — от 1 до ${MAX_BOOKING_DAYS} дней`,
  title: 'Название встречи — до 255 символов',
  start: 'Время начала указывается в формате ISO 8601',
  dateFrom: `Первый день ссылки — не раньше сегодняшнего и не дальше ${MAX_BOOKING_LEAD_DAYS} дней`,
} as const;

/** POST /api/event_bookings: the link the recruiter sends to the applicant. */
export const ZCreateBookingRequest = lazySchema(() =>
  z.object({
    applicant_id: ZBodyId,
    vacancy_id: ZBodyId.nullish(),
    admin_user_ids: z
      .array(ZBodyId, { error: BOOKING_MESSAGES.interviewers })
      .min(1, { error: BOOKING_MESSAGES.interviewers })
      .max(MAX_BOOKING_INTERVIEWERS, { error: BOOKING_MESSAGES.interviewers })
      .transform((ids) => [...new Set(ids)]),
    duration: intBetween(5, 480, BOOKING_MESSAGES.duration).refine(
      (minutes) => (BOOKING_DURATIONS as readonly number[]).includes(minutes),
      { error: BOOKING_MESSAGES.duration },
    ),
    /** The first day the link offers (YYYY-MM-DD or DD.MM.YYYY); today when absent. */
    date_from: ZCalendarDate.optional(),
    /** The link offers the working days of this many calendar days from `date_from`. */
    days: intBetween(1, MAX_BOOKING_DAYS, BOOKING_MESSAGES.days).default(7),
    title: z
      .string({ error: BOOKING_MESSAGES.title })
      .trim()
      .max(255, { error: BOOKING_MESSAGES.title })
      .optional()
      .transform((title) => title || DEFAULT_BOOKING_TITLE),
  }),
);
export type TCreateBookingRequest = z.input<typeof ZCreateBookingRequest>;

export const BOOKING_STATES = ['active', 'booked', 'expired', 'revoked'] as const;
export type TBookingState = (typeof BOOKING_STATES)[number];

/** A booking link as the recruiter sees it (the token is answered only when it is made). */
export const ZBooking = lazySchema(() =>
  z.object({
    id: z.number().int(),
    applicant_id: z.number().int(),
    vacancy_id: z.number().int().nullable(),
    admin_user_ids: z.array(z.number().int()),
    title: z.string(),
    duration: z.number().int(),
    date_from: z.string(),
    date_to: z.string(),
    expires_at: z.string(),
    created_at: z.string(),
    state: z.enum(BOOKING_STATES),
    booked_start: z.string().nullable(),
    booked_end: z.string().nullable(),
    event_id: z.number().int().nullable(),
  }),
);
export type TBooking = z.infer<typeof ZBooking>;

/** The answer of POST /api/event_bookings: the booking and its public link, shown once. */
export const ZCreatedBooking = lazySchema(() =>
  ZBooking.extend({ url: z.string(), token: z.string() }),
);
export type TCreatedBooking = z.infer<typeof ZCreatedBooking>;

/** GET /api/event_bookings?applicant_id= */
export const ZBookingListQuery = lazySchema(() => z.object({ applicant_id: ZId.optional() }));

/** A free slot: instants in ISO (UTC), and its date and time in the company's time zone. */
export const ZBookingSlot = lazySchema(() =>
  z.object({
    start: z.string(),
    end: z.string(),
    date: z.string(),
    time: z.string(),
  }),
);
export type TBookingSlot = z.infer<typeof ZBookingSlot>;

export const ZPublicBookingParams = lazySchema(() =>
  z.object({ token: z.string().min(1).max(200) }),
);

/** GET /api/public/bookings/{token}: what the applicant books, and the free slots. */
export const ZPublicBooking = lazySchema(() =>
  z.object({
    company: z.string(),
    title: z.string(),
    duration: z.number().int(),
    time_zone: z.string(),
    interviewers: z.array(z.string()),
    date_from: z.string(),
    date_to: z.string(),
    expires_at: z.string(),
    slots: z.array(ZBookingSlot),
  }),
);
export type TPublicBooking = z.infer<typeof ZPublicBooking>;

/** POST /api/public/bookings/{token}/book: the slot the applicant picked (one of `slots`). */
export const ZBookSlotRequest = lazySchema(() =>
  z.object({
    start: z.iso.datetime({ offset: true, error: BOOKING_MESSAGES.start }),
  }),
);
export type TBookSlotRequest = z.infer<typeof ZBookSlotRequest>;

export const ZBookedSlot = lazySchema(() =>
  z.object({
    title: z.string(),
    start: z.string(),
    end: z.string(),
    date: z.string(),
    time: z.string(),
    time_zone: z.string(),
    event_id: z.number().int(),
  }),
);
export type TBookedSlot = z.infer<typeof ZBookedSlot>;

/** The booking made: HTTP 201, the envelope's code equal to it. */
export const ZBookedEnvelope = lazySchema(() =>
  z.object({
    code: z.literal(201),
    status: z.literal('success'),
    message: ZBookedSlot,
  }),
);
