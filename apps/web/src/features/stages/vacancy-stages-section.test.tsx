// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stageOf,
  stubApi,
  userOf,
} from '../../shared/testing/vacancy-test-data';
import { VacancyStagesSection } from './vacancy-stages-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stages = [
  stageOf(11, 'Новый', 1),
  stageOf(12, 'Интервью', 2, { stay_duration: null, evaluation_id: 4 }),
  stageOf(13, 'Отказ', 3, { is_reject: true, reject_kind: 'reject', stay_duration: null }),
];

const stub = (
  deleteReply: { code: number; message: unknown } = { code: 200, message: stages[2] },
) =>
  stubApi({
    'GET /api/statuses': { message: stages },
    'GET /api/vacancies/7/get_status_vacancy_columns': {
      message: stages.map((status) => ({
        status,
        count: status.id === 11 ? 2 : 0,
        can_write: true,
      })),
    },
    'GET /api/users': {
      message: [
        {
          ...userOf(5, 'Петрова', 'Анна'),
          status: 'active',
          last_sign_in_at: null,
          invitation_sent_at: null,
          invitation_expires_at: null,
        },
      ],
    },
    'GET /api/evaluations': {
      message: [
        {
          id: 4,
          name: 'Техническое интервью',
          description: null,
          criterions: [],
          evaluations_count: 0,
          statuses: [],
          created_at: '2026-01-01T09:00:00Z',
          updated_at: '2026-01-01T09:00:00Z',
        },
      ],
    },
    'PATCH /api/statuses/12': (body) => ({ message: { ...stages[1], ...(body as object) } }),
    'POST /api/statuses/reorder': { message: stages },
    'DELETE /api/statuses/13': deleteReply,
  });

const admin = memberOf({
  member_type: 'owner',
  is_admin: true,
  admin_user_setting: { permissions_actions: { can_manage_status: false } },
} as never);

describe("the vacancy's stages", () => {
  it('shows a recruiter without «Управлять этапами» the stages and no control', async () => {
    const spy = stub();
    renderWithApp(
      <VacancyStagesSection vacancyId={7} />,
      memberOf({
        member_type: 'owner',
        is_admin: false,
        admin_user_setting: { permissions_actions: { can_manage_status: false } },
      } as never),
    );
    const list = await screen.findByRole('list', { name: 'Этапы вакансии' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    // Nobody asked for the counts, only a manager needs them.
    expect(spy.mock.calls.some(([url]) => String(url).includes('get_status_vacancy_columns'))).toBe(
      false,
    );
  });

  it('moves a stage by keyboard and saves the whole order', async () => {
    const spy = stub();
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    await screen.findByRole('list', { name: 'Этапы вакансии' });
    fireEvent.click(screen.getByRole('button', { name: 'Опустить «Новый»' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/statuses/reorder')).toEqual([
        { status_ids: [12, 11, 13] },
      ]),
    );
  });

  it('refuses, in Russian, to delete a stage that holds applicants, before asking the server', async () => {
    const spy = stub();
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    await screen.findByText(/2 кандидата/);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить этап «Новый»' }));
    const dialog = screen.getByRole('dialog', { name: 'Этап «Новый» нельзя удалить' });
    expect(dialog.textContent).toContain(
      'На этапе «Новый» 2 кандидата. Переведите их на другой этап, затем удалите этап.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Удалить этап' })).toBeNull();
    expect(sentBodies(spy, 'DELETE', '/api/statuses/11')).toHaveLength(0);
  });

  it('says the same when the server refuses a stage that was empty a moment ago', async () => {
    stub({ code: 409, message: 'На этапе есть кандидаты (1)' });
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    await screen.findByText(/2 кандидата/);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить этап «Отказ»' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить этап «Отказ»?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить этап' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'На этапе «Отказ» есть кандидаты. Переведите их на другой этап, затем удалите этап.',
    );
  });

  it('keeps the last stage of a vacancy, saying why, without asking the server', async () => {
    const spy = stubApi({ 'GET /api/statuses': { message: [stages[0]] } });
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить этап «Новый»' }));
    const dialog = screen.getByRole('dialog', { name: 'Этап «Новый» нельзя удалить' });
    expect(dialog.textContent).toContain(
      'Это единственный этап вакансии: добавьте другой, затем удалите этот.',
    );
    expect(sentBodies(spy, 'DELETE', '/api/statuses/11')).toHaveLength(0);
  });

  it('saves the days, the reject kind, the scorecard and a user’s rights of a stage', async () => {
    const spy = stub();
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    await screen.findByRole('list', { name: 'Этапы вакансии' });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить этап «Интервью»' }));
    const dialog = screen.getByRole('dialog', { name: 'Этап «Интервью»' });
    fireEvent.change(within(dialog).getByLabelText('Максимум дней на этапе'), {
      target: { value: '5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Этап отказа'), {
      target: { value: 'refuse' },
    });
    const rights = await within(dialog).findByLabelText('Права на этап: Петрова Анна');
    fireEvent.change(rights, { target: { value: 'read' } });
    await within(dialog).findByRole('option', { name: 'Техническое интервью' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'PATCH', '/api/statuses/12')).toEqual([
        {
          name: 'Интервью',
          color: '#3B82F6',
          icon: null,
          stay_duration: 5,
          is_offer: false,
          is_reject: true,
          reject_kind: 'refuse',
          evaluation_id: 4,
          admin_user_statuses: [{ admin_user_id: 5, is_read: true, is_write: false }],
        },
      ]),
    );
  });

  it('refuses a negative number of days at the field', async () => {
    const spy = stub();
    renderWithApp(<VacancyStagesSection vacancyId={7} />, admin);
    await screen.findByRole('list', { name: 'Этапы вакансии' });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить этап «Интервью»' }));
    const dialog = screen.getByRole('dialog', { name: 'Этап «Интервью»' });
    fireEvent.change(within(dialog).getByLabelText('Максимум дней на этапе'), {
      target: { value: '-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Срок на этапе не может быть отрицательным'),
    ).toBeTruthy();
    expect(sentBodies(spy, 'PATCH', '/api/statuses/12')).toHaveLength(0);
  });
});
