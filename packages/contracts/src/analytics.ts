import { z } from 'zod';
import { ZDate } from './applicants.ts';
import { MAX_ID } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Analytics (SPEC.md §7 "Analytics", GET /api/analytics/...). Every number is computed from the
// append-only transition log, the vacancy state log and the applicants — never from the stage an
// application happens to be in now. The definition of each number is written once, below
// (ANALYTICS_DEFINITIONS), and the screen shows it next to the number («Как считается»).

/** The longest period a report covers. */
export const ANALYTICS_MAX_DAYS = 5 * 366;
/** Default period when none is given: the last 30 days (today included) in the account's zone. */
export const ANALYTICS_DEFAULT_DAYS = 30;

export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type TAnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const ANALYTICS_BUCKET_LABELS: Record<TAnalyticsBucket, string> = {
  day: 'По дням',
  week: 'По неделям',
  month: 'По месяцам',
};

export const ANALYTICS_VACANCY_STATES = ['open', 'hold', 'closed'] as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const idParam = lazySchema(() =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx): number | undefined => {
      if (isBlank(value)) return undefined;
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: 'Некорректный идентификатор' });
        return z.NEVER;
      }
      return n;
    }),
);

const dateParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (isBlank(value)) return undefined;
      const parsed = ZDate.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' });
        return z.NEVER;
      }
      return parsed.data;
    }),
);

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * The query every analytics call accepts. Each call reads the parameters SPEC.md §7 names for it
 * and ignores the rest; `vacancy_id` is required by the four `vacancy*` calls and
 * `status_group_id` by `status_group_conversion` (the routes say so in Russian when missing).
 * The period is inclusive, in the account's time zone; when absent it is the last 30 days.
 */
export const ZAnalyticsQuery = lazySchema(() =>
  z
    .object({
      date_from: dateParam,
      date_to: dateParam,
      /** The division and its whole subtree. */
      division_id: idParam,
      /** A recruiter (a user of the account). */
      admin_user_id: idParam,
      vacancy_id: idParam,
      /** A funnel (status group). */
      status_group_id: idParam,
      state: z
        .string()
        .nullish()
        .transform((value, ctx): (typeof ANALYTICS_VACANCY_STATES)[number] | undefined => {
          if (isBlank(value)) return undefined;
          const v = String(value).trim();
          if (!(ANALYTICS_VACANCY_STATES as readonly string[]).includes(v)) {
            ctx.addIssue({ code: 'custom', message: 'Состояние вакансии: open, hold или closed' });
            return z.NEVER;
          }
          return v as (typeof ANALYTICS_VACANCY_STATES)[number];
        }),
      /** Bucket of the `*_by_period` calls; by default day up to 62 days, week up to 1 year, else month. */
      period: z
        .string()
        .nullish()
        .transform((value, ctx): TAnalyticsBucket | undefined => {
          if (isBlank(value)) return undefined;
          const v = String(value).trim();
          if (!(ANALYTICS_BUCKETS as readonly string[]).includes(v)) {
            ctx.addIssue({ code: 'custom', message: 'Шаг: day, week или month' });
            return z.NEVER;
          }
          return v as TAnalyticsBucket;
        }),
    })
    .superRefine((q, ctx) => {
      if (q.date_from && q.date_to) {
        if (q.date_from > q.date_to) {
          ctx.addIssue({
            code: 'custom',
            path: ['date_to'],
            message: 'Дата окончания периода раньше даты начала',
          });
        } else if (dayNumber(q.date_to) - dayNumber(q.date_from) + 1 > ANALYTICS_MAX_DAYS) {
          ctx.addIssue({
            code: 'custom',
            path: ['date_from'],
            message: 'Период не может быть длиннее 5 лет',
          });
        }
      }
    }),
);
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** The period a report covers, and the previous period of the same length right before it. */
export const ZAnalyticsPeriod = lazySchema(() =>
  z.object({
    date_from: z.string(),
    date_to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
    /** The account's time zone the days are counted in (e.g. Europe/Moscow). */
    time_zone: z.string(),
  }),
);
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

/**
 * Opens the applicants behind a count: `/applicants/list?drill=<drill>` (and
 * `GET /api/applicants?drill=<drill>`) lists exactly the applicants the count counted, computed
 * by the same SQL. Opaque to clients; null where a number is not a count of applicants.
 */
export const ZAnalyticsDrill = lazySchema(() => z.string().max(400).nullable());

/** A number with the previous period's value beside it (null: nothing to count, e.g. no hires). */
export const ZMetric = lazySchema(() =>
  z.object({
    value: z.number().nullable(),
    previous: z.number().nullable(),
    drill: ZAnalyticsDrill,
  }),
);
export type TMetric = z.infer<typeof ZMetric>;

// ---- Definitions (shown next to each number, «Как считается») -------------------------------

export const ANALYTICS_INDICATORS = [
  'vacancies_open',
  'vacancies_held',
  'vacancies_closed',
  'applicants_new',
  'placed',
  'hired',
  'rejected',
  'refused',
  'offers_made',
  'offers_accepted',
  'time_to_hire_avg_workdays',
  'time_to_hire_median_workdays',
  'time_to_hire_avg_days',
  'time_to_hire_median_days',
  'time_to_close_avg_workdays',
  'time_to_close_median_workdays',
  'time_to_close_avg_days',
  'time_to_close_median_days',
] as const;
export type TAnalyticsIndicator = (typeof ANALYTICS_INDICATORS)[number];

export const ANALYTICS_INDICATOR_LABELS: Record<TAnalyticsIndicator, string> = {
  vacancies_open: 'Открытые вакансии',
  vacancies_held: 'Вакансии на паузе',
  vacancies_closed: 'Закрытые вакансии',
  applicants_new: 'Новые кандидаты',
  placed: 'Добавлены на вакансии',
  hired: 'Вышли на работу',
  rejected: 'Отказы компании',
  refused: 'Отказы кандидатов',
  offers_made: 'Сделано офферов',
  offers_accepted: 'Принято офферов',
  time_to_hire_avg_workdays: 'Время найма, среднее (рабочие дни)',
  time_to_hire_median_workdays: 'Время найма, медиана (рабочие дни)',
  time_to_hire_avg_days: 'Время найма, среднее (календарные дни)',
  time_to_hire_median_days: 'Время найма, медиана (календарные дни)',
  time_to_close_avg_workdays: 'Время закрытия вакансии, среднее (рабочие дни)',
  time_to_close_median_workdays: 'Время закрытия вакансии, медиана (рабочие дни)',
  time_to_close_avg_days: 'Время закрытия вакансии, среднее (календарные дни)',
  time_to_close_median_days: 'Время закрытия вакансии, медиана (календарные дни)',
};

/** «Как считается»: one definition per number, the only place it is written. */
export const ANALYTICS_DEFINITIONS: Record<string, string> = {
  vacancies_open:
    'Вакансии в состоянии «Открыта» на конец периода (по журналу смены состояний вакансий).',
  vacancies_held: 'Вакансии в состоянии «На паузе» на конец периода.',
  vacancies_closed: 'Вакансии, закрытые в течение периода (последнее закрытие в периоде).',
  applicants_new:
    'Кандидаты, добавленные в базу в течение периода. Объединённые дубликаты считаются один раз.',
  placed: 'Кандидаты, добавленные на вакансию (первый этап) в течение периода.',
  hired: 'Кандидаты, перешедшие на этап «Выход на работу» в течение периода.',
  rejected: 'Кандидаты, получившие отказ компании в течение периода.',
  refused: 'Кандидаты, сами отказавшиеся в течение периода.',
  offers_made: 'Кандидаты, впервые перешедшие на этап оффера в течение периода.',
  offers_accepted:
    'Кандидаты, вышедшие на работу в течение периода после этапа оффера (оффер принят).',
  time_to_hire:
    'От добавления кандидата на вакансию до перехода на этап «Выход на работу», для наймов периода. Рабочие дни — по производственному календарю компании; календарные — все дни.',
  time_to_close:
    'От создания вакансии до её закрытия, для вакансий, закрытых в периоде. Время на паузе не считается. Рабочие дни — по производственному календарю компании.',
  funnel:
    'Когорта: заявки, добавленные на первый этап в течение периода. «Дошли» — сколько из них когда-либо попали на этап или дальше (пропуск этапа считается прохождением), даже если потом получили отказ. Конверсия — доля от предыдущего этапа и от первого.',
  time_in_stage:
    'Сколько в среднем кандидаты провели на этапе до перехода дальше, в рабочих днях (по производственному календарю) и календарных.',
  sources:
    'По источнику резюме кандидата: сколько кандидатов добавлено на вакансии в периоде, сколько дошли до каждого этапа и сколько вышли на работу; конверсия — доля вышедших от пришедших.',
  reasons:
    'Отказы и самоотказы в течение периода по причинам; доля — от всех отказов того же вида.',
  recruiters:
    'По сотруднику: кандидаты, которых он добавил в базу, перемещения по этапам, которые он сделал, наймы (переход на «Выход на работу» его действием) и вакансии, где он ответственный.',
  deleted_and_merged:
    'Удалённые кандидаты остаются в прошлых цифрах без личных данных; объединённые дубликаты считаются одним кандидатом.',
};

// ---- Answers ---------------------------------------------------------------------------------

/** `company_base_indicators` (division_id): the headline numbers with the previous period's. */
export const ZCompanyBaseIndicators = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    indicators: z.array(
      z.object({ key: z.enum(ANALYTICS_INDICATORS), label: z.string() }).extend(ZMetric.shape),
    ),
  }),
);
export type TCompanyBaseIndicators = z.infer<typeof ZCompanyBaseIndicators>;

/** The activity numbers of a set (the company, a recruiter, a vacancy) in a period. */
export const ZActivityCounts = lazySchema(() =>
  z.object({
    applicants_new: ZMetric,
    placed: ZMetric,
    moved: ZMetric,
    hired: ZMetric,
    rejected: ZMetric,
    refused: ZMetric,
  }),
);
export type TActivityCounts = z.infer<typeof ZActivityCounts>;

/** `company_count_applicants` (division_id), `vacancy_count_applicants` (vacancy_id). */
export const ZCountApplicants = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    counts: ZActivityCounts,
  }),
);
export type TCountApplicants = z.infer<typeof ZCountApplicants>;

/** One bucket of a `*_by_period` call: its first day and the counts inside it. */
export const ZPeriodBucket = lazySchema(() =>
  z.object({
    /** First day of the bucket, YYYY-MM-DD (Monday for weeks, the 1st for months). */
    date: z.string(),
    label: z.string(),
    applicants_new: z.number().int(),
    placed: z.number().int(),
    moved: z.number().int(),
    hired: z.number().int(),
    rejected: z.number().int(),
    refused: z.number().int(),
    drill: z.object({
      applicants_new: ZAnalyticsDrill,
      placed: ZAnalyticsDrill,
      hired: ZAnalyticsDrill,
      rejected: ZAnalyticsDrill,
      refused: ZAnalyticsDrill,
    }),
  }),
);
export type TPeriodBucket = z.infer<typeof ZPeriodBucket>;

/** `company_count_applicants_by_period`, `recruiter_…_by_period`, `vacancy_…_by_period`. */
export const ZCountByPeriod = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    bucket: z.enum(ANALYTICS_BUCKETS),
    buckets: z.array(ZPeriodBucket),
  }),
);
export type TCountByPeriod = z.infer<typeof ZCountByPeriod>;

/** A stage of a funnel (cohort): reached and conversions, time in stage. */
export const ZFunnelStage = lazySchema(() =>
  z.object({
    /** The vacancy's stage (vacancy reports) or the funnel template's stage (status_group_conversion). */
    status_id: z.number().int(),
    name: z.string(),
    color: z.string(),
    order: z.number().int(),
    is_offer: z.boolean(),
    is_hired: z.boolean(),
    reached: z.number().int(),
    /** Percent (0–100, one decimal) of the previous stage's `reached`; null on the first. */
    conversion_from_previous: z.number().nullable(),
    /** Percent of the first stage's `reached`. */
    conversion_from_first: z.number().nullable(),
    avg_workdays_in_stage: z.number().nullable(),
    avg_days_in_stage: z.number().nullable(),
    drill: ZAnalyticsDrill,
  }),
);
export type TFunnelStage = z.infer<typeof ZFunnelStage>;

/** `company_analytics_by_sources` (admin_user_id, division_id). */
export const ZAnalyticsBySources = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    /** The stages counted as «reached» columns: the account's standard stages, in order. */
    stages: z.array(z.object({ key: z.string(), name: z.string() })),
    rows: z.array(
      z.object({
        /** null: applicants without a source. */
        account_source_id: z.number().int().nullable(),
        name: z.string(),
        came: z.number().int(),
        /** Reached per stage, in the order of `stages`. */
        reached: z.array(z.number().int()),
        hired: z.number().int(),
        /** Percent hired of came, one decimal; null when nobody came. */
        conversion: z.number().nullable(),
        drill: z.object({ came: ZAnalyticsDrill, hired: ZAnalyticsDrill }),
      }),
    ),
  }),
);
export type TAnalyticsBySources = z.infer<typeof ZAnalyticsBySources>;

/** `company_analytics_by_vacancies` (division_id, admin_user_id, state). */
export const ZAnalyticsByVacancies = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    rows: z.array(
      z.object({
        vacancy_id: z.number().int(),
        position: z.string(),
        state: z.enum(ANALYTICS_VACANCY_STATES),
        division_name: z.string().nullable(),
        /** Calendar days open (hold excluded) up to the period's end or the closing. */
        days_open: z.number().int(),
        needed: z.number().int(),
        hired: z.number().int(),
        /** The cohort funnel of the vacancy in the period. */
        stages: z.array(ZFunnelStage),
        drill: z.object({ placed: ZAnalyticsDrill, hired: ZAnalyticsDrill }),
      }),
    ),
  }),
);
export type TAnalyticsByVacancies = z.infer<typeof ZAnalyticsByVacancies>;

/** `company_reasons_rejection` (division_id), `vacancy_reasons_rejection` (vacancy_id). */
export const ZReasonsRejection = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    reject_total: z.number().int(),
    refuse_total: z.number().int(),
    rows: z.array(
      z.object({
        /** null: rejected without a reason. */
        reason_id: z.number().int().nullable(),
        name: z.string(),
        kind: z.enum(['reject', 'refuse']),
        count: z.number().int(),
        /** Percent of all rows of the same kind, one decimal. */
        share: z.number(),
        drill: ZAnalyticsDrill,
      }),
    ),
  }),
);
export type TReasonsRejection = z.infer<typeof ZReasonsRejection>;

/** `recruiter_count_applicants` (admin_user_id): a row per recruiter (one row when given). */
export const ZRecruiterCounts = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    rows: z.array(
      z.object({
        admin_user_id: z.number().int(),
        name: z.string(),
        counts: ZActivityCounts,
        vacancies_open: z.number().int(),
      }),
    ),
  }),
);
export type TRecruiterCounts = z.infer<typeof ZRecruiterCounts>;

/** `recruiter_vacancies` (admin_user_id): vacancies a recruiter owns, by state. */
export const ZRecruiterVacancies = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    rows: z.array(
      z.object({
        admin_user_id: z.number().int(),
        name: z.string(),
        open: z.number().int(),
        hold: z.number().int(),
        closed: z.number().int(),
        /** Closed in the period. */
        closed_in_period: z.number().int(),
        hired: z.number().int(),
      }),
    ),
  }),
);
export type TRecruiterVacancies = z.infer<typeof ZRecruiterVacancies>;

/** `recruiter_vacancies_details` (admin_user_id, state): the vacancies themselves. */
export const ZRecruiterVacanciesDetails = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    rows: z.array(
      z.object({
        vacancy_id: z.number().int(),
        position: z.string(),
        state: z.enum(ANALYTICS_VACANCY_STATES),
        owner_ids: z.array(z.number().int()),
        created_at: z.string(),
        closed_at: z.string().nullable(),
        days_open: z.number().int(),
        needed: z.number().int(),
        placed: z.number().int(),
        hired: z.number().int(),
        drill: z.object({ placed: ZAnalyticsDrill, hired: ZAnalyticsDrill }),
      }),
    ),
  }),
);
export type TRecruiterVacanciesDetails = z.infer<typeof ZRecruiterVacanciesDetails>;

/** `vacancy` (vacancy_id): one vacancy's summary and its cohort funnel. */
export const ZVacancyAnalytics = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    vacancy_id: z.number().int(),
    position: z.string(),
    state: z.enum(ANALYTICS_VACANCY_STATES),
    needed: z.number().int(),
    days_open: z.number().int(),
    counts: ZActivityCounts,
    time_to_hire_avg_workdays: z.number().nullable(),
    time_to_hire_avg_days: z.number().nullable(),
    stages: z.array(ZFunnelStage),
  }),
);
export type TVacancyAnalytics = z.infer<typeof ZVacancyAnalytics>;

/** `status_group_conversion` (status_group_id): the funnel of a template across its vacancies. */
export const ZStatusGroupConversion = lazySchema(() =>
  z.object({
    period: ZAnalyticsPeriod,
    status_group_id: z.number().int(),
    name: z.string(),
    vacancies: z.number().int(),
    stages: z.array(ZFunnelStage),
  }),
);
export type TStatusGroupConversion = z.infer<typeof ZStatusGroupConversion>;

/** The 15 calls, their path under /api/analytics/ and the parameters SPEC.md §7 names. */
export const ANALYTICS_CALLS = {
  company_base_indicators: ['division_id'],
  company_count_applicants: ['division_id'],
  company_count_applicants_by_period: ['division_id', 'period'],
  company_analytics_by_sources: ['admin_user_id', 'division_id'],
  company_analytics_by_vacancies: ['division_id', 'admin_user_id', 'state'],
  company_reasons_rejection: ['division_id'],
  recruiter_count_applicants: ['admin_user_id', 'division_id'],
  recruiter_count_applicants_by_period: ['admin_user_id', 'division_id', 'period'],
  recruiter_vacancies: ['admin_user_id', 'division_id'],
  recruiter_vacancies_details: ['admin_user_id', 'state', 'division_id'],
  vacancy: ['vacancy_id'],
  vacancy_count_applicants: ['vacancy_id'],
  vacancy_count_applicants_by_period: ['vacancy_id', 'period'],
  vacancy_reasons_rejection: ['vacancy_id'],
  status_group_conversion: ['status_group_id', 'division_id'],
} as const;
export type TAnalyticsCall = keyof typeof ANALYTICS_CALLS;

/** The answer schema of each call (the screen parses with it, the API serializes with it). */
export const ANALYTICS_ANSWERS = {
  company_base_indicators: ZCompanyBaseIndicators,
  company_count_applicants: ZCountApplicants,
  company_count_applicants_by_period: ZCountByPeriod,
  company_analytics_by_sources: ZAnalyticsBySources,
  company_analytics_by_vacancies: ZAnalyticsByVacancies,
  company_reasons_rejection: ZReasonsRejection,
  recruiter_count_applicants: ZRecruiterCounts,
  recruiter_count_applicants_by_period: ZCountByPeriod,
  recruiter_vacancies: ZRecruiterVacancies,
  recruiter_vacancies_details: ZRecruiterVacanciesDetails,
  vacancy: ZVacancyAnalytics,
  vacancy_count_applicants: ZCountApplicants,
  vacancy_count_applicants_by_period: ZCountByPeriod,
  vacancy_reasons_rejection: ZReasonsRejection,
  status_group_conversion: ZStatusGroupConversion,
} as const satisfies Record<TAnalyticsCall, z.ZodType>;
