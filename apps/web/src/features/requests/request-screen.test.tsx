// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRequest } from '@ats/contracts/vacancy-applications';
import {
  requestOf,
  requestStepOf,
  requestTemplateOf,
} from '../../shared/testing/request-test-data';
import {
  renderWithApp,
  sentBodies,
  stubApi,
  type Routes as ApiRoutes,
} from '../../shared/testing/vacancy-test-data';
import { notify } from '../../shared/toasts';
import { RequestScreen } from './request-screen';

const ONE = '/api/vacancy_applications/5';

function renderPage(request: TRequest, routes: ApiRoutes = {}) {
  const spy = stubApi({ [ONE]: { message: request }, ...routes });
  renderWithApp(
    <Routes>
      <Route path="/requests/:id" element={<RequestScreen id={5} />} />
      <Route path="/requests" element={<p>Список заявок</p>} />
      <Route path="/vacancy/:id" element={<p>Страница вакансии</p>} />
    </Routes>,
    undefined,
    '/requests/5',
  );
  return spy;
}

const posts = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

const onApproval = (overrides: Parameters<typeof requestOf>[0] = {}) =>
  requestOf({
    state: 'pending',
    current_step: 1,
    steps: [
      requestStepOf({
        index: 0,
        name: 'Руководитель отдела',
        state: 'approved',
        approvers: [
          {
            type: 'user',
            user_id: 2,
            email: null,
            name: 'Анна Смирнова',
            decision: 'approved',
            decided_at: '2026-03-03T09:30:00Z',
            comment: 'Нужен к апрелю',
          },
        ],
      }),
      requestStepOf({
        index: 1,
        name: 'Финансы',
        mode: 'all',
        state: 'pending',
        overdue: true,
        due_at: '2026-03-06T09:30:00Z',
        approvers: [
          {
            type: 'email',
            user_id: null,
            email: 'cfo@example.ru',
            name: 'Ирина Волкова',
            decision: null,
            decided_at: null,
            comment: null,
          },
          {
            type: 'user',
            user_id: 9,
            email: null,
            name: 'Павел Орлов',
            decision: null,
            decided_at: null,
            comment: null,
          },
        ],
      }),
      requestStepOf({ index: 2, name: 'HR-директор', state: 'waiting' }),
    ],
    history: [
      {
        id: 1,
        action: 'create',
        actor: { user_id: 7, name: 'Олег Петров', email: null },
        step: null,
        comment: null,
        at: '2026-03-02T09:00:00Z',
      },
      {
        id: 2,
        action: 'approve',
        actor: { user_id: 2, name: 'Анна Смирнова', email: null },
        step: 0,
        comment: 'Нужен к апрелю',
        at: '2026-03-03T09:30:00Z',
      },
    ],
    ...overrides,
  });

afterEach(() => vi.restoreAllMocks());

describe('the request page', () => {
  it('draws the route as steps: decisions with when and why, the current step, overdue in red', async () => {
    renderPage(onApproval());
    const route = await screen.findByRole('list', { name: 'Шаги согласования' });
    const steps = within(route).getAllByRole('listitem', { name: /^Шаг \d/ });
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Шаг 1: Руководитель отдела',
      'Шаг 2: Финансы',
      'Шаг 3: HR-директор',
    ]);
    const [first, second, third] = steps as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Любой из')).toBeTruthy();
    expect(within(first).getByText('Анна Смирнова')).toBeTruthy();
    // The time is Moscow's (ICU writes «г., 12:30» or «г. в 12:30»).
    expect(within(first).getByText(/^Согласовал/).textContent).toMatch(
      /^Согласовал 03 марта 2026 г\.,? (в )?12:30$/,
    );
    expect(within(first).getByText('Нужен к апрелю')).toBeTruthy();
    expect(first.getAttribute('aria-current')).toBeNull();

    expect(second.getAttribute('aria-current')).toBe('step');
    expect(within(second).getByText('Все')).toBeTruthy();
    const state = within(second).getByText(/просрочен, срок был до 06\.03\.2026/);
    expect(state.className).toContain('text-red-700');
    expect(second.className).toContain('border-red-400');
    expect(within(second).getByText('cfo@example.ru')).toBeTruthy();
    expect(within(second).getAllByText('Ещё не решил')).toHaveLength(2);

    expect(within(third).getByText('Ожидает')).toBeTruthy();
  });

  it('tells the history in Russian sentences', async () => {
    renderPage(onApproval());
    const history = await screen.findByRole('list', { name: 'История заявки' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]!.querySelector('p')!.textContent).toBe('Олег Петров создал заявку');
    expect(entries[1]!.querySelector('p')!.textContent).toBe(
      'Анна Смирнова согласовал — шаг «Руководитель отдела»',
    );
    expect(within(entries[1]!).getByText('Нужен к апрелю')).toBeTruthy();
  });

  it("shows the template's own fields by their names and the files as download links", async () => {
    const request = requestOf({
      template_id: 3,
      template_name: 'Заявка на подбор',
      template_values: { reason: 'Расширение отдела', start: '2026-04-01', brief: 31 },
      files: [
        {
          id: 31,
          file_name: 'Бриф.pdf',
          size: 2048,
          field_key: 'brief',
          url: '/api/vacancy_applications/5/files/31',
        },
        {
          id: 32,
          file_name: 'Оргструктура.xlsx',
          size: 4096,
          field_key: null,
          url: '/api/vacancy_applications/5/files/32',
        },
      ],
    });
    renderPage(request, {
      '/api/vacancy_application_templates/3': {
        message: requestTemplateOf({
          fields: [
            { key: 'reason', name: 'Причина', type: 'text', required: true, options: [] },
            { key: 'start', name: 'Выход', type: 'date', required: true, options: [] },
            { key: 'brief', name: 'Бриф', type: 'file', required: true, options: [] },
          ],
        }),
      },
    });
    expect(await screen.findByText('Причина')).toBeTruthy();
    expect(screen.getByText('Расширение отдела')).toBeTruthy();
    expect(screen.getByText('Выход').nextElementSibling?.textContent).toBe('01.04.2026');
    expect(screen.getByRole('link', { name: 'Бриф.pdf' }).getAttribute('href')).toBe(
      '/api/vacancy_applications/5/files/31',
    );
    expect(screen.getByRole('link', { name: 'Оргструктура.xlsx' }).getAttribute('href')).toBe(
      '/api/vacancy_applications/5/files/32',
    );
    expect(screen.getByText('120 000 – 150 000 ₽')).toBeTruthy();
  });

  it('offers only the actions the API allows', async () => {
    renderPage(requestOf({ can: { submit: true, edit: true, delete: true } }));
    const actions = await screen.findByRole('group', { name: 'Действия с заявкой' });
    const names = Array.from(actions.querySelectorAll('button, a'), (el) => el.textContent);
    expect(names).toEqual(['Отправить на согласование', 'Редактировать', 'Удалить']);
    expect(within(actions).getByRole('link', { name: 'Редактировать' }).getAttribute('href')).toBe(
      '/requests/5/edit',
    );
  });

  it('shows no actions to a reader who may do nothing', async () => {
    renderPage(onApproval());
    await screen.findByRole('list', { name: 'Шаги согласования' });
    expect(screen.queryByRole('group', { name: 'Действия с заявкой' })).toBeNull();
  });

  it('asks why before rejecting, and sends the comment', async () => {
    const spy = renderPage(onApproval({ can: { approve: true, reject: true, return: true } }), {
      'POST /api/vacancy_applications/5/reject': {
        message: onApproval({ state: 'rejected' }),
      },
    });
    const actions = await screen.findByRole('group', { name: 'Действия с заявкой' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((el) => el.textContent),
    ).toEqual(['Согласовать', 'Вернуть на доработку', 'Отклонить']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Отклонить' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонить заявку' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Напишите комментарий');
    expect(posts(spy)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Почему заявка отклонена/ }), {
      target: { value: 'Нет бюджета' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/vacancy_applications/5/reject')).toEqual([
        { comment: 'Нет бюджета' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('requires a comment to return for changes too; approving takes it as optional', async () => {
    const spy = renderPage(onApproval({ can: { approve: true, return: true } }), {
      'POST /api/vacancy_applications/5/approve': { message: onApproval() },
    });
    const actions = await screen.findByRole('group', { name: 'Действия с заявкой' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Вернуть на доработку' }));
    const back = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    fireEvent.click(within(back).getByRole('button', { name: 'Вернуть' }));
    expect(within(back).getByRole('alert').textContent).toBe('Напишите комментарий');
    fireEvent.click(within(back).getByRole('button', { name: 'Отмена' }));

    fireEvent.click(within(actions).getByRole('button', { name: 'Согласовать' }));
    const approve = screen.getByRole('dialog', { name: 'Согласовать заявку' });
    fireEvent.click(within(approve).getByRole('button', { name: 'Согласовать' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/vacancy_applications/5/approve')).toEqual([{}]),
    );
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications/5/return')).toEqual([]);
  });

  it("shows the API's refusal in Russian and keeps the typed comment, though the request moved on", async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 1);
    const refusal = 'Заявка в состоянии «Закрыта»: действие недоступно';
    // The author withdrew it meanwhile: read again, the request allows this reader nothing.
    let withdrawn = false;
    renderPage(onApproval({ can: { reject: true } }), {
      [ONE]: () => ({
        message: withdrawn
          ? onApproval({ state: 'closed' })
          : onApproval({ can: { reject: true } }),
      }),
      'POST /api/vacancy_applications/5/reject': () => {
        withdrawn = true;
        return { code: 409, message: refusal };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонить заявку' });
    const comment = within(dialog).getByRole('textbox');
    fireEvent.change(comment, { target: { value: 'Нет бюджета' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(refusal, expect.any(Number)));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Действия с заявкой' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Отклонить заявку' })).toBeTruthy();
    expect((comment as HTMLTextAreaElement).value).toBe('Нет бюджета');
  });

  it('creates the vacancy from an approved request and opens it', async () => {
    const spy = renderPage(requestOf({ state: 'approved', can: { take: true } }), {
      'POST /api/vacancy_applications/5/take': {
        message: { vacancy_id: 42, request: requestOf({ state: 'in_work', vacancy_id: 42 }) },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать вакансию' }));
    expect(await screen.findByText('Страница вакансии')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications/5/take')).toHaveLength(1);
  });

  it('deletes a draft only after the confirmation, then goes back to the list', async () => {
    const spy = renderPage(requestOf({ can: { delete: true } }), {
      'DELETE /api/vacancy_applications/5': { message: 'Заявка удалена' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить черновик?' });
    expect(posts(spy)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Список заявок')).toBeTruthy();
    expect(posts(spy).map(([input, init]) => `${init?.method} ${String(input)}`)).toEqual([
      'DELETE /api/vacancy_applications/5',
    ]);
  });

  it('withdraws after the confirmation', async () => {
    const spy = renderPage(onApproval({ can: { withdraw: true } }), {
      'POST /api/vacancy_applications/5/withdraw': { message: onApproval({ state: 'closed' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Отозвать' }));
    const dialog = screen.getByRole('dialog', { name: 'Отозвать заявку?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отозвать' }));
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/vacancy_applications/5/withdraw')).toEqual([{}]),
    );
  });

  it('says a missing request is not found', async () => {
    renderPage(requestOf(), { [ONE]: { code: 404, message: 'Заявка не найдена' } });
    expect(await screen.findByText('Заявка не найдена')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К списку заявок' }).getAttribute('href')).toBe(
      '/requests',
    );
  });
});
