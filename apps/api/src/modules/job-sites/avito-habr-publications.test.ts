import { PUBLICATION_MESSAGES } from '@ats/contracts/job-site-publications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type AvitoFake, startAvitoFake } from '../../../test/fakes/avito-fake.ts';
import { type HabrFake, startHabrFake } from '../../../test/fakes/habr-fake.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { connectedToAvito } from '../../../test/job-site-connections.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';
import { HABR_NO_PUBLISHING } from './habr/habr-publication.ts';
import { PUBLISHED_READ_INTERVAL_MS, refreshLivePublications } from './publications.service.ts';

// Publishing on Avito Работа and Habr Career through the publication routes of decision 0053,
// against the local fakes. Avito: its validation texts land on the form's fields in Russian and
// nothing is stored; an accepted vacancy is on moderation until Avito activates it, then it is
// linked to ours so its applications reach our vacancy's board; edit, prolong, archive; closing
// our vacancy archives it; another account's publication is not found. Habr Career publishes
// nothing through its API: the call is refused with the way to do it, and nothing is sent.

let t: TestApp;
let avito: AvitoFake;
let habr: HabrFake;

beforeAll(async () => {
  avito = await startAvitoFake({
    clientId: 'av-pub-id',
    clientSecret: 'av-pub-secret',
    moderationPolls: 1,
  });
  habr = await startHabrFake({ clientId: 'habr-pub-id', clientSecret: 'habr-pub-secret' });
  t = await createTestApp({
    AVITO_API_BASE: avito.url,
    HABR_BASE: habr.url,
    HABR_CLIENT_ID: 'habr-pub-id',
    HABR_CLIENT_SECRET: 'habr-pub-secret',
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await avito?.close();
  await habr?.close();
});

type Connected = SignedUp & { connectionId: number };

const overviewOf = async (c: SignedUp) =>
  (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body.message;

const connectAvito = (): Promise<Connected> =>
  connectedToAvito(t.app, { client_id: 'av-pub-id', client_secret: 'av-pub-secret' });

async function connectHabr(): Promise<Connected> {
  const company = await signUpCompany(t.app);
  const start = await call(
    t.app,
    'POST',
    '/api/job_sites/connect',
    { site: 'habr' },
    { token: company.token },
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = await fetch(start.body.message.url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const done = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(done.headers.location).toBe('/habr?connected=1');
  return { ...company, connectionId: (await overviewOf(company)).connections[0].id };
}

const DESCRIPTION = '<p>Доставка заказов по городу.</p><ul><li>Свободный график</li></ul>';

const fields = (extra: Record<string, unknown> = {}) => ({
  name: 'Курьер',
  area_id: 'Москва',
  address_id: 'ул. Тверская, 1',
  professional_role_id: '3278402',
  experience_id: 'noMatter',
  employment_id: 'partial',
  schedule_id: 'flexible',
  salary_from: 60000,
  salary_to: 90000,
  currency: 'RUR',
  billing_type_id: 'package',
  description: DESCRIPTION,
  ...extra,
});

const publish = (c: Connected, vacancyId: number, extra: Record<string, unknown> = {}) =>
  call(
    t.app,
    'POST',
    `/api/vacancies/${vacancyId}/publications`,
    { connection_id: c.connectionId, fields: fields(extra) },
    { token: c.token },
  );

const listOf = async (c: Connected, vacancyId: number) => {
  const r = await call(t.app, 'GET', `/api/vacancies/${vacancyId}/publications`, undefined, {
    token: c.token,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message as { id: number; site: string; state: string }[];
};

const publishCalls = () =>
  avito.requests.filter((r) => r.method === 'POST' && r.path === '/job/v2/vacancies').length;

async function sync(c: Connected) {
  const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  for (let i = 0; i < 900; i += 1) {
    const now = (await overviewOf(c)).connections[0];
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

/** Our vacancy's board, waited for (up to a minute) until someone is on it. */
async function boardOf(c: Connected, vacancyId: number) {
  let board: { last_name: string }[] = [];
  for (let i = 0; i < 600 && board.length === 0; i += 1) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    board = await systemRows<{ last_name: string }>(
      t.database,
      sql`select a.last_name from applications ap
          join applicants a on a.account_id = ap.account_id and a.id = ap.applicant_id
          where ap.account_id = ${c.accountId} and ap.vacancy_id = ${vacancyId}`,
    );
  }
  return board;
}

const closeVacancy = async (c: Connected, vacancyId: number) => {
  const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=close', undefined, {
    token: c.token,
  });
  const closed = await call(
    t.app,
    'POST',
    `/api/vacancies/${vacancyId}/close`,
    { reason_id: reasons.body.message[0].id },
    { token: c.token },
  );
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
};

describe('publishing on Avito Работа', { timeout: 180_000 }, () => {
  it("puts Avito's validation on the form's fields in Russian and stores nothing", async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Курьер' });
    const before = publishCalls();
    const refused = await publish(c, vacancy.id, {
      // Avito takes titles of up to 50 characters (ours: 100) and no deprecated profession.
      name: 'Курьер на личном автомобиле в службу доставки по Москве',
      professional_role_id: '10106',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors).toEqual({
      'fields.name': 'Название вакансии должно быть длиной от 1 до 50 символов',
      'fields.professional_role_id': 'Значение устарело, выберите другое',
    });
    expect(publishCalls()).toBe(before + 1);
    expect(await listOf(c, vacancy.id)).toEqual([]);

    // A profession that is not one of Avito's is ours to refuse: nothing goes to Avito.
    const ours = await publish(c, vacancy.id, { professional_role_id: 'courier' });
    expect(ours.status).toBe(400);
    expect(ours.body.errors?.['fields.professional_role_id']).toBe(
      'Профессия: выберите из списка Авито',
    );
    expect(publishCalls()).toBe(before + 1);
  });

  it('publishes on moderation, then published; linked so its applications reach our board', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Курьер' });
    // Held on moderation (the queue reads a new publication at once, as the card does).
    avito.state.moderationPolls = 1_000;
    const created = await publish(c, vacancy.id);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const publication = created.body.message;
    expect(publication).toMatchObject({
      site: 'avito',
      state: 'moderation',
      state_name: 'На модерации',
    });
    const sent = avito.publications.get(publication.external_id)!;
    expect(sent.body).toMatchObject({
      billing_type: 'package',
      title: 'Курьер',
      description: DESCRIPTION,
      vacancy_code: String(vacancy.id),
      location: { address: 'Москва, ул. Тверская, 1' },
      salary: { from: 60000, to: 90000 },
      profession: 3278402,
      employment: 'partial',
      schedule: 'flexible',
      experience: 'noMatter',
    });

    // Avito answers a repeat with the same publication: still one of ours.
    const again = await publish(c, vacancy.id);
    expect(again.body.message.id).toBe(publication.id);

    expect((await listOf(c, vacancy.id)).map((p) => p.state)).toEqual(['moderation']);
    avito.state.moderationPolls = 0;
    const [published] = await listOf(c, vacancy.id);
    avito.state.moderationPolls = 1;
    // The card links to the vacancy's page as Avito's statuses name it.
    expect(published).toMatchObject({
      state: 'published',
      state_name: 'Опубликована',
      url: `https://www.avito.ru/moskva/vakansii/${sent.vacancyId}`,
      archive_requested: false,
    });

    avito.addApplication({
      vacancyId: sent.vacancyId,
      name: { first_name: 'Анна', last_name: 'Публикова' },
      phone: `+7916${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`,
    });
    // This sync or the one the new-publication job ran after the link brings her in.
    const done = await sync(c);
    expect(done.last_sync_result).toMatchObject({ ok: true });
    expect((await boardOf(c, vacancy.id)).map((b) => b.last_name)).toEqual(['Публикова']);
  });

  it('edits, prolongs and archives; a refused edit shows on its field', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Продавец' });
    avito.state.moderationPolls = 1_000;
    const { id, external_id } = (
      await publish(c, vacancy.id, {
        name: 'Продавец',
        professional_role_id: '3278403',
        billing_type_id: 'packageOrSingle',
      })
    ).body.message;
    const early = await call(t.app, 'POST', `/api/job_site_publications/${id}/prolong`, undefined, {
      token: c.token,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PUBLICATION_MESSAGES.notPublished);
    avito.state.moderationPolls = 1;
    await listOf(c, vacancy.id);
    expect((await listOf(c, vacancy.id))[0]!.state).toBe('published');

    const bad = await call(
      t.app,
      'PUT',
      `/api/job_site_publications/${id}`,
      { fields: fields({ schedule_id: 'fiveDay' }) },
      { token: c.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'fields.schedule_id': 'Неизвестный режим работы' });
    const edited = await call(
      t.app,
      'PUT',
      `/api/job_site_publications/${id}`,
      {
        fields: fields({
          name: 'Старший продавец',
          professional_role_id: '3278403',
          billing_type_id: 'packageOrSingle',
        }),
      },
      { token: c.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(avito.publications.get(external_id)!.body.title).toBe('Старший продавец');

    const site = avito.publications.get(external_id)!;
    const prolonged = await call(
      t.app,
      'POST',
      `/api/job_site_publications/${id}/prolong`,
      undefined,
      { token: c.token },
    );
    expect(prolonged.status, JSON.stringify(prolonged.body)).toBe(200);
    const prolongCall = avito.requests.findLast((r) =>
      r.path.endsWith(`/vacancies/${site.vacancyId}/prolongate`),
    );
    expect(prolongCall?.body).toEqual({ billing_type: 'packageOrSingle' });

    const archived = await call(
      t.app,
      'POST',
      `/api/job_site_publications/${id}/archive`,
      undefined,
      { token: c.token },
    );
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.message.state).toBe('archived');
    expect(avito.publications.get(external_id)!.status).toBe('archived');
  });

  it('closing our vacancy archives its Avito publication', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Курьер' });
    const { external_id } = (await publish(c, vacancy.id)).body.message;
    await closeVacancy(c, vacancy.id);
    expect(avito.publications.get(external_id)!.status).toBe('archived');
    expect((await listOf(c, vacancy.id))[0]!.state).toBe('archived');
  });

  it('closing our vacancy while Avito still creates it: archived as soon as Avito names it', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Грузчик' });
    avito.state.creating = true;
    const created = (await publish(c, vacancy.id, { name: 'Грузчик' })).body.message;
    avito.state.creating = false;
    await closeVacancy(c, vacancy.id);
    const site = avito.publications.get(created.external_id)!;
    expect(site.status).toBe('created');
    const [wished] = await listOf(c, vacancy.id);
    expect(wished).toMatchObject({ state: 'moderation', archive_requested: true, url: null });

    // Avito names the vacancy: the next read (the card here, else the queue or the sweep)
    // archives it there and here.
    site.creating = false;
    const [gone] = await listOf(c, vacancy.id);
    expect(gone).toMatchObject({ state: 'archived', archive_requested: false });
    expect(site.status).toBe('archived');
  });

  it('archiving by hand while Avito still creates it: the wish is kept and the sweep archives it', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Фасовщик' });
    avito.state.creating = true;
    const created = (await publish(c, vacancy.id, { name: 'Фасовщик' })).body.message;
    avito.state.creating = false;
    const site = avito.publications.get(created.external_id)!;
    const archived = await call(
      t.app,
      'POST',
      `/api/job_site_publications/${created.id}/archive`,
      undefined,
      { token: c.token },
    );
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.message).toMatchObject({ state: 'moderation', archive_requested: true });
    expect(site.status).toBe('created');
    expect((await listOf(c, vacancy.id))[0]).toMatchObject({ archive_requested: true });

    // Avito names the vacancy: the sweep's next read archives it there and here.
    site.creating = false;
    await refreshLivePublications({ config: t.config, database: t.database });
    expect(site.status).toBe('archived');
    const [row] = await systemRows<{ state: string }>(
      t.database,
      sql`select state from job_site_publications
          where account_id = ${c.accountId} and id = ${created.id}`,
    );
    expect(row!.state).toBe('archived');
  });

  it('reads a new publication at once: linked and its applications on the board with no card opened', async () => {
    const c = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Сборщик' });
    avito.state.creating = true;
    const created = (await publish(c, vacancy.id, { name: 'Сборщик' })).body.message;
    avito.state.creating = false;
    const site = avito.publications.get(created.external_id)!;
    avito.addApplication({
      vacancyId: site.vacancyId,
      name: { first_name: 'Ирина', last_name: 'Сразунова' },
      phone: `+7916${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`,
    });
    site.creating = false;
    // Only the queue reads it now (its next attempt): no card, no sync by hand.
    expect((await boardOf(c, vacancy.id)).map((b) => b.last_name)).toEqual(['Сразунова']);
    const [row] = await systemRows<{ site_url: string | null }>(
      t.database,
      sql`select site_url from job_site_publications
          where account_id = ${c.accountId} and id = ${created.id}`,
    );
    expect(row!.site_url).toBe(`https://www.avito.ru/moskva/vakansii/${site.vacancyId}`);
  });

  it('the sweep reads a published publication every 30 minutes, one on moderation each run', async () => {
    const c = await connectAvito();
    const first = await openVacancy(t.app, c.token, { position: 'Кассир' });
    const second = await openVacancy(t.app, c.token, { position: 'Повар' });
    const live = (await publish(c, first.id, { name: 'Кассир' })).body.message;
    await listOf(c, first.id);
    expect((await listOf(c, first.id))[0]!.state).toBe('published');
    avito.state.moderationPolls = 1_000;
    const held = (await publish(c, second.id, { name: 'Повар' })).body.message;
    const readsOf = (uuid: string) =>
      avito.requests.filter(
        (r) =>
          r.path === '/job/v2/vacancies/statuses' && JSON.stringify(r.body ?? {}).includes(uuid),
      ).length;
    const deps = { config: t.config, database: t.database };
    try {
      // The queue's read of the new publication first (it reads once: Avito names the vacancy).
      for (let i = 0; i < 600 && readsOf(held.external_id) === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      const before = [readsOf(live.external_id), readsOf(held.external_id)];
      await refreshLivePublications(deps);
      expect([readsOf(live.external_id), readsOf(held.external_id)]).toEqual([
        before[0],
        before[1]! + 1,
      ]);
      await refreshLivePublications(
        deps,
        new Date(Date.now() + PUBLISHED_READ_INTERVAL_MS + 60_000),
      );
      expect([readsOf(live.external_id), readsOf(held.external_id)]).toEqual([
        before[0]! + 1,
        before[1]! + 2,
      ]);
    } finally {
      avito.state.moderationPolls = 1;
    }
  });

  it('saves a publication sample for Avito and lists it by site', async () => {
    const c = await connectAvito();
    const saved = await call(
      t.app,
      'POST',
      '/api/job_site_publication_samples',
      { site: 'avito', name: 'Курьер, пешком', fields: fields() },
      { token: c.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = await call(
      t.app,
      'GET',
      '/api/job_site_publication_samples?site=avito',
      undefined,
      { token: c.token },
    );
    expect(list.body.message).toEqual([
      expect.objectContaining({ site: 'avito', name: 'Курьер, пешком' }),
    ]);
    expect(list.body.message[0].fields).toMatchObject({ billing_type_id: 'package' });
  });

  it("another account's Avito publication is not found", async () => {
    const c = await connectAvito();
    const other = await connectAvito();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Курьер' });
    const { id, external_id } = (await publish(c, vacancy.id)).body.message;
    for (const [method, url, body] of [
      ['POST', `/api/job_site_publications/${id}/archive`, undefined],
      ['POST', `/api/job_site_publications/${id}/prolong`, undefined],
      ['PUT', `/api/job_site_publications/${id}`, { fields: fields() }],
    ] as const) {
      const r = await call(t.app, method, url, body, { token: other.token });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(PUBLICATION_MESSAGES.notFound);
    }
    // Nor may another account publish our vacancy through its own connection.
    const foreign = await call(
      t.app,
      'POST',
      `/api/vacancies/${vacancy.id}/publications`,
      { connection_id: other.connectionId, fields: fields() },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
    expect(avito.publications.get(external_id)!.status).not.toBe('archived');
  });

  it("the form's pickers get Avito's professions, without the deprecated ones", async () => {
    const c = await connectAvito();
    const dict = await call(
      t.app,
      'GET',
      `/api/job_sites/get_dictionaries/${c.connectionId}`,
      undefined,
      { token: c.token },
    );
    expect(dict.status, JSON.stringify(dict.body)).toBe(200);
    const result = dict.body.message.result;
    expect(result.profession).toContainEqual({ id: '3278402', name: 'Курьер' });
    expect(result.profession.map((p: { id: string }) => p.id)).not.toContain('10106');
    expect(result.schedule).toContainEqual({ id: 'flyInFlyOut', name: 'Вахта' });
    expect(result.billing_type.map((b: { id: string }) => b.id)).toEqual([
      'package',
      'packageOrSingle',
    ]);
  });
});

describe('publishing on Habr Career', { timeout: 180_000 }, () => {
  it('is refused with the way to do it; nothing sent to Habr, nothing stored', async () => {
    const c = await connectHabr();
    const vacancy = await openVacancy(t.app, c.token, { position: 'Frontend' });
    const before = habr.requests.length;
    const refused = await publish(c, vacancy.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(HABR_NO_PUBLISHING);
    expect(habr.requests.length).toBe(before);
    expect(await listOf(c, vacancy.id)).toEqual([]);
  });
});
