// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shared/toasts';
import { CreateApplicantForm } from './create-applicant-dialog';

type Reply = { status?: number; body: unknown };
const json = ({ status = 200, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Dictionaries answer empty lists; POST /api/applicants answers `createReply`. */
function stubApi(createReply: Reply) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).startsWith('/api/applicants') && init?.method === 'POST') {
      return json(createReply);
    }
    return json({ body: { code: 200, status: 'ok', message: [] } });
  });
}

const renderForm = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/applicants']}>
        <Routes>
          <Route path="/applicants" element={<CreateApplicantForm onCancel={vi.fn()} />} />
          <Route path="/applicant/:id" element={<p>Карточка открыта</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Создать кандидата' }));

afterEach(() => vi.restoreAllMocks());

describe('creating an applicant', () => {
  it('asks for a name and explains a wrong date and e-mail in Russian', async () => {
    const fetchSpy = stubApi({ body: {} });
    renderForm();
    submit();
    expect(await screen.findByText('Укажите имя или фамилию кандидата')).toBeTruthy();

    type('Имя', 'Мария');
    type('Дата рождения', '31022020');
    expect(screen.getByLabelText<HTMLInputElement>('Дата рождения').value).toBe('31.02.2020');
    type('Email', 'не-почта');
    submit();
    expect(await screen.findByText('Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ')).toBeTruthy();
    expect(screen.getByText('Некорректный email')).toBeTruthy();
    const posts = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it('puts the server’s field errors under the fields', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    stubApi({
      status: 400,
      body: {
        code: 400,
        status: 'error',
        message: 'Проверьте поля',
        errors: { phone: 'Слишком короткий телефон' },
      },
    });
    renderForm();
    type('Фамилия', 'Иванова');
    type('Телефон', '12');
    submit();
    expect(await screen.findByText('Слишком короткий телефон')).toBeTruthy();
  });

  it('sends the contract payload and opens the new card', async () => {
    const fetchSpy = stubApi({ body: { code: 200, status: 'ok', message: { id: 5 } } });
    renderForm();
    type('Фамилия', 'Иванова');
    type('Имя', 'Мария');
    type('Дата рождения', '17051990');
    type('Зарплата', '150000');
    type('Комментарий', 'Сильный кандидат');
    submit();
    expect(await screen.findByText('Карточка открыта')).toBeTruthy();
    const [, init] = fetchSpy.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      last_name: 'Иванова',
      first_name: 'Мария',
      birthday: '1990-05-17',
      money: '150000',
      currency: 'RUB',
      email: null,
      comment: { description: 'Сильный кандидат' },
      source: 'web',
    });
  });
});
