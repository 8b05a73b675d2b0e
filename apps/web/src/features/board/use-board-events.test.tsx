// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_REFRESH_DELAY_MS, useBoardEvents } from './use-board-events';
import { applicantKeys, boardKeys } from '../../shared/query-keys';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private named = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, handler: (event: MessageEvent<string>) => void) {
    this.named.set(name, handler);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    this.named.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

function mount() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useBoardEvents(7, true), { wrapper });
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { hook, invalidate, keys };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live board', () => {
  it("refetches the columns a colleague's moves touched, a burst at once", () => {
    const { keys } = mount();
    const [source] = FakeEventSource.opened;
    expect(source!.url).toBe('/api/vacancies/7/events');
    const move = { vacancy_id: 7, application_id: 3, op: 'update' };
    source!.emit('application', { ...move, from_status_id: 1, to_status_id: 2 });
    source!.emit('application', { ...move, from_status_id: 2, to_status_id: 3 });
    expect(keys()).toEqual([]);
    vi.advanceTimersByTime(BOARD_REFRESH_DELAY_MS);
    const touched = [
      boardKeys.columns(7),
      boardKeys.cards(7, 1),
      boardKeys.cards(7, 2),
      boardKeys.cards(7, 3),
      // The applicant's card, when one is open over the board.
      applicantKeys.cards(),
    ];
    expect(keys()).toHaveLength(touched.length);
    expect(keys()).toEqual(expect.arrayContaining(touched));
  });

  it('opens the stream again after it drops, and catches up once reconnected', () => {
    const { keys, hook } = mount();
    FakeEventSource.opened[0]!.onerror?.();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.onopen?.();
    expect(keys()).toHaveLength(3);
    expect(keys()).toEqual(
      expect.arrayContaining([
        boardKeys.columns(7),
        boardKeys.cardsOfVacancy(7),
        applicantKeys.cards(),
      ]),
    );
    hook.unmount();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
  });
});
