import { describe, expect, it } from 'vitest';
import type { TFunnelStage, TMetric } from './analytics.ts';
import { analyticsFileName, analyticsTables } from './analytics-tables.ts';

const period = {
  date_from: '2026-01-01',
  date_to: '2026-01-31',
  previous_from: '2025-12-01',
  previous_to: '2025-12-31',
  time_zone: 'Europe/Moscow',
};
const metric = (value: number | null, previous: number | null, drill: string | null = null) =>
  ({ value, previous, drill }) satisfies TMetric;
const stage = (name: string, reached: number, extra: Partial<TFunnelStage> = {}): TFunnelStage => ({
  status_id: 1,
  name,
  color: '#000000',
  order: 0,
  is_offer: false,
  is_hired: false,
  reached,
  conversion_from_previous: null,
  conversion_from_first: null,
  avg_workdays_in_stage: null,
  avg_days_in_stage: null,
  drill: null,
  ...extra,
});

describe('analytics tables', () => {
  it('puts the previous period and the change beside each headline number, with its drill', () => {
    const [table] = analyticsTables('company_base_indicators', {
      period,
      indicators: [
        { key: 'hired', label: 'Вышли на работу', ...metric(5, 3, 'hired|x') },
        { key: 'time_to_hire_avg_workdays', label: 'Время найма', ...metric(7.5, 9, null) },
        { key: 'vacancies_open', label: 'Открытые вакансии', ...metric(2, null) },
      ],
    });
    expect(table!.caption).toBe('Основные показатели');
    expect(table!.columns.map((column) => column.header)).toEqual([
      'Показатель',
      'Значение',
      'Прошлый период',
      'Изменение',
    ]);
    expect(table!.rows).toEqual([
      [{ value: 'Вышли на работу' }, { value: 5, drill: 'hired|x' }, { value: 3 }, { value: 2 }],
      [{ value: 'Время найма' }, { value: 7.5, drill: null }, { value: 9 }, { value: -1.5 }],
      [{ value: 'Открытые вакансии' }, { value: 2, drill: null }, { value: null }, { value: null }],
    ]);
    expect(table!.rowDefinitions).toEqual(['hired', 'time_to_hire', 'vacancies_open']);
  });

  it('lays the sources out with one column per stage reached, in the order of the stages', () => {
    const [table] = analyticsTables('company_analytics_by_sources', {
      period,
      stages: [
        { key: 'interview', name: 'Интервью' },
        { key: 'offer', name: 'Оффер' },
      ],
      rows: [
        {
          account_source_id: 3,
          name: 'hh.ru',
          came: 10,
          reached: [6, 2],
          hired: 1,
          conversion: 10,
          drill: { came: 'came|3', hired: 'hired|3' },
        },
      ],
    });
    expect(table!.columns.map((column) => column.header)).toEqual([
      'Источник',
      'Пришли',
      'Интервью',
      'Оффер',
      'Вышли на работу',
      'Конверсия, %',
    ]);
    expect(table!.rows[0]!.map((cell) => cell.value)).toEqual(['hh.ru', 10, 6, 2, 1, 10]);
    expect(table!.rows[0]![1]!.drill).toBe('came|3');
    expect(table!.rows[0]![4]!.drill).toBe('hired|3');
  });

  it('gives a vacancy its numbers and its funnel as two tables', () => {
    const counts = {
      applicants_new: metric(4, 1),
      placed: metric(6, 2, 'placed|v'),
      moved: metric(9, 3),
      hired: metric(1, 0),
      rejected: metric(2, 2),
      refused: metric(0, 1),
    };
    const tables = analyticsTables('vacancy', {
      period,
      vacancy_id: 7,
      position: 'Бухгалтер',
      state: 'open',
      needed: 2,
      days_open: 30,
      counts,
      time_to_hire_avg_workdays: 12,
      time_to_hire_avg_days: 16,
      stages: [
        stage('Новый', 6, { drill: 'reached|1' }),
        stage('Оффер', 2, { conversion_from_previous: 33.3, conversion_from_first: 33.3 }),
      ],
    });
    expect(tables.map((table) => table.caption)).toEqual([
      'Показатели вакансии «Бухгалтер»',
      'Воронка вакансии «Бухгалтер»',
    ]);
    expect(tables[0]!.rows[1]!.map((cell) => cell.value)).toEqual([
      'Добавлены на вакансии',
      6,
      2,
      4,
    ]);
    expect(tables[1]!.rows.map((row) => row.slice(0, 4).map((cell) => cell.value))).toEqual([
      ['Новый', 6, null, null],
      ['Оффер', 2, 33.3, 33.3],
    ]);
    expect(tables[1]!.rows[0]![1]!.drill).toBe('reached|1');
  });

  it('names the export by the report and its period', () => {
    expect(analyticsFileName('company_reasons_rejection', period)).toBe(
      'Причины отказов 01.01.2026-31.01.2026.xlsx',
    );
  });
});
