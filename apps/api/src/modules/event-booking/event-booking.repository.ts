import type { Db } from '@ats/db/connection';
import { eventBookings } from '@ats/db/schema/event-bookings';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

// The SQL of booking links (`event_bookings`): the recruiter's list and revoke, the public
// page's look-up by the token's hash, and the claim of a slot (under the calendars' locks).

export type BookingRow = typeof eventBookings.$inferSelect;

/** A claim whose event is being made, or was made so recently that the events read may miss it. */
const HOLD_FRESH_MINUTES = 10;

export async function insertBooking(tx: Db, row: typeof eventBookings.$inferInsert) {
  const [inserted] = await tx.insert(eventBookings).values(row).returning();
  return inserted!;
}

export async function listBookings(
  tx: Db,
  accountId: number,
  filter: { applicantId?: number; createdBy?: number },
) {
  return tx
    .select()
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.accountId, accountId),
        filter.applicantId === undefined
          ? undefined
          : eq(eventBookings.applicantId, filter.applicantId),
        filter.createdBy === undefined ? undefined : eq(eventBookings.createdBy, filter.createdBy),
      ),
    )
    .orderBy(desc(eventBookings.createdAt), desc(eventBookings.id))
    .limit(200);
}

export async function findBooking(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(eventBookings)
    .where(and(eq(eventBookings.accountId, accountId), eq(eventBookings.id, id)));
  return row ?? null;
}

/** A link is opened before any account is known: the one look-up across accounts. */
export async function findBookingAcrossAccounts(db: Db, tokenHash: string) {
  const [row] = await db.select().from(eventBookings).where(eq(eventBookings.tokenHash, tokenHash));
  return row ?? null;
}

export async function revokeBooking(tx: Db, accountId: number, id: number, now: Date) {
  await tx
    .update(eventBookings)
    .set({ revokedAt: now })
    .where(
      and(
        eq(eventBookings.accountId, accountId),
        eq(eventBookings.id, id),
        isNull(eventBookings.revokedAt),
        isNull(eventBookings.usedAt),
      ),
    );
}

/** The booking, locked: a second use of the same link waits here and then sees it used. */
export async function lockBooking(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(eventBookings)
    .where(and(eq(eventBookings.accountId, accountId), eq(eventBookings.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Slots other links of these interviewers have taken moments ago, whose events the events read
 * may not show yet (being made, or committed after that read). Older ones are events by now.
 */
export async function heldSlots(tx: Db, accountId: number, userIds: number[], now: Date) {
  const fresh = new Date(now.getTime() - HOLD_FRESH_MINUTES * 60_000);
  const rows = await tx
    .select({ start: eventBookings.bookedStart, end: eventBookings.bookedEnd })
    .from(eventBookings)
    .where(
      and(
        eq(eventBookings.accountId, accountId),
        sql`${eventBookings.bookedStart} is not null`,
        sql`${eventBookings.adminUserIds} && ${sql.param(userIds)}::integer[]`,
        sql`${eventBookings.usedAt} > ${fresh}`,
      ),
    );
  return rows.map((r) => ({ start: r.start!.getTime(), end: r.end!.getTime() }));
}

/** Takes the link for the slot (the caller holds the booking's row lock). */
export async function claimSlot(
  tx: Db,
  accountId: number,
  id: number,
  slot: { start: Date; end: Date },
  now: Date,
) {
  await tx
    .update(eventBookings)
    .set({ usedAt: now, bookedStart: slot.start, bookedEnd: slot.end })
    .where(and(eq(eventBookings.accountId, accountId), eq(eventBookings.id, id)));
}

/** Gives the link back when the event could not be made. */
export async function releaseSlot(tx: Db, accountId: number, id: number) {
  await tx
    .update(eventBookings)
    .set({ usedAt: null, bookedStart: null, bookedEnd: null })
    .where(and(eq(eventBookings.accountId, accountId), eq(eventBookings.id, id)));
}

export async function setEvent(tx: Db, accountId: number, id: number, eventId: number | null) {
  await tx
    .update(eventBookings)
    .set({ eventId })
    .where(and(eq(eventBookings.accountId, accountId), eq(eventBookings.id, id)));
}
