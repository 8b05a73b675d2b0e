import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateConversation } from './messaging.queries';

const RECONNECT_DELAYS_MS = [1000, 3000, 10_000, 30_000];
/** A burst of events (a long reply in parts, a batch of states) is read in one refetch. */
export const CONVERSATION_REFRESH_DELAY_MS = 100;

/**
 * Keeps an open conversation live: the card's event stream announces every new or changed
 * message of this applicant and the timeline and the counters are read again. A dropped stream
 * is opened again with a growing pause, and catches up once it is back.
 */
export function useConversationEvents(applicantId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(
        () => void invalidateConversation(queryClient, applicantId),
        CONVERSATION_REFRESH_DELAY_MS,
      );
    };
    const connect = () => {
      source = new EventSource(`/api/msg_integrations/chats/${applicantId}/events`);
      source.onopen = () => {
        if (failures > 0) refresh();
        failures = 0;
      };
      source.addEventListener('message_created', refresh);
      source.addEventListener('message_updated', refresh);
      source.onmessage = refresh;
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
  }, [queryClient, applicantId]);
}
