// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
} from '../../shared/testing/vacancy-test-data';
import { SettingsReasonsScreen } from './settings-reasons-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const reasons = {
  reject: [{ id: 1, name: 'Не подходит по опыту', reason_type: 'reject', order: 1 }],
  refuse: [
    { id: 5, name: 'Принял другое предложение', reason_type: 'refuse', order: 1 },
    { id: 6, name: 'Не устроила зарплата', reason_type: 'refuse', order: 2 },
  ],
};

const stub = () =>
  stubApi({
    'GET /api/reasons?reason_type=reject': { message: reasons.reject },
    'GET /api/reasons?reason_type=refuse': { message: reasons.refuse },
    'POST /api/reasons': (body) => ({ message: { id: 9, order: 3, ...(body as object) } }),
    'POST /api/reasons/reorder': () => ({ message: [...reasons.refuse].reverse() }),
  });

describe('the reasons screen', () => {
  it('opens «Отказ кандидата» with the arrow key, adds a reason of that type and reorders', async () => {
    const spy = stub();
    renderWithApp(<SettingsReasonsScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    const companyTab = screen.getByRole('tab', { name: 'Отказ компании' });
    expect(companyTab.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Не подходит по опыту');

    fireEvent.keyDown(companyTab, { key: 'ArrowRight' });
    const candidateTab = screen.getByRole('tab', { name: 'Отказ кандидата' });
    expect(candidateTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(candidateTab);
    const list = await screen.findByRole('list', { name: 'Причины: Отказ кандидата' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Принял другое предложение', '2.Не устроила зарплата']);

    const form = screen.getByRole('form', { name: 'Новая причина: Отказ кандидата' });
    fireEvent.change(within(form).getByLabelText('Новая причина'), {
      target: { value: 'Ушёл в декрет' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/reasons')).toEqual([
        { name: 'Ушёл в декрет', reason_type: 'refuse' },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Опустить «Принял другое предложение»' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/reasons/reorder')).toEqual([
        { reason_type: 'refuse', ids: [6, 5] },
      ]),
    );
  });

  it('refuses an empty reason at the field, in Russian', async () => {
    const spy = stub();
    renderWithApp(<SettingsReasonsScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    const form = await screen.findByRole('form', { name: 'Новая причина: Отказ компании' });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByText('Укажите причину')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/reasons')).toHaveLength(0);
  });

  it('shows a recruiter without can_manage_reason the reasons read-only', async () => {
    stub();
    renderWithApp(
      <SettingsReasonsScreen />,
      memberOf({
        member_type: 'owner',
        is_admin: false,
        admin_user_setting: { permissions_actions: { can_manage_reason: false } },
      } as never),
    );
    await screen.findByText('Не подходит по опыту');
    expect(screen.getByRole('note').textContent).toContain('Изменять причины может');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Удалить/ })).toBeNull();
  });
});
