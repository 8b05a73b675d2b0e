// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRequestTemplate } from '@ats/contracts/vacancy-applications';
import {
  renderWithApp,
  sentBodies,
  stubApi,
  userOf,
  type Routes as ApiRoutes,
} from '../../shared/testing/vacancy-test-data';
import { RequestTemplatesScreen } from './request-templates-screen';
import { keyFromName } from './template-draft';

const users = [userOf(2, 'Смирнова', 'Анна'), userOf(3, 'Петров', 'Олег')];

const stored: TRequestTemplate = {
  id: 6,
  name: 'Заявка в продажи',
  description: null,
  fields: [{ key: 'region', name: 'Регион', type: 'text', required: true, options: [] }],
  steps: [
    {
      name: 'Финансы',
      mode: 'any',
      deadline_days: 2,
      approvers: [{ type: 'user', user_id: 3, email: null, name: 'Петров Олег' }],
    },
  ],
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
};

function renderScreen(routes: ApiRoutes = {}) {
  const spy = stubApi({
    '/api/users': { message: users },
    '/api/vacancy_application_templates': { message: [stored] },
    ...routes,
  });
  renderWithApp(<RequestTemplatesScreen />);
  return spy;
}

const press = (name: string, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole('button', { name }));
const change = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const group = (name: string) => screen.getByRole('group', { name });

afterEach(() => vi.restoreAllMocks());

describe('the request templates editor', () => {
  it('builds a template with a field and two steps and sends the contract body', async () => {
    const spy = renderScreen({
      'POST /api/vacancy_application_templates': { message: { ...stored, id: 7 } },
    });
    press('Новый шаблон');
    change(document.body, /^Название шаблона/, 'Заявка в ИТ');

    press('Добавить поле');
    const field = group('Поле 1');
    change(field, /^Название поля/, 'Причина открытия');
    change(field, 'Тип', 'choice');
    change(field, /^Варианты/, 'Новый проект\nЗамена\n');
    fireEvent.click(within(field).getByLabelText('Обязательное'));
    // The key is made from the name unless typed.
    expect(within(field).getByLabelText<HTMLInputElement>('Ключ').placeholder).toBe(
      'prichina_otkrytiya',
    );

    press('Добавить шаг');
    const first = group('Шаг 1');
    change(first, /^Название шага/, 'Руководитель');
    await within(first).findByRole('option', { name: 'Петров Олег' });
    change(first, 'Добавить пользователя в шаг «Руководитель»', '3');
    press('Внешний по e-mail', first);
    change(first, /^E-mail согласующего/, 'Finance@Example.ru');
    change(first, 'Имя согласующего', 'Ирина Финансова');
    change(first, 'Кто согласует', 'all');
    change(first, 'Срок, дней', '3');
    expect(within(first).getByText('Петров Олег')).toBeTruthy();

    press('Добавить шаг');
    const second = group('Шаг 2');
    change(second, /^Название шага/, 'Директор');
    press('Руководитель подразделения', second);
    // The second step goes first, by keyboard-reachable buttons.
    press('Поднять шаг «Директор»', second);
    expect(document.activeElement).toBe(
      within(group('Шаг 1')).getByRole('button', { name: 'Опустить шаг «Директор»' }),
    );

    press('Сохранить шаблон');
    await waitFor(() =>
      expect(sentBodies(spy, 'POST', '/api/vacancy_application_templates')).toHaveLength(1),
    );
    expect(sentBodies(spy, 'POST', '/api/vacancy_application_templates')[0]).toEqual({
      name: 'Заявка в ИТ',
      description: null,
      fields: [
        {
          key: 'prichina_otkrytiya',
          name: 'Причина открытия',
          type: 'choice',
          required: true,
          options: ['Новый проект', 'Замена'],
        },
      ],
      steps: [
        {
          name: 'Директор',
          mode: 'any',
          deadline_days: null,
          approvers: [{ type: 'division_head' }],
        },
        {
          name: 'Руководитель',
          mode: 'all',
          deadline_days: 3,
          approvers: [
            { type: 'user', user_id: 3 },
            { type: 'email', email: 'Finance@Example.ru', name: 'Ирина Финансова' },
          ],
        },
      ],
    });
    // Back to the list.
    expect(await screen.findByRole('button', { name: 'Новый шаблон' })).toBeTruthy();
  });

  it('refuses a step without approvers and a bad e-mail in Russian, sending nothing', async () => {
    const spy = renderScreen();
    press('Новый шаблон');
    change(document.body, /^Название шаблона/, 'Пустой маршрут');
    press('Добавить шаг');
    press('Добавить шаг');
    press('Внешний по e-mail', group('Шаг 2'));
    change(group('Шаг 2'), /^E-mail согласующего/, 'не почта');
    press('Сохранить шаблон');
    expect(
      await within(group('Шаг 1')).findByText('Добавьте хотя бы одного согласующего'),
    ).toBeTruthy();
    expect(within(group('Шаг 2')).getByText('Некорректный email')).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/vacancy_application_templates')).toHaveLength(0);
  });

  it("edits a stored template with PATCH and shows the API's field errors", async () => {
    const spy = renderScreen({
      'PATCH /api/vacancy_application_templates/6': {
        code: 400,
        message: 'Проверьте шаблон',
        errors: { 'steps.0.approvers.0.user_id': 'Пользователь не найден', name: 'Имя занято' },
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Изменить шаблон «Заявка в продажи»' }),
    );
    expect(within(group('Поле 1')).getByLabelText<HTMLInputElement>('Ключ').value).toBe('region');
    press('Сохранить шаблон');
    expect(await screen.findByText('Имя занято')).toBeTruthy();
    expect(within(group('Шаг 1')).getByText('Пользователь не найден')).toBeTruthy();
    expect(sentBodies(spy, 'PATCH', '/api/vacancy_application_templates/6')[0]).toMatchObject({
      name: 'Заявка в продажи',
      fields: [{ key: 'region', name: 'Регион', type: 'text', required: true, options: [] }],
      steps: [
        {
          name: 'Финансы',
          mode: 'any',
          deadline_days: 2,
          approvers: [{ type: 'user', user_id: 3 }],
        },
      ],
    });
  });

  it('deletes a template only after the confirmation', async () => {
    const spy = renderScreen({ 'DELETE /api/vacancy_application_templates/6': { message: null } });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Удалить шаблон «Заявка в продажи»' }),
    );
    expect(spy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog', {
      name: 'Удалить шаблон «Заявка в продажи»?',
    });
    press('Удалить', dialog);
    await waitFor(() =>
      expect(sentBodies(spy, 'DELETE', '/api/vacancy_application_templates/6')).toHaveLength(1),
    );
  });
});

describe('a field key made from its name', () => {
  it('transliterates Russian and keeps the key format of the contract', () => {
    expect(keyFromName('Причина открытия')).toBe('prichina_otkrytiya');
    expect(keyFromName('Щука и ёж №2')).toBe('shchuka_i_ezh_2');
    expect(keyFromName('2 языка')).toBe('f_2_yazyka');
    expect(keyFromName('!!!')).toBe('field');
  });
});
