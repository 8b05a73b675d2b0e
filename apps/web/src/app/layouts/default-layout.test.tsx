// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import { memberOf, renderWithApp, stubApi } from '../../shared/testing/vacancy-test-data';
import { DEVICE_REFRESH_MS } from '../../shared/use-device-class';
import { DefaultLayout } from './default-layout';

const me = memberOf({
  email: 'owner@example.ru',
  account_setting: { company_name: 'ООО «Ромашка»' },
} as Partial<TMe>);

const resizeTo = (width: number) =>
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });

const renderLayout = (user: TMe = me) =>
  renderWithApp(
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route path="/" element={<p>Страница</p>} />
      </Route>
    </Routes>,
    user,
  );

const layout = () => document.querySelector('[data-device]')!;
const menuButton = () => screen.queryByRole('button', { name: 'Открыть меню' });

beforeEach(() => {
  stubApi({});
  window.innerWidth = 1280;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the app shell follows the device class (SPEC.md §9)', () => {
  it('keeps the sidebar beside the page on a desktop and hides it behind a menu on a phone', async () => {
    window.innerWidth = 600;
    renderLayout();
    expect(await screen.findByText('Страница')).toBeTruthy();
    expect(layout().getAttribute('data-device')).toBe('phone');
    expect(screen.queryByRole('complementary')).toBeNull();
    fireEvent.click(menuButton()!);
    expect(screen.getByRole('button', { name: 'Закрыть меню' })).toBeTruthy();
  });

  it('switches layout 50 ms after the window stops resizing, and a drawer left open closes', async () => {
    renderLayout();
    expect(await screen.findByText('Страница')).toBeTruthy();
    vi.useFakeTimers();
    expect(layout().getAttribute('data-device')).toBe('desktop');
    expect(screen.getByRole('complementary')).toBeTruthy();
    expect(menuButton()).toBeNull();

    resizeTo(900);
    act(() => vi.advanceTimersByTime(DEVICE_REFRESH_MS - 1));
    expect(layout().getAttribute('data-device')).toBe('desktop');
    expect(menuButton()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(layout().getAttribute('data-device')).toBe('tablet');
    expect(screen.queryByRole('complementary')).toBeNull();

    fireEvent.click(menuButton()!);
    expect(screen.getByRole('button', { name: 'Закрыть меню' })).toBeTruthy();
    resizeTo(1300);
    act(() => vi.advanceTimersByTime(DEVICE_REFRESH_MS));
    expect(layout().getAttribute('data-device')).toBe('desktop');
    expect(screen.queryByRole('button', { name: 'Закрыть меню' })).toBeNull();
    expect(screen.getByRole('complementary')).toBeTruthy();
  });
});

describe('the header names the tariff', () => {
  it('shows a self-hosted tariff as running without end', async () => {
    renderLayout({
      ...me,
      tariff_name: 'self_hosted',
      tariff_end_at: '',
      tariff_is_active: true,
      tariff_users: 0,
    });
    expect((await screen.findByTestId('header-tariff')).textContent).toBe(
      'Тариф «Без ограничений» без срока',
    );
  });

  it('shows a paid tariff with the day it ends', async () => {
    renderLayout({
      ...me,
      tariff_name: 'trial',
      tariff_end_at: '2025-03-12T12:00:00.000Z',
      tariff_is_active: true,
      tariff_users: 5,
    });
    expect((await screen.findByTestId('header-tariff')).textContent).toBe(
      'Тариф «Пробный» до 12.03.2025',
    );
  });
});
