import type { Tenant } from '../../platform/tenancy.ts';
import type { GoogleDeps } from './google-connection.service.ts';

// What the sync needs of the events module (which owns the events tables), in its own terms.

export type EventData = {
  title: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  timeZone: string;
  link: string | null;
};

export type OurEvent = EventData & {
  id: number;
  uid: string;
  source: 'ats' | 'google' | 'booking';
  authorId: number | null;
  participantIds: number[];
};

export type EventsPort = {
  get: (deps: GoogleDeps, tenant: Tenant, id: number) => Promise<OurEvent | null>;
  createFromGoogle: (
    deps: GoogleDeps,
    tenant: Tenant,
    data: Omit<EventData, 'timeZone' | 'link'>,
  ) => Promise<number>;
  updateFromGoogle: (
    deps: GoogleDeps,
    tenant: Tenant,
    id: number,
    data: Omit<EventData, 'timeZone' | 'link'>,
  ) => Promise<void>;
  deleteFromGoogle: (deps: GoogleDeps, tenant: Tenant, id: number) => Promise<void>;
};

let port: EventsPort | null = null;
export const eventsPort = (): EventsPort => {
  if (!port) throw new Error('the events module is not connected to the Google sync');
  return port;
};
export const setEventsPort = (value: EventsPort) => {
  port = value;
};
