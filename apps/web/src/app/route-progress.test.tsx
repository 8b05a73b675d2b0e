// @vitest-environment jsdom
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS, RouteProgress } from './route-progress';

/** A page whose data never arrives: the app stays busy. */
function Loading() {
  useQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => undefined) });
  return null;
}

const renderBusy = async () => {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <RouteProgress />
          <Loading />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The router renders its first page in a transition.
  await act(async () => undefined);
};

beforeEach(() => {
  vi.useFakeTimers();
  // React Query tells its observers on a timer by default; here at once, so only the bar's own
  // timers are counted.
  notifyManager.setScheduler((callback) => callback());
});
afterEach(() => {
  cleanup();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.useRealTimers();
});

describe('the loading bar (SPEC.md §9: 200 ms throttle, 2 s duration)', () => {
  it('stays hidden for the first 200 ms of a load, then runs for at most 2 s', async () => {
    await renderBusy();
    act(() => vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar').getAttribute('aria-busy')).toBe('true');
    act(() => vi.advanceTimersByTime(PROGRESS_DURATION_MS - 1));
    expect(screen.getByRole('progressbar').getAttribute('aria-busy')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar').getAttribute('aria-busy')).toBe('false');
  });
});
