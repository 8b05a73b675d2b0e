// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRequest, TRequestTemplate } from '@ats/contracts/vacancy-applications';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
  type Routes as ApiRoutes,
} from '../../shared/testing/vacancy-test-data';
import { RequestFormScreen } from './request-form-screen';

const templateOf = (id: number, name: string, fields: TRequestTemplate['fields']) =>
  ({
    id,
    name,
    description: null,
    fields,
    steps: [],
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-01T09:00:00Z',
  }) satisfies TRequestTemplate;

const itTemplate = templateOf(3, 'Заявка в ИТ', [
  { key: 'reason', name: 'Причина открытия', type: 'text', required: true, options: [] },
  { key: 'grade', name: 'Грейд', type: 'choice', required: false, options: ['Junior', 'Senior'] },
  { key: 'budget', name: 'Бюджет найма', type: 'number', required: false, options: [] },
  { key: 'start', name: 'Дата выхода', type: 'date', required: false, options: [] },
  { key: 'staffing', name: 'Штатное расписание', type: 'file', required: false, options: [] },
]);
const plainTemplate = templateOf(4, 'Короткая заявка', []);

const savedRequest = (id: number): TRequest => ({
  id,
  template_id: 3,
  template_name: 'Заявка в ИТ',
  state: 'draft',
  position: 'Тестировщик',
  salary: null,
  salary_from: null,
  salary_to: null,
  currency: 'RUB',
  description: null,
  comment: null,
  needed: 1,
  date_will_close: null,
  body: null,
  requirements: null,
  conditions: null,
  information: null,
  priority: 0,
  additional_fields_list: [],
  template_values: {},
  files: [],
  days_until_deadline: null,
  account_division: null,
  author: { id: 5, name: 'Олег Петров' },
  vacancy_id: null,
  current_step: null,
  steps: [],
  can: {
    edit: true,
    delete: true,
    submit: true,
    approve: false,
    reject: false,
    return: false,
    withdraw: false,
    take: false,
    close: false,
  },
  submitted_at: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
});
const watcher = memberOf({ id: 5, is_admin: false, member_type: 'watcher' });

function renderNew(routes: ApiRoutes = {}) {
  const spy = stubApi({
    '/api/vacancy_application_templates': { message: [itTemplate, plainTemplate] },
    '/api/account_divisions': { message: [] },
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/requests/new" element={<RequestFormScreen id={null} />} />
      <Route path="/requests/:id" element={<p>Заявка открыта</p>} />
    </Routes>,
    watcher,
    '/requests/new',
  );
  return spy;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => vi.restoreAllMocks());

describe('the hiring request form', () => {
  it('does not send a request for approval without a required field of the template', async () => {
    const spy = renderNew();
    await screen.findByLabelText(/^Причина открытия/);
    type(/^Должность/, 'Тестировщик');
    press('Отправить на согласование');
    expect(await screen.findByText('Заполните поле «Причина открытия»')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications')).toHaveLength(0);
    // What was typed stays.
    expect(screen.getByLabelText<HTMLInputElement>(/^Должность/).value).toBe('Тестировщик');
  });

  it('sends the template values with a file as a data URL, then submits and opens the request', async () => {
    const spy = renderNew({
      'POST /api/vacancy_applications': { message: savedRequest(31) },
      'POST /api/vacancy_applications/31/submit': { message: savedRequest(31) },
    });
    await screen.findByLabelText(/^Причина открытия/);
    type(/^Должность/, 'Тестировщик');
    type('Зарплата от', '150 000');
    type('Закрыть до', '31122026');
    type(/^Причина открытия/, 'Новый проект');
    type('Грейд', 'Senior');
    type('Бюджет найма', '12,5');
    type('Дата выхода', '01022027');
    const file = new File(['штат'], 'штат.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Штатное расписание'), { target: { files: [file] } });
    expect(await screen.findByText('штат.txt')).toBeTruthy();
    press('Отправить на согласование');

    expect(await screen.findByText('Заявка открыта')).toBeTruthy();
    const [body] = sentBodies(spy, 'POST', '/api/vacancy_applications');
    expect(body).toMatchObject({
      template_id: 3,
      position: 'Тестировщик',
      salary_from: 150000,
      currency: 'RUB',
      needed: 1,
      date_will_close: '2026-12-31',
      template_values: {
        reason: 'Новый проект',
        grade: 'Senior',
        budget: 12.5,
        start: '2027-02-01',
        staffing: {
          file: `data:text/plain;base64,${btoa(String.fromCharCode(...new TextEncoder().encode('штат')))}`,
          file_name: 'штат.txt',
        },
      },
    });
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications/31/submit')).toHaveLength(1);
  });

  it("shows the API's field errors under the fields and keeps what was typed", async () => {
    const spy = renderNew({
      'POST /api/vacancy_applications': {
        code: 400,
        message: 'Проверьте поля заявки',
        errors: {
          'template_values.reason': 'Причина не длиннее 100 символов',
          account_division_id: 'Подразделение не найдено',
        },
      },
    });
    await screen.findByLabelText(/^Причина открытия/);
    type(/^Должность/, 'Тестировщик');
    type(/^Причина открытия/, 'Очень длинная причина');
    press('Сохранить черновик');
    const error = await screen.findByText('Причина не длиннее 100 символов');
    expect(error.id).toBe(
      screen.getByLabelText(/^Причина открытия/).getAttribute('aria-describedby'),
    );
    expect(screen.getByText('Подразделение не найдено')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Причина открытия/).value).toBe(
      'Очень длинная причина',
    );
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications/31/submit')).toHaveLength(0);
  });

  it('checks the required fields before a draft too, and draws the fields of the template picked', async () => {
    const spy = renderNew({ 'POST /api/vacancy_applications': { message: savedRequest(8) } });
    await screen.findByLabelText(/^Причина открытия/);
    type(/^Должность/, 'Аналитик');
    press('Сохранить черновик');
    expect(await screen.findByText('Заполните поле «Причина открытия»')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications')).toHaveLength(0);
    type('Шаблон заявки', '4');
    await waitFor(() => expect(screen.queryByLabelText(/^Причина открытия/)).toBeNull());
    press('Сохранить черновик');
    expect(await screen.findByText('Заявка открыта')).toBeTruthy();
    const [body] = sentBodies(spy, 'POST', '/api/vacancy_applications');
    expect(body).toMatchObject({ template_id: 4, position: 'Аналитик' });
    expect(body).not.toHaveProperty('template_values');
  });

  it('after a refused submit, a retry changes the saved request instead of making another', async () => {
    let refusals = 1;
    const spy = renderNew({
      'POST /api/vacancy_applications': { message: savedRequest(9) },
      'PATCH /api/vacancy_applications/9': { message: savedRequest(9) },
      'POST /api/vacancy_applications/9/submit': () =>
        refusals-- > 0
          ? { code: 409, message: 'Сервис согласования недоступен' }
          : { message: savedRequest(9) },
    });
    await screen.findByLabelText(/^Причина открытия/);
    type(/^Должность/, 'Аналитик');
    type(/^Причина открытия/, 'Рост');
    press('Отправить на согласование');
    expect(await screen.findByText('Сервис согласования недоступен')).toBeTruthy();
    press('Отправить на согласование');
    expect(await screen.findByText('Заявка открыта')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications')).toHaveLength(1);
    expect(sentBodies(spy, 'PATCH', '/api/vacancy_applications/9')[0]).toMatchObject({
      position: 'Аналитик',
      template_values: { reason: 'Рост' },
    });
  });

  it('edits a returned request: its values in the inputs, the stored file kept, PATCH then submit', async () => {
    const returned: TRequest = {
      ...savedRequest(12),
      state: 'returned',
      position: 'Тестировщик',
      salary_from: 90000,
      date_will_close: '2026-12-31',
      template_values: { reason: 'Рост', budget: 5, start: '2027-02-01', staffing: 40 },
      files: [
        { id: 40, file_name: 'штат.pdf', size: 10, field_key: 'staffing', url: '/api/x' },
        { id: 41, file_name: 'бюджет.xlsx', size: 10, field_key: null, url: '/api/y' },
      ],
    };
    const spy = stubApi({
      '/api/vacancy_application_templates': { message: [itTemplate, plainTemplate] },
      '/api/vacancy_application_templates/3': { message: itTemplate },
      '/api/vacancy_applications/12': { message: returned },
      'PATCH /api/vacancy_applications/12': { message: returned },
      'POST /api/vacancy_applications/12/submit': { message: returned },
    });
    renderWithApp(
      <Routes>
        <Route path="/requests/:id/edit" element={<RequestFormScreen id={12} />} />
        <Route path="/requests/:id" element={<p>Заявка открыта</p>} />
      </Routes>,
      watcher,
      '/requests/12/edit',
    );
    const reason = await screen.findByLabelText<HTMLInputElement>(/^Причина открытия/);
    expect(reason.value).toBe('Рост');
    expect(screen.getByLabelText<HTMLInputElement>('Дата выхода').value).toBe('01.02.2027');
    expect(screen.getByLabelText<HTMLInputElement>('Закрыть до').value).toBe('31.12.2026');
    expect(screen.getByText('штат.pdf')).toBeTruthy();
    expect(screen.getByText('бюджет.xlsx')).toBeTruthy();
    // A returned request is not a draft: no template to change, and «Сохранить».
    expect(screen.queryByLabelText('Шаблон заявки')).toBeNull();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeTruthy();
    type('Зарплата до', '120000');
    press('Отправить на согласование');
    expect(await screen.findByText('Заявка открыта')).toBeTruthy();
    const [body] = sentBodies(spy, 'PATCH', '/api/vacancy_applications/12');
    expect(body).toMatchObject({
      salary_from: 90000,
      salary_to: 120000,
      template_values: { reason: 'Рост', budget: 5, start: '2027-02-01', staffing: 40 },
    });
    expect(body).not.toHaveProperty('template_id');
    expect(sentBodies(spy, 'POST', '/api/vacancy_applications/12/submit')).toHaveLength(1);
  });
});
