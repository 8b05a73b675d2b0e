// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stageOf,
  stubApi,
} from '../../shared/testing/vacancy-test-data';
import { FunnelsScreen } from './funnels-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const funnelOf = (id: number, name: string, is_favorite: boolean) => ({
  id,
  name,
  order: id,
  is_active: true,
  is_favorite,
  status_ids: [id * 10],
  statuses: [stageOf(id * 10, `Этап ${id}`, 1, { status_group_id: id, vacancy_id: null })],
});

const admin = memberOf({ member_type: 'owner', is_admin: true });

describe('the funnels page', () => {
  it('creates, renames and deletes a funnel', async () => {
    const funnels = [funnelOf(1, 'Основная', true), funnelOf(2, 'Продажи', false)];
    const spy = stubApi({
      'GET /api/status_groups': { message: funnels },
      'POST /api/status_groups': (body) => ({
        message: { ...funnelOf(3, 'x', false), ...(body as object) },
      }),
      'PATCH /api/status_groups/2': (body) => ({ message: { ...funnels[1], ...(body as object) } }),
      'DELETE /api/status_groups/2': { message: funnels[1] },
    });
    renderWithApp(<FunnelsScreen />, admin);
    const form = screen.getByRole('form', { name: 'Новая воронка' });
    fireEvent.change(within(form).getByLabelText('Новая воронка'), {
      target: { value: 'Склад' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать воронку' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/status_groups')).toEqual([{ name: 'Склад' }]),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Переименовать воронку «Продажи»' }));
    const rename = screen.getByRole('dialog', { name: 'Переименовать воронку' });
    fireEvent.change(within(rename).getByLabelText(/Название воронки/), {
      target: { value: 'Продажи B2B' },
    });
    fireEvent.click(within(rename).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'PATCH', '/api/status_groups/2')).toEqual([{ name: 'Продажи B2B' }]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Удалить воронку «Продажи»' }));
    const ask = screen.getByRole('dialog', { name: 'Удалить воронку «Продажи»?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Удалить воронку' }));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(
          ([url, init]) => String(url) === '/api/status_groups/2' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('will not offer to delete the only funnel, and says why', async () => {
    const spy = stubApi({ 'GET /api/status_groups': { message: [funnelOf(1, 'Основная', true)] } });
    renderWithApp(<FunnelsScreen />, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить воронку «Основная»' }));
    const dialog = screen.getByRole('dialog', { name: 'Воронку «Основная» нельзя удалить' });
    expect(dialog.textContent).toContain('Это единственная воронка');
    expect(within(dialog).queryByRole('button', { name: 'Удалить воронку' })).toBeNull();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('shows the funnels read-only to a recruiter without «Управлять этапами»', async () => {
    stubApi({ 'GET /api/status_groups': { message: [funnelOf(1, 'Основная', true)] } });
    renderWithApp(
      <FunnelsScreen />,
      memberOf({
        member_type: 'owner',
        is_admin: false,
        admin_user_setting: { permissions_actions: { can_manage_status: false } },
      } as never),
    );
    expect(await screen.findByText('Этап 1')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('«Управлять этапами»');
    expect(screen.queryByRole('form', { name: 'Новая воронка' })).toBeNull();
    // Only «Все настройки», a link: no button at all.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
