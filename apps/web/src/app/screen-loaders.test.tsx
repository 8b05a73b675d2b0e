// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { TApplicantCard } from '@ats/contracts/applicants';
import { primeApplicantCard, useApplicantCard } from '../shared/applicant/applicant-card.queries';
import { forgetPrefetchedAnswers, putPrefetchedAnswers } from '../shared/prefetched-answers';
import { queryClient } from './query-client';
import { screenPage, whenRouterReady } from './router';

const card: TApplicantCard = {
  id: 9,
  first_name: 'Мария',
  last_name: 'Иванова',
  middle_name: null,
  photo: null,
  lead_type: null,
  birthday: '1990-05-17',
  age: 34,
  gender: 'female',
  phone: '+7 900 123-45-67',
  email: 'maria@example.ru',
  tg: '@maria_dev',
  skype: null,
  contacts: [],
  money: '250000',
  currency: 'RUB',
  about_me: null,
  country: null,
  citizenship: [],
  total_experience: 62,
  experience: [
    {
      position: 'Frontend-разработчик',
      company: 'Яндекс',
      link: null,
      date_start: '2021-02-01',
      date_end: null,
      is_now: true,
      description: null,
      country: null,
      skills: [],
    },
  ],
  employments: [],
  education: [],
  skills: ['React', 'TypeScript'],
  text_block: null,
  position: 'Frontend-разработчик',
  company: 'Яндекс',
  city: null,
  admin_user_id: null,
  account_source_id: null,
  source_name: 'hh.ru',
  source_add: 'web',
  unidentified_info: null,
  languages: [],
  has_vehicle: null,
  driver_licenses: [],
  resume_urls: [],
  tags: [{ id: 1, name: 'Горячий', color: '#EF4444', description: null }],
  vacancies: [],
  requested_vacancy_id: null,
  requested_status_id: null,
  is_archived: false,
  archived_at: null,
  created_at: '2025-03-01T09:00:00Z',
  updated_at: '2025-03-02T09:00:00Z',
  worklog: [
    {
      id: 1,
      action: 'update',
      changes: { money: { from: '200000', to: '250000' } },
      user_id: 2,
      user_name: 'Анна Смирнова',
      created_at: '2025-03-02T09:00:00Z',
    },
  ],
  files: [],
  comments: [
    {
      id: 3,
      description: 'Позвонить в пятницу',
      author_id: 2,
      author_name: 'Анна Смирнова',
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-01T10:00:00Z',
    },
  ],
};

afterEach(() => {
  forgetPrefetchedAnswers();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ok = (message: unknown) => ({ status: 200, body: { code: 200, status: 'success', message } });

/** The card's route as the app builds it, with a page that notes what each of its renders saw. */
function cardRouter(path: string, seen: string[]) {
  function CardPage() {
    const result = useApplicantCard(card.id);
    seen.push(result.data ? (result.data.last_name ?? '') : 'загрузка');
    return <h1>{result.data ? result.data.last_name : 'Загружаем карточку'}</h1>;
  }
  return createMemoryRouter(
    [
      screenPage(
        '/applicant/:id',
        () => Promise.resolve({ default: CardPage, primeScreen: primeApplicantCard }),
        'applicant',
      ),
    ],
    { initialEntries: [path] },
  );
}

const ready = (router: ReturnType<typeof cardRouter>) =>
  new Promise<void>((resolve) => whenRouterReady(router, resolve));

it('draws a screen opened with its answers in its first render, without a request', async () => {
  const fetch = vi.fn((_url: string) => Promise.reject(new Error('сеть')));
  vi.stubGlobal('fetch', fetch);
  putPrefetchedAnswers({
    [`/api/screens/applicant/${card.id}`]: ok({ [`/api/applicants/${card.id}`]: ok(card) }),
  });
  const seen: string[] = [];
  const router = cardRouter(`/applicant/${card.id}`, seen);
  await ready(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Иванова' })).toBeTruthy();
  expect(seen.length).toBeGreaterThan(0);
  expect(
    seen.filter((state) => state !== 'Иванова'),
    'renders without the data',
  ).toEqual([]);
  expect(fetch).not.toHaveBeenCalled();
});

it('leaves a failed screen answer to the screen, which draws it and asks for its data itself', async () => {
  const fetch = vi.fn((_url: string) =>
    Promise.resolve(
      new Response(JSON.stringify({ code: 200, status: 'success', message: card }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  putPrefetchedAnswers({
    [`/api/screens/applicant/${card.id}`]: {
      status: 500,
      body: { code: 500, status: 'error', message: 'Ошибка' },
    },
  });
  const seen: string[] = [];
  const router = cardRouter(`/applicant/${card.id}`, seen);
  await ready(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(seen[0]).toBe('загрузка');
  expect(await screen.findByRole('heading', { name: 'Иванова' })).toBeTruthy();
  expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([`/api/applicants/${card.id}`]);
});
