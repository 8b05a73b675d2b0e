// The job-sites tests' app beside the hh.ru fake it talks to (its webhooks delivered without a
// socket), companies connected to the job sites' fakes (hh.ru through the real OAuth flow:
// connect → the fake's consent, which redirects at once → our callback; Avito with client
// credentials), and what the tests of the sites' messages share: a sync run to its end, the
// applicant a response became, the conversation, the site's channel, the outbox.
import type { TMsgMessage } from '@ats/contracts/messaging';
import type { Database } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { systemRows } from './db-helpers.ts';
import { type SignedUp, signUpCompany } from './factories.ts';
import { type HhFake, type HhFakeOptions, startHhFake } from './fakes/hh-fake.ts';
import { type TestApp, call, createTestApp } from './test-app.ts';
import { openVacancy } from './vacancy-fixtures.ts';

/**
 * A fake site's webhook deliveries handed to the app without a socket (the fakes'
 * `setWebhookTransport`): the status the app answered.
 */
export const deliveriesTo = (app: FastifyInstance) => async (url: string, body: unknown) => {
  const answer = await app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    payload: body as Record<string, unknown>,
  });
  return answer.statusCode;
};

/**
 * The hh.ru fake and a test app whose HH_* point at it. With `publicUrl`, the app runs there, so
 * connecting subscribes to the fake's webhooks, and the fake's deliveries reach the app.
 */
export async function startAppWithHhFake(
  options: {
    fake?: HhFakeOptions;
    publicUrl?: string;
    app?: Parameters<typeof createTestApp>[1];
  } = {},
): Promise<{ t: TestApp; fake: HhFake }> {
  const fake = await startHhFake({
    clientId: 'hh-client',
    clientSecret: 'hh-secret',
    ...options.fake,
  });
  try {
    const t = await createTestApp(
      {
        HH_CLIENT_ID: 'hh-client',
        HH_CLIENT_SECRET: 'hh-secret',
        HH_API_BASE: fake.url,
        HH_OAUTH_BASE: fake.url,
        ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
      },
      options.app,
    );
    if (options.publicUrl) fake.setWebhookTransport(deliveriesTo(t.app));
    return { t, fake };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

export type HhConnected = SignedUp & { connectionId: number };

export async function connectedToHh(app: FastifyInstance): Promise<HhConnected> {
  const company = await signUpCompany(app);
  const start = await call(
    app,
    'POST',
    '/api/job_sites/connect',
    { site: 'hh' },
    {
      token: company.token,
    },
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = await fetch(start.body.message.url, { redirect: 'manual' });
  const location = new URL(consent.headers.get('location')!);
  const back = await app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(back.headers.location).toBe('/hh?connected=1');
  const overview = await call(app, 'GET', '/api/job_sites', undefined, { token: company.token });
  return { ...company, connectionId: overview.body.message.connections[0].id };
}

export type JobSiteConnected = SignedUp & { connectionId: number };

/**
 * A company connected to the Avito fake (client credentials): the connect call's answer beside
 * the connection, so a test can check what the answer shows.
 */
export async function connectedToAvito(
  app: FastifyInstance,
  credentials: { client_id: string; client_secret: string },
): Promise<JobSiteConnected & { connectAnswer: { body: unknown } }> {
  const company = await signUpCompany(app);
  const answer = await call(
    app,
    'POST',
    '/api/job_sites/connect',
    { site: 'avito', ...credentials },
    { token: company.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const overview = await call(app, 'GET', '/api/job_sites', undefined, { token: company.token });
  return {
    ...company,
    connectionId: overview.body.message.connections[0].id,
    connectAnswer: answer,
  };
}

// ---- what the tests of the sites' messages share (hh.ru negotiations, Avito chats) ------------

/** Asks for a sync and waits for the job to store its result: the connection as listed then. */
export async function syncNow(app: FastifyInstance, c: JobSiteConnected) {
  const asked = await call(app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  for (let i = 0; i < 900; i += 1) {
    const overview = await call(app, 'GET', '/api/job_sites', undefined, { token: c.token });
    const now = overview.body.message.connections[0];
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

/** Our open vacancy, linked to the site's: the site's responses to it land on ours. */
export async function linkedVacancy(
  app: FastifyInstance,
  c: JobSiteConnected,
  externalVacancyId: string,
  position: string,
) {
  const ours = await openVacancy(app, c.token, { position });
  const linked = await call(
    app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: externalVacancyId, vacancy_id: ours.id },
    { token: c.token },
  );
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return ours;
}

/** A sync that imports exactly one new response: the applicant it became. */
export async function importedOne(
  app: FastifyInstance,
  database: Database,
  c: JobSiteConnected,
  externalId: string,
) {
  const synced = await syncNow(app, c);
  expect(synced.last_sync_result).toMatchObject({ ok: true, imported: 1 });
  return applicantOfResponse(database, c, externalId);
}

/** The applicant a site's response (or Avito application) became. */
export async function applicantOfResponse(
  database: Database,
  c: JobSiteConnected,
  externalId: string,
) {
  const [row] = await systemRows<{ applicant_id: number }>(
    database,
    sql`select applicant_id from job_site_responses
        where account_id = ${c.accountId} and external_id = ${externalId}`,
  );
  return row!.applicant_id;
}

/** The applicant's conversation as the card shows it, newest first. */
export async function conversationOf(
  app: FastifyInstance,
  c: JobSiteConnected,
  applicantId: number,
): Promise<TMsgMessage[]> {
  const answer = await call(
    app,
    'GET',
    `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    undefined,
    { token: c.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message.items;
}

/** The site's channel the composer offers for the applicant (undefined: not offered). */
export async function siteChannelOf(
  app: FastifyInstance,
  c: JobSiteConnected,
  applicantId: number,
  kind: 'hh' | 'avito',
) {
  const answer = await call(
    app,
    'GET',
    `/api/msg_integrations/chats/applicant_chats/${applicantId}/channels`,
    undefined,
    { token: c.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.message.items as { channel_id: number; kind: string }[]).find(
    (i) => i.kind === kind,
  );
}

/** A message from the card on a channel (the answer as it came, for the test to check). */
export const sendOnChannel = (
  app: FastifyInstance,
  c: JobSiteConnected,
  applicantId: number,
  channelId: number,
  text: string,
) =>
  call(
    app,
    'POST',
    `/api/msg_integrations/chats/applicant_chats/${applicantId}/messages`,
    { channel_id: channelId, text },
    { token: c.token },
  );

/** The outbox's state of a message. */
export const outboxRow = (database: Database, id: number) =>
  systemRows<{ state: string; reason: string | null; attempts: number }>(
    database,
    sql`select state, reason, attempts from msg_messages where id = ${id}`,
  ).then((rows) => rows[0]!);

/** Reads until `done` holds (or throws after `ms`). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
