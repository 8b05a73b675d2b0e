import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type AvitoFake, startAvitoFake } from '../../../test/fakes/avito-fake.ts';
import { type HabrFake, startHabrFake } from '../../../test/fakes/habr-fake.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { connectedToAvito } from '../../../test/job-site-connections.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';
import { avitoHookToken } from './avito/avito-connect.ts';

// Avito and Habr Career through the one job-site model (decision 0055) against the local fakes:
// Avito connects with the company's client credentials (a bad pair is a Russian field error),
// Habr Career by OAuth; a site vacancy is linked to ours and the sync brings responses in through
// the duplicates check, idempotent, a 429 losing nothing; Avito's webhook asks for a sync.

let t: TestApp;
let avito: AvitoFake;
let habr: HabrFake;
const logLines: string[] = [];

beforeAll(async () => {
  avito = await startAvitoFake({ clientId: 'av-id', clientSecret: 'av-secret-123' });
  habr = await startHabrFake({ clientId: 'habr-id', clientSecret: 'habr-secret', perPage: 2 });
  t = await createTestApp(
    {
      AVITO_API_BASE: avito.url,
      HABR_BASE: habr.url,
      HABR_CLIENT_ID: 'habr-id',
      HABR_CLIENT_SECRET: 'habr-secret',
    },
    { logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } } },
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
  await avito?.close();
  await habr?.close();
});

type Connected = SignedUp & { connectionId: number };

const overviewOf = async (c: SignedUp) =>
  (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body.message;

async function connectAvito(): Promise<Connected> {
  const c = await connectedToAvito(t.app, { client_id: 'av-id', client_secret: 'av-secret-123' });
  const answer = c.connectAnswer as { body: { message: { url: string } } };
  expect(answer.body.message.url).toBe('/avito?connected=1');
  expect(JSON.stringify(answer.body)).not.toContain('av-secret-123');
  return c;
}

async function sync(c: Connected) {
  const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return settled(c);
}

async function settled(c: Connected) {
  for (let i = 0; i < 900; i += 1) {
    const now = (await overviewOf(c)).connections[0];
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

async function link(c: Connected, externalId: string) {
  const ours = await openVacancy(t.app, c.token, { position: 'Курьер' });
  const remote = await call(
    t.app,
    'GET',
    `/api/job_sites/${c.connectionId}/remote_vacancies`,
    undefined,
    {
      token: c.token,
    },
  );
  expect(remote.status, JSON.stringify(remote.body)).toBe(200);
  expect(remote.body.message.map((v: { external_id: string }) => v.external_id)).toContain(
    externalId,
  );
  const linked = await call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: externalId, vacancy_id: ours.id },
    { token: c.token },
  );
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return ours;
}

const applicantsOf = (accountId: number) =>
  systemRows<{ id: number; first_name: string; phone: string | null; source: string | null }>(
    t.database,
    sql`select a.id, a.first_name, a.phone, s.name as source from applicants a
        left join account_sources s on s.account_id = a.account_id and s.id = a.account_source_id
        where a.account_id = ${accountId} order by a.id`,
  );

let nextVacancy = 3_100_000_001;
const phone = () => `+7916${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

describe('Avito', { timeout: 180_000 }, () => {
  it('refuses a bad client id/secret with a Russian field error, and keeps the secret out', async () => {
    const company = await signUpCompany(t.app);
    const bad = await call(
      t.app,
      'POST',
      '/api/job_sites/connect',
      { site: 'avito', client_id: 'av-id', client_secret: 'wrong-secret-xyz' },
      { token: company.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.client_secret).toMatch(/Авито не принял client_id и client_secret/);
    const empty = await call(
      t.app,
      'POST',
      '/api/job_sites/connect',
      { site: 'avito' },
      {
        token: company.token,
      },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors!.client_id).toMatch(/client_id/);
    expect((await overviewOf(company)).connections).toEqual([]);
    expect(logLines.join('\n')).not.toContain('wrong-secret-xyz');
  });

  it('imports applications with a known person matched, a second sync imports nothing, get_* answer', async () => {
    const c = await connectAvito();
    const vacancyId = nextVacancy++;
    const knownPhone = phone();
    const before = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Пётр', last_name: 'Известный', phone: knownPhone },
      { token: c.token },
    );
    expect(before.status).toBe(200);
    avito.addApplication({
      vacancyId,
      name: { first_name: 'Анна', last_name: 'Новикова' },
      phone: phone(),
      resume: { title: 'Курьер', salary: 80000 },
    });
    avito.addApplication({
      vacancyId,
      name: { first_name: 'Пётр', last_name: 'Известный' },
      phone: knownPhone,
    });
    await link(c, String(vacancyId));

    const first = await sync(c);
    expect(first.last_sync_result).toMatchObject({ ok: true, imported: 1, matched: 1 });
    const people = await applicantsOf(c.accountId);
    expect(people).toHaveLength(2);
    expect(people.find((p) => p.first_name === 'Анна')?.source).toBe('Avito Работа');

    const second = await sync(c);
    expect(second.last_sync_result).toMatchObject({
      ok: true,
      imported: 0,
      matched: 0,
      skipped: 2,
    });
    expect(await applicantsOf(c.accountId)).toHaveLength(2);

    const me = await call(t.app, 'GET', `/api/job_sites/get_me/${c.connectionId}`, undefined, {
      token: c.token,
    });
    expect(me.body.message).toMatchObject({ code: 200, result: { id: avito.self.id } });
    const tariffs = await call(
      t.app,
      'GET',
      `/api/job_sites/get_tariffs/${c.connectionId}`,
      undefined,
      {
        token: c.token,
      },
    );
    expect(tariffs.body.message.result).toBeNull();
    expect(JSON.stringify(await overviewOf(c))).not.toContain('av-secret-123');
    expect(logLines.join('\n')).not.toContain('av-secret-123');
  });

  it('pauses on a 429 and the next sync loses nothing; an expired token is fetched again', async () => {
    const c = await connectAvito();
    const vacancyId = nextVacancy++;
    avito.addApplication({ vacancyId, name: { first_name: 'Ирина' }, phone: phone() });
    await link(c, String(vacancyId));
    avito.addApplication({ vacancyId, name: { first_name: 'Олег' }, phone: phone() });
    avito.failNext({
      status: 429,
      path: '/job/v1/applications/get_by_ids',
      times: 3,
      retryAfterSeconds: 1,
    });
    const paused = await sync(c);
    expect(paused.state).toBe('paused');
    expect(paused.last_sync_result.ok).toBe(false);
    expect(await applicantsOf(c.accountId)).toHaveLength(0);
    await systemRows(
      t.database,
      sql`update job_site_connections set paused_until = now() - interval '1 second' where id = ${c.connectionId}`,
    );
    avito.expireTokens();
    const resumed = await sync(c);
    expect(resumed.last_sync_result).toMatchObject({ ok: true, imported: 2 });
    expect(resumed.state).toBe('active');
  });

  it('a delivery naming a vacancy no link of ours names syncs nothing; one naming the linked vacancy brings its applicant', async () => {
    // Avito tells the subscribed URL of every application of the employer: one for a vacancy
    // this company has not linked leaves the connection as it was (no sync, no new last sync).
    const c = await connectAvito();
    const vacancyId = nextVacancy++;
    const foreign = nextVacancy++;
    avito.addApplication({ vacancyId, name: { first_name: 'Лидия' }, phone: phone() });
    await link(c, String(vacancyId));
    const hook = avitoHookToken(
      { config: t.config, database: t.database },
      c.accountId,
      c.connectionId,
    );
    const deliver = (vacancy: number | string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/job_sites/webhooks/avito/${hook}`,
        payload: {
          event: 'application.created',
          application_id: 'b'.repeat(24),
          vacancy_id: vacancy,
        },
      });
    expect((await deliver(foreign)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const untouched = await settled(c);
    expect(untouched.last_sync_at).toBeNull();
    expect(await applicantsOf(c.accountId)).toHaveLength(0);

    expect((await deliver(String(vacancyId))).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await applicantsOf(c.accountId)).length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const synced = await settled(c);
    expect(synced.last_sync_result).toMatchObject({ ok: true, imported: 1 });
    expect((await applicantsOf(c.accountId)).map((a) => a.first_name)).toEqual(['Лидия']);
  });

  it('a webhook delivered twice brings one applicant; a foreign token or connection is 404', async () => {
    const c = await connectAvito();
    const vacancyId = nextVacancy++;
    avito.addApplication({ vacancyId, name: { first_name: 'Вера' }, phone: phone() });
    await link(c, String(vacancyId));
    const hook = avitoHookToken(
      { config: t.config, database: t.database },
      c.accountId,
      c.connectionId,
    );
    const body = { event: 'application.created', application_id: 'a'.repeat(24) };
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/job_sites/webhooks/avito/${hook}`, payload: body }),
      t.app.inject({ method: 'POST', url: `/api/job_sites/webhooks/avito/${hook}`, payload: body }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 300));
    await settled(c);
    for (let i = 0; i < 100 && (await applicantsOf(c.accountId)).length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await settled(c);
    await t.app.inject({
      method: 'POST',
      url: `/api/job_sites/webhooks/avito/${hook}`,
      payload: body,
    });
    await new Promise((r) => setTimeout(r, 300));
    await settled(c);
    expect(await applicantsOf(c.accountId)).toHaveLength(1);

    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/job_sites/webhooks/avito/${hook.slice(0, -2)}xx`,
      payload: body,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toMatch(/[а-я]/);

    const other = await signUpCompany(t.app);
    for (const path of [
      `/api/job_sites/${c.connectionId}/remote_vacancies`,
      `/api/job_sites/get_me/${c.connectionId}`,
    ]) {
      const seen = await call(t.app, 'GET', path, undefined, { token: other.token });
      expect(seen.status).toBe(404);
    }
  });
});

describe('Habr Career', { timeout: 180_000 }, () => {
  it('connects by OAuth, links a vacancy and imports responses page by page, matching a known e-mail', async () => {
    const company = await signUpCompany(t.app);
    const start = await call(
      t.app,
      'POST',
      '/api/job_sites/connect',
      { site: 'habr' },
      {
        token: company.token,
      },
    );
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const consent = await fetch(start.body.message.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(done.headers.location).toBe('/habr?connected=1');
    const c = { ...company, connectionId: (await overviewOf(company)).connections[0].id };

    const external = habr.addVacancy('Frontend-разработчик');
    const known = `known.${Math.random().toString(36).slice(2, 8)}@mail.example`;
    const before = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Пётр', last_name: 'Известный', email: known },
      { token: c.token },
    );
    expect(before.status).toBe(200);
    for (const [login, name, email] of [
      ['anna', 'Анна Новикова', 'anna.n@mail.example'],
      ['boris', 'Борис Орлов', 'boris.o@mail.example'],
      ['petr', 'Пётр Известный', known],
    ] as const) {
      habr.addResponse(external.id, { login: `${login}${c.accountId}`, name, emails: [email] });
    }
    await link(c, String(external.id));
    habr.expireTokens();
    const first = await sync(c);
    expect(first.last_sync_result).toMatchObject({ ok: true, imported: 2, matched: 1 });
    const people = await applicantsOf(c.accountId);
    expect(people).toHaveLength(3);
    expect(people.find((p) => p.first_name === 'Анна')?.source).toBe('Хабр Карьера');
    const second = await sync(c);
    expect(second.last_sync_result).toMatchObject({ ok: true, imported: 0, skipped: 3 });
    expect(JSON.stringify(await overviewOf(c))).not.toContain('habr-secret');
  });
});
