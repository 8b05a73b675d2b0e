import type { Config } from '../../platform/config.ts';

// Google's OAuth 2.0 and Calendar API v3 (/work/shared/specs/google/calendar-v3.json,
// ../shared/research/integrations.md §6.1–6.2), as plain fetch calls. Token management (refresh
// before expiry and on 401) and rate-limit backoff are the service's (google-sync.service.ts).

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
];

export class GoogleError extends Error {
  constructor(
    readonly status: number,
    /** Google's `errors[0].reason` (rateLimitExceeded, fullSyncRequired…) or the OAuth `error`. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleError';
  }
  /** 429, or 403 with a usage-limits reason: wait and try again. */
  get rateLimited() {
    return (
      this.status === 429 ||
      (this.status === 403 &&
        ['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded'].includes(this.reason))
    );
  }
  get retryable() {
    return this.rateLimited || this.status >= 500 || this.status === 0;
  }
}

export const googleConfigured = (config: Config) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

export type GoogleTokens = {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
};

export type GoogleEventTime = { dateTime?: string; date?: string; timeZone?: string };
export type GoogleEvent = {
  id: string;
  etag?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleEventTime;
  end?: GoogleEventTime;
  attendees?: { email: string; displayName?: string }[];
  extendedProperties?: { private?: Record<string, string> };
  htmlLink?: string;
};
export type GoogleEventList = {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
};
export type GoogleCalendarEntry = {
  id: string;
  summary?: string;
  primary?: boolean;
  accessRole?: string;
};
export type GoogleChannel = { id: string; resourceId: string; expiration?: string };

const TIMEOUT_MS = 10_000;

async function readError(response: Response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string; errors?: { reason?: string }[] };
      error_description?: string;
    };
    if (typeof body.error === 'string') {
      return new GoogleError(response.status, body.error, body.error_description ?? body.error);
    }
    return new GoogleError(
      response.status,
      body.error?.errors?.[0]?.reason ?? String(response.status),
      body.error?.message ?? text.slice(0, 300),
    );
  } catch {
    return new GoogleError(response.status, String(response.status), text.slice(0, 300));
  }
}

export function createGoogleClient(config: Config) {
  const oauthBase = config.GOOGLE_OAUTH_URL.replace(/\/$/, '');
  const tokenUrl =
    config.GOOGLE_TOKEN_URL ??
    (config.GOOGLE_OAUTH_URL.startsWith('https://accounts.google.com')
      ? 'https://oauth2.googleapis.com/token'
      : `${oauthBase}/token`);
  const apiBase = `${config.GOOGLE_API_URL.replace(/\/$/, '')}/calendar/v3`;

  async function tokenCall(form: Record<string, string>): Promise<GoogleTokens> {
    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: config.GOOGLE_CLIENT_ID ?? '',
          client_secret: config.GOOGLE_CLIENT_SECRET ?? '',
          ...form,
        }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GoogleError(0, 'network', (error as Error).message);
    }
    if (!response.ok) throw await readError(response);
    return (await response.json()) as GoogleTokens;
  }

  async function call<T>(
    accessToken: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | undefined>; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(`${apiBase}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GoogleError(0, 'network', (error as Error).message);
    }
    if (response.status === 204) return undefined as T;
    if (!response.ok) throw await readError(response);
    return (await response.json()) as T;
  }

  const calendarPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}`;

  return {
    authorizeUrl(redirectUri: string, state: string, loginHint?: string) {
      const url = new URL(`${oauthBase}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: config.GOOGLE_CLIENT_ID ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        ...(loginHint ? { login_hint: loginHint } : {}),
      }).toString();
      return url.toString();
    },
    exchangeCode: (code: string, redirectUri: string) =>
      tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) =>
      tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(token: string) {
      await fetch(`${tokenUrl.replace(/\/token$/, '')}/revoke?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch(() => undefined);
    },
    listCalendars: (token: string) =>
      call<{ items?: GoogleCalendarEntry[] }>(token, 'GET', '/users/me/calendarList'),
    listEvents: (token: string, calendarId: string, query: Record<string, string | undefined>) =>
      call<GoogleEventList>(token, 'GET', `${calendarPath(calendarId)}/events`, { query }),
    insertEvent: (token: string, calendarId: string, body: Record<string, unknown>) =>
      call<GoogleEvent>(token, 'POST', `${calendarPath(calendarId)}/events`, {
        body,
        query: { sendUpdates: 'none' },
      }),
    patchEvent: (token: string, calendarId: string, id: string, body: Record<string, unknown>) =>
      call<GoogleEvent>(
        token,
        'PATCH',
        `${calendarPath(calendarId)}/events/${encodeURIComponent(id)}`,
        { body, query: { sendUpdates: 'none' } },
      ),
    deleteEvent: (token: string, calendarId: string, id: string) =>
      call<void>(token, 'DELETE', `${calendarPath(calendarId)}/events/${encodeURIComponent(id)}`, {
        query: { sendUpdates: 'none' },
      }),
    watch: (
      token: string,
      calendarId: string,
      body: { id: string; address: string; token: string; expiration?: number },
    ) =>
      call<GoogleChannel>(token, 'POST', `${calendarPath(calendarId)}/events/watch`, {
        body: { ...body, type: 'web_hook' },
      }),
    stopChannel: (token: string, id: string, resourceId: string) =>
      call<void>(token, 'POST', '/channels/stop', { body: { id, resourceId } }),
    freeBusy: (
      token: string,
      body: { timeMin: string; timeMax: string; items: { id: string }[] },
    ) =>
      call<{ calendars?: Record<string, { busy?: { start: string; end: string }[] }> }>(
        token,
        'POST',
        '/freeBusy',
        { body },
      ),
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;
