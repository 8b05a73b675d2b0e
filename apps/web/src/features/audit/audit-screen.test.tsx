// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEvent } from '@ats/contracts/audit';
import { renderWithApp, stubApi } from '../../shared/testing/vacancy-test-data';
import { AuditScreen } from './audit-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const RIGHTS_CHANGED: TAuditEvent = {
  id: 7,
  occurred_at: '2025-05-12T09:30:00.000Z',
  action: 'user.updated',
  actor: { id: 1, name: 'Анна Смирнова', email: 'anna@example.ru' },
  actor_email: null,
  target_type: 'user',
  target_id: 2,
  summary: 'Изменён пользователь boris@example.ru',
  changes: { 'admin_user_setting.permissions_actions.can_manage_tag': { from: true, to: false } },
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

const page = (events: TAuditEvent[]) => ({
  message: { audit_events: events, audit_event_count: events.length, page: 1, per_page: 30 },
});

const requestedQueries = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/audit_events'))
    .map((url) => new URL(url, 'http://x').searchParams);

describe('the audit log page', () => {
  it('lists who did what from where, and a row opens to show the change', async () => {
    stubApi({ '/api/audit_events': page([RIGHTS_CHANGED]), '/api/users': { message: [] } });
    renderWithApp(<AuditScreen />);
    const row = (await screen.findByText('Изменён пользователь boris@example.ru')).closest('tr')!;
    expect(within(row).getByText('Анна Смирнова')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText('Firefox, Linux')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Подробнее' }));
    expect(screen.getByText('Право «Управлять тегами»')).toBeTruthy();
    expect(screen.getByText('да')).toBeTruthy();
    expect(screen.getByText('нет')).toBeTruthy();
  });

  it('asks the server again with the chosen action, from the first page', async () => {
    const spy = stubApi({ '/api/audit_events': page([]), '/api/users': { message: [] } });
    renderWithApp(<AuditScreen />);
    expect(await screen.findByText('Журнал пока пуст')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Действие'), {
      target: { value: 'account.settings_changed' },
    });
    await waitFor(() =>
      expect(requestedQueries(spy).at(-1)?.get('action')).toBe('account.settings_changed'),
    );
    expect(requestedQueries(spy).at(-1)?.get('page')).toBe('1');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('says so when the log cannot be loaded, and offers to retry', async () => {
    stubApi({
      '/api/audit_events': {
        code: 403,
        message: 'Журнал действий доступен только администратору',
      },
      '/api/users': { message: [] },
    });
    renderWithApp(<AuditScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Журнал действий доступен только администратору',
    );
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
