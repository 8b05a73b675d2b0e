import { GOOGLE_MESSAGES } from '@ats/contracts/google-calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany, uniqueEmail } from '../../../test/factories.ts';
import { type GoogleFake, startGoogleFake } from '../../../test/google-fake.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { busyIntervals } from './google-sync.service.ts';

// The Google Calendar connection against the local fake Google (apps/api/test/google-fake.ts):
// OAuth with a signed state, sealed tokens, refresh before expiry and on 401, rate limits, the
// incremental sync with its full resync on 410, free/busy and push notifications.

const CLIENT = { clientId: 'ats-test.apps.googleusercontent.com', clientSecret: 'test-secret' };

let t: TestApp;
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleFake(CLIENT);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_OAUTH_URL: fake.oauthUrl,
    GOOGLE_API_URL: fake.apiUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Connected = SignedUp & { googleEmail: string };

/** Signs a company up and connects its owner's Google account through the consent page. */
async function connectedUser(): Promise<Connected> {
  const company = await signUpCompany(t.app);
  const googleEmail = uniqueEmail('google');
  fake.addUser(googleEmail);
  const start = await call(t.app, 'POST', '/api/google/connect', undefined, {
    token: company.token,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const location = new URL(await fake.consent(start.body.message.url, googleEmail));
  const back = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(back.statusCode).toBe(302);
  expect(back.headers.location).toBe('/google?connected=1');
  return { ...company, googleEmail };
}

const status = async (token: string) =>
  (await call(t.app, 'GET', '/api/google', undefined, { token })).body.message;

const calendarCalls = (email: string) =>
  fake.requests.filter((r) => r.path === '/users/me/calendarList' && r.status !== 0 && email);

describe('connecting by OAuth', () => {
  it('stores the tokens sealed, chooses the primary calendar and lists the calendars', async () => {
    const user = await connectedUser();
    const s = await status(user.token);
    expect(s).toMatchObject({
      configured: true,
      connected: true,
      google_email: user.googleEmail,
      calendar_id: user.googleEmail,
      last_error: null,
    });
    expect(s.last_synced_at).not.toBeNull();
    const [row] = await systemRows<{ access_token: string; refresh_token: string }>(
      t.database,
      sql`select access_token, refresh_token from google_connections
          where account_id = ${user.accountId} and user_id = ${user.userId}`,
    );
    expect(row!.access_token).toMatch(/^v1\./);
    expect(row!.access_token).not.toContain('ya29.');
    expect(row!.refresh_token).not.toContain('1//');

    const team = fake.addCalendar(user.googleEmail, 'Собеседования');
    const list = await call(t.app, 'GET', '/api/google/calendars', undefined, {
      token: user.token,
    });
    expect(list.body.message.map((c: { id: string }) => c.id)).toEqual([user.googleEmail, team]);
    const chosen = await call(
      t.app,
      'PUT',
      '/api/google/calendar',
      { calendar_id: team },
      { token: user.token },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toMatchObject({
      calendar_id: team,
      calendar_summary: 'Собеседования',
    });
    const unknown = await call(
      t.app,
      'PUT',
      '/api/google/calendar',
      { calendar_id: 'nobody@example.com' },
      { token: user.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(GOOGLE_MESSAGES.unknownCalendar);
  });

  it('refuses a forged or stale state and a denied consent, in Russian', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/google/oauth/callback?code=4/x&state=eyJhIjoxfQ.forged',
    });
    expect(forged.statusCode).toBe(302);
    expect(decodeURIComponent(forged.headers.location as string)).toContain(
      GOOGLE_MESSAGES.badState,
    );
    const company = await signUpCompany(t.app);
    const start = await call(t.app, 'POST', '/api/google/connect', undefined, {
      token: company.token,
    });
    const state = new URL(start.body.message.url).searchParams.get('state')!;
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/google/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    });
    expect(decodeURIComponent(denied.headers.location as string)).toContain(GOOGLE_MESSAGES.denied);
    expect((await status(company.token)).connected).toBe(false);
  });

  it('disconnecting revokes the grant and forgets the connection', async () => {
    const user = await connectedUser();
    const r = await call(t.app, 'DELETE', '/api/google', undefined, { token: user.token });
    expect(r.status).toBe(200);
    expect(r.body.message.connected).toBe(false);
    const again = await call(t.app, 'DELETE', '/api/google', undefined, { token: user.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(GOOGLE_MESSAGES.notConnected);
  });

  it('without GOOGLE_CLIENT_ID/SECRET the screen is told Google is not configured', async () => {
    const company = await signUpCompany(t.app);
    const saved = t.config.GOOGLE_CLIENT_ID;
    t.config.GOOGLE_CLIENT_ID = undefined;
    try {
      expect((await status(company.token)).configured).toBe(false);
      const r = await call(t.app, 'POST', '/api/google/connect', undefined, {
        token: company.token,
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(GOOGLE_MESSAGES.notConfigured);
    } finally {
      t.config.GOOGLE_CLIENT_ID = saved;
    }
  });
});

describe('access tokens', () => {
  it('an expired access token (401) is refreshed once and the call repeated', async () => {
    const user = await connectedUser();
    fake.expireAccessTokens();
    const before = fake.requests.length;
    const r = await call(t.app, 'GET', '/api/google/calendars', undefined, { token: user.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = fake.requests.slice(before).map((q) => `${q.path} ${q.status}`);
    expect(seen).toEqual([
      '/users/me/calendarList 401',
      '/token 200',
      '/users/me/calendarList 200',
    ]);
    expect((fake.requests.at(-2)!.body as { grant_type: string }).grant_type).toBe('refresh_token');
  });

  it('a token about to end is refreshed before the call', async () => {
    const user = await connectedUser();
    await t.database.system.execute(
      sql`update google_connections set access_expires_at = now() + interval '20 seconds'
          where account_id = ${user.accountId}`,
    );
    const before = fake.requests.length;
    const r = await call(t.app, 'GET', '/api/google/calendars', undefined, { token: user.token });
    expect(r.status).toBe(200);
    expect(fake.requests.slice(before).map((q) => `${q.path} ${q.status}`)).toEqual([
      '/token 200',
      '/users/me/calendarList 200',
    ]);
  });

  it('a refresh Google refuses (invalid_grant) asks the user to connect again', async () => {
    const user = await connectedUser();
    fake.revokeGrants();
    fake.expireAccessTokens();
    const r = await call(t.app, 'GET', '/api/google/calendars', undefined, { token: user.token });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(GOOGLE_MESSAGES.reconnect);
    expect((await status(user.token)).last_error).toBe(GOOGLE_MESSAGES.reconnect);
  });
});

describe('rate limits', () => {
  it('429 and 403 rateLimitExceeded are retried with backoff', async () => {
    const user = await connectedUser();
    fake.failNext(429);
    fake.failNext(403, 1, 'rateLimitExceeded');
    const before = fake.requests.length;
    const r = await call(t.app, 'GET', '/api/google/calendars', undefined, { token: user.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(fake.requests.slice(before).map((q) => q.status)).toEqual([429, 403, 200]);
  });

  it('a limit that lasts is answered 429 in Russian and nothing is sent until it passes', async () => {
    const user = await connectedUser();
    fake.failNext(429, 4);
    const r = await call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(GOOGLE_MESSAGES.rateLimited);
    expect((await status(user.token)).last_error).toBe(GOOGLE_MESSAGES.rateLimited);
    const before = fake.requests.length;
    const again = await call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    expect(again.status).toBe(429);
    expect(fake.requests.length).toBe(before);
  });
});

describe('incremental sync', () => {
  it('uses the sync token, and starts over with a full listing when Google answers 410', async () => {
    const user = await connectedUser();
    const sync = () => call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    const incremental = await sync();
    expect(incremental.status, JSON.stringify(incremental.body)).toBe(200);
    expect(incremental.body.message.full).toBe(false);
    const lists = () =>
      fake.requests.filter((q) => q.path.endsWith('/events') && q.method === 'GET');
    expect(lists().at(-1)!.query.syncToken).toMatch(/^sync-/);

    fake.invalidateSyncTokens();
    const before = lists().length;
    const resync = await sync();
    expect(resync.status).toBe(200);
    expect(resync.body.message.full).toBe(true);
    const [gone, full] = lists().slice(before);
    expect(gone!.status).toBe(410);
    expect(full!.query.syncToken).toBeUndefined();
    expect(full!.query.timeMin).toBeDefined();
    expect((await sync()).body.message.full).toBe(false);
  });
});

describe('free/busy', () => {
  it("answers the connected users' busy time and leaves the others out", async () => {
    const user = await connectedUser();
    const other = await signUpCompany(t.app);
    await fake.createEvent(user.googleEmail, 'primary', {
      summary: 'Личное',
      start: { dateTime: '2031-03-03T10:00:00+03:00' },
      end: { dateTime: '2031-03-03T11:30:00+03:00' },
    });
    const busy = await busyIntervals(
      { config: t.config, database: t.database },
      user.accountId,
      [user.userId, other.userId],
      new Date('2031-03-03T00:00:00+03:00'),
      new Date('2031-03-04T00:00:00+03:00'),
    );
    expect([...busy.keys()]).toEqual([user.userId]);
    expect(busy.get(user.userId)).toEqual([
      { start: new Date('2031-03-03T07:00:00Z'), end: new Date('2031-03-03T08:30:00Z') },
    ]);
  });
});

describe('push notifications', () => {
  it('are taken only with the channel id and token Google was given', async () => {
    const user = await connectedUser();
    const notify = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/google/notifications', headers });
    const stranger = await notify({ 'x-goog-channel-id': 'nope', 'x-goog-channel-token': 'x' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(GOOGLE_MESSAGES.wrongChannel);
    expect(calendarCalls(user.googleEmail).length).toBeGreaterThan(0);
  });
});

/** Tomorrow in Moscow, YYYY-MM-DD (inside the default period of GET /api/events). */
const tomorrow = () => new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

const ourEvents = async (token: string) =>
  (await call(t.app, 'GET', '/api/events', undefined, { token })).body.message as {
    id: number;
    title: string;
    source: string;
    starts_at: string;
  }[];

const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
  for (let i = 0; i < 60; i += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not seen: ${what}`);
};

describe('our events out to Google', () => {
  it('a created event is inserted into the calendar, a change patches it, a delete removes it', async () => {
    const user = await connectedUser();
    const day = tomorrow();
    const made = await call(
      t.app,
      'POST',
      '/api/events',
      {
        title: 'Собеседование: Мария',
        data_mitting: day,
        time_begin: '10:00',
        time_end: '11:00',
        place: 'Переговорная 3',
        send_invitations: false,
      },
      { token: user.token },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.message.id as number;
    const there = await waitFor(
      async () => fake.events(user.googleEmail).find((e) => e.summary === 'Собеседование: Мария'),
      'the inserted event',
    );
    expect(there.start.dateTime).toBe(new Date(`${day}T10:00:00+03:00`).toISOString());
    expect(there.location).toBe('Переговорная 3');
    expect(there.extendedProperties?.private).toMatchObject({
      atsEventId: String(id),
      atsAccountId: String(user.accountId),
    });

    const moved = await call(
      t.app,
      'PATCH',
      `/api/events/${id}`,
      { time_begin: '15:00', time_end: '16:00', send_invitations: false },
      { token: user.token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await waitFor(
      async () =>
        fake
          .events(user.googleEmail)
          .find(
            (e) =>
              e.id === there.id &&
              e.start.dateTime === new Date(`${day}T15:00:00+03:00`).toISOString(),
          ),
      'the moved event',
    );
    expect(
      fake.events(user.googleEmail).filter((e) => e.summary === 'Собеседование: Мария'),
    ).toHaveLength(1);

    const gone = await call(
      t.app,
      'DELETE',
      `/api/events/${id}?send_invitations=false`,
      undefined,
      {
        token: user.token,
      },
    );
    expect(gone.status).toBe(200);
    await waitFor(
      async () => (fake.events(user.googleEmail).some((e) => e.id === there.id) ? undefined : true),
      'the deleted event gone',
    );
  });
});

describe('their events in from Google', () => {
  it('a new event becomes ours, its change follows, its deletion deletes ours', async () => {
    const user = await connectedUser();
    const day = tomorrow();
    const theirs = await fake.createEvent(user.googleEmail, 'primary', {
      summary: 'Встреча с заказчиком',
      start: { dateTime: `${day}T12:00:00+03:00` },
      end: { dateTime: `${day}T12:30:00+03:00` },
    });
    const sync = () => call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    expect((await sync()).body.message.pulled).toBe(1);
    const mine = (await ourEvents(user.token)).find((e) => e.title === 'Встреча с заказчиком');
    expect(mine).toMatchObject({
      source: 'google',
      starts_at: new Date(`${day}T12:00:00+03:00`).toISOString(),
    });
    // Nothing new: the incremental listing brings nothing back.
    expect((await sync()).body.message).toEqual({ pulled: 0, full: false });

    await fake.updateEvent(user.googleEmail, 'primary', theirs.id, {
      summary: 'Встреча с заказчиком (перенесена)',
      start: { dateTime: `${day}T16:00:00+03:00` },
      end: { dateTime: `${day}T17:00:00+03:00` },
    });
    expect((await sync()).body.message.pulled).toBe(1);
    const changed = (await ourEvents(user.token)).find((e) => e.id === mine!.id);
    expect(changed).toMatchObject({
      title: 'Встреча с заказчиком (перенесена)',
      starts_at: new Date(`${day}T16:00:00+03:00`).toISOString(),
    });

    await fake.deleteEvent(user.googleEmail, 'primary', theirs.id);
    expect((await sync()).body.message.pulled).toBe(1);
    expect((await ourEvents(user.token)).some((e) => e.id === mine!.id)).toBe(false);
  });

  it('after 410 the full listing brings in what changed meanwhile, once', async () => {
    const user = await connectedUser();
    const day = tomorrow();
    fake.invalidateSyncTokens();
    await fake.createEvent(user.googleEmail, 'primary', {
      summary: 'Созвон после 410',
      start: { dateTime: `${day}T09:00:00+03:00` },
      end: { dateTime: `${day}T09:30:00+03:00` },
    });
    const r = await call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    expect(r.body.message).toEqual({ pulled: 1, full: true });
    const again = await call(t.app, 'POST', '/api/google/sync', undefined, { token: user.token });
    expect(again.body.message).toEqual({ pulled: 0, full: false });
    expect(
      (await ourEvents(user.token)).filter((e) => e.title === 'Созвон после 410'),
    ).toHaveLength(1);
  });
});
