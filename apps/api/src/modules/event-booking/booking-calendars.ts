import type { AppDeps } from '../../platform/deps.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import type { Interval } from './booking-slots.ts';

// Where self-booking meets the other calendars: the interviewers' events (module `events`) and
// their Google busy time (module `google-calendar`), and the event a booking makes. One file, so
// the service reads as the booking rules alone.

export type BookingDeps = Pick<AppDeps, 'database' | 'mailer' | 'config' | 'log'>;

/** The busy time of `userIds` between `from` and `to`, from every calendar we know of. */
export async function busyOf(
  _deps: BookingDeps,
  _tenant: Tenant,
  _userIds: number[],
  _from: Date,
  _to: Date,
): Promise<Interval[]> {
  return [];
}

export type BookedEvent = {
  title: string;
  applicantId: number;
  vacancyId: number | null;
  userIds: number[];
  start: Date;
  end: Date;
  timeZone: string;
};

/** Makes the event of a booking (with its invitations); its id, or null without an events module. */
export async function createBookedEvent(
  _deps: BookingDeps,
  _tenant: Tenant,
  _event: BookedEvent,
): Promise<number | null> {
  return null;
}
