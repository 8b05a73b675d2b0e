import { TRIAL_TARIFF } from '@ats/contracts/tariffs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpCompany, uniqueEmail } from '../../test/factories.ts';
import { startSentryFake } from '../../test/sentry-fake.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { loadConfig } from './config.ts';
import pino from 'pino';
import { z } from 'zod';
import { createErrorTracker, reportingFailures } from './error-tracking.ts';
import { badRequest } from './errors.ts';

type Fake = Awaited<ReturnType<typeof startSentryFake>>;

/** A route with a bug in it, as any route may have: it fails with an error nobody expected. */
function addBuggyRoutes(t: TestApp) {
  t.app.post('/api/test/buggy', { config: { auth: 'optional' } }, async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'stage')");
  });
  t.app.post('/api/test/refused', async () => {
    throw badRequest('Неверный запрос');
  });
}

const SECRET_PASSWORD = 'never-Sent-9f3a';

describe('reporting unexpected server errors to a Sentry-protocol service', () => {
  let sentry: Fake;
  let t: TestApp;
  beforeAll(async () => {
    sentry = await startSentryFake();
    t = await createTestApp({ SENTRY_DSN: sentry.dsn(42) });
    addBuggyRoutes(t);
  });
  afterAll(async () => {
    await t.close();
    await sentry.close();
  });

  it('sends the exception with the user id, e-mail and tariff, and no token, cookie or password', async () => {
    const company = await signUpCompany(t.app);
    // Mistakes of the client first: none of these is a bug of ours, none is reported.
    expect((await call(t.app, 'POST', '/api/auth/login', { email: 'not-an-email' })).status).toBe(
      400,
    );
    expect((await call(t.app, 'GET', '/api/no-such-route')).status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/test/refused', {}, { token: company.token })).status,
    ).toBe(400);
    expect((await call(t.app, 'GET', '/api/me')).status).toBe(420);

    const r = await call(
      t.app,
      'POST',
      '/api/test/buggy?token=query-secret',
      { password: SECRET_PASSWORD },
      { cookie: company.token, origin: 'http://localhost:80' },
    );
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 500, status: 'error', message: 'Что-то пошло не так' });

    const [envelope] = await sentry.waitFor(1);
    expect(envelope!.project).toBe('42');
    expect(envelope!.publicKey).toBe('publickey');
    const [event] = sentry.events();
    expect(event!.exception.values[0]).toMatchObject({
      type: 'TypeError',
      value: "Cannot read properties of undefined (reading 'stage')",
    });
    expect(event!.user).toMatchObject({
      id: String(company.userId),
      email: company.email,
      tariff_name: TRIAL_TARIFF.name,
    });
    expect(event!.tags).toMatchObject({ tariff: TRIAL_TARIFF.name, route: '/api/test/buggy' });
    for (const secret of [company.token, SECRET_PASSWORD, 'query-secret', company.password]) {
      expect(envelope!.raw).not.toContain(secret);
    }

    // Nothing more arrives: the four refusals above were not reported, late or otherwise.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.events()).toHaveLength(1);
  });

  it('reports an error of a caller without a session, with no user', async () => {
    const before = sentry.received.length;
    const r = await call(t.app, 'POST', '/api/test/buggy', { email: uniqueEmail('x') });
    expect(r.status).toBe(500);
    await sentry.waitFor(before + 1);
    const event = sentry.events().at(-1)!;
    expect(event.exception.values[0].type).toBe('TypeError');
    expect(event.user).toBeUndefined();
  });

  it('reports a background job that fails, which still fails for the queue to retry it', async () => {
    const before = sentry.received.length;
    const log = pino({ level: 'silent' });
    const tracker = await createErrorTracker(t.config, t.database, log);
    const job = reportingFailures(
      {
        name: 'test.broken',
        payload: z.object({ accountId: z.number() }),
        handle: async () => {
          throw new RangeError('Invalid time value');
        },
      },
      tracker,
    );
    await expect(
      job.handle({ accountId: 7 }, { config: t.config, database: t.database, log }),
    ).rejects.toThrow('Invalid time value');
    await tracker.close();
    await sentry.waitFor(before + 1);
    const event = sentry.events().at(-1)!;
    expect(event.exception.values[0]).toMatchObject({
      type: 'RangeError',
      value: 'Invalid time value',
    });
    expect(event.tags).toMatchObject({ job: 'test.broken', account_id: '7' });
  });

  it('tells the web app the DSN to report to', async () => {
    const r = await call(t.app, 'GET', '/api/client_config');
    expect(r.status).toBe(200);
    expect(r.body.message.error_tracking_dsn).toBe(sentry.dsn(42));
  });
});

describe('without a DSN', () => {
  it('sends nothing and tells the web app to send nothing', async () => {
    const sentry = await startSentryFake();
    const t = await createTestApp();
    addBuggyRoutes(t);
    try {
      const company = await signUpCompany(t.app, { password: PASSWORD });
      const r = await call(t.app, 'POST', '/api/test/buggy', {}, { token: company.token });
      expect(r.status).toBe(500);
      const config = await call(t.app, 'GET', '/api/client_config');
      expect(config.body.message.error_tracking_dsn).toBeNull();
      expect(String(config.headers['content-security-policy'])).toContain("connect-src 'self';");
    } finally {
      await t.close();
    }
    expect(sentry.received).toHaveLength(0);
    await sentry.close();
  });
});

describe('a separate project for the browser', () => {
  it('gives the web app SENTRY_BROWSER_DSN when it is set', async () => {
    const t = await createTestApp({
      SENTRY_DSN: 'http://serverkey@127.0.0.1:9/1',
      SENTRY_BROWSER_DSN: 'https://browserkey@errors.example.ru/2',
    });
    try {
      const r = await call(t.app, 'GET', '/api/client_config');
      expect(r.body.message.error_tracking_dsn).toBe('https://browserkey@errors.example.ru/2');
      // The page's content security policy lets the browser reach that service, and no other.
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://errors.example.ru;");
    } finally {
      await t.close();
    }
  });
});

describe('the DSN setting', () => {
  it('stops the start on a DSN a Sentry-protocol SDK would silently ignore', () => {
    expect(() => loadConfig({ SENTRY_DSN: 'http://public-key@127.0.0.1:9000/1' })).toThrow(
      /SENTRY_DSN: ожидается DSN/,
    );
    expect(() => loadConfig({ SENTRY_BROWSER_DSN: 'https://errors.example.ru/2' })).toThrow(
      /SENTRY_BROWSER_DSN/,
    );
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/4507' }).SENTRY_DSN).toBe(
      'https://abc123@o1.ingest.sentry.io/4507',
    );
  });
});
