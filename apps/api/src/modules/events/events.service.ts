import { randomUUID } from 'node:crypto';
import {
  EVENT_DEFAULT_TITLE,
  EVENT_END_BEFORE_START,
  EVENT_MAX_PERIOD_DAYS,
  EVENT_NOT_FOUND,
  EVENT_OVERLAP,
  EVENT_PERIOD_REVERSED,
  EVENT_PERIOD_TOO_LONG,
  type TCalendarUser,
  type TEvent,
  type TEventInput,
  type TEventListQuery,
  type THomeEvent,
} from '@ats/contracts/events';
import { personDisplayName } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import type { EventSource } from '@ats/db/schema/events';
import type { Session } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { readApplicantBelongings } from '../applicants/applicants.service.ts';
import { renderLetter } from '../mail-templates/mail-template-render.service.ts';
import { getUser, listUsers, readPermissionsActions } from '../users/users.service.ts';
import { readVacancy, readerOf } from '../vacancies/vacancies.service.ts';
import {
  type InvitationLetter,
  type InvitationPlan,
  readAudience,
  sendInvitations,
} from './event-invitations.ts';
import {
  addDays,
  daysBetween,
  instantOf,
  knownZone,
  localDateTime,
  russianDay,
  todayIn,
} from './event-time.ts';
import {
  type CalendarReader,
  type EventActor,
  assertCanEditEvent,
  assertCanViewCalendars,
  editsEvent,
  seesColleagueCalendars,
  seesEvent,
} from './events.policy.ts';
import * as repo from './events.repository.ts';
import { announceEventChange } from './event-changes.service.ts';

export type { EventActor } from './events.policy.ts';
export type EventDeps = Pick<AppDeps, 'mailer' | 'log' | 'config'>;

const USER_NOT_FOUND = 'Пользователь не найден';
const USER_INACTIVE = 'Пользователь отключён: его нельзя пригласить';
const EVENT_TOO_LONG = `Событие — не длиннее ${repo.MAX_EVENT_DAYS} дней`;
const LIST_LIMIT = 2000;

/**
 * An event in instants, as other modules give it (Google Calendar's sync, self-booking, delayed
 * tasks): what `createEventFromDraft` and `updateEventFromDraft` save.
 */
export type EventDraft = {
  title: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  service: string | null;
  link: string | null;
  place: string | null;
  applicantId: number | null;
  vacancyId: number | null;
  /** The company's participants; empty means the actor alone. */
  userIds: number[];
  guests: { email: string; name: string | null }[];
  /** Minutes before the start. */
  reminders: number[];
  source?: EventSource;
};

export type SaveOptions = {
  /** Save even when a participant is busy then (otherwise 409 «У участника уже есть встреча…»). */
  allowOverlap?: boolean;
  /** Mail the iCalendar invitations (default true). */
  sendInvitations?: boolean;
  /** A mail template whose subject and text open the applicant's invitation. */
  templateId?: number | null;
  /**
   * Tell the listeners of event changes (default true); Google's own pull says false, so a
   * change that came from Google is not pushed back to it.
   */
  announce?: boolean;
};

const readersOf = (row: repo.EventRow) => [
  ...new Set([...row.admin_user_ids, ...(row.author_id !== null ? [row.author_id] : [])]),
];

const iso = (value: Date | string | number) => new Date(value).toISOString();

function toEvent(row: repo.EventRow, reader: CalendarReader | EventActor): TEvent {
  const zone = knownZone(row.time_zone);
  const start = localDateTime(new Date(row.starts_at), zone);
  const end = localDateTime(new Date(row.ends_at), zone);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    data_mitting: russianDay(start.date),
    date: start.date,
    time_begin: start.time,
    time_end: end.time,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    time_zone: zone,
    service: row.service,
    link: row.link,
    place: row.place,
    applicant_id: row.applicant_id,
    applicant: row.applicant_person
      ? {
          id: row.applicant_person.id,
          name: personDisplayName(row.applicant_person) || `№${row.applicant_person.id}`,
        }
      : null,
    vacancy_id: row.vacancy_id,
    vacancy:
      row.vacancy_id !== null && row.vacancy_position !== null
        ? { id: row.vacancy_id, position: row.vacancy_position }
        : null,
    admin_user_ids: row.admin_user_ids,
    guests: row.guests,
    reminders: row.reminders,
    author_id: row.author_id,
    source: row.source,
    uid: row.uid,
    sequence: row.sequence,
    can_edit: editsEvent(reader, row),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The caller with their rights (`can_view_work_calendars`). */
async function readerOfActor(tenant: Tenant, actor: EventActor): Promise<CalendarReader> {
  const user = await getUser(tenant, actor.userId);
  return { ...actor, permissions: user.admin_user_setting.permissions_actions };
}

function normalizeGuests(guests: TEventInput['guests']) {
  const byEmail = new Map<string, { email: string; name: string | null }>();
  for (const guest of guests ?? []) {
    const entry =
      typeof guest === 'string'
        ? { email: guest, name: null }
        : { ...guest, name: guest.name ?? null };
    if (!byEmail.has(entry.email)) byEmail.set(entry.email, entry);
  }
  return [...byEmail.values()];
}

/** The wall-clock day and times in `timeZone` → instants; end not after start is a 400. */
function instantsOf(date: string, timeBegin: string, timeEnd: string, timeZone: string) {
  const startsAt = instantOf(date, timeBegin, timeZone);
  const endsAt = instantOf(date, timeEnd, timeZone);
  if (endsAt <= startsAt) {
    throw badRequest(EVENT_END_BEFORE_START, { time_end: EVENT_END_BEFORE_START });
  }
  return { startsAt, endsAt };
}

function assertDraft(draft: EventDraft) {
  if (draft.endsAt <= draft.startsAt) {
    throw badRequest(EVENT_END_BEFORE_START, { time_end: EVENT_END_BEFORE_START });
  }
  if (draft.endsAt.getTime() - draft.startsAt.getTime() > repo.MAX_EVENT_DAYS * 86_400_000) {
    throw badRequest(EVENT_TOO_LONG, { time_end: EVENT_TOO_LONG });
  }
}

/** Participants must be active users of the account: another account's id is not found. */
async function assertParticipants(tx: Db, accountId: number, userIds: number[]) {
  const found = await repo.findUsers(tx, accountId, userIds);
  const byId = new Map(found.map((u) => [u.id, u]));
  if (userIds.some((id) => !byId.has(id))) throw notFound(USER_NOT_FOUND);
  const inactive = found.find((u) => !u.is_active);
  if (inactive) throw badRequest(USER_INACTIVE, { admin_user_ids: USER_INACTIVE });
  return found;
}

/** A watcher names only applicants they reach; anyone else's is not found (as the card). */
async function assertApplicant(tenant: Tenant, actor: EventActor, applicantId: number | null) {
  if (applicantId === null) return;
  await readApplicantBelongings(tenant, actor as Session, applicantId, async () => null);
}

async function assertVacancy(tx: Db, tenant: Tenant, actor: EventActor, vacancyId: number | null) {
  if (vacancyId === null) return;
  await readVacancy(tx, tenant.accountId, vacancyId, readerOf(actor as Session));
}

/** 409 when a participant already has an event overlapping [startsAt, endsAt). */
async function assertNoOverlap(
  tx: Db,
  accountId: number,
  timeZone: string,
  draft: EventDraft,
  users: repo.UserContactRow[],
  exceptEventId?: number,
) {
  const busy = await repo.busyIntervals(
    tx,
    accountId,
    draft.userIds,
    draft.startsAt,
    draft.endsAt,
    exceptEventId,
  );
  if (busy.length === 0) return;
  const names = new Map(users.map((u) => [u.id, personDisplayName(u.person) || u.email]));
  const detail = busy
    .map((b) => {
      const from = localDateTime(new Date(b.starts_at), timeZone);
      const to = localDateTime(new Date(b.ends_at), timeZone);
      return `${names.get(b.user_id) ?? `№${b.user_id}`}: ${russianDay(from.date)} ${from.time}–${to.time}`;
    })
    .join('; ');
  throw conflict(EVENT_OVERLAP, { admin_user_ids: `${EVENT_OVERLAP} (${detail})` });
}

async function templateLetter(
  tenant: Tenant,
  actor: EventActor,
  draft: Pick<EventDraft, 'applicantId' | 'vacancyId'>,
  templateId: number | null | undefined,
): Promise<InvitationLetter | undefined> {
  if (!templateId || draft.applicantId === null) return undefined;
  const letter = await renderLetter(tenant, actor as Session, {
    template_id: templateId,
    applicant_id: draft.applicantId,
    vacancy_id: draft.vacancyId ?? undefined,
  });
  return { subject: letter.subject, text: letter.body_text };
}

function uidFor(deps: EventDeps) {
  let host = 'ats.local';
  try {
    if (deps.config.PUBLIC_URL) host = new URL(deps.config.PUBLIC_URL).hostname;
  } catch {
    // A malformed PUBLIC_URL leaves the default host.
  }
  return `${randomUUID()}@${host}`;
}

async function deliver(deps: EventDeps, tenant: Tenant, plan: InvitationPlan, send: boolean) {
  if (!send) return;
  try {
    await sendInvitations(deps, tenant, plan);
  } catch (error) {
    // The event is saved; a letter that failed stays in the outbox for its retry.
    deps.log.warn({ err: (error as Error).message, eventId: plan.row.id }, 'event invitations');
  }
}

/**
 * Creates an event (other modules: a booking, a delayed task, Google's sync). The participants'
 * calendars are locked for the transaction, so two writers of one slot are serialized and the
 * second gets 409 unless `allowOverlap`.
 */
export async function createEventFromDraft(
  deps: EventDeps,
  tenant: Tenant,
  actor: EventActor,
  input: EventDraft,
  options: SaveOptions = {},
): Promise<TEvent> {
  const draft = {
    ...input,
    userIds: input.userIds.length ? [...new Set(input.userIds)] : [actor.userId],
  };
  assertDraft(draft);
  await assertApplicant(tenant, actor, draft.applicantId);
  const letter = await templateLetter(tenant, actor, draft, options.templateId);
  const uid = uidFor(deps);
  const { row, audience } = await tenant.transaction(async (tx) => {
    const clock = await repo.findAccountClock(tx, tenant.accountId);
    const zone = knownZone(clock.time_zone);
    const users = await assertParticipants(tx, tenant.accountId, draft.userIds);
    await assertVacancy(tx, tenant, actor, draft.vacancyId);
    await repo.lockCalendars(tx, tenant.accountId, draft.userIds);
    if (!options.allowOverlap) {
      await assertNoOverlap(tx, tenant.accountId, zone, draft, users);
    }
    const id = await repo.insertEvent(tx, {
      accountId: tenant.accountId,
      authorId: actor.userId,
      title: draft.title,
      description: draft.description,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      timeZone: zone,
      service: draft.service,
      link: draft.link,
      place: draft.place,
      applicantId: draft.applicantId,
      vacancyId: draft.vacancyId,
      source: draft.source ?? 'ats',
      uid,
    });
    await repo.replaceEventMembers(tx, tenant.accountId, id, {
      userIds: draft.userIds,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      guests: draft.guests,
      reminders: [...new Set(draft.reminders)],
    });
    const saved = (await repo.findEventRow(tx, tenant.accountId, id))!;
    return { row: saved, audience: await readAudience(tx, tenant.accountId, saved, clock) };
  });
  await deliver(
    deps,
    tenant,
    { kind: 'created', row, audience, applicantLetter: letter },
    options.sendInvitations !== false,
  );
  if (options.announce !== false) {
    await announceEventChange(tenant, {
      kind: 'created',
      eventId: row.id,
      readers: readersOf(row),
    });
  }
  return toEvent(row, actor);
}

/** The request's fields other than the moment. */
function fieldsOf(input: TEventInput, actor: EventActor): Omit<EventDraft, 'startsAt' | 'endsAt'> {
  return {
    title: input.title || EVENT_DEFAULT_TITLE,
    description: input.description || null,
    service: input.service || null,
    link: input.link || null,
    place: input.place || null,
    applicantId: input.applicant_id ?? null,
    vacancyId: input.vacancy_id ?? null,
    userIds: input.admin_user_ids?.length ? input.admin_user_ids : [actor.userId],
    guests: normalizeGuests(input.guests),
    reminders: input.reminders ?? [],
  };
}

/** The request's fields as a draft, its day and times read in the account's zone. */
function draftOf(input: TEventInput, actor: EventActor, timeZone: string): EventDraft {
  return {
    ...fieldsOf(input, actor),
    ...instantsOf(input.data_mitting, input.time_begin, input.time_end, timeZone),
  };
}

async function accountZone(tenant: Tenant) {
  const clock = await tenant.transaction((tx) => repo.findAccountClock(tx, tenant.accountId));
  return knownZone(clock.time_zone);
}

/** POST /api/events. */
export async function createEvent(
  deps: EventDeps,
  tenant: Tenant,
  actor: EventActor,
  input: TEventInput,
  extra: Pick<SaveOptions, 'announce'> = {},
) {
  const draft = draftOf(input, actor, await accountZone(tenant));
  return createEventFromDraft(deps, tenant, actor, draft, {
    allowOverlap: input.allow_overlap,
    sendInvitations: input.send_invitations,
    templateId: input.template_id,
    ...extra,
  });
}

/** Reads an event for a change: not found when the actor may not see it, 403 when not change. */
async function eventForChange(tx: Db, tenant: Tenant, reader: CalendarReader, id: number) {
  const row = await repo.findEventRow(tx, tenant.accountId, id, true);
  if (!row || !seesEvent(reader, row)) throw notFound(EVENT_NOT_FOUND);
  assertCanEditEvent(reader, row);
  return row;
}

/**
 * Changes an event to `next(current)`: SEQUENCE rises, the participants' copies of the instants
 * follow, and the invitees get METHOD:REQUEST (those taken off it METHOD:CANCEL).
 */
export async function updateEventFromDraft(
  deps: EventDeps,
  tenant: Tenant,
  actor: EventActor,
  id: number,
  next: (current: repo.EventRow, timeZone: string) => EventDraft,
  options: SaveOptions = {},
): Promise<TEvent> {
  const reader = await readerOfActor(tenant, actor);
  // The applicant and the template are checked before the change's transaction (their own reads).
  const preview = await tenant.transaction(async (tx) => {
    const current = await eventForChange(tx, tenant, reader, id);
    const clock = await repo.findAccountClock(tx, tenant.accountId);
    return next(current, knownZone(clock.time_zone));
  });
  assertDraft(preview);
  await assertApplicant(tenant, actor, preview.applicantId);
  const letter = await templateLetter(tenant, actor, preview, options.templateId);
  const { row, audience, before } = await tenant.transaction(async (tx) => {
    const current = await eventForChange(tx, tenant, reader, id);
    const clock = await repo.findAccountClock(tx, tenant.accountId);
    const zone = knownZone(clock.time_zone);
    const draft = next(current, zone);
    assertDraft(draft);
    draft.userIds = draft.userIds.length ? [...new Set(draft.userIds)] : [actor.userId];
    const users = await assertParticipants(tx, tenant.accountId, draft.userIds);
    if (draft.vacancyId !== current.vacancy_id) {
      await assertVacancy(tx, tenant, actor, draft.vacancyId);
    }
    const moved =
      draft.startsAt.getTime() !== new Date(current.starts_at).getTime() ||
      draft.endsAt.getTime() !== new Date(current.ends_at).getTime() ||
      draft.userIds.some((u) => !current.admin_user_ids.includes(u));
    await repo.lockCalendars(tx, tenant.accountId, draft.userIds);
    if (moved && !options.allowOverlap) {
      await assertNoOverlap(tx, tenant.accountId, zone, draft, users, id);
    }
    const audienceBefore = await readAudience(tx, tenant.accountId, current, clock);
    await repo.updateEvent(tx, tenant.accountId, id, {
      title: draft.title,
      description: draft.description,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      timeZone: zone,
      service: draft.service,
      link: draft.link,
      place: draft.place,
      applicantId: draft.applicantId,
      vacancyId: draft.vacancyId,
      sequence: current.sequence + 1,
      updatedAt: new Date(),
    });
    await repo.replaceEventMembers(tx, tenant.accountId, id, {
      userIds: draft.userIds,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      guests: draft.guests,
      reminders: [...new Set(draft.reminders)],
    });
    const saved = (await repo.findEventRow(tx, tenant.accountId, id))!;
    return {
      row: saved,
      before: audienceBefore,
      audience: await readAudience(tx, tenant.accountId, saved, clock),
    };
  });
  await deliver(
    deps,
    tenant,
    { kind: 'updated', row, audience, before, applicantLetter: letter },
    options.sendInvitations !== false,
  );
  if (options.announce !== false) {
    await announceEventChange(tenant, {
      kind: 'updated',
      eventId: row.id,
      readers: readersOf(row),
    });
  }
  return toEvent(row, reader);
}

/** The current event as the request's fields, in `timeZone`. */
function inputOf(row: repo.EventRow, timeZone: string): TEventInput {
  const start = localDateTime(new Date(row.starts_at), timeZone);
  const end = localDateTime(new Date(row.ends_at), timeZone);
  return {
    title: row.title,
    description: row.description,
    data_mitting: start.date,
    time_begin: start.time,
    time_end: end.time,
    service: row.service,
    link: row.link,
    place: row.place,
    applicant_id: row.applicant_id,
    vacancy_id: row.vacancy_id,
    admin_user_ids: row.admin_user_ids,
    guests: row.guests,
    reminders: row.reminders,
  };
}

/**
 * PUT /api/events/{id} (`full`): the Huntlee client's whole event — its §6.9 fields replace the
 * stored ones (absent ones are emptied; no `admin_user_ids` means the caller alone), while the
 * fields it does not know (`place`, `guests`, `reminders`) stay unless sent.
 * PATCH (`!full`): only what is sent changes. An event running past midnight (Google's) keeps its
 * length when only the day or the start moves.
 */
export async function updateEvent(
  deps: EventDeps,
  tenant: Tenant,
  actor: EventActor,
  id: number,
  input: Partial<TEventInput>,
  full: boolean,
) {
  return updateEventFromDraft(
    deps,
    tenant,
    actor,
    id,
    (current, zone) => {
      const was = inputOf(current, zone);
      const merged: TEventInput = full
        ? {
            ...was,
            title: input.title,
            description: input.description,
            service: input.service,
            link: input.link,
            applicant_id: input.applicant_id,
            vacancy_id: input.vacancy_id,
            admin_user_ids: input.admin_user_ids,
            data_mitting: input.data_mitting!,
            time_begin: input.time_begin!,
            time_end: input.time_end!,
            ...(input.place !== undefined && { place: input.place }),
            ...(input.guests !== undefined && { guests: input.guests }),
            ...(input.reminders !== undefined && { reminders: input.reminders }),
          }
        : {
            ...was,
            ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
          };
      if (!full && input.time_begin === undefined && input.time_end === undefined) {
        // Only the day moves, or nothing: the event keeps its length (one past midnight too).
        const length = new Date(current.ends_at).getTime() - new Date(current.starts_at).getTime();
        const startsAt =
          input.data_mitting === undefined
            ? new Date(current.starts_at)
            : instantOf(merged.data_mitting, merged.time_begin, zone);
        return {
          ...fieldsOf(merged, actor),
          startsAt,
          endsAt: new Date(startsAt.getTime() + length),
        };
      }
      return draftOf(merged, actor, zone);
    },
    {
      allowOverlap: input.allow_overlap,
      sendInvitations: input.send_invitations,
      templateId: input.template_id,
    },
  );
}

/** DELETE /api/events/{id}: the invitees get METHOD:CANCEL with the next SEQUENCE. */
export async function deleteEvent(
  deps: EventDeps,
  tenant: Tenant,
  actor: EventActor,
  id: number,
  options: { sendInvitations?: boolean; announce?: boolean } = {},
): Promise<TEvent> {
  const reader = await readerOfActor(tenant, actor);
  const { row, audience } = await tenant.transaction(async (tx) => {
    const current = await eventForChange(tx, tenant, reader, id);
    const clock = await repo.findAccountClock(tx, tenant.accountId);
    const audienceBefore = await readAudience(tx, tenant.accountId, current, clock);
    await repo.deleteEvent(tx, tenant.accountId, id);
    return { row: { ...current, sequence: current.sequence + 1 }, audience: audienceBefore };
  });
  await deliver(
    deps,
    tenant,
    { kind: 'cancelled', row, audience },
    options.sendInvitations !== false,
  );
  if (options.announce !== false) {
    await announceEventChange(tenant, { kind: 'deleted', eventId: row.id, readers: null });
  }
  return toEvent(row, reader);
}

/** GET /api/events/{id}: not found for a reader who may not see it. */
export async function getEvent(tenant: Tenant, actor: EventActor, id: number) {
  const reader = await readerOfActor(tenant, actor);
  const row = await tenant.transaction((tx) => repo.findEventRow(tx, tenant.accountId, id));
  if (!row || !seesEvent(reader, row)) throw notFound(EVENT_NOT_FOUND);
  return toEvent(row, reader);
}

/** Days `from`..`to` (inclusive, in `zone`) as instants [from, to). */
function periodOf(zone: string, from: string, to: string) {
  if (from > to) throw badRequest(EVENT_PERIOD_REVERSED, { date_to: EVENT_PERIOD_REVERSED });
  if (daysBetween(from, to) >= EVENT_MAX_PERIOD_DAYS) {
    throw badRequest(EVENT_PERIOD_TOO_LONG, { date_to: EVENT_PERIOD_TOO_LONG });
  }
  return { from: instantOf(from, '00:00', zone), to: instantOf(addDays(to, 1), '00:00', zone) };
}

/**
 * GET /api/events. Calendars named (`user_ids`, `user_id`, `admin_user_id`): their events, if the
 * caller may open them (403 otherwise). None named: with an applicant or vacancy filter, every
 * event of it the caller may see; else the caller's own calendar. Without a period: today and
 * the 30 days after it — or, for an applicant or vacancy, all of its events.
 */
export async function listEvents(tenant: Tenant, actor: EventActor, query: TEventListQuery) {
  const named = [
    ...new Set([
      ...(query.user_ids ?? []),
      ...(query['user_ids[]'] ?? []),
      ...(query.user_id !== undefined ? [query.user_id] : []),
      ...(query.admin_user_id !== undefined ? [query.admin_user_id] : []),
    ]),
  ];
  const byLink = query.applicant_id !== undefined || query.vacancy_id !== undefined;
  // The caller's rights, the account's zone and the rows in one transaction: a month view is
  // three statements, not two transactions' worth of round trips.
  const { reader, rows } = await tenant.transaction(async (tx) => {
    const permissions = await readPermissionsActions(tx, tenant.accountId, actor.userId);
    const reader: CalendarReader = { ...actor, permissions };
    assertCanViewCalendars(reader, named);
    const zone = knownZone((await repo.findAccountClock(tx, tenant.accountId)).time_zone);
    let period: { from?: Date; to?: Date } = {};
    if (query.date_from || query.date_to || !byLink) {
      const from = query.date_from ?? (query.date_to ? addDays(query.date_to, -30) : todayIn(zone));
      const to = query.date_to ?? addDays(from, 30);
      period = periodOf(zone, from, to);
    }
    // Named calendars; else, without an applicant or vacancy, the caller's own (taking part or
    // made); a reader of no colleague's calendar sees only their own events in any case.
    const ownOnly = !seesColleagueCalendars(reader) || (!named.length && !byLink);
    const rows = await repo.listEventRows(tx, tenant.accountId, {
      ...period,
      ...(named.length && { userIds: named }),
      ...(ownOnly && { ownerId: actor.userId }),
      applicantId: query.applicant_id,
      vacancyId: query.vacancy_id,
      limit: LIST_LIMIT,
    });
    return { reader, rows };
  });
  return rows.map((row) => toEvent(row, reader));
}

/** GET /api/events/users_with_viewable_calendars: everyone active with the right, else oneself. */
export async function listUsersWithViewableCalendars(
  tenant: Tenant,
  actor: EventActor,
): Promise<TCalendarUser[]> {
  const reader = await readerOfActor(tenant, actor);
  const everyone = seesColleagueCalendars(reader);
  const users = await listUsers(tenant);
  return users
    .filter((u) => u.id === actor.userId || (everyone && u.is_active))
    .map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      middle_name: u.middle_name,
      last_name: u.last_name,
      member_type: u.member_type,
      is_active: u.is_active,
      is_me: u.id === actor.userId,
    }))
    .sort((a, b) => Number(b.is_me) - Number(a.is_me));
}

export type BusyInterval = { user_id: number; event_id: number; starts_at: Date; ends_at: Date };

/**
 * The users' busy time between two instants (their events overlapping it), for free-slot search
 * (self-booking) and the calendar's conflicts. `tx`: inside the caller's transaction, after
 * `lockUserCalendars` when the answer must hold until a write.
 */
export async function busyIntervalsOfUsers(
  tenant: Tenant,
  userIds: number[],
  from: Date,
  to: Date,
  tx?: Db,
): Promise<BusyInterval[]> {
  const read = (db: Db) => repo.busyIntervals(db, tenant.accountId, userIds, from, to);
  const rows = tx ? await read(tx) : await tenant.transaction(read);
  return rows.map((r) => ({
    user_id: r.user_id,
    event_id: r.event_id,
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
  }));
}

/** Serializes writers of these users' calendars until `tx` ends (see createEventFromDraft). */
export const lockUserCalendars = (tx: Db, tenant: Tenant, userIds: number[]) =>
  repo.lockCalendars(tx, tenant.accountId, userIds);

/**
 * The home page: the user's events (taking part or made) of today and tomorrow; inside the
 * caller's transaction `tx` when given (home reads all it shows in one).
 */
export async function listHomeEvents(
  tenant: Tenant,
  userId: number,
  tx?: Db,
): Promise<THomeEvent[]> {
  const read = async (db: Db) => {
    const zone = knownZone((await repo.findAccountClock(db, tenant.accountId)).time_zone);
    const today = todayIn(zone);
    return repo.listEventRows(db, tenant.accountId, {
      ...periodOf(zone, today, addDays(today, 1)),
      ownerId: userId,
      limit: 200,
    });
  };
  const rows = tx ? await read(tx) : await tenant.transaction(read);
  return rows.map((row) => {
    const e = toEvent(row, { userId, memberType: 'owner', isAdmin: false });
    return {
      id: e.id,
      title: e.title,
      data_mitting: e.data_mitting,
      date: e.date,
      time_begin: e.time_begin,
      time_end: e.time_end,
      starts_at: e.starts_at,
      ends_at: e.ends_at,
      service: e.service,
      link: e.link,
      place: e.place,
      applicant: e.applicant,
      vacancy: e.vacancy,
    };
  });
}
