import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Google's OAuth 2.0 and Calendar API v3 as /work/shared/specs/google
// (calendar-v3.json) and ../shared/research/integrations.md §6.1–6.2 describe them:
// - OAuth: `GET /o/oauth2/v2/auth` is the consent page (a «Разрешить» button, or `auto=1` in the
//   fake's options: an immediate 302 to redirect_uri?code&state), `POST /token` exchanges a code or
//   a refresh token (form-encoded) for short-lived access tokens, `POST /revoke`;
// - Calendar under `/calendar/v3`: calendarList.list, events.list (timeMin/timeMax, pageToken,
//   syncToken → nextSyncToken; 410 fullSyncRequired once a token is invalidated), events.insert/
//   get/patch/update/delete with etags and sequence bumps, events.watch (channels that get a
//   notification POST on every change), channels.stop, freeBusy.query;
// - faults: 401 on an expired or unknown access token, `failNext(429 | 403 …)` with Google's
//   error envelope (reason rateLimitExceeded), `invalidateSyncTokens()` for 410.
// Fault injection and state are reached by the returned object or by `/__control/*`.

export type FakeEventTime = { dateTime?: string; date?: string; timeZone?: string };
export type FakeEvent = {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start: FakeEventTime;
  end: FakeEventTime;
  attendees?: { email: string; displayName?: string; responseStatus?: string }[];
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  iCalUID: string;
  sequence: number;
  created: string;
  updated: string;
  htmlLink: string;
  /** The fake's change counter, for incremental sync. */
  _change: number;
};

type FakeCalendar = {
  id: string;
  summary: string;
  primary: boolean;
  accessRole: 'owner' | 'writer' | 'reader';
  timeZone: string;
  events: Map<string, FakeEvent>;
};

type FakeUser = { email: string; calendars: Map<string, FakeCalendar> };

type Channel = {
  id: string;
  resourceId: string;
  calendarId: string;
  email: string;
  address: string;
  token?: string;
  expiration: number;
  messageNumber: number;
};

export type GoogleRecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
  status: number;
};

export type GoogleFakeOptions = {
  clientId: string;
  clientSecret: string;
  /** Seconds an access token lives (3599 at Google; short here so refresh logic is exercised). */
  accessTokenSeconds?: number;
  /** The consent page redirects at once instead of showing its button. */
  autoApprove?: boolean;
  /** The Google account that consents (e-mail); more with `addUser`. */
  email?: string;
};

const googleError = (code: number, reason: string, message: string, domain = 'global') => ({
  error: { code, message, errors: [{ domain, reason, message }] },
});

const REASONS: Record<number, [string, string, string]> = {
  400: ['badRequest', 'Bad Request', 'global'],
  401: ['authError', 'Invalid Credentials', 'global'],
  403: ['rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits'],
  404: ['notFound', 'Not Found', 'global'],
  409: ['duplicate', 'The requested identifier already exists.', 'global'],
  410: ['fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', 'global'],
  429: ['rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits'],
  500: ['backendError', 'Backend Error', 'global'],
  503: ['backendError', 'Backend Error', 'global'],
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** base32hex: what Google accepts as an event id, 5–1024 characters of a–v and 0–9. */
const eventId = () => randomBytes(13).toString('hex').replace(/[w-z]/g, '0');
const VALID_EVENT_ID = /^[a-v0-9]{5,1024}$/;

const instant = (time: FakeEventTime | undefined) =>
  time?.dateTime
    ? Date.parse(time.dateTime)
    : time?.date
      ? Date.parse(`${time.date}T00:00:00Z`)
      : NaN;

export async function startGoogleFake(options: GoogleFakeOptions) {
  const accessTokenSeconds = options.accessTokenSeconds ?? 3599;
  const users = new Map<string, FakeUser>();
  const codes = new Map<string, { email: string; redirectUri: string; scope: string }>();
  const refreshTokens = new Map<string, string>(); // refresh token → email
  const accessTokens = new Map<string, { email: string; expiresAt: number }>();
  const channels = new Map<string, Channel>();
  const requests: GoogleRecordedRequest[] = [];
  const notifications: { channelId: string; state: string; status: number }[] = [];
  const failures: { status: number; reason?: string }[] = [];
  let change = 0;
  /** Sync tokens of an earlier generation answer 410 (invalidateSyncTokens starts a new one). */
  let generation = 0;
  let baseUrl = '';

  function addUser(email: string) {
    const existing = users.get(email);
    if (existing) return existing;
    const user: FakeUser = { email, calendars: new Map() };
    user.calendars.set(email, {
      id: email,
      summary: email,
      primary: true,
      accessRole: 'owner',
      timeZone: 'Europe/Moscow',
      events: new Map(),
    });
    users.set(email, user);
    return user;
  }
  const defaultEmail = options.email ?? 'recruiter@gmail.test';
  addUser(defaultEmail);

  function addCalendar(email: string, summary: string) {
    const user = addUser(email);
    const id = `${randomBytes(8).toString('hex')}@group.calendar.google.com`;
    user.calendars.set(id, {
      id,
      summary,
      primary: false,
      accessRole: 'owner',
      timeZone: 'Europe/Moscow',
      events: new Map(),
    });
    return id;
  }

  const calendarOf = (email: string, calendarId: string) => {
    const user = users.get(email);
    if (!user) return undefined;
    return user.calendars.get(calendarId === 'primary' ? email : decodeURIComponent(calendarId));
  };

  async function notify(calendar: FakeCalendar, email: string, state: 'sync' | 'exists') {
    for (const channel of channels.values()) {
      if (channel.email !== email || channel.calendarId !== calendar.id) continue;
      if (channel.expiration < Date.now()) continue;
      channel.messageNumber += 1;
      let status = 0;
      try {
        const response = await fetch(channel.address, {
          method: 'POST',
          headers: {
            'x-goog-channel-id': channel.id,
            ...(channel.token ? { 'x-goog-channel-token': channel.token } : {}),
            'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
            'x-goog-resource-id': channel.resourceId,
            'x-goog-resource-uri': `${baseUrl}/calendar/v3/calendars/${encodeURIComponent(calendar.id)}/events`,
            'x-goog-resource-state': state,
            'x-goog-message-number': String(channel.messageNumber),
          },
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      notifications.push({ channelId: channel.id, state, status });
    }
  }

  /** Changes an event as the Google Calendar UI would (a new change, etag, sequence, push). */
  function touch(calendar: FakeCalendar, event: FakeEvent, bumpSequence: boolean) {
    change += 1;
    event._change = change;
    event.updated = new Date().toISOString();
    event.etag = `"${change}${Date.now()}"`;
    if (bumpSequence) event.sequence += 1;
    calendar.events.set(event.id, event);
  }

  function makeEvent(calendar: FakeCalendar, body: Partial<FakeEvent>, id?: string): FakeEvent {
    const now = new Date().toISOString();
    const event: FakeEvent = {
      kind: 'calendar#event',
      id: id ?? eventId(),
      etag: '',
      status: body.status ?? 'confirmed',
      ...(body.summary !== undefined ? { summary: body.summary } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.location !== undefined ? { location: body.location } : {}),
      start: body.start!,
      end: body.end!,
      ...(body.attendees ? { attendees: body.attendees } : {}),
      ...(body.extendedProperties ? { extendedProperties: body.extendedProperties } : {}),
      iCalUID: '',
      sequence: 0,
      created: now,
      updated: now,
      htmlLink: '',
      _change: 0,
    };
    event.iCalUID = `${event.id}@google.com`;
    event.htmlLink = `${baseUrl}/calendar/event?eid=${event.id}`;
    touch(calendar, event, false);
    return event;
  }

  const publicEvent = ({ _change: _, ...event }: FakeEvent) => event;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => resolve(raw));
    });

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    record?: GoogleRecordedRequest,
  ) => {
    if (record) record.status = status;
    if (status === 204) {
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const fail = (
    res: ServerResponse,
    status: number,
    record?: GoogleRecordedRequest,
    reason?: string,
  ) => {
    const [defaultReason, message, domain] = REASONS[status] ?? ['backendError', 'Error', 'global'];
    return send(res, status, googleError(status, reason ?? defaultReason, message, domain), record);
  };

  function issueTokens(email: string, withRefresh: boolean) {
    const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, { email, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: accessTokenSeconds,
      scope:
        'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refreshToken = `1//${randomBytes(20).toString('hex')}`;
      refreshTokens.set(refreshToken, email);
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  const consentPage = (params: URLSearchParams) => {
    const hidden = [...params.entries()]
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Google — вход</title></head>
<body>
<h1>Приложение запрашивает доступ к Google Календарю</h1>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}
<label>Аккаунт Google <input name="login_hint_email" value="${escapeHtml(params.get('login_hint') ?? defaultEmail)}"></label>
<button type="submit" name="decision" value="allow">Разрешить</button>
<button type="submit" name="decision" value="deny">Отклонить</button>
</form>
</body></html>`;
  };

  function approve(params: URLSearchParams, res: ServerResponse, email: string, allow: boolean) {
    const redirectUri = params.get('redirect_uri') ?? '';
    const target = new URL(redirectUri);
    const state = params.get('state');
    if (allow) {
      const code = `4/${randomBytes(12).toString('hex')}`;
      addUser(email);
      codes.set(code, { email, redirectUri, scope: params.get('scope') ?? '' });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', params.get('scope') ?? '');
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function listEvents(
    calendar: FakeCalendar,
    query: URLSearchParams,
    res: ServerResponse,
    record: GoogleRecordedRequest,
  ) {
    const syncToken = query.get('syncToken');
    const pageToken = query.get('pageToken');
    const maxResults = Math.min(Number(query.get('maxResults') ?? 250) || 250, 2500);
    let since = 0;
    let showDeleted = query.get('showDeleted') === 'true';
    if (syncToken) {
      const match = /^sync-(\d+)-(\d+)$/.exec(syncToken);
      if (!match || Number(match[1]) !== generation) return fail(res, 410, record);
      if (query.get('timeMin') || query.get('timeMax') || query.get('updatedMin')) {
        return fail(res, 400, record, 'invalid');
      }
      since = Number(match[2]);
      showDeleted = true;
    }
    const timeMin = query.get('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
    const timeMax = query.get('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
    const privateFilter = query.getAll('privateExtendedProperty').map((p) => p.split('='));
    const all = [...calendar.events.values()]
      .filter((e) => e._change > since)
      .filter((e) => showDeleted || e.status !== 'cancelled')
      .filter((e) => instant(e.end) > timeMin && instant(e.start) < timeMax)
      .filter((e) => privateFilter.every(([k, v]) => e.extendedProperties?.private?.[k!] === v))
      .sort((a, b) =>
        query.get('orderBy') === 'startTime'
          ? instant(a.start) - instant(b.start)
          : a._change - b._change,
      );
    const offset = pageToken ? Number(/^page-(\d+)-/.exec(pageToken)?.[1] ?? 0) : 0;
    const page = all.slice(offset, offset + maxResults);
    const last = offset + maxResults >= all.length;
    const stamp = pageToken ? Number(/-(\d+)$/.exec(pageToken)?.[1] ?? change) : change;
    return send(
      res,
      200,
      {
        kind: 'calendar#events',
        etag: `"${change}"`,
        summary: calendar.summary,
        updated: new Date().toISOString(),
        timeZone: calendar.timeZone,
        accessRole: calendar.accessRole,
        items: page.map(publicEvent),
        ...(last
          ? { nextSyncToken: `sync-${generation}-${stamp}` }
          : { nextPageToken: `page-${offset + maxResults}-${stamp}` }),
      },
      record,
    );
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      let body: unknown = undefined;
      if (contentType.includes('application/x-www-form-urlencoded')) {
        body = Object.fromEntries(new URLSearchParams(raw));
      } else {
        try {
          body = raw ? JSON.parse(raw) : undefined;
        } catch {
          body = raw;
        }
      }

      if (url.pathname.startsWith('/__control/')) {
        const control = (body ?? {}) as Record<string, unknown>;
        if (url.pathname === '/__control/fail-next') {
          for (let i = 0; i < Number(control.count ?? 1); i += 1) {
            failures.push({
              status: Number(control.status ?? 500),
              ...(control.reason ? { reason: String(control.reason) } : {}),
            });
          }
          return send(res, 200, { ok: true });
        }
        if (url.pathname === '/__control/invalidate-sync-tokens') {
          generation += 1;
          return send(res, 200, { ok: true });
        }
        if (url.pathname === '/__control/expire-access-tokens') {
          for (const token of accessTokens.values()) token.expiresAt = 0;
          return send(res, 200, { ok: true });
        }
        if (url.pathname === '/__control/events' && req.method === 'POST') {
          const email = String(control.email ?? defaultEmail);
          const event = await api.createEvent(
            email,
            String(control.calendarId ?? 'primary'),
            control as Partial<FakeEvent>,
          );
          return send(res, 200, publicEvent(event));
        }
        if (url.pathname === '/__control/events') {
          const email = url.searchParams.get('email') ?? defaultEmail;
          return send(
            res,
            200,
            api.events(email, url.searchParams.get('calendarId') ?? 'primary').map(publicEvent),
          );
        }
        if (url.pathname === '/__control/requests') return send(res, 200, requests);
        if (url.pathname === '/__control/channels') return send(res, 200, [...channels.values()]);
        return send(res, 404, { error: 'no such control' });
      }

      // OAuth 2.0: the consent page (the browser), the token and revoke endpoints (the server).
      if (url.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') {
        const params = url.searchParams;
        if (params.get('client_id') !== options.clientId) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('Error 401: invalid_client');
        }
        if (params.get('response_type') !== 'code' || !params.get('redirect_uri')) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('Error 400: invalid_request');
        }
        if (options.autoApprove) {
          return approve(params, res, params.get('login_hint') ?? defaultEmail, true);
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(consentPage(params));
      }
      if (url.pathname === '/o/oauth2/v2/auth/approve' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        return approve(
          form,
          res,
          form.get('login_hint_email') || defaultEmail,
          form.get('decision') === 'allow',
        );
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = (body ?? {}) as Record<string, string>;
        const record: GoogleRecordedRequest = {
          method: 'POST',
          path: '/token',
          query: {},
          authorization: undefined,
          body: { ...form, client_secret: form.client_secret ? '***' : undefined },
          status: 0,
        };
        requests.push(record);
        const injected = failures.shift();
        if (injected) return fail(res, injected.status, record, injected.reason);
        if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
          return send(
            res,
            401,
            { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
            record,
          );
        }
        if (form.grant_type === 'authorization_code') {
          const grant = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          if (!grant || grant.redirectUri !== form.redirect_uri) {
            return send(
              res,
              400,
              { error: 'invalid_grant', error_description: 'Malformed auth code.' },
              record,
            );
          }
          return send(res, 200, issueTokens(grant.email, true), record);
        }
        if (form.grant_type === 'refresh_token') {
          const email = refreshTokens.get(form.refresh_token ?? '');
          if (!email) {
            return send(
              res,
              400,
              { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
              record,
            );
          }
          return send(res, 200, issueTokens(email, false), record);
        }
        return send(res, 400, { error: 'unsupported_grant_type' }, record);
      }
      if (url.pathname === '/revoke' && req.method === 'POST') {
        const token =
          url.searchParams.get('token') ??
          (body as Record<string, string> | undefined)?.token ??
          '';
        refreshTokens.delete(token);
        accessTokens.delete(token);
        return send(res, 200, {});
      }

      // Calendar API v3.
      if (!url.pathname.startsWith('/calendar/v3/')) return fail(res, 404);
      const path = url.pathname.slice('/calendar/v3'.length);
      const record: GoogleRecordedRequest = {
        method: req.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        body,
        status: 0,
      };
      requests.push(record);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ? accessTokens.get(bearer) : undefined;
      if (!token || token.expiresAt <= Date.now()) return fail(res, 401, record);
      const injected = failures.shift();
      if (injected) return fail(res, injected.status, record, injected.reason);
      const email = token.email;
      const user = users.get(email)!;
      const input = (body ?? {}) as Record<string, unknown>;

      if (path === '/users/me/calendarList' && req.method === 'GET') {
        return send(
          res,
          200,
          {
            kind: 'calendar#calendarList',
            items: [...user.calendars.values()].map((c) => ({
              kind: 'calendar#calendarListEntry',
              id: c.id,
              summary: c.summary,
              timeZone: c.timeZone,
              accessRole: c.accessRole,
              ...(c.primary ? { primary: true } : {}),
            })),
          },
          record,
        );
      }
      if (path === '/freeBusy' && req.method === 'POST') {
        const timeMin = Date.parse(String(input.timeMin));
        const timeMax = Date.parse(String(input.timeMax));
        if (Number.isNaN(timeMin) || Number.isNaN(timeMax)) return fail(res, 400, record);
        const items = (input.items as { id: string }[] | undefined) ?? [];
        const calendars: Record<string, unknown> = {};
        for (const item of items) {
          const calendar = calendarOf(email, item.id);
          if (!calendar) {
            calendars[item.id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
            continue;
          }
          calendars[item.id] = {
            busy: [...calendar.events.values()]
              .filter((e) => e.status !== 'cancelled')
              .filter((e) => instant(e.end) > timeMin && instant(e.start) < timeMax)
              .sort((a, b) => instant(a.start) - instant(b.start))
              .map((e) => ({
                start: new Date(Math.max(instant(e.start), timeMin)).toISOString(),
                end: new Date(Math.min(instant(e.end), timeMax)).toISOString(),
              })),
          };
        }
        return send(
          res,
          200,
          {
            kind: 'calendar#freeBusy',
            timeMin: new Date(timeMin).toISOString(),
            timeMax: new Date(timeMax).toISOString(),
            calendars,
          },
          record,
        );
      }
      if (path === '/channels/stop' && req.method === 'POST') {
        const channel = channels.get(String(input.id));
        if (!channel || channel.resourceId !== input.resourceId) return fail(res, 404, record);
        channels.delete(channel.id);
        return send(res, 204, undefined, record);
      }
      const eventsPath = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
      if (!eventsPath) return fail(res, 404, record);
      const calendar = calendarOf(email, eventsPath[1]!);
      if (!calendar) return fail(res, 404, record);
      const id = eventsPath[2] ? decodeURIComponent(eventsPath[2]) : undefined;

      if (id === 'watch' && req.method === 'POST') {
        if (
          input.type !== 'web_hook' ||
          typeof input.address !== 'string' ||
          typeof input.id !== 'string'
        ) {
          return fail(res, 400, record);
        }
        const channel: Channel = {
          id: input.id,
          resourceId: randomBytes(12).toString('hex'),
          calendarId: calendar.id,
          email,
          address: input.address,
          ...(typeof input.token === 'string' ? { token: input.token } : {}),
          expiration: Number(input.expiration ?? 0) || Date.now() + 7 * 86_400_000,
          messageNumber: 0,
        };
        channels.set(channel.id, channel);
        send(
          res,
          200,
          {
            kind: 'api#channel',
            id: channel.id,
            resourceId: channel.resourceId,
            resourceUri: `${baseUrl}/calendar/v3/calendars/${encodeURIComponent(calendar.id)}/events`,
            ...(channel.token ? { token: channel.token } : {}),
            expiration: String(channel.expiration),
          },
          record,
        );
        void notify(calendar, email, 'sync');
        return;
      }
      if (!id && req.method === 'GET') return listEvents(calendar, url.searchParams, res, record);
      if (!id && req.method === 'POST') {
        if (!instant(input.start as FakeEventTime) || !instant(input.end as FakeEventTime)) {
          return send(res, 400, googleError(400, 'required', 'Missing end time.'), record);
        }
        if (input.id !== undefined) {
          if (typeof input.id !== 'string' || !VALID_EVENT_ID.test(input.id)) {
            return send(
              res,
              400,
              googleError(400, 'invalid', 'Invalid resource id value.'),
              record,
            );
          }
          if (calendar.events.has(input.id)) return fail(res, 409, record);
        }
        const event = makeEvent(
          calendar,
          input as Partial<FakeEvent>,
          input.id as string | undefined,
        );
        send(res, 200, publicEvent(event), record);
        void notify(calendar, email, 'exists');
        return;
      }
      const event = id ? calendar.events.get(id) : undefined;
      if (!event) return fail(res, 404, record);
      if (req.method === 'GET') {
        if (event.status === 'cancelled' && url.searchParams.get('showDeleted') !== 'true') {
          return fail(res, 410, record, 'deleted');
        }
        return send(res, 200, publicEvent(event), record);
      }
      if (req.headers['if-match'] && req.headers['if-match'] !== event.etag) {
        return send(res, 412, googleError(412, 'conditionNotMet', 'Precondition Failed'), record);
      }
      if (req.method === 'PATCH' || req.method === 'PUT') {
        if (event.status === 'cancelled') return fail(res, 410, record, 'deleted');
        const { id: _id, etag: _etag, ...changes } = input as Partial<FakeEvent>;
        const next: FakeEvent =
          req.method === 'PUT'
            ? ({
                ...event,
                summary: undefined,
                description: undefined,
                location: undefined,
                ...changes,
              } as FakeEvent)
            : { ...event, ...changes };
        const timesChanged =
          instant(next.start) !== instant(event.start) || instant(next.end) !== instant(event.end);
        touch(calendar, next, timesChanged);
        send(res, 200, publicEvent(next), record);
        void notify(calendar, email, 'exists');
        return;
      }
      if (req.method === 'DELETE') {
        if (event.status === 'cancelled') return fail(res, 410, record, 'deleted');
        touch(calendar, { ...event, status: 'cancelled' }, true);
        send(res, 204, undefined, record);
        void notify(calendar, email, 'exists');
        return;
      }
      return fail(res, 404, record);
    })();
  });

  /** What a person does in Google Calendar's own interface (no token needed), with the push. */
  const api = {
    async createEvent(email: string, calendarId: string, body: Partial<FakeEvent>) {
      const calendar = calendarOf(email, calendarId);
      if (!calendar) throw new Error(`no calendar ${calendarId} for ${email}`);
      const event = makeEvent(calendar, body);
      await notify(calendar, email, 'exists');
      return event;
    },
    async updateEvent(email: string, calendarId: string, id: string, changes: Partial<FakeEvent>) {
      const calendar = calendarOf(email, calendarId);
      const event = calendar?.events.get(id);
      if (!calendar || !event) throw new Error(`no event ${id}`);
      const next = { ...event, ...changes };
      touch(calendar, next, true);
      await notify(calendar, email, 'exists');
      return next;
    },
    async deleteEvent(email: string, calendarId: string, id: string) {
      const calendar = calendarOf(email, calendarId);
      const event = calendar?.events.get(id);
      if (!calendar || !event) throw new Error(`no event ${id}`);
      touch(calendar, { ...event, status: 'cancelled' }, true);
      await notify(calendar, email, 'exists');
    },
    events(email: string, calendarId = 'primary') {
      return [...(calendarOf(email, calendarId)?.events.values() ?? [])].filter(
        (e) => e.status !== 'cancelled',
      );
    },
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    /** GOOGLE_OAUTH_URL: the consent page is `${oauthUrl}/o/oauth2/v2/auth`, tokens `${oauthUrl}/token`. */
    oauthUrl: baseUrl,
    /** GOOGLE_API_URL: Calendar v3 is `${apiUrl}/calendar/v3`. */
    apiUrl: baseUrl,
    defaultEmail,
    requests,
    notifications,
    channels,
    addUser: (email: string) => void addUser(email),
    addCalendar,
    ...api,
    failNext: (status: number, count = 1, reason?: string) => {
      for (let i = 0; i < count; i += 1) failures.push({ status, ...(reason ? { reason } : {}) });
    },
    /** Every sync token issued so far answers 410 fullSyncRequired. */
    invalidateSyncTokens: () => {
      generation += 1;
    },
    /** Google forgets every grant (the user revoked access): refreshes answer invalid_grant. */
    revokeGrants: () => {
      refreshTokens.clear();
    },
    /** Every access token issued so far answers 401 (as one past its hour). */
    expireAccessTokens: () => {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    /** A consent that redirects at once (tests without a browser). */
    setAutoApprove: (auto: boolean) => {
      options.autoApprove = auto;
    },
    /** What the consent page's «Разрешить» does, without a browser: the redirect's Location. */
    async consent(authorizeUrl: string, email = defaultEmail) {
      const target = new URL(authorizeUrl);
      const form = new URLSearchParams(target.searchParams);
      form.set('login_hint_email', email);
      form.set('decision', 'allow');
      const response = await fetch(`${baseUrl}/o/oauth2/v2/auth/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      return response.headers.get('location') ?? '';
    },
    newChannelId: () => randomUUID(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type GoogleFake = Awaited<ReturnType<typeof startGoogleFake>>;
