import { BOOKING_MESSAGES } from '@ats/contracts/event-booking';
import { EVENT_OVERLAP } from '@ats/contracts/events';
import type { Db } from '@ats/db/connection';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  busyIntervalsOfUsers,
  createEventFromDraft,
  lockUserCalendars,
} from '../events/events.service.ts';
import { busyIntervals } from '../google-calendar/google-sync.service.ts';
import { getUser } from '../users/users.service.ts';
import type { Interval } from './booking-slots.ts';

// Where self-booking meets the other calendars: the interviewers' events (module `events`) and
// their Google busy time (module `google-calendar`), and the event a booking makes. One file, so
// the service reads as the booking rules alone.

export type BookingDeps = Pick<AppDeps, 'database' | 'mailer' | 'config' | 'log'>;

const toIntervals = (rows: { starts_at: Date; ends_at: Date }[]): Interval[] =>
  rows.map((r) => ({ start: r.starts_at.getTime(), end: r.ends_at.getTime() }));

/**
 * Busy time outside our database: the free/busy of the interviewers' connected Google calendars
 * (module google-calendar; users without a connection, or whose Google does not answer, add
 * nothing rather than failing the page).
 */
export async function externalBusyOf(
  deps: BookingDeps,
  tenant: Tenant,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<Interval[]> {
  const busy = await busyIntervals(
    { config: deps.config, database: deps.database, log: deps.log },
    tenant.accountId,
    userIds,
    from,
    to,
  );
  return [...busy.values()].flat().map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
}

/** The busy time of `userIds` between `from` and `to`: their events, and Google's. */
export async function busyOf(
  deps: BookingDeps,
  tenant: Tenant,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<Interval[]> {
  const [events, external] = await Promise.all([
    busyIntervalsOfUsers(tenant, userIds, from, to),
    externalBusyOf(deps, tenant, userIds, from, to),
  ]);
  return [...toIntervals(events), ...external];
}

/**
 * Inside the booking's transaction: takes the locks every writer of these calendars takes (the
 * events module's), then reads their events, which therefore cannot change until it commits.
 */
export async function lockedEventBusy(
  tx: Db,
  tenant: Tenant,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<Interval[]> {
  await lockUserCalendars(tx, tenant, userIds);
  return toIntervals(await busyIntervalsOfUsers(tenant, userIds, from, to, tx));
}

export type BookedEvent = {
  title: string;
  applicantId: number;
  vacancyId: number | null;
  userIds: number[];
  start: Date;
  end: Date;
};

/**
 * Makes the booking's event as the recruiter who made the link (the events module mails the
 * iCalendar invitations to the interviewers and the applicant). A participant who became busy
 * in between is the applicant's «Это время уже занято».
 */
export async function createBookedEvent(
  deps: BookingDeps,
  tenant: Tenant,
  event: BookedEvent,
): Promise<number> {
  const author = await getUser(tenant, tenant.userId);
  try {
    const saved = await createEventFromDraft(
      deps,
      tenant,
      { userId: author.id, memberType: author.member_type, isAdmin: author.is_admin },
      {
        title: event.title,
        description: null,
        startsAt: event.start,
        endsAt: event.end,
        service: null,
        link: null,
        place: null,
        applicantId: event.applicantId,
        vacancyId: event.vacancyId,
        userIds: event.userIds,
        guests: [],
        reminders: [],
        source: 'booking',
      },
    );
    return saved.id;
  } catch (error) {
    if (error instanceof AppError && error.code === 409 && error.message === EVENT_OVERLAP) {
      throw conflict(BOOKING_MESSAGES.slotTaken, { start: BOOKING_MESSAGES.slotTaken });
    }
    throw error;
  }
}
