import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import {
  eventGuests,
  eventParticipants,
  eventReminders,
  events,
  type EventSource,
} from '@ats/db/schema/events';
import { intArray } from '@ats/db/sql-arrays';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { applicantNameParts, userNameParts } from '../../platform/person-name.ts';

export type EventInsert = typeof events.$inferInsert;

/** An event as the service reads it, with everything the answer and the invitations need. */
export type EventRow = {
  id: number;
  author_id: number | null;
  title: string;
  description: string | null;
  /** Epoch milliseconds (see `eventsQuery`), as the four instants below. */
  starts_at: number;
  ends_at: number;
  time_zone: string;
  service: string | null;
  link: string | null;
  place: string | null;
  applicant_id: number | null;
  vacancy_id: number | null;
  source: EventSource;
  uid: string;
  sequence: number;
  created_at: number;
  updated_at: number;
  admin_user_ids: number[];
  guests: { email: string; name: string | null }[];
  reminders: number[];
  applicant_person: (TPersonNameParts & { id: number }) | null;
  vacancy_position: string | null;
};

/**
 * The longest event the calendar reads back by the participants' start index: a period's events
 * are those starting after (period start − this) — see `listEventRows`.
 */
export const MAX_EVENT_DAYS = 14;

/**
 * Events chosen by `where` (over `events e`), with their participants, guests, reminders and the
 * names of their applicant and vacancy. The period's rows are chosen and ordered once; each row's
 * lists are read by its own primary-key range (an index-only probe each), so the cost follows the
 * rows answered, not the account's size. Instants leave as epoch milliseconds: a float costs the
 * driver nothing to read, where four timestamps per row parsed into Date were a third of a month
 * view's time.
 */
function eventsQuery(where: SQL, limit: number) {
  return sql`
    select e.id, e.author_id, e.title, e.description,
      (extract(epoch from e.starts_at) * 1000)::float8 as starts_at,
      (extract(epoch from e.ends_at) * 1000)::float8 as ends_at,
      e.time_zone, e.service, e.link, e.place, e.applicant_id, e.vacancy_id, e.source, e.uid,
      e.sequence,
      (extract(epoch from e.created_at) * 1000)::float8 as created_at,
      (extract(epoch from e.updated_at) * 1000)::float8 as updated_at,
      array(select p.user_id from event_participants p
        where p.account_id = e.account_id and p.event_id = e.id order by p.user_id)
        as admin_user_ids,
      coalesce((select json_agg(json_build_object('email', g.email, 'name', g.name)
          order by g.email) from event_guests g
        where g.account_id = e.account_id and g.event_id = e.id), '[]') as guests,
      array(select r.minutes_before from event_reminders r
        where r.account_id = e.account_id and r.event_id = e.id order by r.minutes_before)
        as reminders,
      case when a.id is not null
        then ${applicantNameParts('a')}::jsonb || jsonb_build_object('id', a.id) end
        as applicant_person,
      v.position as vacancy_position
    from (select e.* from events e where ${where} order by e.starts_at, e.id limit ${limit}) e
    left join applicants a on a.account_id = e.account_id and a.id = e.applicant_id
    left join vacancies v on v.account_id = e.account_id and v.id = e.vacancy_id
    order by e.starts_at, e.id`;
}

export async function findEventRow(tx: Db, accountId: number, id: number, lock = false) {
  if (lock) {
    await tx.execute(
      sql`select 1 from events where account_id = ${accountId} and id = ${id} for update`,
    );
  }
  const [row] = await selectRows<EventRow>(
    tx,
    eventsQuery(sql`e.account_id = ${accountId} and e.id = ${id}`, 1),
  );
  return row ?? null;
}

export type EventFilter = {
  from?: Date;
  to?: Date;
  /** Events where any of these users takes part. */
  userIds?: number[];
  /** Only events this user takes part in or made (a caller who sees no colleague's calendar). */
  ownerId?: number;
  applicantId?: number;
  vacancyId?: number;
  limit: number;
};

/**
 * Events of a period, by the participants' index `(account_id, user_id, starts_at)` when users
 * are named: one range per user (the month view), bounded below by MAX_EVENT_DAYS.
 */
export async function listEventRows(tx: Db, accountId: number, filter: EventFilter) {
  const conditions: SQL[] = [sql`e.account_id = ${accountId}`];
  const lowerBound = filter.from
    ? new Date(filter.from.getTime() - MAX_EVENT_DAYS * 86_400_000)
    : undefined;
  if (filter.from) conditions.push(sql`e.ends_at > ${filter.from}`);
  if (filter.to) conditions.push(sql`e.starts_at < ${filter.to}`);
  if (lowerBound) conditions.push(sql`e.starts_at > ${lowerBound}`);
  if (filter.userIds) {
    conditions.push(sql`e.id in (select p.event_id from event_participants p
      where p.account_id = ${accountId} and p.user_id = any(${intArray(filter.userIds)})
        ${filter.to ? sql`and p.starts_at < ${filter.to}` : sql``}
        ${lowerBound ? sql`and p.starts_at > ${lowerBound}` : sql``}
        ${filter.from ? sql`and p.ends_at > ${filter.from}` : sql``})`);
  }
  if (filter.ownerId !== undefined) {
    conditions.push(sql`(e.author_id = ${filter.ownerId} or exists (select 1
      from event_participants o where o.account_id = e.account_id and o.event_id = e.id
        and o.user_id = ${filter.ownerId}))`);
  }
  if (filter.applicantId !== undefined) {
    conditions.push(sql`e.applicant_id = ${filter.applicantId}`);
  }
  if (filter.vacancyId !== undefined) conditions.push(sql`e.vacancy_id = ${filter.vacancyId}`);
  return selectRows<EventRow>(tx, eventsQuery(sql.join(conditions, sql` and `), filter.limit));
}

export type BusyInterval = {
  user_id: number;
  event_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
};

/** The users' events overlapping [from, to), from the participants' index alone. */
export async function busyIntervals(
  tx: Db,
  accountId: number,
  userIds: number[],
  from: Date,
  to: Date,
  exceptEventId?: number,
) {
  if (userIds.length === 0) return [];
  const lowerBound = new Date(from.getTime() - MAX_EVENT_DAYS * 86_400_000);
  return selectRows<BusyInterval>(
    tx,
    sql`select p.user_id, p.event_id, p.starts_at, p.ends_at from event_participants p
        where p.account_id = ${accountId} and p.user_id = any(${intArray(userIds)})
          and p.starts_at < ${to} and p.starts_at > ${lowerBound} and p.ends_at > ${from}
          ${exceptEventId !== undefined ? sql`and p.event_id <> ${exceptEventId}` : sql``}
        order by p.user_id, p.starts_at`,
  );
}

/**
 * Serializes writers of these users' calendars until the transaction ends (two bookings of one
 * slot at once: the second sees the first's event). Taken in id order, so never a deadlock.
 */
export async function lockCalendars(tx: Db, accountId: number, userIds: number[]) {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`ats_calendar:${accountId}:${userId}`}, 0))`,
    );
  }
}

export async function insertEvent(tx: Db, values: EventInsert) {
  const [row] = await tx.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(
  tx: Db,
  accountId: number,
  id: number,
  values: Partial<EventInsert>,
) {
  await tx
    .update(events)
    .set(values)
    .where(and(eq(events.accountId, accountId), eq(events.id, id)));
}

export async function deleteEvent(tx: Db, accountId: number, id: number) {
  await tx.delete(events).where(and(eq(events.accountId, accountId), eq(events.id, id)));
}

/** Replaces the participants, guests and reminders of an event, with its instants copied. */
export async function replaceEventMembers(
  tx: Db,
  accountId: number,
  eventId: number,
  members: {
    userIds: number[];
    startsAt: Date;
    endsAt: Date;
    guests?: { email: string; name: string | null }[];
    reminders?: number[];
  },
) {
  await tx
    .delete(eventParticipants)
    .where(and(eq(eventParticipants.accountId, accountId), eq(eventParticipants.eventId, eventId)));
  if (members.userIds.length) {
    await tx.insert(eventParticipants).values(
      members.userIds.map((userId) => ({
        accountId,
        eventId,
        userId,
        startsAt: members.startsAt,
        endsAt: members.endsAt,
      })),
    );
  }
  if (members.guests) {
    await tx
      .delete(eventGuests)
      .where(and(eq(eventGuests.accountId, accountId), eq(eventGuests.eventId, eventId)));
    if (members.guests.length) {
      await tx
        .insert(eventGuests)
        .values(members.guests.map((g) => ({ accountId, eventId, email: g.email, name: g.name })));
    }
  }
  if (members.reminders) {
    // Kept rows keep the start they were sent for: a change of the title does not send a
    // reminder again, a move does (the start differs), and a new one is due by itself.
    await tx
      .delete(eventReminders)
      .where(
        and(
          eq(eventReminders.accountId, accountId),
          eq(eventReminders.eventId, eventId),
          sql`not (${eventReminders.minutesBefore} = any(${intArray(members.reminders)}))`,
        ),
      );
    if (members.reminders.length) {
      await tx
        .insert(eventReminders)
        .values(members.reminders.map((minutesBefore) => ({ accountId, eventId, minutesBefore })))
        .onConflictDoNothing();
    }
  }
}

export type AccountClock = { time_zone: string; name: string };

/** The account's time zone and name (events are read and written in its zone). */
export async function findAccountClock(tx: Db, accountId: number) {
  const [row] = await selectRows<AccountClock>(
    tx,
    sql`select time_zone, name from accounts where id = ${accountId}`,
  );
  return row ?? { time_zone: 'Europe/Moscow', name: '' };
}

export type UserContactRow = {
  id: number;
  email: string;
  is_active: boolean;
  person: TPersonNameParts;
  member_type: 'owner' | 'watcher';
};

/** Users of the account among `ids` (removed ones left out). */
export async function findUsers(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectRows<UserContactRow>(
    tx,
    sql`select u.id, u.email, u.is_active, u.member_type, ${userNameParts('u')} as person
        from users u where u.account_id = ${accountId} and u.id = any(${intArray(ids)})
          and u.deleted_at is null`,
  );
}

/** The applicant's address and name, or null when the account has no such applicant. */
export async function findApplicantContact(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number; email: string | null; person: TPersonNameParts }>(
    tx,
    sql`select a.id, a.email, ${applicantNameParts('a')} as person from applicants a
        where a.account_id = ${accountId} and a.id = ${id}`,
  );
  return row ?? null;
}

export async function vacancyExists(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select v.id from vacancies v where v.account_id = ${accountId} and v.id = ${id}`,
  );
  return Boolean(row);
}

/** A reminder is due from (start − its minutes) until the start; the longest is 28 days. */
const DUE_REMINDER = sql`e.starts_at > now() and e.starts_at <= now() + interval '28 days'
  and e.starts_at - r.minutes_before * interval '1 minute' <= now()
  and r.sent_for is distinct from e.starts_at`;

/** Accounts with a reminder due now and not yet sent for its event's current start. */
export async function accountsWithDueRemindersAcrossAccounts(db: Db, limit: number) {
  const rows = await selectRows<{ account_id: number }>(
    db,
    sql`select distinct r.account_id from events e
        join event_reminders r on r.account_id = e.account_id and r.event_id = e.id
        where ${DUE_REMINDER} limit ${limit}`,
  );
  return rows.map((row) => row.account_id);
}

/**
 * Claims the account's due reminders: each is marked sent for its event's current start in the
 * caller's transaction, which writes the letters too, so a claim and its letters commit together.
 * Rows another worker holds are skipped, and so are events being changed or deleted right now
 * (they are due again at the next run, with their new start, or gone).
 */
export async function claimDueReminders(tx: Db, accountId: number, limit: number) {
  return selectRows<{ event_id: number; minutes_before: number }>(
    tx,
    sql`update event_reminders c set sent_for = d.starts_at, sent_at = now()
        from (select r.event_id, r.minutes_before, e.starts_at from event_reminders r
          join events e on e.account_id = r.account_id and e.id = r.event_id
          where r.account_id = ${accountId} and ${DUE_REMINDER}
          order by e.starts_at limit ${limit}
          for update of r skip locked for share of e skip locked) d
        where c.account_id = ${accountId} and c.event_id = d.event_id
          and c.minutes_before = d.minutes_before
        returning c.event_id, c.minutes_before`,
  );
}
