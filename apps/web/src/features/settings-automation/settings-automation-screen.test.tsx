// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testStage } from '../../shared/testing/stage-test-data';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
} from '../../shared/testing/vacancy-test-data';
import { SettingsAutomationScreen } from './settings-automation-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const funnelStage = (id: number, name: string) =>
  testStage(id, name, id, { status_group_id: 4, vacancy_id: null });
const funnel = {
  id: 4,
  name: 'Основная воронка',
  order: 1,
  is_active: true,
  is_favorite: false,
  status_ids: [1, 2, 3],
  statuses: [funnelStage(1, 'Новый'), funnelStage(2, 'Интервью'), funnelStage(3, 'Оффер')],
};
const reminder = {
  id: 11,
  status_id: 2,
  status_group_id: 4,
  vacancy_id: null,
  trigger: 'stay',
  stay_days: 3,
  action: 'send_message',
  params: { subject: 'Напоминание', body: 'Мы о вас помним' },
  is_active: true,
  created_by: 2,
  created_at: '2026-11-27T04:00:00.000Z',
  updated_at: '2026-11-27T04:00:00.000Z',
};

const stub = (rules: unknown[]) =>
  stubApi({
    'GET /api/status_groups': { message: [funnel] },
    'GET /api/vacancies': {
      message: {
        vacancies: [],
        vacancy_count: 0,
        page: 1,
        per_page: 100,
        state_counts: { open: 0, hold: 0, closed: 0 },
      },
    },
    'GET /api/stage_automation_rules': { message: rules },
    'POST /api/stage_automation_rules': (body) => ({
      message: { ...reminder, ...(body as object), id: 12 },
    }),
  });

describe('the automation screen', () => {
  it('shows each stage of the funnel with its rules and adds one by the keyboard', async () => {
    const spy = stub([reminder]);
    renderWithApp(<SettingsAutomationScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    const rules = await screen.findByRole('list', { name: 'Правила этапа «Интервью»' });
    expect(within(rules).getByRole('listitem').textContent).toBe(
      'Кандидат на этапе дольше 3 дней → сообщение «Напоминание»',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Воронка или вакансия').value).toBe('funnel:4');

    fireEvent.click(screen.getByRole('button', { name: 'Добавить правило на этап «Новый»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новое правило этапа «Новый»' });
    fireEvent.change(within(dialog).getByLabelText('Что сделать'), {
      target: { value: 'move_to_stage' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить правило' }));
    const target = within(dialog).getByLabelText<HTMLSelectElement>(/^На какой этап/);
    // The option and the field's error say the same words.
    await waitFor(() => expect(within(dialog).getAllByText('Выберите этап')).toHaveLength(2));
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(spy, 'POST', '/api/stage_automation_rules')).toEqual([]);

    // Not the stage itself.
    expect([...target.options].map((o) => o.text)).toEqual(['Выберите этап', 'Интервью', 'Оффер']);
    fireEvent.change(target, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить правило' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/stage_automation_rules')).toEqual([
        {
          status_id: 1,
          trigger: 'enter',
          stay_days: null,
          action: 'move_to_stage',
          params: { status_id: 3 },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when no stage has a rule yet', async () => {
    stub([]);
    renderWithApp(<SettingsAutomationScreen />, memberOf({ member_type: 'owner', is_admin: true }));
    expect(await screen.findByText(/На этапах пока нет правил/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Добавить правило на этап/ })).toHaveLength(3);
  });

  it('a recruiter without the right to manage stages reads why and asks nothing', async () => {
    const spy = stub([reminder]);
    renderWithApp(
      <SettingsAutomationScreen />,
      memberOf({
        member_type: 'owner',
        is_admin: false,
        admin_user_setting: { permissions_actions: { can_manage_status: false } },
      } as never),
    );
    expect(screen.getByText(/Правила автоматизации настраивает администратор/)).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });
});
