// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
} from '../../shared/testing/vacancy-test-data';
import { SettingsCommonScreen } from './settings-common-screen';

const settings = {
  time_zone: 'Europe/Moscow',
  currency: 'RUB',
  work_days: [1, 2, 3, 4, 5],
  work_hours_from: '09:00',
  work_hours_to: '18:00',
};
const calendar = {
  year: 2026,
  decree: 'Постановление Правительства РФ от 24.09.2025 № 1466',
  is_preliminary: false,
  work_days: [1, 2, 3, 4, 5],
  days: [
    {
      date: '2026-01-09',
      type: 'day_off',
      is_working: false,
      name: 'Новогодние каникулы (выходной, перенесённый с 3 января)',
      is_override: false,
    },
  ],
};

function stub() {
  return stubApi({
    '/api/account/common_settings': { message: settings },
    '/api/account_calendar': { message: calendar },
    'PATCH /api/account/common_settings': (body) => ({
      message: { ...settings, ...(body as object) },
    }),
    'PUT /api/account_calendar/days': () => ({
      message: {
        days: [
          { date: '2026-01-09', type: 'day_off', is_working: true, name: null, is_override: true },
        ],
      },
    }),
  });
}

// The calendar opens on the current year: fix it (only the date, timers stay real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the common settings screen', () => {
  it('lets an admin add Saturday to the working week and sends the whole week', async () => {
    const spy = stub();
    renderWithApp(<SettingsCommonScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    const form = await screen.findByRole('form', { name: 'Общие настройки' });
    fireEvent.click(within(form).getByRole('button', { name: 'Суббота' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'PATCH', '/api/account/common_settings')).toHaveLength(1),
    );
    expect(sentBodies(spy, 'PATCH', '/api/account/common_settings')[0]).toMatchObject({
      work_days: [1, 2, 3, 4, 5, 6],
      currency: 'RUB',
    });
  });

  it('lets an admin turn a moved day off into a working day with a click', async () => {
    const spy = stub();
    renderWithApp(<SettingsCommonScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    const ninth = await screen.findByRole('button', { name: /^9 января 2026.*выходной/ });
    fireEvent.click(ninth);
    await waitFor(() =>
      expect(sentBodies(spy, 'PUT', '/api/account_calendar/days')).toEqual([
        { days: [{ date: '2026-01-09', is_working: true }] },
      ]),
    );
  });

  it('shows a recruiter without the admin flag everything read-only', async () => {
    const recruiter = memberOf({ member_type: 'owner', is_admin: false });
    stub();
    renderWithApp(<SettingsCommonScreen />, recruiter);
    const form = await screen.findByRole('form', { name: 'Общие настройки' });
    expect(screen.getByRole('note').textContent).toMatch(/только администратор/);
    // Disabled by the form's fieldset, as the browser sees it.
    expect(within(form).getByRole('button', { name: 'Суббота' }).matches(':disabled')).toBe(true);
    expect(
      within(form).getByRole('combobox', { name: 'Часовой пояс компании' }).matches(':disabled'),
    ).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Сохранить' })).toBeNull();
    const ninth = await screen.findByRole('button', { name: /^9 января 2026/ });
    expect(ninth).toHaveProperty('disabled', true);
  });
});
