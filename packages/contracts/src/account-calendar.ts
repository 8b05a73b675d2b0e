import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The production calendar is answered for these years; the walk of date_by_workdays too. */
export const CALENDAR_MIN_YEAR = 2000;
export const CALENDAR_MAX_YEAR = 2100;
/** How far «Посчитать срок» reaches either way. */
export const MAX_WORKDAYS_SHIFT = 1000;
/** One PUT changes at most a year of days. */
export const MAX_CALENDAR_CHANGES = 366;

const DATE_FORMAT = 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ';
const WORKDAYS_NUMBER = 'Количество рабочих дней — целое число';
const YEAR_RANGE = `Год — от ${CALENDAR_MIN_YEAR} до ${CALENDAR_MAX_YEAR}`;

/** ISO `YYYY-MM-DD`, or `DD.MM.YYYY` as Russian users type it; ISO out. */
export const ZCalendarDate = lazySchema(() =>
  z
    .string({ error: DATE_FORMAT })
    .trim()
    .transform((value, ctx) => {
      const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
      const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : value;
      const parsed = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
      if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
        ctx.addIssue({ code: 'custom', message: DATE_FORMAT });
        return z.NEVER;
      }
      const year = parsed.getUTCFullYear();
      if (year < CALENDAR_MIN_YEAR || year > CALENDAR_MAX_YEAR) {
        ctx.addIssue({ code: 'custom', message: YEAR_RANGE });
        return z.NEVER;
      }
      return iso;
    }),
);

/**
 * What a day is for the company. holiday: a public holiday (ст. 112 ТК РФ); day_off: a day off
 * moved onto a weekday by a decree, or given by the company; working_weekend: a Saturday or Sunday
 * worked instead; short_day: the working day before a holiday, an hour shorter; workday and
 * weekend: an ordinary day of the company's week (listed only when the company changed it back).
 */
export const CALENDAR_DAY_TYPES = [
  'holiday',
  'day_off',
  'working_weekend',
  'short_day',
  'workday',
  'weekend',
] as const;
export type TCalendarDayType = (typeof CALENDAR_DAY_TYPES)[number];

export const ZCalendarDay = lazySchema(() =>
  z.object({
    date: z.string(),
    type: z.enum(CALENDAR_DAY_TYPES),
    is_working: z.boolean(),
    name: z.string().nullable(),
    /** The company decided this day itself (PUT /api/account_calendar/days). */
    is_override: z.boolean(),
  }),
);
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

/** Without `year`: the current year in the account's time zone (SPEC.md §7 calls it bare). */
export const ZAccountCalendarQuery = lazySchema(() =>
  z.object({
    year: z.coerce
      .number({ error: YEAR_RANGE })
      .int({ error: YEAR_RANGE })
      .min(CALENDAR_MIN_YEAR, { error: YEAR_RANGE })
      .max(CALENDAR_MAX_YEAR, { error: YEAR_RANGE })
      .optional(),
  }),
);

/** GET /api/account_calendar[?year=YYYY]: the days that differ from a plain Monday–Friday week. */
export const ZAccountCalendar = lazySchema(() =>
  z.object({
    year: z.number().int(),
    /** The government decree on moved days off that the year follows; null when none is known. */
    decree: z.string().nullable(),
    /** No decree known: only the holidays of the Labour Code and their automatic moves. */
    is_preliminary: z.boolean(),
    /** The company's working week, ISO weekdays (1 Monday … 7 Sunday). */
    work_days: z.array(z.number().int()),
    days: z.array(ZCalendarDay),
  }),
);
export type TAccountCalendar = z.infer<typeof ZAccountCalendar>;

/** One change: is_working true or false marks the day, null returns it to the calendar. */
export const ZCalendarDayChange = lazySchema(() =>
  z.object({
    date: ZCalendarDate,
    is_working: z.boolean({ error: 'is_working: true, false или null' }).nullable(),
    name: z
      .string({ error: 'Название — строка' })
      .trim()
      .max(100, { error: 'Название не длиннее 100 символов' })
      .nullish()
      .transform((name) => name || null),
  }),
);

export const ZUpdateCalendarDaysRequest = lazySchema(() =>
  z.object({
    days: z
      .array(ZCalendarDayChange, { error: 'Передайте список дней' })
      .min(1, { error: 'Передайте хотя бы один день' })
      .max(MAX_CALENDAR_CHANGES, { error: `Не больше ${MAX_CALENDAR_CHANGES} дней за раз` })
      .refine((days) => new Set(days.map((d) => d.date)).size === days.length, {
        error: 'Каждый день можно указать только один раз',
      }),
  }),
);
export type TUpdateCalendarDaysRequest = z.input<typeof ZUpdateCalendarDaysRequest>;

/** The days as they are after the change, in the order they were sent. */
export const ZUpdatedCalendarDays = lazySchema(() => z.object({ days: z.array(ZCalendarDay) }));

export const ZDateByWorkdaysQuery = lazySchema(() =>
  z.object({
    date: ZCalendarDate,
    days: z
      .union(
        [
          z
            .number()
            .min(-MAX_WORKDAYS_SHIFT, { error: `Не больше ${MAX_WORKDAYS_SHIFT} рабочих дней` })
            .max(MAX_WORKDAYS_SHIFT, { error: `Не больше ${MAX_WORKDAYS_SHIFT} рабочих дней` }),
          z
            .string()
            .trim()
            .regex(/^[-+]?\d{1,7}$/, { error: WORKDAYS_NUMBER }),
        ],
        { error: WORKDAYS_NUMBER },
      )
      .transform(Number)
      .pipe(
        z
          .number()
          .int({ error: WORKDAYS_NUMBER })
          .min(-MAX_WORKDAYS_SHIFT, { error: `Не больше ${MAX_WORKDAYS_SHIFT} рабочих дней` })
          .max(MAX_WORKDAYS_SHIFT, { error: `Не больше ${MAX_WORKDAYS_SHIFT} рабочих дней` }),
      ),
  }),
);

/** GET /api/account_calendar/date_by_workdays: `days` working days after (before, if < 0) `from`. */
export const ZDateByWorkdays = lazySchema(() =>
  z.object({
    from: z.string(),
    days: z.number().int(),
    date: z.string(),
    /** The count crossed a year without a known decree on moved days off. */
    is_preliminary: z.boolean(),
  }),
);
export type TDateByWorkdays = z.infer<typeof ZDateByWorkdays>;
