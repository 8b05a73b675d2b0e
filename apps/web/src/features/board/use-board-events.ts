import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshBoard } from './board.queries';

export const BOARD_REFRESH_DELAY_MS = 300;
const RECONNECT_DELAYS_MS = [1000, 3000, 10_000, 30_000];

/** The stages an event names (from and to), when it names any. */
export function statusesOfEvent(data: string): number[] | undefined {
  try {
    const event: unknown = JSON.parse(data);
    if (!event || typeof event !== 'object') return undefined;
    const record = event as Record<string, unknown>;
    const ids = [record.from_status_id, record.to_status_id, record.status_id].filter(
      (id): id is number => typeof id === 'number',
    );
    return ids.length > 0 ? [...new Set(ids)] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the board live: the server announces every change of this vacancy's applications (a
 * colleague's move, a placement) and the touched columns are refetched, a burst of events in
 * one refetch. A dropped stream is opened again with a growing pause.
 */
export function useBoardEvents(vacancyId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let pending: Set<number> | 'all' = new Set();
    let stopped = false;

    const flush = () => {
      const ids = pending === 'all' ? undefined : [...pending];
      pending = new Set();
      void refreshBoard(queryClient, vacancyId, ids);
    };
    const onChange = (event: MessageEvent<string>) => {
      const ids = statusesOfEvent(event.data);
      if (!ids) pending = 'all';
      else if (pending !== 'all') for (const id of ids) pending.add(id);
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(flush, BOARD_REFRESH_DELAY_MS);
    };
    const connect = () => {
      source = new EventSource(`/api/vacancies/${vacancyId}/events`);
      source.onopen = () => {
        // After a gap the stream may have missed changes: catch up once.
        if (failures > 0) void refreshBoard(queryClient, vacancyId);
        failures = 0;
      };
      // The server names its events `application`; unnamed ones are taken too.
      source.addEventListener('application', onChange);
      source.onmessage = onChange;
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        reconnectTimer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(refreshTimer);
      clearTimeout(reconnectTimer);
    };
  }, [queryClient, vacancyId, enabled]);
}
