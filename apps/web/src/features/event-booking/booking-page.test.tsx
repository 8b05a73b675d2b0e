// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBookingSlot, TPublicBooking } from '@ats/contracts/event-booking';
import { renderWithApp, sentBodies, stubApi } from '../../shared/testing/vacancy-test-data';
import { BookingPage } from './booking-page';

const TOKEN = 'tok_booking';
const URL = `/api/public/bookings/${TOKEN}`;
const BOOK = `POST ${URL}/book`;

const slot = (date: string, time: string): TBookingSlot => {
  const start = new Date(`${date}T${time}:00+03:00`);
  return {
    date,
    time,
    start: start.toISOString(),
    end: new Date(start.getTime() + 1_800_000).toISOString(),
  };
};

const booking = (slots: TBookingSlot[]): TPublicBooking => ({
  company: 'ООО «Ромашка»',
  title: 'Собеседование',
  duration: 30,
  time_zone: 'Europe/Moscow',
  interviewers: ['Анна Иванова'],
  date_from: '2026-12-01',
  date_to: '2026-12-07',
  expires_at: '2026-12-07T21:00:00.000Z',
  slots,
});

const show = (routes: Parameters<typeof stubApi>[0]) => {
  const spy = stubApi(routes);
  renderWithApp(<BookingPage token={TOKEN} />, undefined, `/booking/${TOKEN}`);
  return spy;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the applicant’s booking page', () => {
  it('offers the days and their times as radio groups and books the chosen one', async () => {
    const slots = [
      slot('2026-12-01', '10:00'),
      slot('2026-12-01', '10:30'),
      slot('2026-12-02', '09:00'),
    ];
    const spy = show({
      [URL]: { message: booking(slots) },
      [BOOK]: {
        code: 201,
        message: {
          title: 'Собеседование',
          ...slots[1]!,
          time_zone: 'Europe/Moscow',
          event_id: 7,
        },
      },
    });
    const sheet = await screen.findByRole('article', { name: 'Запись на встречу' });
    expect(within(sheet).getByText(/с вами будут: Анна Иванова/)).toBeTruthy();
    const days = within(sheet).getByRole('group', { name: 'День' });
    expect(within(days).getAllByRole('radio')).toHaveLength(2);
    const times = within(sheet).getByRole('group', { name: /^Время,/ });
    fireEvent.click(within(times).getByRole('radio', { name: '10:30' }));
    fireEvent.click(within(sheet).getByRole('button', { name: /^Записаться: / }));
    expect(await screen.findByRole('heading', { name: 'Вы записаны на встречу' })).toBeTruthy();
    expect(sentBodies(spy, 'POST', `${URL}/book`)).toEqual([{ start: slots[1]!.start }]);
  });

  it('a slot taken meanwhile: the message, and the slots asked again', async () => {
    const before = [slot('2026-12-01', '10:00'), slot('2026-12-01', '10:30')];
    let answered = 0;
    show({
      [URL]: () => ({ message: booking(answered++ === 0 ? before : [before[1]!]) }),
      [BOOK]: {
        code: 409,
        message: 'Это время уже занято',
        errors: { start: 'Это время уже занято' },
      },
    });
    const sheet = await screen.findByRole('article', { name: 'Запись на встречу' });
    fireEvent.click(within(sheet).getByRole('radio', { name: '10:00' }));
    fireEvent.click(within(sheet).getByRole('button', { name: /^Записаться: / }));
    expect(
      await screen.findByText('Это время уже занято. Список свободного времени обновлён.'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: '10:00' })).toBeNull());
    expect(screen.getByRole('radio', { name: '10:30' })).toBeTruthy();
  });

  it('a used link explains itself', async () => {
    show({ [URL]: { code: 410, message: 'Ссылка уже использована: время встречи выбрано' } });
    expect(
      await screen.findByRole('heading', {
        name: 'Ссылка уже использована: время встречи выбрано',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/попросите рекрутера прислать новую ссылку/)).toBeTruthy();
  });
});
