import pino from 'pino';
import { AppError } from '../../platform/errors.ts';
import { createMailer } from '../../platform/mailer.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  type EventActor,
  type EventDeps,
  createEventFromDraft,
  deleteEvent,
  getEvent,
  updateEventFromDraft,
} from '../events/events.service.ts';
import { getUser } from '../users/users.service.ts';
import type { GoogleDeps } from './google-connection.service.ts';

// What the sync needs of the events module (which owns the events tables), in the sync's terms,
// through the events service: the sync acts as the connected user.

export type EventData = {
  title: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  timeZone: string;
  link: string | null;
};
export type GoogleData = Omit<EventData, 'timeZone' | 'link'>;

export type OurEvent = EventData & {
  id: number;
  uid: string;
  source: 'ats' | 'google' | 'booking';
  authorId: number | null;
  participantIds: number[];
};

const eventDeps = (deps: GoogleDeps): EventDeps => {
  const log = deps.log ?? pino({ level: deps.config.LOG_LEVEL });
  return { config: deps.config, log, mailer: createMailer(deps.config, deps.database.system, log) };
};

async function actorOf(tenant: Tenant): Promise<EventActor | null> {
  try {
    const user = await getUser(tenant, tenant.userId);
    return { userId: user.id, memberType: user.member_type, isAdmin: user.is_admin };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The event as the user sees it; null when it is gone or theirs no longer. */
async function get(_deps: GoogleDeps, tenant: Tenant, id: number): Promise<OurEvent | null> {
  const actor = await actorOf(tenant);
  if (!actor) return null;
  try {
    const event = await getEvent(tenant, actor, id);
    return {
      id: event.id,
      uid: event.uid,
      source: event.source,
      authorId: event.author_id,
      participantIds: event.admin_user_ids,
      title: event.title,
      description: event.description,
      startsAt: new Date(event.starts_at),
      endsAt: new Date(event.ends_at),
      place: event.place,
      link: event.link,
      timeZone: event.time_zone,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}

/** A new event of the user's Google calendar: theirs alone, no invitations, overlaps allowed. */
async function createFromGoogle(deps: GoogleDeps, tenant: Tenant, data: GoogleData) {
  const actor = await actorOf(tenant);
  if (!actor) throw new AppError(404, 'Пользователь не найден');
  const event = await createEventFromDraft(
    eventDeps(deps),
    tenant,
    actor,
    {
      ...data,
      service: null,
      link: null,
      applicantId: null,
      vacancyId: null,
      userIds: [tenant.userId],
      guests: [],
      reminders: [],
      source: 'google',
    },
    { allowOverlap: true, sendInvitations: false, announce: false },
  );
  return event.id;
}

type Current = Parameters<Parameters<typeof updateEventFromDraft>[4]>[0];

/**
 * A change made in Google: title, description, time and place follow; the rest stays. The
 * invitees of one of our events are told (`notify`); one that came from Google has none.
 */
async function updateFromGoogle(
  deps: GoogleDeps,
  tenant: Tenant,
  id: number,
  data: GoogleData,
  notify: boolean,
) {
  const actor = await actorOf(tenant);
  if (!actor) return;
  await updateEventFromDraft(
    eventDeps(deps),
    tenant,
    actor,
    id,
    (current: Current) => {
      return {
        ...data,
        service: current.service,
        link: current.link,
        applicantId: current.applicant_id,
        vacancyId: current.vacancy_id,
        userIds: current.admin_user_ids,
        guests: current.guests,
        reminders: current.reminders,
        source: current.source,
      };
    },
    { allowOverlap: true, sendInvitations: notify, announce: false },
  ).catch((error: unknown) => {
    if (error instanceof AppError && (error.code === 404 || error.code === 403)) return;
    throw error;
  });
}

async function deleteFromGoogle(deps: GoogleDeps, tenant: Tenant, id: number) {
  const actor = await actorOf(tenant);
  if (!actor) return;
  await deleteEvent(eventDeps(deps), tenant, actor, id, {
    sendInvitations: false,
    announce: false,
  }).catch((error: unknown) => {
    if (error instanceof AppError && (error.code === 404 || error.code === 403)) return;
    throw error;
  });
}

export const eventsPort = () => ({ get, createFromGoogle, updateFromGoogle, deleteFromGoogle });
