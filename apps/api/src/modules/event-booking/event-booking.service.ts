import {
  BOOKING_MESSAGES,
  BOOKING_NOTICE_MINUTES,
  MAX_BOOKING_LEAD_DAYS,
  type TBookSlotRequest,
  type TBookedSlot,
  type TBooking,
  type TBookingState,
  type TCreatedBooking,
  type TPublicBooking,
  type ZCreateBookingRequest,
} from '@ats/contracts/event-booking';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { getAccount } from '../account/account.service.ts';
import { getCommonSettings } from '../account/common-settings.service.ts';
import { listWorkingDays } from '../account-calendar/account-calendar.service.ts';
import { getApplicantCard } from '../applicants/applicants.service.ts';
import { findActiveUserContacts } from '../users/users.service.ts';
import { getVacancy } from '../vacancies/vacancies.service.ts';
import {
  type BookingDeps,
  busyOf,
  createBookedEvent,
  externalBusyOf,
  lockedEventBusy,
} from './booking-calendars.ts';
import {
  type Interval,
  freeSlots,
  isOffered,
  wallClockInstant,
  wallClockOf,
} from './booking-slots.ts';
import { assertCanManageBooking } from './event-booking.policy.ts';
import * as repo from './event-booking.repository.ts';

// Self-booking (issue 15, decision 0039): the recruiter's links, the applicant's public page of
// free slots, and the booking itself — the link taken under the interviewers' locks, so two
// applicants picking one slot at once get one meeting and one «Это время уже занято».

const DAY_MS = 86_400_000;

/** The public page of a link; the token is its only secret and is never logged. */
export const bookingPath = (token: string) => `/booking/${token}`;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function bookingState(row: repo.BookingRow, now: Date): TBookingState {
  if (row.usedAt) return 'booked';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const toBooking = (row: repo.BookingRow, now: Date): TBooking => ({
  id: row.id,
  applicant_id: row.applicantId,
  vacancy_id: row.vacancyId,
  admin_user_ids: row.adminUserIds,
  title: row.title,
  duration: row.durationMinutes,
  date_from: row.dateFrom,
  date_to: row.dateTo,
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  state: bookingState(row, now),
  booked_start: row.bookedStart?.toISOString() ?? null,
  booked_end: row.bookedEnd?.toISOString() ?? null,
  event_id: row.eventId,
});

/** `POST /api/event_bookings`: a new link for the applicant, answered once with its token. */
export async function createBooking(
  deps: BookingDeps,
  tenant: Tenant,
  session: Session,
  input: z.output<typeof ZCreateBookingRequest>,
  publicUrl: string,
  now = new Date(),
): Promise<TCreatedBooking> {
  // The card is read as the caller reads it: an applicant they do not reach is not found.
  await getApplicantCard(tenant, session, input.applicant_id);
  if (input.vacancy_id) await getVacancy(tenant, session, input.vacancy_id);
  const settings = await getCommonSettings(tenant);
  const today = wallClockOf(now.getTime(), settings.time_zone).date;
  const dateFrom = input.date_from ?? today;
  if (dateFrom < today || dateFrom > addDays(today, MAX_BOOKING_LEAD_DAYS)) {
    throw badRequest(BOOKING_MESSAGES.dateFrom, { date_from: BOOKING_MESSAGES.dateFrom });
  }
  const dateTo = addDays(dateFrom, input.days - 1);
  const token = generateToken();
  const row = await tenant.transaction(async (tx) => {
    const found = await findActiveUserContacts(tx, tenant.accountId, input.admin_user_ids);
    if (found.length !== input.admin_user_ids.length) {
      throw badRequest(BOOKING_MESSAGES.interviewerUnknown, {
        admin_user_ids: BOOKING_MESSAGES.interviewerUnknown,
      });
    }
    return repo.insertBooking(tx, {
      accountId: tenant.accountId,
      applicantId: input.applicant_id,
      vacancyId: input.vacancy_id ?? null,
      createdBy: tenant.userId,
      adminUserIds: input.admin_user_ids,
      title: input.title,
      durationMinutes: input.duration,
      dateFrom,
      dateTo,
      tokenHash: hashToken(token),
      // The link ends with the last day it offers, at midnight of the company's clock.
      expiresAt: new Date(wallClockInstant(addDays(dateTo, 1), '00:00', settings.time_zone)),
      createdAt: now,
    });
  });
  deps.log.info({ bookingId: row.id, applicantId: row.applicantId }, 'booking link created');
  return { ...toBooking(row, now), token, url: `${publicUrl}${bookingPath(token)}` };
}

/** `GET /api/event_bookings`: the applicant's links, or without one the caller's own. */
export async function listBookings(
  tenant: Tenant,
  session: Session,
  query: { applicant_id?: number | undefined },
  now = new Date(),
) {
  if (query.applicant_id !== undefined) {
    await getApplicantCard(tenant, session, query.applicant_id);
  }
  const rows = await tenant.transaction((tx) =>
    repo.listBookings(
      tx,
      tenant.accountId,
      query.applicant_id !== undefined
        ? { applicantId: query.applicant_id }
        : { createdBy: tenant.userId },
    ),
  );
  return rows.map((row) => toBooking(row, now));
}

/** `DELETE /api/event_bookings/{id}`: the link stops working; a booked one stays as it is. */
export async function revokeBooking(
  tenant: Tenant,
  session: Session,
  id: number,
  now = new Date(),
) {
  const row = await tenant.transaction(async (tx) => {
    const found = await repo.findBooking(tx, tenant.accountId, id);
    if (!found) throw notFound(BOOKING_MESSAGES.invalid);
    assertCanManageBooking(session, found);
    await repo.revokeBooking(tx, tenant.accountId, id, now);
    return repo.findBooking(tx, tenant.accountId, id);
  });
  return toBooking(row!, now);
}

const gone = (message: string) => new AppError(410, message);

/** The link of `token` while it works: 404 unknown or revoked, 410 used or expired. */
async function openLink(deps: BookingDeps, token: string, now: Date) {
  const row = await repo.findBookingAcrossAccounts(deps.database.system, hashToken(token));
  if (!row) throw notFound(BOOKING_MESSAGES.invalid);
  const state = bookingState(row, now);
  if (state === 'booked') throw gone(BOOKING_MESSAGES.used);
  if (state === 'revoked') throw notFound(BOOKING_MESSAGES.revoked);
  if (state === 'expired') throw gone(BOOKING_MESSAGES.expired);
  return row;
}

/** The link's tenant: the recruiter who made it, in its account. */
const tenantOfLink = (deps: BookingDeps, row: repo.BookingRow) =>
  tenantFor(deps.database, row.accountId, row.createdBy);

/** Every slot of the link's working days and hours, busy or not, and the company's zone. */
async function slotFrame(deps: BookingDeps, tenant: Tenant, row: repo.BookingRow, now: Date) {
  const settings = await getCommonSettings(tenant);
  const days = (await listWorkingDays(tenant, row.dateFrom, row.dateTo)).map((date) => ({
    date,
    from: settings.work_hours_from,
    to: settings.work_hours_to,
  }));
  const frame = {
    days,
    timeZone: settings.time_zone,
    durationMinutes: row.durationMinutes,
    notBefore: now.getTime() + BOOKING_NOTICE_MINUTES * 60_000,
  };
  const window = {
    from: new Date(wallClockInstant(row.dateFrom, '00:00', settings.time_zone)),
    to: row.expiresAt,
  };
  return { frame, window, timeZone: settings.time_zone };
}

const shownSlot = (slot: Interval, timeZone: string) => ({
  start: new Date(slot.start).toISOString(),
  end: new Date(slot.end).toISOString(),
  ...wallClockOf(slot.start, timeZone),
});

/** `GET /api/public/bookings/{token}`: what the applicant books and the free slots now. */
export async function readPublicBooking(
  deps: BookingDeps,
  token: string,
  now = new Date(),
): Promise<TPublicBooking> {
  const row = await openLink(deps, token, now);
  const tenant = tenantOfLink(deps, row);
  const { frame, window, timeZone } = await slotFrame(deps, tenant, row, now);
  const busy = await busyOf(deps, tenant, row.adminUserIds, window.from, window.to);
  const { held, interviewers } = await tenant.transaction(async (tx) => ({
    held: await repo.heldSlots(tx, row.accountId, row.adminUserIds, now),
    interviewers: await findActiveUserContacts(tx, row.accountId, row.adminUserIds),
  }));
  const slots = freeSlots({ ...frame, busy: [...busy, ...held] });
  const account = await getAccount(tenant);
  return {
    company: account.name,
    title: row.title,
    duration: row.durationMinutes,
    time_zone: timeZone,
    interviewers: interviewers
      .map((u) => userDisplayName(u.person) ?? u.email)
      .sort((a, b) => a.localeCompare(b, 'ru')),
    date_from: row.dateFrom,
    date_to: row.dateTo,
    expires_at: row.expiresAt.toISOString(),
    slots: slots.map((slot) => shownSlot(slot, timeZone)),
  };
}

/**
 * `POST /api/public/bookings/{token}/book`: the applicant takes a slot. Under the locks of the
 * link's interviewers the slot is checked against everyone's busy time and the slots other links
 * took moments ago, and the link is taken; then the event is made (with its invitations). A slot
 * taken meanwhile is a 409, and the page shows the slots free now.
 */
export async function bookSlot(
  deps: BookingDeps,
  token: string,
  input: TBookSlotRequest,
  now = new Date(),
): Promise<TBookedSlot> {
  const row = await openLink(deps, token, now);
  const tenant = tenantOfLink(deps, row);
  const { frame, timeZone } = await slotFrame(deps, tenant, row, now);
  const start = Date.parse(input.start);
  const wanted = { start, end: start + row.durationMinutes * 60_000 };
  if (!isOffered(freeSlots({ ...frame, busy: [] }), wanted)) {
    throw badRequest(BOOKING_MESSAGES.slotUnknown, { start: BOOKING_MESSAGES.slotUnknown });
  }
  const taken = () => conflict(BOOKING_MESSAGES.slotTaken, { start: BOOKING_MESSAGES.slotTaken });
  const overlaps = (busy: Interval[]) =>
    busy.some((b) => b.start < wanted.end && wanted.start < b.end);
  // Google is asked before the transaction: no lock is held while another service answers.
  const external = await externalBusyOf(
    deps,
    tenant,
    row.adminUserIds,
    new Date(wanted.start),
    new Date(wanted.end),
  );
  if (overlaps(external)) throw taken();
  await tenant.transaction(async (tx) => {
    // The interviewers' calendars are locked as every writer of them locks them: the events
    // read here and the slots other links claimed cannot change until this claim commits.
    const events = await lockedEventBusy(
      tx,
      tenant,
      row.adminUserIds,
      new Date(wanted.start),
      new Date(wanted.end),
    );
    const locked = await repo.lockBooking(tx, row.accountId, row.id);
    if (!locked || locked.revokedAt) throw notFound(BOOKING_MESSAGES.revoked);
    if (locked.usedAt) throw gone(BOOKING_MESSAGES.used);
    const held = await repo.heldSlots(tx, row.accountId, row.adminUserIds, now);
    if (overlaps(events) || overlaps(held)) throw taken();
    await repo.claimSlot(
      tx,
      row.accountId,
      row.id,
      { start: new Date(wanted.start), end: new Date(wanted.end) },
      now,
    );
  });
  let eventId: number;
  try {
    eventId = await createBookedEvent(deps, tenant, {
      title: row.title,
      applicantId: row.applicantId,
      vacancyId: row.vacancyId,
      userIds: row.adminUserIds,
      start: new Date(wanted.start),
      end: new Date(wanted.end),
    });
  } catch (error) {
    await tenant.transaction((tx) => repo.releaseSlot(tx, row.accountId, row.id));
    throw error;
  }
  await tenant.transaction((tx) => repo.setEvent(tx, row.accountId, row.id, eventId));
  deps.log.info({ bookingId: row.id, eventId }, 'booking link used');
  return {
    title: row.title,
    ...shownSlot(wanted, timeZone),
    time_zone: timeZone,
    event_id: eventId,
  };
}
