// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, sentBodies, stubApi, userOf } from '../../shared/testing/vacancy-test-data';
import { ConfirmEmailScreen } from './confirm-email-screen';
import { EmailCard } from './email-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the e-mail card of the profile', () => {
  it('sends the new address with the current password and says where the letter went', async () => {
    const me = userOf(7, 'Смирнова', 'Анна');
    const api = stubApi({
      'PATCH /api/users/7': () => ({
        message: {
          ...me,
          status: 'active',
          last_sign_in_at: null,
          invitation_sent_at: null,
          invitation_expires_at: null,
          pending_email: 'new@example.ru',
          notice: 'ignored by the card',
        },
      }),
    });
    renderWithApp(<EmailCard userId={7} email={me.email} />);
    expect(screen.getByText(me.email)).toBeTruthy();

    fill('Новый email', 'New@Example.ru');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить email' }));
    expect(await screen.findByText('Чтобы сменить email, введите текущий пароль')).toBeTruthy();
    expect(sentBodies(api, 'PATCH', '/api/users/7')).toHaveLength(0);

    fill('Текущий пароль', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить email' }));
    const status = await screen.findByText(
      'Мы отправили письмо для подтверждения на new@example.ru. Email изменится, когда вы перейдёте по ссылке из письма',
    );
    expect(status.getAttribute('role')).toBe('status');
    expect(sentBodies(api, 'PATCH', '/api/users/7')).toEqual([
      { admin_user: { email: 'new@example.ru', current_password: 'secret-password' } },
    ]);
    // The address shown is still the current one until the link is opened.
    expect(screen.getByText(me.email)).toBeTruthy();
  });

  it('shows the server’s refusal of a wrong password under the password', async () => {
    stubApi({
      'PATCH /api/users/7': () => ({
        code: 400,
        message: 'Текущий пароль указан неверно',
        errors: { 'admin_user.current_password': 'Текущий пароль указан неверно' },
      }),
    });
    renderWithApp(<EmailCard userId={7} email="user7@example.ru" />);
    fill('Новый email', 'new@example.ru');
    fill('Текущий пароль', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить email' }));
    expect(await screen.findByText('Текущий пароль указан неверно')).toBeTruthy();
    expect(screen.queryByText(/Мы отправили письмо/)).toBeNull();
  });
});

describe('the confirmation page of a new e-mail', () => {
  it('confirms once with the token of the link and says so', async () => {
    const api = stubApi({
      'POST /api/users/confirm_email': () => ({
        message: {
          email: 'new@example.ru',
          notice: 'Email подтверждён: теперь вы входите с адресом new@example.ru',
        },
      }),
    });
    renderWithApp(<ConfirmEmailScreen />, undefined, '/auth/confirm-email?token=abcdefghijklmnop');
    expect(
      await screen.findByText('Email подтверждён: теперь вы входите с адресом new@example.ru'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Email подтверждён' })).toBeTruthy();
    await waitFor(() =>
      expect(sentBodies(api, 'POST', '/api/users/confirm_email')).toEqual([
        { token: 'abcdefghijklmnop' },
      ]),
    );
  });

  it('says when the link no longer works', async () => {
    stubApi({
      'POST /api/users/confirm_email': () => ({
        code: 400,
        message: 'Ссылка для подтверждения email недействительна или устарела',
      }),
    });
    renderWithApp(<ConfirmEmailScreen />, undefined, '/auth/confirm-email?token=abcdefghijklmnop');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ссылка для подтверждения email недействительна или устарела',
    );
  });
});
