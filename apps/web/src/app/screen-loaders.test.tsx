// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { primeApplicantCard, useApplicantCard } from '../shared/applicant/applicant-card.queries';
import { forgetPrefetchedAnswers, putPrefetchedAnswers } from '../shared/prefetched-answers';
import { fakeCard } from '../shared/testing/fake-applicants';
import { queryClient } from './query-client';
import { screenPage, whenRouterReady } from './router';

const card = fakeCard(9, { first_name: 'Мария', last_name: 'Иванова' });

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
