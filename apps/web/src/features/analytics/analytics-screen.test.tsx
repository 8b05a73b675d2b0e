// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import {
  activityCountsOf,
  analyticsPeriodOf,
  baseIndicatorsOf,
  byPeriodOf,
  funnelStageOf,
  reasonsOf,
  vacancyAnalyticsOf,
} from '../../shared/testing/analytics-test-data';
import {
  memberOf,
  renderWithApp,
  stubApi,
  vacancyOf,
  type Routes,
} from '../../shared/testing/vacancy-test-data';
import { AnalyticsScreen } from './analytics-screen';

// The first render loads recharts and a dozen reports: on a busy machine it takes over a second.
configure({ asyncUtilTimeout: 5000 });

const me = memberOf({
  time_zone: 'Europe/Moscow',
  account_setting: {
    company_name: 'Ромашка',
    inn: null,
    time_zone: 'Europe/Moscow',
    currency: 'RUB',
  },
} as Partial<TMe>);

const COMPANY: Routes = {
  '/api/analytics/company_base_indicators': { message: baseIndicatorsOf() },
  '/api/analytics/company_count_applicants': {
    message: { period: analyticsPeriodOf(), counts: activityCountsOf(2) },
  },
  '/api/analytics/company_count_applicants_by_period': { message: byPeriodOf() },
  '/api/analytics/company_analytics_by_sources': {
    message: { period: analyticsPeriodOf(), stages: [], rows: [] },
  },
  '/api/analytics/company_reasons_rejection': {
    message: reasonsOf([
      {
        reason_id: 3,
        name: 'Нет опыта',
        kind: 'reject',
        count: 3,
        share: 75,
        drill: 'reason|3',
      },
      { reason_id: null, name: 'Без причины', kind: 'reject', count: 1, share: 25, drill: null },
    ]),
  },
  '/api/analytics/company_analytics_by_vacancies': {
    message: { period: analyticsPeriodOf(), rows: [] },
  },
  '/api/account_divisions': { message: [] },
  '/api/users': { message: [] },
};

function renderScreen(routes: Routes = {}, path = '/analytics') {
  const spy = stubApi({ ...COMPANY, ...routes });
  renderWithApp(<AnalyticsScreen />, me, path);
  return spy;
}

/** The query strings sent to one analytics call. */
const callsTo = (spy: ReturnType<typeof stubApi>, call: string) =>
  spy.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === `/api/analytics/${call}`)
    .map((url) => new URL(url, 'http://localhost').searchParams);

beforeEach(() => {
  // Only the clock: the query client's timers stay real. 31 January, 02:00 in Moscow.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-30T23:00:00Z'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the analytics screen', () => {
  it('shows each headline number with the previous period, the change and the applicants behind it', async () => {
    const spy = renderScreen();
    const hired = await screen.findByRole('group', { name: 'Вышли на работу' });
    expect(within(hired).getByRole('link', { name: '5' }).getAttribute('href')).toBe(
      `/applicants/list?drill=${encodeURIComponent('hired|2026-01-02|2026-01-31')}&drill_label=${encodeURIComponent('Вышли на работу')}`.replaceAll(
        '%20',
        '+',
      ),
    );
    expect(within(hired).getByText('Прошлый период: 3')).toBeTruthy();
    expect(within(hired).getByText('+2')).toBeTruthy();
    expect(within(hired).getByText('Как считается')).toBeTruthy();
    expect(
      within(hired).getByText('Кандидаты, перешедшие на этап «Выход на работу» в течение периода.'),
    ).toBeTruthy();
    const rejected = screen.getByRole('group', { name: 'Отказы компании' });
    expect(within(rejected).getByText('−2')).toBeTruthy();

    // The month preset: the 30 days up to today in the account's zone (31 January in Moscow).
    const sent = callsTo(spy, 'company_base_indicators')[0]!;
    expect(sent.get('date_from')).toBe('2026-01-02');
    expect(sent.get('date_to')).toBe('2026-01-31');
    expect(screen.getByRole('button', { name: 'Месяц' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('draws each report as a captioned table whose counts open the applicants', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Причины отказов' });
    const row = within(table).getByRole('row', { name: /Нет опыта/ });
    // The list's chip says which count it was: the row and the column.
    expect(within(row).getByRole('link', { name: '3' }).getAttribute('href')).toBe(
      `/applicants/list?drill=reason%7C3&drill_label=${encodeURIComponent('Нет опыта, Количество')}`.replaceAll(
        '%20',
        '+',
      ),
    );
    expect(within(row).getByText('75')).toBeTruthy();
    // A count without a drill is just a number.
    const bare = within(table).getByRole('row', { name: /Без причины/ });
    expect(within(bare).queryByRole('link')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Кандидаты компании по периодам' }),
    ).toBeTruthy();
    const counts = screen.getByRole('table', { name: 'Кандидаты компании' });
    expect(within(counts).getByRole('columnheader', { name: 'Прошлый период' })).toBeTruthy();
  });

  it('draws a chart beside the table where the browser can measure it', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderScreen();
    expect(await screen.findByRole('img', { name: 'График: Причины отказов' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Причины отказов' })).toBeTruthy();
  });

  it('offers each report as .xlsx with the same period and filters', async () => {
    renderScreen({}, '/analytics?division_id=4');
    const link = await screen.findByRole('link', { name: 'Скачать в Excel: Причины отказов' });
    expect(link.getAttribute('href')).toBe(
      '/api/analytics/company_reasons_rejection/export?date_from=2026-01-02&date_to=2026-01-31&division_id=4',
    );
  });

  it('asks again for the chosen preset, and for a period of its own', async () => {
    const spy = renderScreen();
    await screen.findByRole('group', { name: 'Вышли на работу' });
    fireEvent.click(screen.getByRole('button', { name: 'Неделя' }));
    await waitFor(() =>
      expect(
        callsTo(spy, 'company_base_indicators').some(
          (query) =>
            query.get('date_from') === '2026-01-25' && query.get('date_to') === '2026-01-31',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Свой период' }));
    const from = await screen.findByLabelText('Начало периода');
    // The days of the preset shown before are where «свой период» starts.
    expect((from as HTMLInputElement).value).toBe('2026-01-25');
    fireEvent.change(from, { target: { value: '2025-11-01' } });
    await waitFor(() =>
      expect(
        callsTo(spy, 'company_reasons_rejection').some(
          (query) =>
            query.get('date_from') === '2025-11-01' && query.get('date_to') === '2026-01-31',
        ),
      ).toBe(true),
    );
  });

  it('shows the server’s Russian refusal in the report and keeps the others', async () => {
    renderScreen({
      '/api/analytics/company_reasons_rejection': {
        code: 400,
        message: 'Период не может быть длиннее 5 лет',
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Период не может быть длиннее 5 лет');
    expect(await screen.findByRole('group', { name: 'Вышли на работу' })).toBeTruthy();
  });

  it('asks a vacancy’s reports only once a vacancy is chosen, and shows its funnel', async () => {
    const spy = renderScreen({
      '/api/vacancies_with_filters': {
        message: {
          vacancies: [vacancyOf({ id: 7, position: 'Бухгалтер' })],
          vacancy_count: 1,
          page: 1,
          per_page: 100,
          state_counts: { open: 1, hold: 0, closed: 0 },
        },
      },
      '/api/analytics/vacancy': {
        message: vacancyAnalyticsOf({
          stages: [
            funnelStageOf(11, 'Новый', 10, { drill: 'stage|11' }),
            funnelStageOf(12, 'Интервью', 4, {
              conversion_from_previous: 40,
              conversion_from_first: 40,
            }),
          ],
        }),
      },
      '/api/analytics/vacancy_count_applicants': {
        message: { period: analyticsPeriodOf(), counts: activityCountsOf() },
      },
      '/api/analytics/vacancy_count_applicants_by_period': { message: byPeriodOf() },
      '/api/analytics/vacancy_reasons_rejection': { message: reasonsOf() },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Вакансии' }));
    expect(await screen.findByText('Выберите вакансию', { selector: 'h2' })).toBeTruthy();
    expect(callsTo(spy, 'vacancy')).toHaveLength(0);

    const select = screen.getByRole('combobox', { name: 'Вакансия' });
    await within(select).findByRole('option', { name: 'Бухгалтер' });
    fireEvent.change(select, { target: { value: '7' } });
    const funnel = await screen.findByRole('table', { name: 'Воронка вакансии «Бухгалтер»' });
    const interview = within(funnel).getByRole('row', { name: /Интервью/ });
    expect(within(interview).getAllByText('40')).toHaveLength(2);
    expect(callsTo(spy, 'vacancy')[0]!.get('vacancy_id')).toBe('7');
    // The vacancy's reports take no division.
    expect(callsTo(spy, 'vacancy')[0]!.has('division_id')).toBe(false);
    expect(screen.getByRole('tab', { name: 'Вакансии' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('moves between the tabs with the arrow keys', async () => {
    renderScreen({
      '/api/analytics/recruiter_count_applicants': {
        message: { period: analyticsPeriodOf(), rows: [] },
      },
      '/api/analytics/recruiter_count_applicants_by_period': { message: byPeriodOf() },
      '/api/analytics/recruiter_vacancies': { message: { period: analyticsPeriodOf(), rows: [] } },
      '/api/analytics/recruiter_vacancies_details': {
        message: { period: analyticsPeriodOf(), rows: [] },
      },
    });
    const company = await screen.findByRole('tab', { name: 'Компания' });
    fireEvent.keyDown(company, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Рекрутеры' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Работа рекрутеров' }),
    ).toBeTruthy();
    expect((await screen.findAllByText('Нет данных за этот период')).length).toBeGreaterThan(0);
  });
});
