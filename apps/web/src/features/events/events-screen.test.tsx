// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEvent } from '@ats/contracts/events';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
  type Routes,
} from '../../shared/testing/vacancy-test-data';
import { EventsScreen } from './events-screen';

const user = (id: number, name: string, last_name: string, is_me = false) => ({
  id,
  email: `u${id}@example.com`,
  name,
  middle_name: null,
  last_name,
  member_type: 'owner',
  is_active: true,
  is_me,
});

function eventOf(id: number, overrides: Partial<TEvent> = {}): TEvent {
  return {
    id,
    title: `Встреча ${id}`,
    description: null,
    data_mitting: '25.11.2026',
    date: '2026-11-25',
    time_begin: '10:00',
    time_end: '11:00',
    starts_at: '2026-11-25T07:00:00.000Z',
    ends_at: '2026-11-25T08:00:00.000Z',
    time_zone: 'Europe/Moscow',
    service: null,
    link: null,
    place: null,
    applicant_id: null,
    applicant: null,
    vacancy_id: null,
    vacancy: null,
    admin_user_ids: [2],
    guests: [],
    reminders: [],
    author_id: 2,
    source: 'ats',
    uid: `event-${id}@ats`,
    sequence: 0,
    can_edit: true,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const calendar = {
  year: 2026,
  decree: null,
  is_preliminary: false,
  work_days: [1, 2, 3, 4, 5],
  days: [
    {
      date: '2026-11-28',
      type: 'working_weekend',
      is_working: true,
      name: null,
      is_override: true,
    },
  ],
};

function renderCalendar(routes: Routes = {}, path = '/events?view=week&date=2026-11-25&users=2,3') {
  const spy = stubApi({
    '/api/events/users_with_viewable_calendars': {
      message: [user(2, 'Иван', 'Петров', true), user(3, 'Анна', 'Сидорова')],
    },
    '/api/events': {
      message: [
        eventOf(1, { title: 'Интервью' }),
        eventOf(2, { title: 'Созвон', time_begin: '10:30', time_end: '11:30' }),
        eventOf(3, { title: 'Планёрка', admin_user_ids: [3], time_begin: '10:30' }),
      ],
    },
    '/api/account_calendar': { message: calendar },
    '/api/account/common_settings': {
      message: {
        time_zone: 'Europe/Moscow',
        currency: 'RUB',
        work_days: [1, 2, 3, 4, 5],
        work_hours_from: '09:00',
        work_hours_to: '18:00',
      },
    },
    ...routes,
  });
  renderWithApp(<EventsScreen />, memberOf(), path);
  return spy;
}

const column = (name: RegExp) => screen.getByRole('group', { name });

afterEach(() => vi.restoreAllMocks());

describe('the calendar', () => {
  it('draws the week from Monday with both calendars side by side and asks for that period', async () => {
    const spy = renderCalendar();
    expect(await screen.findByRole('heading', { name: '23–29 ноября 2026' })).toBeTruthy();
    const wednesdayOfIvan = await screen.findByRole('group', {
      name: /^среда, 25 ноября 2026, Петров Иван: выбор времени/,
    });
    const wednesdayOfAnna = column(/^среда, 25 ноября 2026, Сидорова Анна: выбор времени/);
    expect(
      within(wednesdayOfIvan).getByRole('button', { name: /^Интервью, 10:00–11:00/ }),
    ).toBeTruthy();
    expect(
      within(wednesdayOfAnna).getByRole('button', { name: /^Планёрка, 10:30–11:00/ }),
    ).toBeTruthy();
    expect(within(wednesdayOfAnna).queryByRole('button', { name: /^Интервью/ })).toBeNull();
    const listCall = spy.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.startsWith('/api/events?'));
    const query = new URL(listCall!, 'http://localhost').searchParams;
    expect(query.get('date_from')).toBe('23.11.2026');
    expect(query.get('date_to')).toBe('29.11.2026');
    expect(query.get('user_ids')).toBe('2,3');
  });

  it('marks the meetings one person has at the same time', async () => {
    renderCalendar();
    const clash = await screen.findByRole('button', {
      name: 'Интервью, 10:00–11:00, пересекается с другой встречей',
    });
    expect(clash).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Созвон, 10:30–11:30, пересекается с другой встречей' }),
    ).toBeTruthy();
    // Anna's meeting at 10:30 is hers alone: no clash.
    expect(screen.getByRole('button', { name: 'Планёрка, 10:30–11:00' })).toBeTruthy();
    expect(screen.getByText(/пересекаются у одного участника/)).toBeTruthy();
  });

  it('shades days off from the production calendar, not the Saturday worked instead', async () => {
    renderCalendar();
    const sunday = await waitFor(() => column(/^воскресенье, 29 ноября 2026, Петров Иван/));
    await waitFor(() => {
      const shades = sunday.querySelectorAll<HTMLElement>('[data-off-hours]');
      expect([...shades].map((shade) => shade.style.height)).toEqual(['1152px']);
    });
    const saturday = column(/^суббота, 28 ноября 2026, Петров Иван/);
    const saturdayShades = [...saturday.querySelectorAll<HTMLElement>('[data-off-hours]')];
    // 00:00–09:00 and 18:00–24:00 only.
    expect(saturdayShades.map((shade) => shade.style.height)).toEqual(['432px', '288px']);
  });

  it('picks a slot with the keyboard and opens «Назначить встречу» for that person', async () => {
    renderCalendar();
    const wednesday = await waitFor(() => column(/^среда, 25 ноября 2026, Сидорова Анна/));
    wednesday.focus();
    fireEvent.keyDown(wednesday, { key: 'ArrowDown' });
    for (let i = 0; i < 3; i += 1) {
      fireEvent.keyDown(wednesday, { key: 'ArrowDown', shiftKey: true });
    }
    expect(screen.getByText('Выбрано 09:00–10:00')).toBeTruthy();
    fireEvent.keyDown(wednesday, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Назначить встречу' });
    expect((within(dialog).getByLabelText(/^Дата/) as HTMLInputElement).value).toBe('2026-11-25');
    expect((within(dialog).getByLabelText(/^Начало/) as HTMLInputElement).value).toBe('09:00');
    expect((within(dialog).getByLabelText(/^Окончание/) as HTMLInputElement).value).toBe('10:00');
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('checkbox', { name: 'Сидорова Анна' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Петров Иван' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('moves a meeting with the arrows and keeps it on Enter, asking before a clash', async () => {
    const spy = renderCalendar({
      'PATCH /api/events/3': (body) =>
        (body as { allow_overlap?: boolean }).allow_overlap
          ? { message: eventOf(3) }
          : { code: 409, message: 'У участника уже есть встреча в это время' },
    });
    const meeting = await screen.findByRole('button', { name: 'Планёрка, 10:30–11:00' });
    meeting.focus();
    fireEvent.keyDown(meeting, { key: 'ArrowDown' });
    fireEvent.keyDown(meeting, { key: 'ArrowDown' });
    fireEvent.keyDown(meeting, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(meeting, { key: 'ArrowRight' });
    fireEvent.keyDown(meeting, { key: 'Enter' });
    await waitFor(() => expect(sentBodies(spy, 'PATCH', '/api/events/3')).toHaveLength(1));
    expect(sentBodies(spy, 'PATCH', '/api/events/3')[0]).toEqual({
      data_mitting: '26.11.2026',
      time_begin: '11:00',
      time_end: '11:45',
    });
    const question = await screen.findByRole('dialog', { name: 'Время занято' });
    fireEvent.click(within(question).getByRole('button', { name: 'Перенести' }));
    await waitFor(() => expect(sentBodies(spy, 'PATCH', '/api/events/3')).toHaveLength(2));
    expect(sentBodies(spy, 'PATCH', '/api/events/3')[1]).toMatchObject({ allow_overlap: true });
  });

  it("does not move a colleague's meeting the caller may not change, and opens it read-only", async () => {
    const spy = renderCalendar({
      '/api/events': { message: [eventOf(5, { title: 'Чужая встреча', can_edit: false })] },
    });
    const meeting = await screen.findByRole('button', { name: 'Чужая встреча, 10:00–11:00' });
    meeting.focus();
    fireEvent.keyDown(meeting, { key: 'ArrowDown' });
    fireEvent.keyDown(meeting, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Встреча' });
    expect(within(dialog).getByText('Изменить встречу могут её автор и участники.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Удалить встречу' })).toBeNull();
    expect(sentBodies(spy, 'PATCH', '/api/events/5')).toHaveLength(0);
  });

  it('lays the month out from Monday and opens a day from it', async () => {
    renderCalendar({}, '/events?view=month&date=2026-11-10');
    const month = await screen.findByRole('grid', { name: 'Месяц' });
    const cells = within(month).getAllByRole('gridcell');
    expect(cells[0]!.getAttribute('data-date')).toBe('2026-10-26');
    expect(cells).toHaveLength(42);
    fireEvent.click(
      within(month).getByRole('button', { name: /^среда, 25 ноября 2026: открыть день/ }),
    );
    expect(await screen.findByRole('heading', { name: 'среда, 25 ноября 2026' })).toBeTruthy();
  });

  it('says when the meetings cannot be loaded and tries again', async () => {
    const spy = renderCalendar({ '/api/events': { code: 500, message: 'Сервер недоступен' } });
    expect(await screen.findByText('Не удалось загрузить встречи')).toBeTruthy();
    const before = spy.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(spy.mock.calls.length).toBeGreaterThan(before));
  });
});
