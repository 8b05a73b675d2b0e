import type { Tenant } from '../../platform/tenancy.ts';

// Where other modules hear of the calendar's changes (decision 0038): every event created,
// changed or deleted through the events service — by the API, a booking or a delayed task — is
// announced once its transaction has committed, the way the pipeline announces a stage entry.

export type EventChange = {
  kind: 'created' | 'updated' | 'deleted';
  eventId: number;
  /** Whose calendars show it now (participants and author); null once deleted. */
  readers: number[] | null;
};

export type EventChangeListener = (tenant: Tenant, change: EventChange) => Promise<void>;

const listeners = new Set<EventChangeListener>();

/** Registers `listener` for every change of an event; answers a function that unregisters it. */
export function registerEventChangeListener(listener: EventChangeListener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** After the commit: a listener's failure is its own; the change has happened. */
export async function announceEventChange(tenant: Tenant, change: EventChange) {
  for (const listener of listeners) {
    await listener(tenant, change).catch(() => undefined);
  }
}
