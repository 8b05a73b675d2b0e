// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TTeamMember } from '@ats/contracts/users';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
  userOf,
} from '../../shared/testing/vacancy-test-data';
import { TeamScreen } from './team-screen';

const memberRow = (
  id: number,
  lastName: string,
  name: string,
  extra: Partial<TTeamMember> = {},
): TTeamMember => ({
  ...userOf(id, lastName, name),
  status: 'active',
  last_sign_in_at: '2026-03-01T09:00:00Z',
  invitation_sent_at: null,
  invitation_expires_at: null,
  ...extra,
});

const team = [
  memberRow(2, 'Смирнова', 'Анна', { is_admin: true }),
  memberRow(3, 'Петров', 'Олег', {
    status: 'invited',
    last_sign_in_at: null,
    invitation_sent_at: '2026-03-01T09:00:00Z',
    invitation_expires_at: '2999-03-08T09:00:00Z',
  }),
  memberRow(4, 'Козлова', 'Мария', {
    member_type: 'watcher',
    status: 'disabled',
    is_active: false,
  }),
];

function stub(seats = { active_users: 2, users_limit: 5 }) {
  return stubApi({
    '/api/users': { message: team },
    '/api/users/seats': { message: seats },
    'POST /api/users': (body) => ({
      message: memberRow(9, '', (body as { admin_user: { name: string } }).admin_user.name, {
        status: 'invited',
      }),
    }),
    'PATCH /api/users/3': () => ({ message: team[1] }),
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const admin = memberOf({ id: 2, member_type: 'owner', is_admin: true });

describe('the team screen', () => {
  it('lists the team with roles and statuses, and the seats taken', async () => {
    stub();
    renderWithApp(<TeamScreen />, admin);
    const table = await screen.findByRole('table', { name: 'Пользователи аккаунта' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Активен')).toBeTruthy();
    expect(within(rows[1]!).getByText('Администратор')).toBeTruthy();
    expect(within(rows[2]!).getByText('Приглашён')).toBeTruthy();
    expect(
      within(rows[2]!).getByRole('button', { name: /Отправить приглашение ещё раз/ }),
    ).toBeTruthy();
    expect(within(rows[3]!).getByText('Отключён')).toBeTruthy();
    expect(within(rows[3]!).getByText('Наблюдатель')).toBeTruthy();
    expect(within(rows[3]!).getByRole('button', { name: 'Включить: Козлова Мария' })).toBeTruthy();
    expect(await screen.findByText(/2 из 5 мест занято/)).toBeTruthy();
  });

  it('filters by name or e-mail and says when nobody matches', async () => {
    stub();
    renderWithApp(<TeamScreen />, admin);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Поиск по имени или email' });
    fireEvent.change(search, { target: { value: 'user4@' } });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    fireEvent.change(search, { target: { value: 'Никто' } });
    expect(screen.getByText('Никого не нашли')).toBeTruthy();
  });

  it('disables the invite button with the reason when every seat is taken', async () => {
    stub({ active_users: 5, users_limit: 5 });
    renderWithApp(<TeamScreen />, admin);
    await screen.findByText(/5 из 5 мест занято/);
    const invite = screen.getByRole('button', { name: 'Пригласить' });
    expect((invite as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Все места тарифа заняты/)).toBeTruthy();
  });

  it('never runs out of seats on a tariff without a user limit (users_limit 0)', async () => {
    stub({ active_users: 7, users_limit: 0 });
    renderWithApp(<TeamScreen />, admin);
    await screen.findByText(/7 мест занято, без ограничения/);
    const invite = screen.getByRole('button', { name: 'Пригласить' });
    expect((invite as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Все места тарифа заняты/)).toBeNull();
  });

  it('invites a hiring manager with a watcher’s default rights', async () => {
    const spy = stub();
    renderWithApp(<TeamScreen />, admin);
    await screen.findByText(/2 из 5 мест занято/);
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пригласить пользователя' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'vera@example.ru' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Имя/ }), {
      target: { value: 'Вера' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Наблюдатель/ }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Управлять тегами' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить приглашение' }));
    await waitFor(() => expect(sentBodies(spy, 'POST', '/api/users')).toHaveLength(1));
    const sent = sentBodies(spy, 'POST', '/api/users')[0]!.admin_user as Record<string, unknown>;
    expect(sent).toMatchObject({
      email: 'vera@example.ru',
      name: 'Вера',
      member_type: 'watcher',
      is_admin: false,
    });
    expect(sent).not.toHaveProperty('password');
    const rights = (sent.admin_user_setting as { permissions_actions: Record<string, boolean> })
      .permissions_actions;
    expect(rights.can_manage_tag).toBe(true);
    expect(rights.can_manage_vacancy).toBe(false);
  });

  it('saves a changed right from the rights dialog', async () => {
    const spy = stub();
    renderWithApp(<TeamScreen />, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Права: Петров Олег' }));
    const dialog = await screen.findByRole('dialog', { name: 'Права: Петров Олег' });
    const publication = within(dialog).getByRole('switch', {
      name: 'Публиковать вакансии на сайтах работы',
    });
    expect(publication.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(publication);
    expect(publication.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sentBodies(spy, 'PATCH', '/api/users/3')).toHaveLength(1));
    const body = sentBodies(spy, 'PATCH', '/api/users/3')[0]!.admin_user as {
      admin_user_setting: { permissions_actions: Record<string, boolean> };
    };
    expect(body.admin_user_setting.permissions_actions).toMatchObject({
      can_manage_publication: false,
      can_manage_vacancy: true,
    });
  });

  it('shows a recruiter without the admin flag the team read-only', async () => {
    stub();
    renderWithApp(<TeamScreen />, memberOf({ id: 3, member_type: 'owner', is_admin: false }));
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Пригласить' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Права:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Отключить:/ })).toBeNull();
  });
});
