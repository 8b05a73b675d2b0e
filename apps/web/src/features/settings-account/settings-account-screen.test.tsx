// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAccount } from '@ats/contracts/account';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
} from '../../shared/testing/vacancy-test-data';
import { SettingsAccountScreen } from './settings-account-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const account: TAccount = {
  id: 1,
  name: 'ООО «Ромашка»',
  inn: null,
  time_zone: 'Europe/Moscow',
  currency: 'RUB',
  is_active: true,
  created_at: '2026-01-10T09:00:00.000Z',
  tariff_name: 'trial',
  tariff_start_at: '2026-01-10T09:00:00.000Z',
  tariff_end_at: '2026-01-24T09:00:00.000Z',
  tariff_is_active: true,
  tariff_users: 5,
  users_count: 2,
  logo_url: null,
};

const admin = memberOf({ member_type: 'owner', is_admin: true });

const stub = (shown: TAccount = account) =>
  stubApi({
    '/api/me': { message: admin },
    '/api/account': { message: shown },
    'PATCH /api/account/account_settings': (body) => ({
      message: { ...account, ...(body as object) },
    }),
  });

const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(new RegExp(`^${label}`));

describe('the account settings screen', () => {
  it('shows a wrong ИНН at the field and sends nothing, then saves a valid one', async () => {
    const spy = stub();
    renderWithApp(<SettingsAccountScreen />, admin);
    const form = await screen.findByRole('form', { name: 'Данные компании' });
    expect(screen.getByText(/2 из 5 пользователей/)).toBeTruthy();

    fireEvent.change(field(form, 'ИНН'), { target: { value: '7707083894' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(form).findByText('ИНН с ошибкой: не сходится контрольное число'),
    ).toBeTruthy();
    expect(sentBodies(spy, 'PATCH', '/api/account/account_settings')).toHaveLength(0);

    fireEvent.change(field(form, 'ИНН'), { target: { value: '7707083893' } });
    fireEvent.change(field(form, 'Название компании'), { target: { value: 'ООО «Лютик»' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'PATCH', '/api/account/account_settings')).toEqual([
        { company_name: 'ООО «Лютик»', inn: '7707083893', time_zone: 'Europe/Moscow' },
      ]),
    );
  });

  it('names the size of a logo over 2 MB and uploads nothing (SPEC.md §9)', async () => {
    const spy = stub();
    renderWithApp(<SettingsAccountScreen />, admin);
    await screen.findByRole('button', { name: 'Загрузить логотип' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(3.2 * 1024 * 1024)], 'logo.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Логотип 3,2 МБ больше допустимых 2 МБ',
    );
    const uploads = spy.mock.calls.filter(([input]) => String(input).includes('/account/logo'));
    expect(uploads).toHaveLength(0);
  });

  it('shows a recruiter the company read-only, without a save or upload button', async () => {
    stub();
    renderWithApp(<SettingsAccountScreen />, memberOf({ member_type: 'owner', is_admin: false }));
    const form = await screen.findByRole('form', { name: 'Данные компании' });
    expect(screen.getByRole('note').textContent).toBe(
      'Изменять данные компании может только администратор.',
    );
    expect(field(form, 'Название компании').matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Загрузить логотип' })).toBeNull();
  });

  it('shows a self-hosted tariff as without end and without user limit', async () => {
    stub({
      ...account,
      tariff_name: 'self_hosted',
      tariff_end_at: '',
      tariff_users: 0,
      users_count: 7,
    });
    renderWithApp(<SettingsAccountScreen />, admin);
    expect(await screen.findByText(/Без ограничений/)).toBeTruthy();
    expect(screen.getByText('(активен)')).toBeTruthy();
    expect(screen.getByText(/без срока/)).toBeTruthy();
    expect(screen.getByText('7 пользователей, без ограничения')).toBeTruthy();
  });
});
