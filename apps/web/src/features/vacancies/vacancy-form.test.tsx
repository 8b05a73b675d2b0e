// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateVacancyForm } from './vacancy-form-dialog';
import {
  renderWithApp,
  sentBodies,
  stubApi,
  templateOf,
  userOf,
  type Routes as ApiRoutes,
} from '../../shared/testing/vacancy-test-data';

const users = [userOf(2, 'Смирнова', 'Анна'), userOf(3, 'Петров', 'Олег')];
const divisions = [
  {
    id: 7,
    name: 'Разработка',
    parent_id: null,
    description: null,
    color: null,
    order: 0,
    additional_fields_list: [],
    children: [
      {
        id: 8,
        name: 'Фронтенд',
        parent_id: 7,
        description: null,
        color: null,
        order: 0,
        additional_fields_list: [],
        children: [],
      },
    ],
  },
];

const dictionaries: ApiRoutes = {
  '/api/users': { message: users },
  '/api/account_divisions': { message: divisions },
  '/api/vacancy_templates': { message: [templateOf()] },
};

function renderForm(routes: ApiRoutes = {}) {
  const spy = stubApi({ ...dictionaries, ...routes });
  renderWithApp(
    <Routes>
      <Route path="/" element={<CreateVacancyForm onCancel={vi.fn()} />} />
      <Route path="/vacancy/:id" element={<p>Вакансия открыта</p>} />
    </Routes>,
  );
  return spy;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Создать вакансию' }));

afterEach(() => vi.restoreAllMocks());

describe('creating a vacancy', () => {
  it('checks the fields with the contract and says what is wrong in Russian', async () => {
    const spy = renderForm();
    submit();
    expect(await screen.findByText('Укажите название вакансии')).toBeTruthy();

    type(/^Должность/, 'Тестировщик');
    type('Зарплата от', '300000');
    type('Зарплата до', '100000');
    submit();
    expect(await screen.findByText('Зарплата «от» больше, чем «до»')).toBeTruthy();

    type('Зарплата до', '');
    type('Закрыть до', '31022026');
    expect(screen.getByLabelText<HTMLInputElement>('Закрыть до').value).toBe('31.02.2026');
    submit();
    expect(await screen.findByText('Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancies')).toHaveLength(0);
  });

  it('sends the contract request and opens the new vacancy', async () => {
    const spy = renderForm({ 'POST /api/vacancies': { message: { id: 42 } } });
    type(/^Должность/, 'Тестировщик');
    type('Зарплата от', '150 000');
    type('Закрыть до', '31122026');
    // Owners: the author (user 2) is there from the start; another is picked from the select,
    // each shown as a removable chip.
    await screen.findAllByRole('option', { name: 'Петров Олег' });
    expect(screen.getByRole('button', { name: 'Убрать: Смирнова Анна' })).toBeTruthy();
    type('Добавить: ответственные', '3');
    expect(screen.getByRole('button', { name: 'Убрать: Петров Олег' })).toBeTruthy();
    type('Подразделение', '8');
    // A custom number field.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить поле' }));
    const row = screen.getByRole('group', { name: 'Дополнительное поле 1' });
    fireEvent.change(within(row).getByLabelText('Тип'), { target: { value: 'number' } });
    fireEvent.change(within(row).getByLabelText('Название поля'), {
      target: { value: 'Бюджет найма' },
    });
    fireEvent.change(within(row).getByLabelText('Значение'), { target: { value: '5' } });
    submit();

    expect(await screen.findByText('Вакансия открыта')).toBeTruthy();
    const [body] = sentBodies(spy, 'POST', '/api/vacancies');
    expect(body).toMatchObject({
      position: 'Тестировщик',
      salary_from: 150000,
      salary_to: null,
      currency: 'RUB',
      needed: 1,
      owners: [2, 3],
      watchers: [],
      account_division_id: 8,
      date_will_close: '2026-12-31',
      additional_fields_list: [{ type: 'number', name: 'Бюджет найма', value: 5 }],
      body: null,
      vacancy_template_id: null,
    });
  });

  it('refuses a custom number field that is not a number', async () => {
    const spy = renderForm();
    type(/^Должность/, 'Тестировщик');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить поле' }));
    const row = screen.getByRole('group', { name: 'Дополнительное поле 1' });
    fireEvent.change(within(row).getByLabelText('Тип'), { target: { value: 'number' } });
    fireEvent.change(within(row).getByLabelText('Название поля'), { target: { value: 'Бюджет' } });
    fireEvent.change(within(row).getByLabelText('Значение'), { target: { value: 'много' } });
    submit();
    expect(await within(row).findByText('Значение поля — число')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancies')).toHaveLength(0);
  });

  it("shows the server's field errors under their inputs", async () => {
    renderForm({
      'POST /api/vacancies': {
        code: 400,
        message: 'Проверьте поля',
        errors: { account_division_id: 'Подразделение не найдено' },
      },
    });
    type(/^Должность/, 'Тестировщик');
    submit();
    const error = await screen.findByText('Подразделение не найдено');
    expect(error.id).toBe(screen.getByLabelText('Подразделение').getAttribute('aria-describedby'));
  });

  it('fills the form from a template and names it in the request', async () => {
    const spy = renderForm({ 'POST /api/vacancies': { message: { id: 43 } } });
    await screen.findByRole('option', { name: 'Шаблон разработчика' });
    type('Создать из шаблона', '5');

    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Должность/).value).toBe(
        'Backend-разработчик',
      ),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Город').value).toBe('Казань');
    expect(screen.getByLabelText<HTMLInputElement>('Название поля').value).toBe('Грейд');
    // The template's description is in the rich-text editor.
    expect(screen.getByRole('textbox', { name: 'Описание' }).textContent).toContain(
      'Пишем на TypeScript',
    );
    submit();

    expect(await screen.findByText('Вакансия открыта')).toBeTruthy();
    const [body] = sentBodies(spy, 'POST', '/api/vacancies');
    expect(body).toMatchObject({
      position: 'Backend-разработчик',
      salary_from: 250000,
      needed: 3,
      priority: 2,
      city: 'Казань',
      days_until_deadline: 30,
      body: '<p>Пишем на TypeScript</p>',
      vacancy_template_id: 5,
      additional_fields_list: [{ type: 'string', name: 'Грейд', value: 'Senior' }],
    });
  });
});
