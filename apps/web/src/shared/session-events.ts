/**
 * The API client reports session-level events here; the app shell decides what they mean
 * (clear the cache, navigate, swap in the deactivated screen). This keeps the client free of
 * router and query-cache imports.
 */
export type SessionHandlers = {
  onSessionLost: () => void;
  onAccountInactive: (message: string) => void;
};

let handlers: SessionHandlers = { onSessionLost: () => {}, onAccountInactive: () => {} };

export function setSessionHandlers(next: SessionHandlers) {
  handlers = next;
}

export const sessionEvents = {
  sessionLost: () => handlers.onSessionLost(),
  accountInactive: (message: string) => handlers.onAccountInactive(message),
};
