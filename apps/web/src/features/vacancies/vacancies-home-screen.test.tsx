// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { THome } from '@ats/contracts/home';
import { VacanciesHomeScreen } from './vacancies-home-screen';
import {
  memberOf,
  renderWithApp,
  stubApi,
  vacancyOf,
  type Routes,
} from '../../shared/testing/vacancy-test-data';

const home: THome = {
  vacancies: [
    {
      id: 1,
      position: 'Frontend-разработчик',
      state: 'open',
      priority: 0,
      role: 'owner',
      account_division: null,
      date_will_close: null,
      count_applicants: 5,
      stages: [
        { status_id: 11, name: 'Новый', color: '#3B82F6', order: 0, is_reject: false, count: 3 },
        {
          status_id: 12,
          name: 'Интервью с HR',
          color: '#8B5CF6',
          order: 1,
          is_reject: false,
          count: 2,
        },
      ],
    },
  ],
  overdue: [
    {
      application_id: 70,
      applicant_id: 9,
      applicant_name: 'Иванова Мария',
      vacancy_id: 1,
      vacancy_position: 'Frontend-разработчик',
      status_id: 11,
      status_name: 'Новый',
      stay_duration: 3,
      days_in_status: 8,
      entered_status_at: '2026-01-01T09:00:00Z',
    },
  ],
  events: [],
};

const page = (
  vacancies: ReturnType<typeof vacancyOf>[],
  counts = { open: 1, hold: 2, closed: 0 },
) => ({
  vacancies,
  vacancy_count: vacancies.length,
  page: 1,
  per_page: 30,
  state_counts: counts,
});

function renderHome(routes: Routes, me = memberOf()) {
  const spy = stubApi({ '/api/home': { message: home }, ...routes });
  renderWithApp(<VacanciesHomeScreen />, me);
  return spy;
}

const listCalls = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/vacancies_with_filters'));

afterEach(() => vi.restoreAllMocks());

describe('the home page', () => {
  it('shows my vacancies by stage and who has waited too long, linked to the board', async () => {
    renderHome({
      '/api/vacancies_with_filters': { message: page([vacancyOf({ count_applicants: 5 })]) },
    });
    const mine = await screen.findByRole('region', { name: 'Мои вакансии' });
    expect(
      within(mine).getByRole('img', { name: 'Frontend-разработчик: Новый — 3, Интервью с HR — 2' }),
    ).toBeTruthy();
    const waiting = screen.getByRole('region', { name: 'Кандидаты ждут' });
    expect(within(waiting).getByRole('link', { name: 'Иванова Мария' }).getAttribute('href')).toBe(
      '/vacancy/1/candidates',
    );
    expect(within(waiting).getByText('8 дней на этапе при норме 3 дня')).toBeTruthy();
    // The list card borrows the stage counts the home page knows.
    const card = await screen.findByRole('listitem', { name: 'Frontend-разработчик' });
    expect(within(card).getByRole('img', { name: /По этапам: Новый — 3/ })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '5 кандидатов' })).toBeTruthy();
  });

  it('lists my meetings of today and tomorrow by day, linked to the calendar and the applicant', async () => {
    const now = new Date();
    const iso = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const tomorrow = new Date(now);
    tomorrow.setDate(now.getDate() + 1);
    const meeting = (id: number, date: string, begin: string, title: string) => ({
      id,
      title,
      data_mitting: `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`,
      date,
      time_begin: begin,
      time_end: '18:00',
      starts_at: `${date}T10:00:00.000Z`,
      ends_at: `${date}T15:00:00.000Z`,
      service: 'meet',
      link: 'https://meet.example.com/abc',
      place: null,
      applicant: id === 1 ? { id: 42, name: 'Иванова Мария' } : null,
      vacancy: id === 1 ? { id: 1, position: 'Frontend-разработчик' } : null,
    });
    stubApi({
      '/api/home': {
        message: {
          ...home,
          events: [
            meeting(1, iso(now), '10:00', 'Собеседование: Иванова Мария'),
            meeting(2, iso(tomorrow), '12:30', 'Планёрка'),
          ],
        },
      },
      '/api/vacancies_with_filters': { message: page([]) },
    });
    renderWithApp(<VacanciesHomeScreen />, memberOf());
    const panel = await screen.findByRole('region', { name: 'Встречи сегодня и завтра' });
    const today = within(panel).getByRole('region', { name: 'Сегодня' });
    expect(
      within(today)
        .getByRole('link', { name: 'Собеседование: Иванова Мария' })
        .getAttribute('href'),
    ).toBe(`/events?view=day&date=${iso(now)}`);
    expect(within(today).getByRole('link', { name: 'Иванова Мария' }).getAttribute('href')).toBe(
      '/applicant/42',
    );
    expect(within(today).getByText('10:00–18:00')).toBeTruthy();
    const next = within(panel).getByRole('region', { name: 'Завтра' });
    expect(within(next).getByRole('link', { name: 'Планёрка' })).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Подключиться' }).getAttribute('href')).toBe(
      'https://meet.example.com/abc',
    );
  });

  it('says so when there are no meetings today or tomorrow', async () => {
    renderHome({ '/api/vacancies_with_filters': { message: page([]) } });
    const panel = await screen.findByRole('region', { name: 'Встречи сегодня и завтра' });
    expect(within(panel).getByText(/Сегодня и завтра встреч нет/)).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Открыть календарь' }).getAttribute('href'),
    ).toBe('/events');
  });

  it('counts vacancies per state on the tabs and asks the API for the chosen state', async () => {
    const spy = renderHome({ '/api/vacancies_with_filters': { message: page([vacancyOf()]) } });
    const tabs = await screen.findByRole('tablist', { name: 'Состояние вакансий' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'На паузе 2' })).toBeTruthy());
    expect(
      within(tabs).getByRole('tab', { name: 'Открытые 1' }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'На паузе 2' }));
    await waitFor(() =>
      expect(listCalls(spy).some((url) => url.includes('state=hold'))).toBe(true),
    );
  });

  it('marks an overdue deadline on the card', async () => {
    renderHome({
      '/api/vacancies_with_filters': {
        message: page([vacancyOf({ date_will_close: '2020-01-31' })]),
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Frontend-разработчик' });
    expect(within(card).getByText(/Срок истёк 31\.01\.2020: просрочено на/)).toBeTruthy();
  });

  it('offers to create the first vacancy when there are none, and not to a watcher', async () => {
    renderHome({
      '/api/vacancies_with_filters': { message: page([], { open: 0, hold: 0, closed: 0 }) },
    });
    expect(await screen.findByText('Открытые вакансии: пусто')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Новая вакансия' })).toHaveLength(2);
  });

  it('hides «Новая вакансия» from a watcher', async () => {
    renderHome(
      { '/api/vacancies_with_filters': { message: page([], { open: 0, hold: 0, closed: 0 }) } },
      memberOf({ is_admin: false, member_type: 'watcher' }),
    );
    expect(await screen.findByText('Открытые вакансии: пусто')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Новая вакансия' })).toBeNull();
  });

  it('sends the search after a pause, together with the other filters', async () => {
    const spy = renderHome({ '/api/vacancies_with_filters': { message: page([vacancyOf()]) } });
    await screen.findByRole('listitem', { name: 'Frontend-разработчик' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Приоритет' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск вакансий' }), {
      target: { value: 'front' },
    });
    await waitFor(() =>
      expect(
        listCalls(spy).some((url) => url.includes('search=front') && url.includes('priority=2')),
      ).toBe(true),
    );
  });
});
