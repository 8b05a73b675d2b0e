// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TVacancyStatistics } from '@ats/contracts/vacancies';
import { barWidth, FunnelChart } from './funnel-chart';
import { VacancyStatisticsView } from './vacancy-statistics';

type Stage = TVacancyStatistics['stages'][number];
const stage = (id: number, name: string, reached: number, extra: Partial<Stage> = {}): Stage => ({
  status_id: id,
  name,
  color: '#3B82F6',
  order: id,
  status_type: 'user',
  is_offer: false,
  is_reject: false,
  reject_kind: null,
  count: 0,
  reached,
  conversion_from_previous: null,
  conversion_from_first: null,
  avg_days: null,
  ...extra,
});

const statistics: TVacancyStatistics = {
  vacancy_id: 1,
  count_applicants: 12,
  hired: 1,
  stages: [
    stage(1, 'Новый', 10, { count: 4, conversion_from_first: 100, avg_days: 1.5 }),
    stage(2, 'Интервью с HR', 5, {
      count: 3,
      conversion_from_previous: 50,
      conversion_from_first: 50,
      avg_days: 4,
    }),
    stage(3, 'Оффер', 2, { count: 1, conversion_from_previous: 40, conversion_from_first: 20 }),
    stage(4, 'Отказ компании', 3, { count: 3, is_reject: true, reject_kind: 'reject' }),
  ],
  rejections: [
    { reason_id: 7, reason_name: 'Не подходит по опыту', kind: 'reject', count: 2 },
    { reason_id: 8, reason_name: 'Принял другое предложение', kind: 'refuse', count: 1 },
  ],
};

describe('the funnel chart', () => {
  it('draws each step as wide as its share of the widest, rejections left out', () => {
    render(<FunnelChart stages={statistics.stages} />);
    const bars = screen.getAllByTestId('funnel-bar');
    expect(bars.map((bar) => bar.style.width)).toEqual(['100%', '50%', '20%']);
    expect(bars.map((bar) => bar.textContent)).toEqual(['10', '5', '2']);
    // The rejection stage is not a step of the funnel.
    expect(screen.queryByText('Отказ компании')).toBeNull();
  });

  it('gives screen readers the same numbers as a table, which anyone can open', () => {
    render(<FunnelChart stages={statistics.stages} />);
    const table = screen.getByRole('table', { name: 'Воронка найма по этапам' });
    const interview = within(table).getByRole('row', { name: /Интервью с HR/ });
    expect(
      within(interview)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '3', '50 %', '50 %', '4 дн.']);

    fireEvent.click(screen.getByRole('button', { name: 'Показать таблицей' }));
    expect(screen.queryAllByTestId('funnel-bar')).toHaveLength(0);
    expect(screen.getByRole('table').className).not.toContain('sr-only');
    expect(screen.getByRole('button', { name: 'Показать диаграммой' })).toBeTruthy();
  });

  it('keeps a reached stage visible and an empty one empty', () => {
    expect(barWidth(1, 1000)).toBe(2);
    expect(barWidth(0, 10)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
    expect(barWidth(1, 3)).toBe(33.3);
  });
});

describe('the statistics block', () => {
  it('shows totals, average days per stage and rejections by reason', () => {
    render(<VacancyStatisticsView statistics={statistics} />);
    expect(screen.getByText('Кандидатов на вакансии').nextSibling?.textContent).toBe('12');
    expect(screen.getByText('Отказов').nextSibling?.textContent).toBe('3');
    const days = screen.getByRole('region', { name: 'Среднее время на этапах' });
    expect(within(days).getByText('1,5 дн.')).toBeTruthy();
    const reasons = screen.getByRole('region', { name: 'Отказы по причинам' });
    expect(within(reasons).getByText('Не подходит по опыту')).toBeTruthy();
    expect(within(reasons).getByText(/Отказ кандидата/)).toBeTruthy();
  });

  it('says there is no funnel yet while nobody applied', () => {
    render(
      <VacancyStatisticsView statistics={{ ...statistics, count_applicants: 0, rejections: [] }} />,
    );
    expect(screen.getByText(/На вакансии пока нет кандидатов/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Отказов нет.')).toBeTruthy();
  });
});
