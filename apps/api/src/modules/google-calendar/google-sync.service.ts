import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GOOGLE_MESSAGES } from '@ats/contracts/google-calendar';
import type { Db } from '@ats/db/connection';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { type GoogleEvent, GoogleError } from './google-client.ts';
import {
  type GoogleDeps,
  type GoogleSession,
  answerGoogleFailure,
  googleClient,
  googleSessionOf,
  pushEnabled,
  requireGoogleSession,
  tokenBox,
} from './google-connection.service.ts';
import * as repo from './google-calendar.repository.ts';
import { type EventData, type OurEvent, eventsPort } from './events-bridge.ts';

// Two-way sync of a user's chosen Google calendar (decision 0038):
// - out: an event of ours the user takes part in is inserted into their calendar (with a stable
//   id derived from the event's UID, so a retried insert answers 409 and becomes a patch),
//   patched on change and deleted when the event is deleted or the user leaves it;
// - in: events.list with the stored syncToken (a full listing from 30 days back when there is
//   none, or when Google answers 410); a new timed event becomes our event (source 'google'),
//   a change changes it, a cancellation deletes it; a change to one of our events made in Google
//   comes back into it, and its deletion there only unlinks it (the interview stays ours);
// - push channels (events.watch) when PUBLIC_URL is set, renewed before they end; a periodic
//   job pulls every connection anyway, as notifications are not guaranteed.

const FULL_SYNC_DAYS_BACK = 30;
const CHANNEL_DAYS = 7;
const RENEW_BEFORE_MS = 24 * 3_600_000;

/** base32hex ([a-v0-9]) and stable: the same event gets the same Google id in every calendar. */
export const googleIdOf = (uid: string) =>
  createHash('sha256').update(uid).digest('hex').slice(0, 40);

const notConnected = () => badRequest(GOOGLE_MESSAGES.notConnected);

function googleBody(accountId: number, event: EventData & { id: number }) {
  const location = [event.place, event.link].filter(Boolean).join(' · ');
  return {
    summary: event.title,
    description: event.description ?? '',
    location,
    start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
    extendedProperties: {
      private: { atsEventId: String(event.id), atsAccountId: String(accountId) },
    },
  };
}

const instantOf = (time: GoogleEvent['start']) => (time?.dateTime ? new Date(time.dateTime) : null);

/** What a Google event says, in our terms; null for an all-day or malformed event. */
function dataOf(item: GoogleEvent): Omit<EventData, 'timeZone' | 'link'> | null {
  const startsAt = instantOf(item.start);
  const endsAt = instantOf(item.end);
  if (!startsAt || !endsAt || Number.isNaN(startsAt.getTime()) || endsAt <= startsAt) return null;
  return {
    title: (item.summary ?? '').trim().slice(0, 255) || 'Встреча из Google Календаря',
    description: item.description ? item.description.slice(0, 10_000) : null,
    startsAt,
    endsAt,
    place: item.location ? item.location.slice(0, 500) : null,
  };
}

const sameMoment = (a: EventData, b: Pick<EventData, 'title' | 'startsAt' | 'endsAt'>) =>
  a.title === b.title &&
  a.startsAt.getTime() === b.startsAt.getTime() &&
  a.endsAt.getTime() === b.endsAt.getTime();

/** Chooses the calendar our events go to and theirs come from; the sync starts over. */
export async function chooseCalendar(deps: GoogleDeps, tenant: Tenant, calendarId: string) {
  const session = await requireGoogleSession(deps, tenant);
  const client = googleClient(deps.config);
  const list = await session
    .call((token) => client.listCalendars(token))
    .catch(answerGoogleFailure);
  const calendar = list.items?.find((c) => c.id === calendarId);
  if (!calendar) {
    throw badRequest(GOOGLE_MESSAGES.unknownCalendar, {
      calendar_id: GOOGLE_MESSAGES.unknownCalendar,
    });
  }
  await stopChannel(deps, session);
  await tenant.transaction(async (tx) => {
    await repo.deleteLinksOfUser(tx, tenant.accountId, tenant.userId);
    await repo.updateConnection(tx, tenant.accountId, tenant.userId, {
      calendarId: calendar.id,
      calendarSummary: calendar.summary ?? calendar.id,
      syncToken: null,
      channelId: null,
      channelResourceId: null,
      channelToken: null,
      channelExpiresAt: null,
      lastError: null,
    });
  });
  await syncUser(deps, tenant.accountId, tenant.userId);
}

async function stopChannel(deps: GoogleDeps, session: GoogleSession) {
  const { channelId, channelResourceId } = session.connection;
  if (!channelId || !channelResourceId) return;
  await session
    .call((token) => googleClient(deps.config).stopChannel(token, channelId, channelResourceId))
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'google channel not stopped'));
}

/** Stops the channel, revokes the grant at Google and forgets the tokens and links. */
export async function disconnect(deps: GoogleDeps, tenant: Tenant) {
  const session = await googleSessionOf(deps, tenant);
  if (!session) throw notConnected();
  await stopChannel(deps, session);
  const refresh = session.connection.refreshToken
    ? tokenBox(deps.config).open(session.connection.refreshToken)
    : null;
  if (refresh) await googleClient(deps.config).revoke(refresh);
  await tenant.transaction((tx) => repo.deleteConnection(tx, tenant.accountId, tenant.userId));
}

/** Opens (or renews, a day before it ends) the push channel of the chosen calendar. */
async function ensureChannel(deps: GoogleDeps, tenant: Tenant, session: GoogleSession) {
  const row = session.connection;
  if (!pushEnabled(deps.config) || !row.calendarId) return;
  if (
    row.channelId &&
    row.channelExpiresAt &&
    row.channelExpiresAt.getTime() - Date.now() > RENEW_BEFORE_MS
  ) {
    return;
  }
  await stopChannel(deps, session);
  const id = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const expiration = Date.now() + CHANNEL_DAYS * 86_400_000;
  const address = `${deps.config.PUBLIC_URL!.replace(/\/$/, '')}/api/google/notifications`;
  // The channel is stored first: Google's first notification («sync») may come before its answer.
  await tenant.transaction((tx) =>
    repo.updateConnection(tx, row.accountId, row.userId, {
      channelId: id,
      channelToken: token,
      channelResourceId: null,
      channelExpiresAt: new Date(expiration),
    }),
  );
  const calendarId = row.calendarId;
  try {
    const channel = await session.call((access) =>
      googleClient(deps.config).watch(access, calendarId, { id, address, token, expiration }),
    );
    const patch = {
      channelResourceId: channel.resourceId,
      channelExpiresAt: new Date(Number(channel.expiration ?? expiration)),
    };
    row.channelId = id;
    row.channelResourceId = channel.resourceId;
    await tenant.transaction((tx) => repo.updateConnection(tx, row.accountId, row.userId, patch));
  } catch (error) {
    deps.log?.warn({ err: error }, 'google push channel not opened');
    await tenant.transaction((tx) =>
      repo.updateConnection(tx, row.accountId, row.userId, {
        channelId: null,
        channelToken: null,
        channelExpiresAt: null,
      }),
    );
  }
}

/**
 * Pulls the user's calendar: incremental with the stored syncToken, full (30 days back) without
 * one or when Google answers 410 (the token is no longer valid). Answers what changed here.
 */
export async function syncUser(
  deps: GoogleDeps,
  accountId: number,
  userId: number,
): Promise<{ pulled: number; full: boolean }> {
  const tenant = tenantFor(deps.database, accountId, userId);
  const session = await googleSessionOf(deps, tenant);
  if (!session?.connection.calendarId) return { pulled: 0, full: false };
  const calendarId = session.connection.calendarId;
  const client = googleClient(deps.config);
  let syncToken = session.connection.syncToken;
  let full = !syncToken;
  let pulled = 0;
  try {
    let pageToken: string | undefined;
    for (;;) {
      let page;
      try {
        page = await session.call((token) =>
          client.listEvents(
            token,
            calendarId,
            syncToken
              ? { syncToken, pageToken }
              : {
                  timeMin: new Date(Date.now() - FULL_SYNC_DAYS_BACK * 86_400_000).toISOString(),
                  singleEvents: 'true',
                  maxResults: '250',
                  pageToken,
                },
          ),
        );
      } catch (error) {
        if (error instanceof GoogleError && error.status === 410 && syncToken) {
          // fullSyncRequired: the token is gone; list everything again from the start.
          syncToken = null;
          full = true;
          pageToken = undefined;
          continue;
        }
        throw error;
      }
      for (const item of page.items ?? []) {
        if (await applyGoogleEvent(deps, tenant, item)) pulled += 1;
      }
      if (page.nextPageToken) {
        pageToken = page.nextPageToken;
        continue;
      }
      const nextSyncToken = page.nextSyncToken ?? null;
      await tenant.transaction((tx) =>
        repo.updateConnection(tx, accountId, userId, {
          syncToken: nextSyncToken,
          lastSyncedAt: new Date(),
          lastError: null,
          retryAfter: null,
        }),
      );
      break;
    }
  } catch (error) {
    const message = error instanceof AppError ? error.message : GOOGLE_MESSAGES.unavailable;
    await tenant.transaction((tx) =>
      repo.updateConnection(tx, accountId, userId, { lastError: message }),
    );
    throw error instanceof GoogleError ? new AppError(503, GOOGLE_MESSAGES.unavailable) : error;
  }
  await ensureChannel(deps, tenant, session);
  return { pulled, full };
}

/** One event of the listing, applied here; true when something of ours changed. */
async function applyGoogleEvent(deps: GoogleDeps, tenant: Tenant, item: GoogleEvent) {
  const port = eventsPort();
  const { accountId, userId } = tenant;
  const ours = item.extendedProperties?.private;
  const link = await tenant.transaction((tx) =>
    repo.findLinkByGoogleId(tx, accountId, userId, item.id),
  );
  const ourId =
    link?.eventId ??
    (ours?.atsEventId && ours.atsAccountId === String(accountId) ? Number(ours.atsEventId) : null);
  const event = ourId ? await port.get(deps, tenant, ourId) : null;

  if (item.status === 'cancelled') {
    if (!ourId) return false;
    await tenant.transaction((tx) => repo.deleteLink(tx, accountId, userId, ourId));
    // An event that came from Google goes with it; an interview of ours stays (only unlinked).
    if (event && event.source === 'google' && event.authorId === userId) {
      await port.deleteFromGoogle(deps, tenant, ourId);
      return true;
    }
    return false;
  }
  const data = dataOf(item);
  if (!data) return false;
  if (event) {
    if (!link) {
      await tenant.transaction((tx) =>
        repo.saveLink(tx, {
          accountId,
          userId,
          eventId: event.id,
          googleEventId: item.id,
          etag: item.etag ?? null,
        }),
      );
    }
    if (sameMoment(event, data)) return false;
    await port.updateFromGoogle(deps, tenant, event.id, data, event.source !== 'google');
    return true;
  }
  if (ourId) {
    // Ours once, deleted here since: nothing to bring back.
    if (link) await tenant.transaction((tx) => repo.deleteLink(tx, accountId, userId, ourId));
    return false;
  }
  const id = await port.createFromGoogle(deps, tenant, data);
  await tenant.transaction((tx) =>
    repo.saveLink(tx, {
      accountId,
      userId,
      eventId: id,
      googleEventId: item.id,
      etag: item.etag ?? null,
    }),
  );
  return true;
}

/**
 * Our event out to the calendars of its participants (after it was created, changed or deleted):
 * inserted, patched or deleted there; a participant who left it has it deleted.
 */
export async function pushEvent(
  deps: GoogleDeps,
  accountId: number,
  eventId: number,
  /** Who may read it (its participants and author), unless it was deleted. */
  readers: number[] | null,
) {
  const port = eventsPort();
  const links = await deps.database.withTenant(accountId, (tx: Db) =>
    repo.findLinksOfEvent(tx, accountId, eventId),
  );
  let event: OurEvent | null = null;
  for (const userId of readers ?? []) {
    event = await port.get(deps, tenantFor(deps.database, accountId, userId), eventId);
    if (event) break;
  }
  const participants = new Set(event?.participantIds ?? []);
  const client = googleClient(deps.config);
  for (const link of links) {
    if (participants.has(link.userId)) continue;
    const tenant = tenantFor(deps.database, accountId, link.userId);
    const session = await googleSessionOf(deps, tenant);
    const calendarId = session?.connection.calendarId;
    if (session && calendarId) {
      await session
        .call((token) => client.deleteEvent(token, calendarId, link.googleEventId))
        .catch((error: unknown) => {
          if (!(error instanceof GoogleError && (error.status === 404 || error.status === 410))) {
            throw error;
          }
        });
    }
    await tenant.transaction((tx) => repo.deleteLink(tx, accountId, link.userId, eventId));
  }
  if (!event) return;
  const body = googleBody(accountId, event);
  for (const userId of participants) {
    const tenant = tenantFor(deps.database, accountId, userId);
    const session = await googleSessionOf(deps, tenant);
    const calendarId = session?.connection.calendarId;
    if (!session || !calendarId) continue;
    const link = links.find((l) => l.userId === userId);
    // It came from this very calendar and its link is being saved: nothing to send.
    if (!link && event.source === 'google' && event.authorId === userId) continue;
    const googleId = link?.googleEventId ?? googleIdOf(event.uid);
    const saved = await session.call(async (token) => {
      if (link) {
        try {
          return await client.patchEvent(token, calendarId, googleId, body);
        } catch (error) {
          if (!(error instanceof GoogleError && (error.status === 404 || error.status === 410))) {
            throw error;
          }
          return client.insertEvent(token, calendarId, body);
        }
      }
      try {
        return await client.insertEvent(token, calendarId, { ...body, id: googleId });
      } catch (error) {
        if (!(error instanceof GoogleError && error.status === 409)) throw error;
        return client.patchEvent(token, calendarId, googleId, { ...body, status: 'confirmed' });
      }
    });
    await tenant.transaction((tx) =>
      repo.saveLink(tx, {
        accountId,
        userId,
        eventId,
        googleEventId: saved.id,
        etag: saved.etag ?? null,
      }),
    );
  }
}

/**
 * Busy time of the users' Google calendars between two instants (free/busy), for the slot
 * finder. Users without a connection are absent; a Google failure leaves a user out (logged)
 * rather than failing the caller.
 */
export async function busyIntervals(
  deps: GoogleDeps,
  accountId: number,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, { start: Date; end: Date }[]>> {
  const result = new Map<number, { start: Date; end: Date }[]>();
  const client = googleClient(deps.config);
  const rows = await deps.database.withTenant(accountId, (tx) =>
    repo.findConnections(tx, accountId, [...new Set(userIds)]),
  );
  for (const row of rows) {
    const tenant = tenantFor(deps.database, accountId, row.userId);
    const session = await googleSessionOf(deps, tenant);
    const calendarId = row.calendarId;
    if (!session || !calendarId) continue;
    try {
      const answer = await session.call((token) =>
        client.freeBusy(token, {
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          items: [{ id: calendarId }],
        }),
      );
      result.set(
        row.userId,
        (answer.calendars?.[calendarId]?.busy ?? []).map((b) => ({
          start: new Date(b.start),
          end: new Date(b.end),
        })),
      );
    } catch (error) {
      deps.log?.warn({ err: error, userId: row.userId }, 'google free/busy not read');
    }
  }
  return result;
}

/**
 * A push notification (no session): the channel must be ours and carry its token; then the
 * user's calendar is pulled. Answers the connection to pull, or null for the first «sync».
 */
export async function acceptNotification(
  deps: GoogleDeps,
  headers: { channelId: string | undefined; token: string | undefined; state: string | undefined },
) {
  if (!headers.channelId) throw forbidden(GOOGLE_MESSAGES.wrongChannel);
  const row = await repo.findConnectionByChannelAcrossAccounts(
    deps.database.system,
    headers.channelId,
  );
  if (!row || !row.channelToken || row.channelToken !== headers.token) {
    throw forbidden(GOOGLE_MESSAGES.wrongChannel);
  }
  if (headers.state === 'sync') return null;
  return { accountId: row.accountId, userId: row.userId };
}

/** The periodic job: every connection with a calendar is pulled, its channel renewed. */
export async function syncAll(deps: GoogleDeps) {
  const rows = await repo.listSyncedConnectionsAcrossAccounts(deps.database.system);
  let failed = 0;
  for (const row of rows) {
    try {
      await syncUser(deps, row.accountId, row.userId);
    } catch (error) {
      failed += 1;
      deps.log?.warn({ err: error, ...row }, 'google calendar not pulled');
    }
  }
  return { connections: rows.length, failed };
}
