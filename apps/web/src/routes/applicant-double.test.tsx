// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApplicantCard } from '@ats/contracts/applicants';
import ApplicantDoubleRoute from './applicant-double';
import { fakeCard } from '../shared/testing/fake-applicants';

const envelope = (code: number, message: unknown) =>
  new Response(JSON.stringify({ code, status: code === 200 ? 'ok' : 'error', message }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });

const cyrillic = fakeCard(1, {
  last_name: 'Иванова',
  first_name: 'Мария',
  phone: '+79123456789',
  birthday: '1990-05-17',
  email: 'maria@example.ru',
});
const latin = fakeCard(2, {
  last_name: 'Ivanova',
  first_name: 'Maria',
  phone: '+79990001122',
  birthday: '1990-05-18',
  email: 'maria@example.ru',
  city: 'Пермь',
  comments: [
    {
      id: 5,
      description: 'Прислала резюме',
      author_id: 1,
      author_name: 'Анна',
      created_at: '2025-03-01T09:00:00Z',
      updated_at: '2025-03-01T09:00:00Z',
    },
  ],
});

/** Cards by id (others 404); the preview answers the phone the request picks. */
function stubApi(cards: TApplicantCard[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const card = /^\/api\/applicants\/(\d+)$/.exec(url);
    if (card) {
      const found = cards.find((c) => c.id === Number(card[1]));
      return found ? envelope(200, found) : envelope(404, 'Кандидат не найден');
    }
    if (url.endsWith('/get_double')) {
      return envelope(200, {
        items: [
          {
            applicant: { ...latin, source_name: null },
            level: 'probable',
            score: 0.7,
            reasons: ['совпадает e-mail', 'ФИО в латинице'],
          },
        ],
      });
    }
    if (url === '/api/applicants/merge_preview') {
      const body = JSON.parse(String(init!.body)) as {
        primary_id: number;
        fields: Record<string, string>;
      };
      const [primary, secondary] = body.primary_id === 1 ? [cyrillic, latin] : [latin, cyrillic];
      const phone = body.fields.phone === 'primary' ? primary.phone : secondary.phone;
      return envelope(200, {
        applicant: { ...primary, phone },
        moved: { comments: secondary.comments.length, files: 0, vacancies: 0, tags: 0, worklog: 0 },
      });
    }
    return envelope(200, []);
  });
}

const previews = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .filter(([input]) => String(input) === '/api/applicants/merge_preview')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

function renderAt(url: string) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/applicant/double" element={<ApplicantDoubleRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('comparing two applicants', () => {
  it('defaults to the primary, takes what the primary lacks, and previews each choice', async () => {
    const fetchSpy = stubApi([cyrillic, latin]);
    renderAt('/applicant/double?first=1&second=2');
    const preview = await screen.findByLabelText('Карточка после объединения');
    expect(within(preview).getByText('+7 912 345-67-89')).toBeTruthy();
    expect(screen.getByText('ФИО в латинице')).toBeTruthy();
    // Equal e-mails need no choice; the city only one of them has is taken from her.
    expect(screen.queryByRole('radio', { name: /^Email:/ })).toBeNull();
    const latinCity = screen.getByRole<HTMLInputElement>('radio', {
      name: 'Город: взять у «Ivanova Maria» — Пермь',
    });
    expect(latinCity.checked).toBe(true);
    expect(previews(fetchSpy).at(-1)).toMatchObject({
      primary_id: 1,
      secondary_id: 2,
      fields: { phone: 'primary', city: 'secondary', birthday: 'primary' },
    });

    fireEvent.click(
      screen.getByRole('radio', { name: 'Телефон: взять у «Ivanova Maria» — +7 999 000-11-22' }),
    );
    await waitFor(() => expect(within(preview).getByText('+7 999 000-11-22')).toBeTruthy());
    expect(previews(fetchSpy).at(-1)).toMatchObject({ fields: { phone: 'secondary' } });

    // Swapping the primary keeps the picked phone (now the primary's); the rest follow the primary.
    fireEvent.click(screen.getByRole('radio', { name: 'Ivanova Maria (№2)' }));
    await waitFor(() =>
      expect(previews(fetchSpy).at(-1)).toMatchObject({
        primary_id: 2,
        secondary_id: 1,
        fields: { phone: 'primary', city: 'primary', birthday: 'primary', name: 'primary' },
      }),
    );
    expect(screen.getByText('Комментарии').nextSibling?.textContent).toBe('1 + 0 = 1');
  });

  it('explains a link without two applicants', async () => {
    stubApi([cyrillic]);
    renderAt('/applicant/double?first=1');
    expect(screen.getByRole('heading', { name: 'Не получается сравнить' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все дубликаты' }).getAttribute('href')).toBe(
      '/applicant/doubles',
    );
  });

  it('says which applicant is missing when one is not in the account', async () => {
    stubApi([cyrillic]);
    renderAt('/applicant/double?first=1&second=99');
    expect(await screen.findByRole('heading', { name: 'Кандидат не найден' })).toBeTruthy();
    expect(screen.getByText(/Кандидата №99 нет в вашей базе/)).toBeTruthy();
  });
});
