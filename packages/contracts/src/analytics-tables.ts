import type { z } from 'zod';
import {
  ANALYTICS_ANSWERS,
  ANALYTICS_INDICATOR_LABELS,
  ZCountByPeriod,
  ZReasonsRejection,
  type TActivityCounts,
  type TAnalyticsCall,
  type TAnalyticsPeriod,
  type TFunnelStage,
  type TMetric,
} from './analytics.ts';

// Each analytics answer as tables (Russian headers, rows of cells), written once: the screen draws
// these tables beside its charts and the export writes the same ones into the .xlsx, so the file
// and the screen never disagree about a column or a number.

export type TAnalyticsAnswer<C extends TAnalyticsCall> = z.infer<(typeof ANALYTICS_ANSWERS)[C]>;

/** The report's title: the screen's heading, the export's sheet and file name. */
export const ANALYTICS_CALL_TITLES: Record<TAnalyticsCall, string> = {
  company_base_indicators: 'Основные показатели',
  company_count_applicants: 'Кандидаты компании',
  company_count_applicants_by_period: 'Кандидаты компании по периодам',
  company_analytics_by_sources: 'Источники резюме',
  company_analytics_by_vacancies: 'Вакансии компании',
  company_reasons_rejection: 'Причины отказов',
  recruiter_count_applicants: 'Работа рекрутеров',
  recruiter_count_applicants_by_period: 'Работа рекрутеров по периодам',
  recruiter_vacancies: 'Вакансии рекрутеров',
  recruiter_vacancies_details: 'Вакансии рекрутеров подробно',
  vacancy: 'Воронка вакансии',
  vacancy_count_applicants: 'Кандидаты вакансии',
  vacancy_count_applicants_by_period: 'Кандидаты вакансии по периодам',
  vacancy_reasons_rejection: 'Причины отказов по вакансии',
  status_group_conversion: 'Конверсия воронки',
};

/** The key of ANALYTICS_DEFINITIONS that says how each report is counted. */
export const ANALYTICS_CALL_DEFINITION: Record<TAnalyticsCall, string> = {
  company_base_indicators: 'deleted_and_merged',
  company_count_applicants: 'deleted_and_merged',
  company_count_applicants_by_period: 'deleted_and_merged',
  company_analytics_by_sources: 'sources',
  company_analytics_by_vacancies: 'funnel',
  company_reasons_rejection: 'reasons',
  recruiter_count_applicants: 'recruiters',
  recruiter_count_applicants_by_period: 'recruiters',
  recruiter_vacancies: 'recruiters',
  recruiter_vacancies_details: 'time_to_close',
  vacancy: 'funnel',
  vacancy_count_applicants: 'deleted_and_merged',
  vacancy_count_applicants_by_period: 'deleted_and_merged',
  vacancy_reasons_rejection: 'reasons',
  status_group_conversion: 'funnel',
};

export type AnalyticsColumnKind = 'text' | 'count' | 'number' | 'percent' | 'change';

export type AnalyticsColumn = {
  header: string;
  kind: AnalyticsColumnKind;
  /** The key of ANALYTICS_DEFINITIONS for the column's numbers, when they have one of their own. */
  definition?: string;
};

/** A cell: its value, and for a count of applicants the drill that lists them. */
export type AnalyticsCell = { value: string | number | null; drill?: string | null };

export type AnalyticsTable = {
  /** The table's caption (its accessible name) and the export's sheet name. */
  caption: string;
  columns: AnalyticsColumn[];
  rows: AnalyticsCell[][];
  /** Per row, the key of ANALYTICS_DEFINITIONS for that row's number («Как считается»). */
  rowDefinitions?: (string | null)[];
};

export const ACTIVITY_KEYS = [
  'applicants_new',
  'placed',
  'moved',
  'hired',
  'rejected',
  'refused',
] as const satisfies readonly (keyof TActivityCounts)[];

export const ACTIVITY_LABELS: Record<(typeof ACTIVITY_KEYS)[number], string> = {
  applicants_new: ANALYTICS_INDICATOR_LABELS.applicants_new,
  placed: ANALYTICS_INDICATOR_LABELS.placed,
  moved: 'Перемещения по этапам',
  hired: ANALYTICS_INDICATOR_LABELS.hired,
  rejected: ANALYTICS_INDICATOR_LABELS.rejected,
  refused: ANALYTICS_INDICATOR_LABELS.refused,
};

const ACTIVITY_DEFINITIONS: Record<(typeof ACTIVITY_KEYS)[number], string | null> = {
  applicants_new: 'applicants_new',
  placed: 'placed',
  moved: 'recruiters',
  hired: 'hired',
  rejected: 'rejected',
  refused: 'refused',
};

export const VACANCY_STATE_LABELS: Record<'open' | 'hold' | 'closed', string> = {
  open: 'Открыта',
  hold: 'На паузе',
  closed: 'Закрыта',
};

export const REJECT_KIND_LABELS: Record<'reject' | 'refuse', string> = {
  reject: 'Отказ компании',
  refuse: 'Отказ кандидата',
};

/** The change against the previous period (null when either side is missing). */
export function metricChange(metric: Pick<TMetric, 'value' | 'previous'>): number | null {
  if (metric.value === null || metric.previous === null) return null;
  return Math.round((metric.value - metric.previous) * 10) / 10;
}

const METRIC_COLUMNS: AnalyticsColumn[] = [
  { header: 'Показатель', kind: 'text' },
  { header: 'Значение', kind: 'number' },
  { header: 'Прошлый период', kind: 'number' },
  { header: 'Изменение', kind: 'change' },
];

const metricRow = (label: string, metric: TMetric): AnalyticsCell[] => [
  { value: label },
  { value: metric.value, drill: metric.drill },
  { value: metric.previous },
  { value: metricChange(metric) },
];

function activityTable(caption: string, counts: TActivityCounts): AnalyticsTable {
  return {
    caption,
    columns: METRIC_COLUMNS,
    rows: ACTIVITY_KEYS.map((key) => metricRow(ACTIVITY_LABELS[key], counts[key])),
    rowDefinitions: ACTIVITY_KEYS.map((key) => ACTIVITY_DEFINITIONS[key]),
  };
}

function byPeriodTable(caption: string, answer: z.infer<typeof ZCountByPeriod>): AnalyticsTable {
  return {
    caption,
    columns: [
      { header: 'Период', kind: 'text' },
      ...ACTIVITY_KEYS.map((key): AnalyticsColumn => ({
        header: ACTIVITY_LABELS[key],
        kind: 'count',
        definition: ACTIVITY_DEFINITIONS[key] ?? undefined,
      })),
    ],
    rows: answer.buckets.map((bucket) => [
      { value: bucket.label },
      ...ACTIVITY_KEYS.map((key): AnalyticsCell => ({
        value: bucket[key],
        drill: key === 'moved' ? null : bucket.drill[key],
      })),
    ]),
  };
}

function funnelTable(caption: string, stages: TFunnelStage[]): AnalyticsTable {
  return {
    caption,
    columns: [
      { header: 'Этап', kind: 'text' },
      { header: 'Дошли', kind: 'count', definition: 'funnel' },
      { header: 'Конверсия из предыдущего, %', kind: 'percent', definition: 'funnel' },
      { header: 'Конверсия из первого, %', kind: 'percent', definition: 'funnel' },
      {
        header: 'Среднее время на этапе, рабочие дни',
        kind: 'number',
        definition: 'time_in_stage',
      },
      {
        header: 'Среднее время на этапе, календарные дни',
        kind: 'number',
        definition: 'time_in_stage',
      },
    ],
    rows: stages.map((stage) => [
      { value: stage.name },
      { value: stage.reached, drill: stage.drill },
      { value: stage.conversion_from_previous },
      { value: stage.conversion_from_first },
      { value: stage.avg_workdays_in_stage },
      { value: stage.avg_days_in_stage },
    ]),
  };
}

function reasonsTable(caption: string, answer: z.infer<typeof ZReasonsRejection>): AnalyticsTable {
  return {
    caption,
    columns: [
      { header: 'Причина', kind: 'text' },
      { header: 'Вид', kind: 'text' },
      { header: 'Количество', kind: 'count', definition: 'reasons' },
      { header: 'Доля, %', kind: 'percent', definition: 'reasons' },
    ],
    rows: answer.rows.map((row) => [
      { value: row.name },
      { value: REJECT_KIND_LABELS[row.kind] },
      { value: row.count, drill: row.drill },
      { value: row.share },
    ]),
  };
}

const funnelText = (stages: TFunnelStage[]) =>
  stages.map((stage) => `${stage.name}: ${stage.reached}`).join(' → ');

type Tabler = { [C in TAnalyticsCall]: (answer: TAnalyticsAnswer<C>) => AnalyticsTable[] };

const TABLES: Tabler = {
  company_base_indicators: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.company_base_indicators,
      columns: METRIC_COLUMNS,
      rows: answer.indicators.map((indicator) => metricRow(indicator.label, indicator)),
      rowDefinitions: answer.indicators.map((indicator) => definitionOfIndicator(indicator.key)),
    },
  ],
  company_count_applicants: (answer) => [
    activityTable(ANALYTICS_CALL_TITLES.company_count_applicants, answer.counts),
  ],
  company_count_applicants_by_period: (answer) => [
    byPeriodTable(ANALYTICS_CALL_TITLES.company_count_applicants_by_period, answer),
  ],
  company_analytics_by_sources: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.company_analytics_by_sources,
      columns: [
        { header: 'Источник', kind: 'text' },
        { header: 'Пришли', kind: 'count', definition: 'sources' },
        ...answer.stages.map((stage): AnalyticsColumn => ({
          header: stage.name,
          kind: 'count',
          definition: 'funnel',
        })),
        { header: 'Вышли на работу', kind: 'count', definition: 'hired' },
        { header: 'Конверсия, %', kind: 'percent', definition: 'sources' },
      ],
      rows: answer.rows.map((row) => [
        { value: row.name },
        { value: row.came, drill: row.drill.came },
        ...answer.stages.map((_, index): AnalyticsCell => ({ value: row.reached[index] ?? 0 })),
        { value: row.hired, drill: row.drill.hired },
        { value: row.conversion },
      ]),
    },
  ],
  company_analytics_by_vacancies: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.company_analytics_by_vacancies,
      columns: [
        { header: 'Вакансия', kind: 'text' },
        { header: 'Состояние', kind: 'text' },
        { header: 'Подразделение', kind: 'text' },
        { header: 'Дней открыта', kind: 'count', definition: 'time_to_close' },
        { header: 'Добавлены на вакансию', kind: 'count', definition: 'placed' },
        { header: 'Нужно', kind: 'count' },
        { header: 'Вышли на работу', kind: 'count', definition: 'hired' },
        { header: 'Воронка', kind: 'text', definition: 'funnel' },
      ],
      rows: answer.rows.map((row) => [
        { value: row.position },
        { value: VACANCY_STATE_LABELS[row.state] },
        { value: row.division_name },
        { value: row.days_open },
        { value: row.stages[0]?.reached ?? 0, drill: row.drill.placed },
        { value: row.needed },
        { value: row.hired, drill: row.drill.hired },
        { value: funnelText(row.stages) },
      ]),
    },
  ],
  company_reasons_rejection: (answer) => [
    reasonsTable(ANALYTICS_CALL_TITLES.company_reasons_rejection, answer),
  ],
  recruiter_count_applicants: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.recruiter_count_applicants,
      columns: [
        { header: 'Сотрудник', kind: 'text' },
        ...ACTIVITY_KEYS.map((key): AnalyticsColumn => ({
          header: ACTIVITY_LABELS[key],
          kind: 'count',
          definition: 'recruiters',
        })),
        { header: 'Открытые вакансии', kind: 'count', definition: 'vacancies_open' },
      ],
      rows: answer.rows.map((row) => [
        { value: row.name },
        ...ACTIVITY_KEYS.map((key): AnalyticsCell => ({
          value: row.counts[key].value,
          drill: row.counts[key].drill,
        })),
        { value: row.vacancies_open },
      ]),
    },
  ],
  recruiter_count_applicants_by_period: (answer) => [
    byPeriodTable(ANALYTICS_CALL_TITLES.recruiter_count_applicants_by_period, answer),
  ],
  recruiter_vacancies: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.recruiter_vacancies,
      columns: [
        { header: 'Сотрудник', kind: 'text' },
        { header: 'Открыты', kind: 'count', definition: 'vacancies_open' },
        { header: 'На паузе', kind: 'count', definition: 'vacancies_held' },
        { header: 'Закрыты', kind: 'count' },
        { header: 'Закрыты в периоде', kind: 'count', definition: 'vacancies_closed' },
        { header: 'Вышли на работу', kind: 'count', definition: 'hired' },
      ],
      rows: answer.rows.map((row) => [
        { value: row.name },
        { value: row.open },
        { value: row.hold },
        { value: row.closed },
        { value: row.closed_in_period },
        { value: row.hired },
      ]),
    },
  ],
  recruiter_vacancies_details: (answer) => [
    {
      caption: ANALYTICS_CALL_TITLES.recruiter_vacancies_details,
      columns: [
        { header: 'Вакансия', kind: 'text' },
        { header: 'Состояние', kind: 'text' },
        { header: 'Создана', kind: 'text' },
        { header: 'Закрыта', kind: 'text' },
        { header: 'Дней открыта', kind: 'count', definition: 'time_to_close' },
        { header: 'Нужно', kind: 'count' },
        { header: 'Добавлены на вакансию', kind: 'count', definition: 'placed' },
        { header: 'Вышли на работу', kind: 'count', definition: 'hired' },
      ],
      rows: answer.rows.map((row) => [
        { value: row.position },
        { value: VACANCY_STATE_LABELS[row.state] },
        { value: dayOf(row.created_at) },
        { value: row.closed_at ? dayOf(row.closed_at) : null },
        { value: row.days_open },
        { value: row.needed },
        { value: row.placed, drill: row.drill.placed },
        { value: row.hired, drill: row.drill.hired },
      ]),
    },
  ],
  vacancy: (answer) => [
    {
      caption: `Показатели вакансии «${answer.position}»`,
      columns: METRIC_COLUMNS,
      rows: [
        ...ACTIVITY_KEYS.map((key) => metricRow(ACTIVITY_LABELS[key], answer.counts[key])),
        [
          { value: ANALYTICS_INDICATOR_LABELS.time_to_hire_avg_workdays },
          { value: answer.time_to_hire_avg_workdays },
          { value: null },
          { value: null },
        ],
        [
          { value: ANALYTICS_INDICATOR_LABELS.time_to_hire_avg_days },
          { value: answer.time_to_hire_avg_days },
          { value: null },
          { value: null },
        ],
        [{ value: 'Дней открыта' }, { value: answer.days_open }, { value: null }, { value: null }],
        [{ value: 'Нужно нанять' }, { value: answer.needed }, { value: null }, { value: null }],
      ],
      rowDefinitions: [
        ...ACTIVITY_KEYS.map((key) => ACTIVITY_DEFINITIONS[key]),
        'time_to_hire',
        'time_to_hire',
        'time_to_close',
        null,
      ],
    },
    funnelTable(`Воронка вакансии «${answer.position}»`, answer.stages),
  ],
  vacancy_count_applicants: (answer) => [
    activityTable(ANALYTICS_CALL_TITLES.vacancy_count_applicants, answer.counts),
  ],
  vacancy_count_applicants_by_period: (answer) => [
    byPeriodTable(ANALYTICS_CALL_TITLES.vacancy_count_applicants_by_period, answer),
  ],
  vacancy_reasons_rejection: (answer) => [
    reasonsTable(ANALYTICS_CALL_TITLES.vacancy_reasons_rejection, answer),
  ],
  status_group_conversion: (answer) => [
    funnelTable(`Воронка «${answer.name}» (вакансий: ${answer.vacancies})`, answer.stages),
  ],
};

function definitionOfIndicator(key: string): string {
  if (key.startsWith('time_to_hire')) return 'time_to_hire';
  if (key.startsWith('time_to_close')) return 'time_to_close';
  return key;
}

/** «2026-01-10T09:00:00Z» → «10.01.2026» (a date alone as it is). */
function dayOf(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return year && month && day ? `${day}.${month}.${year}` : value;
}

/** The tables of one call's answer, in the order the screen shows them. */
export function analyticsTables<C extends TAnalyticsCall>(
  call: C,
  answer: TAnalyticsAnswer<C>,
): AnalyticsTable[] {
  return (TABLES[call] as (answer: TAnalyticsAnswer<C>) => AnalyticsTable[])(answer);
}

/** «01.01.2026–31.01.2026»: the period as the screen and the file name say it. */
export function periodText(period: Pick<TAnalyticsPeriod, 'date_from' | 'date_to'>): string {
  return `${dayOf(period.date_from)}–${dayOf(period.date_to)}`;
}

/** The export's file name: the report and its period. */
export function analyticsFileName(call: TAnalyticsCall, period: TAnalyticsPeriod): string {
  return `${ANALYTICS_CALL_TITLES[call]} ${dayOf(period.date_from)}-${dayOf(period.date_to)}.xlsx`;
}
