// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApplicant, fakeDoubleApplicant } from '../../shared/testing/fake-applicants';
import { MainInfoForm } from './card-forms';

const ok = (message: unknown) =>
  new Response(JSON.stringify({ code: 200, status: 'success', message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const OTHER = fakeDoubleApplicant(44, {
  first_name: 'Ольга',
  last_name: 'Смирнова',
  middle_name: 'Игоревна',
  birthday: '1988-02-03',
  email: 'olga@example.ru',
});

function stubChecks() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/applicants/check_doubles') {
      return ok({
        items: [{ applicant: OTHER, level: 'probable', score: 0.8, reasons: ['ФИО совпадает'] }],
      });
    }
    return ok([]);
  });
}

const checks = (spy: ReturnType<typeof stubChecks>) =>
  spy.mock.calls
    .filter(([input]) => String(input) === '/api/applicants/check_doubles')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe("the card's main data form", () => {
  const applicant = fakeApplicant(12, {
    last_name: 'Смирнов',
    first_name: 'Олег',
    email: 'oleg@example.ru',
  });
  const renderForm = () =>
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <MainInfoForm applicant={applicant} onDone={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('asks nothing until a name changes, then checks the edited applicant without itself', async () => {
    const fetchSpy = stubChecks();
    renderForm();
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'Казань' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(checks(fetchSpy)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Ольга' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Смирнова' } });
    const panel = await screen.findByRole('region', { name: 'Похожие кандидаты' });
    expect(checks(fetchSpy)).toEqual([
      expect.objectContaining({
        last_name: 'Смирнова',
        first_name: 'Ольга',
        // The saved contacts travel with the typed name; the card is not its own double.
        email: 'oleg@example.ru',
        city: 'Казань',
        exclude_id: 12,
      }),
    ]);
    expect(within(panel).getByRole('link', { name: 'Смирнова Ольга Игоревна' })).toBeTruthy();
    expect(within(panel).getByText(/можно сравнить и объединить/)).toBeTruthy();
  });
});
