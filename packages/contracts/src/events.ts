import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { MAX_ID, ZBodyId } from './ids.ts';
import { LINK_INVALID, isBlankOrValidUrl } from './url-check.ts';
import { lazySchema } from './lazy-schema.ts';

// Calendar events: interviews and meetings (issue 15, decision 0037). Names follow the Huntlee
// client (research/huntlee-api.md §6.9): `data_mitting` (sic) DD.MM.YYYY or ISO, `time_begin` and
// `time_end` HH:MM in the account's time zone, `service`, `link`, `title`, `description`,
// `applicant_id`, `vacancy_id`, `admin_user_ids`. Fields added here are all optional.

export const EVENT_DATE_FORMAT = 'Дата указывается как ДД.ММ.ГГГГ или ГГГГ-ММ-ДД';
export const EVENT_DATE_MISSING = 'Такой даты не существует';
export const EVENT_TIME_FORMAT = 'Время указывается как ЧЧ:ММ, например 09:30';
export const EVENT_END_BEFORE_START = 'Время окончания должно быть позже времени начала';
export const EVENT_PERIOD_TOO_LONG = 'Период — не больше 366 дней';
export const EVENT_PERIOD_REVERSED = 'Дата начала периода позже даты окончания';
export const EVENT_OVERLAP = 'У участника уже есть встреча в это время';
export const EVENT_NOT_FOUND = 'Событие не найдено';
export const EVENT_DEFAULT_TITLE = 'Встреча';
export const EVENT_MAX_PARTICIPANTS = 50;
export const EVENT_MAX_GUESTS = 50;
export const EVENT_MAX_REMINDERS = 5;
/** A reminder at most four weeks before the start. */
export const EVENT_MAX_REMINDER_MINUTES = 40320;
export const EVENT_MAX_PERIOD_DAYS = 366;

/** Parses DD.MM.YYYY, YYYY-MM-DD or an ISO date-time (its date part) into YYYY-MM-DD. */
export function parseEventDate(value: string): { iso: string } | { error: string } {
  const text = value.trim();
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const isoMatch = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const parts = ru
    ? [ru[3]!, ru[2]!, ru[1]!]
    : isoMatch
      ? [isoMatch[1]!, isoMatch[2]!, isoMatch[3]!]
      : null;
  if (!parts) return { error: EVENT_DATE_FORMAT };
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (year < 1900 || year > 2999) return { error: EVENT_DATE_MISSING };
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return { error: EVENT_DATE_MISSING };
  }
  return { iso: probe.toISOString().slice(0, 10) };
}

/** The day of an event: DD.MM.YYYY or ISO in, YYYY-MM-DD out; a day that does not exist is a 400. */
export const ZEventDate = lazySchema(() =>
  z.string({ error: EVENT_DATE_FORMAT }).transform((value, ctx) => {
    const parsed = parseEventDate(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.iso;
  }),
);

/** A time of day, HH:MM (seconds, if sent, are dropped); out as HH:MM. */
export const ZEventTime = lazySchema(() =>
  z.string({ error: EVENT_TIME_FORMAT }).transform((value, ctx) => {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
    const hours = match ? Number(match[1]) : NaN;
    const minutes = match ? Number(match[2]) : NaN;
    if (!match || hours > 23 || minutes > 59) {
      ctx.addIssue({ code: 'custom', message: EVENT_TIME_FORMAT });
      return z.NEVER;
    }
    return `${String(hours).padStart(2, '0')}:${match[2]}`;
  }),
);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` });

/** An outside guest: an e-mail, or an e-mail with a name. */
export const ZEventGuestInput = lazySchema(() =>
  z.union([ZEmail, z.object({ email: ZEmail, name: text(255).nullish() })]),
);

export const ZEventGuest = lazySchema(() =>
  z.object({ email: z.string(), name: z.string().nullable() }),
);
export type TEventGuest = z.infer<typeof ZEventGuest>;

const ZReminderMinutes = lazySchema(() =>
  z
    .number({ error: 'Напоминание — число минут до начала' })
    .int({ error: 'Напоминание — число минут до начала' })
    .min(0, { error: 'Напоминание — число минут до начала' })
    .max(EVENT_MAX_REMINDER_MINUTES, { error: 'Напоминание — не раньше чем за 4 недели' }),
);

/** POST /api/events and PUT /api/events/{id} (the Huntlee client's full update). */
export const ZEventInput = lazySchema(() =>
  z.object({
    title: text(255).nullish(),
    description: text(10_000).nullish(),
    data_mitting: ZEventDate,
    time_begin: ZEventTime,
    time_end: ZEventTime,
    /** The video-call provider (`meet`, `zoom`, `telemost`, …) or `place`; free text. */
    service: text(50).nullish(),
    link: text(2000).refine(isBlankOrValidUrl, { error: LINK_INVALID }).nullish(),
    /** Where, for a meeting in person. */
    place: text(500).nullish(),
    applicant_id: ZBodyId.nullish(),
    vacancy_id: ZBodyId.nullish(),
    /** The company's participants; absent or empty means the author alone. */
    admin_user_ids: z
      .array(ZBodyId)
      .max(EVENT_MAX_PARTICIPANTS, { error: `Не больше ${EVENT_MAX_PARTICIPANTS} участников` })
      .nullish(),
    guests: z
      .array(ZEventGuestInput)
      .max(EVENT_MAX_GUESTS, { error: `Не больше ${EVENT_MAX_GUESTS} гостей` })
      .nullish(),
    /** Minutes before the start. */
    reminders: z
      .array(ZReminderMinutes)
      .max(EVENT_MAX_REMINDERS, { error: `Не больше ${EVENT_MAX_REMINDERS} напоминаний` })
      .nullish(),
    /** Save even when a participant already has an event at that time (otherwise 409). */
    allow_overlap: z.boolean().optional(),
    /** Send the iCalendar invitations (default true). */
    send_invitations: z.boolean().optional(),
    /** A mail template of the account whose subject and text open the applicant's invitation. */
    template_id: ZBodyId.nullish(),
  }),
);
export type TEventInput = z.infer<typeof ZEventInput>;

/** PATCH /api/events/{id}: only what is sent changes. */
export const ZEventPatch = lazySchema(() => ZEventInput.partial());
export type TEventPatch = z.infer<typeof ZEventPatch>;

/** DELETE /api/events/{id}?send_invitations=false deletes without telling the invitees. */
export const ZEventDeleteQuery = lazySchema(() =>
  z.object({
    send_invitations: z
      .enum(['true', 'false', '1', '0'], { error: 'Ожидается true или false' })
      .optional()
      .transform((value) => value === undefined || value === 'true' || value === '1'),
  }),
);

export const ZEvent = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    /** DD.MM.YYYY, as the Huntlee client reads it. */
    data_mitting: z.string(),
    /** The same day, YYYY-MM-DD. */
    date: z.string(),
    time_begin: z.string(),
    time_end: z.string(),
    /** The instants, ISO 8601 in UTC. */
    starts_at: z.string(),
    ends_at: z.string(),
    /** The zone `data_mitting`, `time_begin` and `time_end` are in (the account's). */
    time_zone: z.string(),
    service: z.string().nullable(),
    link: z.string().nullable(),
    place: z.string().nullable(),
    applicant_id: z.number().int().nullable(),
    applicant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    vacancy_id: z.number().int().nullable(),
    vacancy: z.object({ id: z.number().int(), position: z.string() }).nullable(),
    admin_user_ids: z.array(z.number().int()),
    guests: z.array(ZEventGuest),
    reminders: z.array(z.number().int()),
    author_id: z.number().int().nullable(),
    /** Where it was made: here, in Google Calendar, or booked by the applicant. */
    source: z.enum(['ats', 'google', 'booking']),
    /** iCalendar UID and SEQUENCE of the invitations. */
    uid: z.string(),
    sequence: z.number().int(),
    /** Whether the caller may change or delete it. */
    can_edit: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TEvent = z.infer<typeof ZEvent>;
export const ZEventList = lazySchema(() => z.array(ZEvent));

const blank = (value: unknown) => value === undefined || value === null || value === '';

const dateParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (blank(value)) return undefined;
      const parsed = parseEventDate(value!);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.iso;
    }),
);

const idParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): number | undefined => {
      if (blank(value)) return undefined;
      const n = Number(value!.trim());
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: 'Некорректный идентификатор' });
        return z.NEVER;
      }
      return n;
    }),
);

/** `user_ids=1,2,3` or repeated `user_ids=1&user_ids=2` (also `user_ids[]`). */
const idListParam = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx): number[] | undefined => {
      if (value === undefined) return undefined;
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (parts.length > 100) {
        ctx.addIssue({ code: 'custom', message: 'Не больше 100 пользователей' });
        return z.NEVER;
      }
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: 'Некорректный идентификатор' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
);

/**
 * GET /api/events. The period is inclusive, days in the account's time zone; without one it is
 * today and the 30 days after it. `user_ids` (or `user_id`/`admin_user_id`) are the calendars
 * to show: events where any of them takes part; without them, the caller's own calendar.
 */
export const ZEventListQuery = lazySchema(() =>
  z.object({
    date_from: dateParam,
    date_to: dateParam,
    user_id: idParam,
    admin_user_id: idParam,
    user_ids: idListParam,
    'user_ids[]': idListParam,
    applicant_id: idParam,
    vacancy_id: idParam,
  }),
);
export type TEventListQuery = z.infer<typeof ZEventListQuery>;

/** GET /api/events/users_with_viewable_calendars: the users whose calendars the caller may open. */
export const ZCalendarUser = lazySchema(() =>
  z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string().nullable(),
    middle_name: z.string().nullable(),
    last_name: z.string().nullable(),
    member_type: z.enum(['owner', 'watcher']),
    is_active: z.boolean(),
    /** The caller themself. */
    is_me: z.boolean(),
  }),
);
export type TCalendarUser = z.infer<typeof ZCalendarUser>;
export const ZCalendarUserList = lazySchema(() => z.array(ZCalendarUser));

/** One event on the home page (today's and tomorrow's of the caller). */
export const ZHomeEvent = lazySchema(() =>
  ZEvent.pick({
    id: true,
    title: true,
    data_mitting: true,
    date: true,
    time_begin: true,
    time_end: true,
    starts_at: true,
    ends_at: true,
    service: true,
    link: true,
    place: true,
    applicant: true,
    vacancy: true,
  }),
);
export type THomeEvent = z.infer<typeof ZHomeEvent>;
