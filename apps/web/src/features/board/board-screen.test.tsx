// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBoardColumn } from '@ats/contracts/pipeline';
import { loadedCards, type CardPages } from './board-columns';
import { useMoveApplication } from './board.queries';
import { BoardScreen } from './board-screen';
import { card, column, FUNNEL } from './board-test-data';
import { RejectDialog } from './reject-dialog';
import { boardKeys } from '../../shared/query-keys';

const envelope = (status: number, message: unknown, errors?: Record<string, string>) =>
  new Response(
    JSON.stringify({ code: status, status: status === 200 ? 'ok' : 'error', message, errors }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );

const { fresh, contact, rejected } = FUNNEL;

function serve(routes: Record<string, () => Response | Promise<Response>>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const route = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    return route ? routes[route]!() : envelope(404, 'Не найдено');
  });
}

const page = (statusId: number, cards: ReturnType<typeof card>[]) =>
  envelope(200, {
    applicants: cards,
    applicant_count: cards.length,
    total: cards.length,
    page: 1,
    per_page: 30,
  });

function renderWith(children: ReactNode, client = newClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

afterEach(() => vi.restoreAllMocks());

describe('the board screen', () => {
  const boardRoutes = (columns: TBoardColumn[]) => ({
    '/api/vacancies/7/get_status_vacancy_columns': () => envelope(200, columns),
    '/api/vacancies/7': () => envelope(200, { id: 7, position: 'Бухгалтер', state: 'open' }),
    '/api/status_vacancy_columns/get_applicants?vacancy_id=7&status_id=1': () =>
      page(1, [card(1, 1, { is_overdue: true, days_in_status: 5 }), card(2, 1)]),
    '/api/status_vacancy_columns/get_applicants?vacancy_id=7&status_id=2': () => page(2, []),
    '/api/status_vacancy_columns/get_applicants?vacancy_id=7&status_id=7': () =>
      page(7, [card(3, 7, { reject_reason_name: 'Не подходит по опыту' })]),
  });

  it('shows a column per stage with its count, rejections last, overdue cards marked', async () => {
    serve(boardRoutes([column(rejected, 1), column(contact, 0), column(fresh, 2)]));
    renderWith(<BoardScreen vacancyId={7} renderCard={() => null} />);
    const stages = await screen.findAllByRole('region', { name: /^Этап / });
    expect(stages.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Этап Новый',
      'Этап Первичный контакт',
      'Этап Отказ компании',
    ]);
    const first = stages[0]!;
    expect(within(first).getByLabelText('2 кандидата').textContent).toBe('2');
    const overdue = await within(first).findByRole('article', { name: 'Иванова-1 Мария' });
    expect(overdue.dataset.overdue).toBe('true');
    expect(within(overdue).getByText(/5 дней на этапе · дольше срока этапа/)).toBeTruthy();
    expect(
      within(overdue).getByRole('button', { name: 'Переместить: Иванова-1 Мария' }),
    ).toBeTruthy();
    const rejectedCard = await within(stages[2]!).findByRole('article');
    expect(within(rejectedCard).getByText('Причина: Не подходит по опыту')).toBeTruthy();
    // A rejected card is neither dragged nor rejected again.
    expect(within(rejectedCard).queryByRole('button', { name: /Переместить/ })).toBeNull();
    expect(within(rejectedCard).queryByRole('button', { name: /Действия/ })).toBeNull();
  });

  it('is read-only without write rights: no drag handles and no reject actions', async () => {
    serve(
      boardRoutes([column(fresh, 2, false), column(contact, 0, false), column(rejected, 1, false)]),
    );
    renderWith(<BoardScreen vacancyId={7} renderCard={() => null} />);
    const first = (await screen.findAllByRole('region', { name: /^Этап / }))[0]!;
    await within(first).findByRole('article', { name: 'Иванова-1 Мария' });
    expect(screen.queryAllByRole('button', { name: /^Переместить/ })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Действия/ })).toHaveLength(0);
  });

  it('says the vacancy is not found when it is not there or not watched', async () => {
    serve({ '/api/vacancies/7': () => envelope(404, 'Вакансия не найдена') });
    renderWith(<BoardScreen vacancyId={7} renderCard={() => null} />);
    expect(await screen.findByRole('heading', { name: 'Вакансия не найдена' })).toBeTruthy();
  });
});

describe('moving a card', () => {
  function seeded() {
    const client = newClient();
    const pages = (statusId: number, ids: number[]): CardPages => ({
      pages: [
        {
          applicants: ids.map((id) => card(id, statusId)),
          applicant_count: ids.length,
          total: ids.length,
          page: 1,
          per_page: 30,
        },
      ],
      pageParams: [1],
    });
    client.setQueryData(boardKeys.columns(7), [column(fresh, 2), column(contact, 1)]);
    client.setQueryData(boardKeys.cards(7, 1), pages(1, [1, 2]));
    client.setQueryData(boardKeys.cards(7, 2), pages(2, [5]));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const state = () => ({
      counts: client.getQueryData<TBoardColumn[]>(boardKeys.columns(7))!.map((c) => c.count),
      fresh: loadedCards(client.getQueryData(boardKeys.cards(7, 1))).map((c) => c.application_id),
      contact: loadedCards(client.getQueryData(boardKeys.cards(7, 2))).map((c) => c.application_id),
    });
    return { client, wrapper, state };
  }

  it('moves it on screen at once and keeps it there when the server agrees', async () => {
    const { wrapper, state } = seeded();
    let answer!: (r: Response) => void;
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input) =>
        String(input) === '/api/applications/2/move'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(envelope(200, [])),
      );
    const { result } = renderHook(() => useMoveApplication(7), { wrapper });
    act(() => result.current.mutate({ card: card(2, 1), toStatusId: 2 }));
    await vi.waitFor(() => expect(state().contact).toEqual([2, 5]));
    expect(state()).toEqual({ counts: [1, 2], fresh: [1], contact: [2, 5] });
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/move'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ status_id: 2 });
    answer(envelope(200, {}));
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('puts it back when the server refuses (no rights on the stage)', async () => {
    const { wrapper, state } = seeded();
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input) === '/api/applications/2/move'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : // The refetch after the refusal: the server's truth is the old place.
          new Promise<Response>(() => undefined),
    );
    const { result } = renderHook(() => useMoveApplication(7), { wrapper });
    act(() => result.current.mutate({ card: card(2, 1), toStatusId: 2 }));
    await vi.waitFor(() => expect(state().fresh).toEqual([1]));
    answer(envelope(403, 'Нет прав на перевод кандидатов с этапа «Новый»'));
    await vi.waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Нет прав на перевод кандидатов с этапа «Новый»');
    expect(state()).toEqual({ counts: [2, 1], fresh: [1, 2], contact: [5] });
  });
});

describe('the reason dialog', () => {
  it('asks for a reason of the right type and sends it with the comment', async () => {
    const fetchMock = serve({
      '/api/reasons?reason_type=refuse': () =>
        envelope(200, [
          { id: 31, name: 'Принял другое предложение', reason_type: 'refuse', order: 0 },
          { id: 32, name: 'Не устроила зарплата', reason_type: 'refuse', order: 1 },
        ]),
      '/api/applications/2/refuse': () => envelope(200, {}),
    });
    const onClose = vi.fn();
    renderWith(
      <RejectDialog
        vacancyId={7}
        request={{ card: card(2, 1), kind: 'refuse' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Кандидат отказался' });
    await within(dialog).findByLabelText('Не устроила зарплата');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отметить отказ' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Выберите причину');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/refuse'))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText('Не устроила зарплата'));
    fireEvent.change(within(dialog).getByLabelText('Комментарий'), {
      target: { value: '  Просит 300 000  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отметить отказ' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/refuse'))!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ reason_id: 32, comment: 'Просит 300 000' });
  });

  it('keeps the dialog open and shows the server refusal', async () => {
    serve({
      '/api/reasons?reason_type=reject': () =>
        envelope(200, [{ id: 21, name: 'Не прошёл интервью', reason_type: 'reject', order: 0 }]),
      '/api/applications/2/reject': () =>
        envelope(400, 'Причина не подходит', { reason_id: 'Причина другого типа' }),
    });
    const onClose = vi.fn();
    renderWith(
      <RejectDialog
        vacancyId={7}
        request={{ card: card(2, 1), kind: 'reject' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Отказать кандидату' });
    fireEvent.click(await within(dialog).findByLabelText('Не прошёл интервью'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отказать' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Причина другого типа');
    expect(onClose).not.toHaveBeenCalled();
  });
});
