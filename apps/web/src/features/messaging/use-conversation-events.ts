import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { unreadKeys } from '../../shared/query-keys';
import { invalidateConversation, messagingKeys } from './messaging.queries';

const RECONNECT_DELAYS_MS = [1000, 3000, 10_000, 30_000];
/** A burst of events (a long reply in parts, a batch of states) is read in one refetch. */
export const CONVERSATION_REFRESH_DELAY_MS = 100;

/**
 * Listens to a stream of `message` events (one per new or changed message) and calls `onEvent`
 * for a burst of them once; a dropped stream is opened again with a growing pause, and catches
 * up (one more call) once it is back.
 */
function useMessageStream(url: string | null, onEvent: () => void) {
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(onEvent, CONVERSATION_REFRESH_DELAY_MS);
    };
    const connect = () => {
      source = new EventSource(url);
      source.onopen = () => {
        if (failures > 0) refresh();
        failures = 0;
      };
      // The server names its events `message`; unnamed ones are taken too.
      source.addEventListener('message', refresh);
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
  }, [url, onEvent]);
}

/** Keeps an open conversation live: the timeline and the counters are read again. */
export function useConversationEvents(applicantId: number) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void invalidateConversation(queryClient, applicantId),
    [queryClient, applicantId],
  );
  useMessageStream(`/api/msg_integrations/chats/applicant_chats/${applicantId}/events`, refresh);
}

/** The header's stream: any message of the company moves the counters and the conversations. */
export function useAccountMessageEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: unreadKeys.all });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  }, [queryClient]);
  useMessageStream(enabled ? '/api/msg_integrations/chats/events' : null, refresh);
}
