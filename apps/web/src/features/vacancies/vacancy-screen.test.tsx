// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VacancyScreen } from './vacancy-screen';
import {
  memberOf,
  renderWithApp,
  sentBodies,
  stubApi,
  vacancyOf,
  type Routes,
} from '../../shared/testing/vacancy-test-data';

const statistics = {
  vacancy_id: 1,
  count_applicants: 0,
  hired: 0,
  stages: [],
  rejections: [],
};
const closeReasons = [
  { id: 31, name: 'Вакансия закрыта наймом', reason_type: 'close', order: 0 },
  { id: 32, name: 'Отменена заказчиком', reason_type: 'close', order: 1 },
];

function renderVacancy(routes: Routes, me = memberOf()) {
  const spy = stubApi({
    '/api/vacancies/1/statistics': { message: statistics },
    '/api/reasons?reason_type=close': { message: closeReasons },
    ...routes,
  });
  renderWithApp(<VacancyScreen id={1} />, me);
  return spy;
}

afterEach(() => vi.restoreAllMocks());

describe('the vacancy page', () => {
  it('shows the description cleaned of script, the team and the link to the board', async () => {
    renderVacancy({ '/api/vacancies/1': { message: vacancyOf() } });
    expect(
      await screen.findByRole('heading', { name: 'Frontend-разработчик', level: 1 }),
    ).toBeTruthy();
    const description = screen.getByRole('region', { name: 'Описание' });
    expect(within(description).getByText('ATS').tagName).toBe('STRONG');
    expect(description.querySelector('script')).toBeNull();
    const team = screen.getByRole('region', { name: 'Команда' });
    expect(within(team).getByRole('list', { name: 'Ответственные' }).textContent).toBe(
      'Анна Смирнова',
    );
    expect(screen.getByRole('link', { name: 'Кандидаты' }).getAttribute('href')).toBe(
      '/vacancy/1/candidates',
    );
    expect(screen.getByText('200 000 – 300 000 ₽')).toBeTruthy();
  });

  it('links the hiring request it was made from', async () => {
    renderVacancy({ '/api/vacancies/1': { message: vacancyOf({ vacancy_application_id: 5 }) } });
    const link = await screen.findByRole('link', { name: 'Заявка на подбор' });
    expect(link.getAttribute('href')).toBe('/requests/5');
  });

  it('says a missing vacancy is not found', async () => {
    renderVacancy({ '/api/vacancies/1': { code: 404, message: 'Вакансия не найдена' } });
    expect(await screen.findByRole('heading', { name: 'Вакансия не найдена' })).toBeTruthy();
  });

  it('offers a watcher no way to edit, close or save it as a template', async () => {
    renderVacancy(
      { '/api/vacancies/1': { message: vacancyOf() } },
      memberOf({ id: 9, is_admin: false, member_type: 'watcher' }),
    );
    await screen.findByRole('heading', { name: 'Frontend-разработчик', level: 1 });
    expect(screen.getByRole('link', { name: 'Кандидаты' })).toBeTruthy();
    for (const name of ['Редактировать', 'Закрыть', 'Приостановить', 'Сохранить как шаблон']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('lets an owner who is not on the team only look', async () => {
    renderVacancy(
      { '/api/vacancies/1': { message: vacancyOf() } },
      memberOf({ id: 5, is_admin: false, member_type: 'owner' }),
    );
    await screen.findByRole('heading', { name: 'Frontend-разработчик', level: 1 });
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
  });

  it('closes with a reason of the close type, then reopens', async () => {
    let state: 'open' | 'closed' = 'open';
    const spy = renderVacancy({
      '/api/vacancies/1': () => ({ message: vacancyOf({ state }) }),
      'POST /api/vacancies/1/close': () => {
        state = 'closed';
        return { message: vacancyOf({ state }) };
      },
      'POST /api/vacancies/1/reopen': () => {
        state = 'open';
        return { message: vacancyOf({ state }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть' }));
    const dialog = screen.getByRole('dialog', { name: 'Закрыть вакансию' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(await within(dialog).findByText('Укажите причину')).toBeTruthy();

    await within(dialog).findByRole('option', { name: 'Отменена заказчиком' });
    fireEvent.change(within(dialog).getByLabelText(/^Причина/), { target: { value: '32' } });
    fireEvent.change(within(dialog).getByLabelText('Комментарий'), {
      target: { value: 'Бюджет сняли' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));

    expect(await screen.findByRole('button', { name: 'Возобновить' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentBodies(spy, 'POST', '/api/vacancies/1/close')).toEqual([
      { reason_id: 32, comment: 'Бюджет сняли' },
    ]);
    expect(screen.getByText('Закрыта')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Возобновить' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy());
    expect(sentBodies(spy, 'POST', '/api/vacancies/1/reopen')).toHaveLength(1);
  });
});
