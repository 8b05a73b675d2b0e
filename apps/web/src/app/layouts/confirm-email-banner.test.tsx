// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import { memberOf, renderWithApp, stubApi } from '../../shared/testing/vacancy-test-data';
import { DefaultLayout } from './default-layout';

const member = (email_confirmed?: boolean) =>
  memberOf({
    account_setting: { company_name: 'ООО «Ромашка»' },
    ...(email_confirmed === undefined ? {} : { email_confirmed }),
  } as Partial<TMe>);

const renderAs = (me: TMe) =>
  renderWithApp(
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route path="/" element={<p>Страница</p>} />
      </Route>
    </Routes>,
    me,
  );

const banner = () => screen.queryByRole('region', { name: 'Подтверждение email' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the banner of a company whose e-mail is not confirmed', () => {
  it('tells the trial quota and sends the link again on request, saying what the server said', async () => {
    const api = stubApi({
      'POST /api/auth/confirm_email/resend': { message: 'Ссылка отправлена на owner@example.ru' },
    });
    renderAs(member(false));
    expect(await screen.findByText('Страница')).toBeTruthy();
    expect(banner()?.textContent).toContain('50 резюме и загрузить 20 файлов импорта в день');
    fireEvent.click(screen.getByRole('button', { name: 'Выслать ссылку повторно' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Ссылка отправлена на owner@example.ru',
    );
    const posts = api.mock.calls.filter(
      ([input, init]) =>
        String(input).endsWith('/api/auth/confirm_email/resend') && init?.method === 'POST',
    );
    expect(posts).toHaveLength(1);
  });

  it('shows the refusal of a resend too (five a day)', async () => {
    stubApi({
      'POST /api/auth/confirm_email/resend': {
        code: 429,
        message: 'Слишком много писем. Попробуйте позже',
      },
    });
    renderAs(member(false));
    fireEvent.click(await screen.findByRole('button', { name: 'Выслать ссылку повторно' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Слишком много писем. Попробуйте позже',
    );
  });

  it('is not there once the e-mail is confirmed, nor for a server that does not say', async () => {
    renderAs(member(true));
    expect(await screen.findByText('Страница')).toBeTruthy();
    expect(banner()).toBeNull();
    cleanup();
    renderAs(member());
    expect(await screen.findByText('Страница')).toBeTruthy();
    expect(banner()).toBeNull();
  });
});
