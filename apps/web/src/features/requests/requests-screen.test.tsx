// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestOf, requestPageOf, requestStepOf } from '../../shared/testing/request-test-data';
import { renderWithApp, stubApi, type Routes } from '../../shared/testing/vacancy-test-data';
import { RequestsScreen } from './requests-screen';

const LIST = '/api/vacancy_applications';

function renderList(routes: Routes, path = '/requests') {
  const spy = stubApi({ '/api/account_divisions': { message: [] }, ...routes });
  renderWithApp(<RequestsScreen />, undefined, path);
  return spy;
}

const listCalls = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === LIST)
    .map((url) => new URL(url, 'http://localhost').searchParams);

afterEach(() => vi.restoreAllMocks());

describe('the requests list', () => {
  it('shows each request with its author, division, state, current step and date', async () => {
    const pending = requestOf({
      id: 5,
      state: 'pending',
      account_division: { id: 4, name: 'Бухгалтерия' },
      current_step: 0,
      steps: [requestStepOf({ state: 'pending', name: 'Финансовый директор' })],
    });
    const spy = renderList({ [LIST]: { message: requestPageOf([pending]) } });
    const row = await screen.findByRole('listitem', { name: 'Бухгалтер' });
    expect(within(row).getByRole('link', { name: 'Бухгалтер' }).getAttribute('href')).toBe(
      '/requests/5',
    );
    expect(within(row).getByText('Олег Петров')).toBeTruthy();
    expect(within(row).getByText('Бухгалтерия')).toBeTruthy();
    expect(within(row).getByText('На согласовании')).toBeTruthy();
    expect(within(row).getByText('Финансовый директор')).toBeTruthy();
    expect(within(row).getByText('02.03.2026')).toBeTruthy();
    expect(within(row).queryByText(/Просрочено/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Новая заявка' }).getAttribute('href')).toBe(
      '/requests/new',
    );
    expect(listCalls(spy)[0]?.get('tab')).toBe('all');
  });

  it('marks a request whose step is overdue in red with the due date', async () => {
    const late = requestOf({
      state: 'pending',
      current_step: 0,
      steps: [
        requestStepOf({
          state: 'pending',
          overdue: true,
          due_at: '2026-03-05T09:00:00Z',
        }),
      ],
    });
    renderList({ [LIST]: { message: requestPageOf([late]) } });
    const row = await screen.findByRole('listitem', { name: 'Бухгалтер' });
    const mark = within(row).getByText('Просрочено с 05.03.2026');
    expect(mark.parentElement?.className).toContain('text-red-700');
    expect(row.className).toContain('border-red-300');
  });

  it('asks the API for the chosen tab and keeps it in the address', async () => {
    const spy = renderList({ [LIST]: { message: requestPageOf([requestOf()]) } });
    const tabs = await screen.findByRole('tablist', { name: 'Какие заявки' });
    expect(within(tabs).getByRole('tab', { name: 'Все' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(within(tabs).getByRole('tab', { name: 'На моём согласовании' }));
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('tab') === 'to_approve')).toBe(true),
    );
    expect(
      within(tabs).getByRole('tab', { name: 'На моём согласовании' }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Мои' }));
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('tab') === 'mine')).toBe(true),
    );
  });

  it('filters by state, division, overdue and a part of the position', async () => {
    const spy = renderList({
      '/api/account_divisions': {
        message: [
          {
            id: 4,
            name: 'Бухгалтерия',
            parent_id: null,
            description: null,
            color: null,
            icon: null,
            order: 0,
            head_id: null,
            additional_fields_list: [],
            children: [],
          },
        ],
      },
      [LIST]: { message: requestPageOf([requestOf()]) },
    });
    await screen.findByRole('listitem', { name: 'Бухгалтер' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Состояние' }), {
      target: { value: 'pending' },
    });
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('state') === 'pending')).toBe(true),
    );
    await screen.findByRole('option', { name: 'Бухгалтерия' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Подразделение' }), {
      target: { value: '4' },
    });
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('account_division_id') === '4')).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только просроченные' }));
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('overdue') === 'true')).toBe(true),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по должности' }), {
      target: { value: 'бухг' },
    });
    await waitFor(() => {
      const last = listCalls(spy).at(-1)!;
      expect(last.get('q')).toBe('бухг');
      // The filters chosen before stay with the search.
      expect(last.get('state')).toBe('pending');
      expect(last.get('overdue')).toBe('true');
    });
  });

  it('says there are no requests yet and offers a new one', async () => {
    renderList({ [LIST]: { message: requestPageOf([]) } });
    expect(await screen.findByText('Заявок пока нет')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Новая заявка' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/requests/new',
      '/requests/new',
    ]);
  });

  it('says nothing matches the filters', async () => {
    renderList({ [LIST]: { message: requestPageOf([]) } }, '/requests?state=rejected');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('says nothing waits for the reader on «На моём согласовании»', async () => {
    renderList({ [LIST]: { message: requestPageOf([]) } }, '/requests?tab=to_approve');
    expect(await screen.findByText('Нет заявок, ждущих вашего решения')).toBeTruthy();
  });

  it('shows the API error and retries', async () => {
    let fail = true;
    renderList({
      [LIST]: () =>
        fail
          ? { code: 500, message: 'База данных недоступна, повторите попытку' }
          : { message: requestPageOf([requestOf()]) },
    });
    expect(await screen.findByText('Не удалось загрузить заявки')).toBeTruthy();
    expect(screen.getByText('База данных недоступна, повторите попытку')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('listitem', { name: 'Бухгалтер' })).toBeTruthy();
  });

  it('pages through a long list', async () => {
    const spy = renderList({ [LIST]: { message: requestPageOf([requestOf()], 45) } });
    const pager = await screen.findByRole('navigation', { name: 'Страницы заявок' });
    expect(within(pager).getByText('Страница 1 из 2')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    await waitFor(() =>
      expect(listCalls(spy).some((query) => query.get('page') === '2')).toBe(true),
    );
  });
});
