import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import {
  addTeamMember,
  changeUserSettings,
  type SignedUp,
  signUpCompany,
} from '../../../test/factories.ts';
import { startAppWithHhFake } from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// hh.ru end to end against the local fake (apps/api/test/fakes/hh-fake.ts): OAuth connect with
// a signed state and sealed tokens, the get_* calls with null on the site's refusals, linking a
// vacancy and the responses sync — duplicates matched, idempotent, 429/500 lose nothing, an
// expired token refreshed once.

let t: TestApp;
let fake: HhFake;
const logLines: string[] = [];

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake({
    app: {
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void logLines.push(line) },
      },
    },
  }));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Connected = SignedUp & { connectionId: number };

async function connect(company: SignedUp) {
  const start = await call(
    t.app,
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
  return t.app.inject({ method: 'GET', url: location.pathname + location.search });
}

async function connected(): Promise<Connected> {
  const company = await signUpCompany(t.app);
  const back = await connect(company);
  expect(back.statusCode).toBe(302);
  expect(back.headers.location).toBe('/hh?connected=1');
  const overview = await call(t.app, 'GET', '/api/job_sites', undefined, { token: company.token });
  return { ...company, connectionId: overview.body.message.connections[0].id };
}

const connectionOf = async (c: Connected) =>
  (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body.message
    .connections[0];

/** Asks for a sync and waits for the job to store its result. */
async function sync(c: Connected) {
  const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  for (let i = 0; i < 600; i += 1) {
    const now = await connectionOf(c);
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

const resume = (first: string, last: string, extra: Record<string, unknown> = {}) => ({
  first_name: first,
  last_name: last,
  title: 'Разработчик',
  phone: `+7 (916) ${String(Math.floor(Math.random() * 900) + 100)}-${String(Math.floor(Math.random() * 90) + 10)}-${String(Math.floor(Math.random() * 90) + 10)}`,
  email: `cand.${Math.random().toString(36).slice(2, 10)}@mail.example`,
  salary: { amount: 200000, currency: 'RUR' },
  experience: [{ company: 'ООО Альфа', position: 'Инженер', start: '2019-03-01', end: null }],
  education: [{ name: 'МГУ', result: 'Прикладная математика', year: 2015 }],
  skills: ['TypeScript', 'PostgreSQL'],
  languages: [{ id: 'eng', name: 'Английский', level: 'B2' }],
  ...extra,
});

async function linkedVacancy(c: Connected, name = 'Разработчик TypeScript') {
  const ours = await openVacancy(t.app, c.token, { position: name });
  const external = fake.addVacancy(name);
  const linked = await call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: external, vacancy_id: ours.id },
    { token: c.token },
  );
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return { ours, external };
}

const applicantsOn = (accountId: number, vacancyId: number) =>
  systemRows<{ applicant_id: number; status_id: number }>(
    t.database,
    sql`select applicant_id, status_id from applications
        where account_id = ${accountId} and vacancy_id = ${vacancyId} order by applicant_id`,
  );

describe('connecting hh.ru', { timeout: 120_000 }, () => {
  it('connects by OAuth, stores the tokens sealed and never answers or logs them', async () => {
    const c = await connected();
    const overview = await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token });
    expect(overview.body.message.sites).toContainEqual({
      site: 'hh',
      name: 'hh.ru',
      configured: true,
    });
    expect(overview.body.message.connections[0]).toMatchObject({
      site: 'hh',
      external_account_id: fake.employer.id,
      account_name: fake.employer.name,
      state: 'active',
    });
    const [row] = await systemRows<{ access_token: string; refresh_token: string }>(
      t.database,
      sql`select access_token, refresh_token from job_site_connections where account_id = ${c.accountId}`,
    );
    expect(row!.access_token).toMatch(/^v1\./);
    const issued = fake.requests
      .filter((r) => r.authorization)
      .map((r) => r.authorization!.replace('Bearer ', ''));
    expect(issued.length).toBeGreaterThan(0);
    const me = await call(t.app, 'GET', `/api/job_sites/get_me/${c.connectionId}`, undefined, {
      token: c.token,
    });
    expect(me.body.message).toMatchObject({ code: 200, result: { is_employer: true } });
    const answers = JSON.stringify([overview.body, me.body]);
    for (const token of issued) {
      expect(answers).not.toContain(token);
      expect(logLines.join('\n')).not.toContain(token);
      expect(row!.access_token).not.toContain(token);
    }
    // HH-User-Agent went with every call.
    expect(fake.requests.every((r) => r.status !== 400)).toBe(true);
  });

  it('refuses a forged state and a denied consent in Russian', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/job_sites/oauth/callback?code=x&state=eyJhIjoxfQ.forged',
    });
    expect(decodeURIComponent(forged.headers.location as string)).toContain(
      JOB_SITE_MESSAGES.badState,
    );
    const company = await signUpCompany(t.app);
    fake.setDeny(true);
    const denied = await connect(company).finally(() => fake.setDeny(false));
    expect(decodeURIComponent(denied.headers.location as string)).toContain(
      JOB_SITE_MESSAGES.denied,
    );
  });

  it("hides another account's connection (404) and answers null when the site refuses", async () => {
    const a = await connected();
    const b = await signUpCompany(t.app);
    for (const url of [
      `/api/job_sites/get_me/${a.connectionId}`,
      `/api/job_sites/${a.connectionId}/remote_vacancies`,
    ]) {
      const other = await call(t.app, 'GET', url, undefined, { token: b.token });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(JOB_SITE_MESSAGES.connectionNotFound);
    }
    const gone = await call(t.app, 'DELETE', `/api/job_sites/${a.connectionId}`, undefined, {
      token: b.token,
    });
    expect(gone.status).toBe(404);

    const dictionaries = await call(
      t.app,
      'GET',
      `/api/job_sites/get_dictionaries/${a.connectionId}`,
      undefined,
      { token: a.token },
    );
    expect(dictionaries.body.message.code).toBe(200);
    expect(dictionaries.body.message.result.experience.length).toBeGreaterThan(0);
    expect(dictionaries.body.message.result.areas[0].name).toBe('Россия');
    const members = await call(
      t.app,
      'GET',
      `/api/job_sites/get_members/${a.connectionId}`,
      undefined,
      { token: a.token },
    );
    expect(members.body.message.result.items[0].id).toBe(fake.manager.id);
    fake.failNext({ status: 500, path: '/employers' });
    const addresses = await call(
      t.app,
      'GET',
      `/api/job_sites/get_addresses/${a.connectionId}`,
      undefined,
      { token: a.token },
    );
    expect(addresses.status).toBe(200);
    expect(addresses.body.message).toEqual({ code: 500, result: null });
    const qualifications = await call(
      t.app,
      'GET',
      `/api/job_sites/get_qualifications/${a.connectionId}`,
      undefined,
      { token: a.token },
    );
    expect(qualifications.body.message.result).toBeNull();
  });
});

describe('responses in', { timeout: 180_000 }, () => {
  it('imports responses with the résumé, matches a known person, and a second sync imports nothing', async () => {
    const c = await connected();
    const { ours, external } = await linkedVacancy(c);
    const known = resume('Пётр', 'Известный');
    const before = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Пётр', last_name: 'Известный', email: known.email },
      { token: c.token },
    );
    expect(before.status).toBe(200);
    const nidNew = fake.addResponse(external, resume('Анна', 'Новикова'));
    fake.addResponse(external, known);

    const first = await sync(c);
    expect(first.last_sync_result).toMatchObject({ ok: true, imported: 1, matched: 1 });
    const placed = await applicantsOn(c.accountId, ours.id);
    expect(placed).toHaveLength(2);
    expect(placed.map((p) => p.applicant_id)).toContain(before.body.message.id);
    expect(new Set(placed.map((p) => p.status_id))).toEqual(new Set([ours.statuses[0]!.id]));
    const [created] = await systemRows<{
      id: number;
      first_name: string;
      email: string;
      money: string;
      source: string;
    }>(
      t.database,
      sql`select a.id, a.first_name, a.email, a.money, s.name as source from applicants a
          left join account_sources s on s.account_id = a.account_id and s.id = a.account_source_id
          where a.account_id = ${c.accountId} and a.last_name = 'Новикова'`,
    );
    expect(created).toMatchObject({ first_name: 'Анна', money: '200000', source: 'hh.ru' });
    const card = await call(t.app, 'GET', `/api/applicants/${created!.id}`, undefined, {
      token: c.token,
    });
    expect(card.body.message.skills).toEqual(['TypeScript', 'PostgreSQL']);
    expect(card.body.message.experience[0]).toMatchObject({ company: 'ООО Альфа' });
    expect(card.body.message.resume_urls[0]).toMatch(/^https:\/\/hh\.ru\/resume\//);
    const count = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from applicants where account_id = ${c.accountId}`,
    );
    expect(count[0]!.n).toBe(2);

    const responded = await call(
      t.app,
      'GET',
      `/api/applicants/${created!.id}/vacancies_from_response_hh`,
      undefined,
      { token: c.token },
    );
    expect(responded.body.message).toEqual([
      expect.objectContaining({
        external_vacancy_id: external,
        vacancy_id: ours.id,
        negotiation_id: nidNew,
      }),
    ]);

    const second = await sync(c);
    expect(second.last_sync_result).toMatchObject({
      ok: true,
      imported: 0,
      matched: 0,
      skipped: 2,
    });
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(2);
  });

  it('brings a person who responded twice on one page in as one applicant', async () => {
    const c = await connected();
    const { ours, external } = await linkedVacancy(c);
    const twice = resume('Ольга', 'Дважды');
    fake.addResponse(external, twice);
    fake.addResponse(external, resume('Игорь', 'Другой'));
    // The same person again, the e-mail typed in capitals and the phone gone.
    fake.addResponse(external, { ...twice, phone: null, email: twice.email.toUpperCase() });

    const first = await sync(c);
    expect(first.last_sync_result).toMatchObject({ ok: true, imported: 2, matched: 1 });
    const [counted] = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from applicants
          where account_id = ${c.accountId} and last_name = 'Дважды'`,
    );
    expect(counted!.n).toBe(1);
    const responses = await systemRows<{ applicant_id: number; matched: boolean }>(
      t.database,
      sql`select r.applicant_id, r.matched from job_site_responses r
          join applicants a on a.account_id = r.account_id and a.id = r.applicant_id
          where r.account_id = ${c.accountId} and a.last_name = 'Дважды' order by r.id`,
    );
    expect(responses.map((r) => r.matched)).toEqual([false, true]);
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(2);
  });

  it('rides out a 429 and a 500 in the middle of a page, losing nothing', async () => {
    const c = await connected();
    const { ours, external } = await linkedVacancy(c);
    for (let i = 0; i < 4; i += 1) fake.addResponse(external, resume(`Имя${i}`, `Фамилия${i}`));
    // A 429 answered at once: retried within the run.
    fake.failNext({ status: 429, path: '/negotiations/response', retryAfter: 1 });
    // After two résumés the site fails for longer than the run retries: the sync pauses.
    fake.failNext({ status: 500, path: '/resumes', after: 2, times: 5 });
    const paused = await sync(c);
    expect(paused.state).toBe('paused');
    expect(paused.last_error).toBe(JOB_SITE_MESSAGES.unavailable);
    expect(paused.last_sync_result).toMatchObject({ ok: false, imported: 2 });
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(2);

    // Still paused: a sync asked for now asks the site nothing.
    const calls = fake.requests.length;
    await sync(c);
    expect(fake.requests.length).toBe(calls);

    // The pause is over (as the sweep finds it): the rest comes in, nothing twice.
    await t.database.system.execute(
      sql`update job_site_connections set paused_until = now() - interval '1 second'
          where account_id = ${c.accountId}`,
    );
    const resumed = await sync(c);
    expect(resumed).toMatchObject({ state: 'active', paused_until: null, last_error: null });
    expect(resumed.last_sync_result).toMatchObject({ ok: true, imported: 2, skipped: 2 });
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(4);
  });

  it('keeps the responses before one it may not bring in, and brings the rest in later', async () => {
    const company = await signUpCompany(t.app);
    // The site is connected by an admin whose right to create applicants is then taken away:
    // the sync acts as them, may place a known person, and is refused a new one.
    const admin = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: true,
    });
    const back = await connect({ ...company, token: admin.token });
    expect(back.headers.location).toBe('/hh?connected=1');
    const overview = await call(t.app, 'GET', '/api/job_sites', undefined, { token: admin.token });
    const c: Connected = {
      ...company,
      token: admin.token,
      connectionId: overview.body.message.connections[0].id,
    };
    const { ours, external } = await linkedVacancy(c);
    const known = resume('Вера', 'Знакомая');
    const before = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Вера', last_name: 'Знакомая', email: known.email },
      { token: company.token },
    );
    expect(before.status).toBe(200);
    fake.addResponse(external, known);
    fake.addResponse(external, resume('Глеб', 'Новый'));
    await changeUserSettings(t.app, company.token, admin.userId, {
      permissions_actions: { can_manage_applicant: false },
    });

    const refused = await sync(c);
    expect(refused.last_sync_result).toMatchObject({
      ok: false,
      matched: 1,
      imported: 0,
      error: 'Нет прав на изменение кандидатов',
    });
    expect((await applicantsOn(c.accountId, ours.id)).map((p) => p.applicant_id)).toEqual([
      before.body.message.id,
    ]);

    await changeUserSettings(t.app, company.token, admin.userId, {
      permissions_actions: { can_manage_applicant: true },
    });
    const later = await sync(c);
    expect(later.last_sync_result).toMatchObject({ ok: true, imported: 1, matched: 0, skipped: 1 });
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(2);
  });

  it('refreshes an expired token once, then asks to connect again when refused', async () => {
    const c = await connected();
    const { ours, external } = await linkedVacancy(c);
    fake.addResponse(external, resume('Ольга', 'Срокова'));
    fake.expireAccessTokens();
    const refreshed = await sync(c);
    expect(refreshed.last_sync_result).toMatchObject({ ok: true, imported: 1 });
    expect(
      fake.requests.filter((r) => r.path === '/token' && r.body?.grant_type === 'refresh_token'),
    ).toHaveLength(1);
    expect(await applicantsOn(c.accountId, ours.id)).toHaveLength(1);

    // The refresh token is used up: a second expiry cannot be refreshed twice.
    await t.database.system.execute(
      sql`update job_site_connections set refresh_token = null where account_id = ${c.accountId}`,
    );
    fake.expireAccessTokens();
    fake.addResponse(external, resume('Иван', 'Поздний'));
    const refused = await sync(c);
    expect(refused.state).toBe('reconnect');
    expect(refused.last_error).toBe(JOB_SITE_MESSAGES.reconnect);
  });
});
