import { REMOTE_VACANCY_MESSAGES } from '@ats/contracts/job-site-remote-vacancies';
import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import { PUBLICATION_MESSAGES } from '@ats/contracts/job-site-publications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import { addTeamMember, signUpCompany } from '../../../test/factories.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// The employer's hh.ru vacancies not linked yet (decision 0060), against the fake: the active
// and archived lists paged as hh.ru pages them, the linked and published ones left out, another
// account's connection not found; «Связать» makes the site's vacancy a publication of ours whose
// responses the next sync brings to our board; «Импортировать» makes our vacancy from the site's
// fields, once however often (or however concurrently) it is asked — two links at once, or a link
// racing an import, end in one link too; editing a publication shows
// hh.ru's validation on the form's field, then saves on the site.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake());
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Item = { external_id: string; name: string; archived: boolean; salary_from: number | null };
type Page = { items: Item[]; page: number; pages: number; found: number };

const unlinked = async (c: HhConnected, query = '') => {
  const r = await call(
    t.app,
    'GET',
    `/api/job_sites/${c.connectionId}/unlinked_vacancies${query}`,
    undefined,
    { token: c.token },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message as Page;
};

/** Every page of a list, as the screen would walk it. */
async function allUnlinked(c: HhConnected, status: 'active' | 'archived') {
  const first = await unlinked(c, `?status=${status}`);
  const items = [...first.items];
  for (let page = 2; page <= first.pages; page += 1) {
    items.push(...(await unlinked(c, `?status=${status}&page=${page}`)).items);
  }
  return items;
}
const ids = (items: Item[]) => items.map((i) => i.external_id);

const link = (c: HhConnected, externalId: string, vacancyId: number) =>
  call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/unlinked_vacancies/link`,
    { external_id: externalId, vacancy_id: vacancyId },
    { token: c.token },
  );
const importOne = (c: HhConnected, externalId: string) =>
  call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/unlinked_vacancies/import`,
    { external_id: externalId },
    { token: c.token },
  );

const vacanciesNamed = (accountId: number, position: string) =>
  systemRows<{ id: number; salary_from: number | null; city: string | null; body: string | null }>(
    t.database,
    sql`select id, salary_from, city, body from vacancies
        where account_id = ${accountId} and position = ${position}`,
  );

/** Asks for a sync and waits for it to store its result. */
async function sync(c: HhConnected) {
  const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  for (let i = 0; i < 600; i += 1) {
    const overview = await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token });
    const now = overview.body.message.connections[0];
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

const DESCRIPTION = `<p>${'Задачи платформы найма, код на TypeScript и PostgreSQL. '.repeat(5)}</p>`;

describe('hh.ru vacancies not linked yet', { timeout: 120_000 }, () => {
  it('lists active and archived ones a page of the site at a time, leaving out the linked and published', async () => {
    const c = await connected();
    const made = Array.from({ length: 55 }, (_, i) =>
      fake.addVacancy(`Список ${c.accountId}-${i}`),
    );
    const archived = fake.addVacancy(`Архивная ${c.accountId}`, 'Санкт-Петербург', {
      archived: true,
      salary_from: 90000,
    });
    const ours = await openVacancy(t.app, c.token);
    // Linked on /hh (a link without a publication) and linked here (both): neither is listed.
    const onHh = await call(
      t.app,
      'POST',
      `/api/job_sites/${c.connectionId}/links`,
      { external_id: made[0], vacancy_id: ours.id },
      { token: c.token },
    );
    expect(onHh.status, JSON.stringify(onHh.body)).toBe(200);
    expect((await link(c, made[1]!, ours.id)).status).toBe(200);

    const first = await unlinked(c);
    expect(first.page).toBe(1);
    expect(first.pages).toBeGreaterThanOrEqual(2);
    expect(first.items.length).toBeLessThanOrEqual(50);
    const second = await unlinked(c, '?page=2');
    expect(ids(second.items).some((id) => ids(first.items).includes(id))).toBe(false);
    const active = ids(await allUnlinked(c, 'active'));
    expect(active).toEqual(expect.arrayContaining(made.slice(2)));
    expect(active).not.toContain(made[0]);
    expect(active).not.toContain(made[1]);
    expect(active).not.toContain(archived);
    // What our publication form put on hh.ru is ours already.
    const published = await call(
      t.app,
      'POST',
      `/api/vacancies/${ours.id}/publications`,
      {
        connection_id: c.connectionId,
        fields: {
          name: `Наша публикация ${c.accountId}`,
          area_id: '1',
          professional_role_id: '96',
          billing_type_id: 'standard',
          description: DESCRIPTION,
        },
      },
      { token: c.token },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(ids(await allUnlinked(c, 'active'))).not.toContain(published.body.message.external_id);

    const inArchive = await allUnlinked(c, 'archived');
    expect(inArchive.find((i) => i.external_id === archived)).toMatchObject({
      name: `Архивная ${c.accountId}`,
      archived: true,
      salary_from: 90000,
    });
    expect(ids(inArchive)).not.toContain(made[2]);
  });

  it("another account's connection is not found; its own lists what the first one linked", async () => {
    const c = await connected();
    const other = await connected();
    const external = fake.addVacancy(`Чужая ${c.accountId}`);
    const ours = await openVacancy(t.app, c.token);
    expect((await link(c, external, ours.id)).status).toBe(200);
    const stranger = await signUpCompany(t.app);
    for (const [method, url, body] of [
      ['GET', `/api/job_sites/${c.connectionId}/unlinked_vacancies`, undefined],
      [
        'POST',
        `/api/job_sites/${c.connectionId}/unlinked_vacancies/link`,
        { external_id: external, vacancy_id: ours.id },
      ],
      [
        'POST',
        `/api/job_sites/${c.connectionId}/unlinked_vacancies/import`,
        { external_id: external },
      ],
    ] as const) {
      const r = await call(t.app, method, url, body, { token: stranger.token });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(JOB_SITE_MESSAGES.connectionNotFound);
    }
    // The same hh.ru employer connected by another company: the link is the first one's alone.
    expect(ids(await allUnlinked(other, 'active'))).toContain(external);
    expect(ids(await allUnlinked(c, 'active'))).not.toContain(external);
    // Their vacancy cannot be named through one's own connection either.
    const foreign = await link(other, fake.addVacancy(`Ещё ${c.accountId}`), ours.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(JOB_SITE_MESSAGES.vacancyNotFound);
  });

  it('links: a publication in the site state, responses come to our board on the next sync', async () => {
    const c = await connected();
    const ours = await openVacancy(t.app, c.token, { position: `Связанная ${c.accountId}` });
    const external = fake.addVacancy(`На сайте ${c.accountId}`);
    const linked = await link(c, external, ours.id);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.message).toMatchObject({
      site: 'hh',
      vacancy_id: ours.id,
      vacancy_name: `Связанная ${c.accountId}`,
      external_id: external,
      state: 'published',
      fields: { name: `На сайте ${c.accountId}`, area_id: '1', professional_role_id: '96' },
    });
    expect(linked.body.message.expires_at).not.toBeNull();
    // Linking again to the same vacancy answers the same publication; to another is refused.
    const again = await link(c, external, ours.id);
    expect(again.body.message.id).toBe(linked.body.message.id);
    const second = await openVacancy(t.app, c.token);
    const elsewhere = await link(c, external, second.id);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(REMOTE_VACANCY_MESSAGES.linkedElsewhere);

    fake.addResponse(external, {
      first_name: 'Ирина',
      last_name: `Откликнувшаяся${c.accountId}`,
      email: `irina.${c.accountId}@mail.example`,
    });
    const done = await sync(c);
    expect(done.last_sync_result).toMatchObject({ ok: true, imported: 1 });
    const onBoard = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from applications
          where account_id = ${c.accountId} and vacancy_id = ${ours.id}`,
    );
    expect(onBoard[0]!.n).toBe(1);
  });

  it("refuses a vacancy the employer has not: unknown id, another employer's", async () => {
    const c = await connected();
    const ours = await openVacancy(t.app, c.token);
    const foreign = fake.addVacancy('Вакансия другой компании', 'Москва', { employer_id: '999' });
    for (const externalId of ['987654321', foreign]) {
      const r = await link(c, externalId, ours.id);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ external_id: REMOTE_VACANCY_MESSAGES.notFound });
      expect((await importOne(c, externalId)).status).toBe(400);
    }
    expect(ids(await allUnlinked(c, 'active'))).not.toContain(foreign);
  });

  it("imports: our vacancy from the site's fields, linked; twice (even at once) makes one", async () => {
    const c = await connected();
    const name = `Импортируемая ${c.accountId}`;
    const external = fake.addVacancy(name, 'Санкт-Петербург', {
      description: DESCRIPTION,
      salary_from: 120000,
      salary_to: 180000,
    });
    const [a, b] = await Promise.all([importOne(c, external), importOne(c, external)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.message.id).toBe(a.body.message.id);
    const third = await importOne(c, external);
    expect(third.body.message.id).toBe(a.body.message.id);
    const made = await vacanciesNamed(c.accountId, name);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ salary_from: 120000, city: 'Санкт-Петербург' });
    expect(made[0]!.body).toContain('Задачи платформы найма');
    expect(a.body.message).toMatchObject({
      vacancy_id: made[0]!.id,
      vacancy_name: name,
      external_id: external,
      state: 'published',
    });
    expect(ids(await allUnlinked(c, 'active'))).not.toContain(external);
    const links = await systemRows<{ vacancy_id: number }>(
      t.database,
      sql`select vacancy_id from job_site_vacancies
          where account_id = ${c.accountId} and external_id = ${external}`,
    );
    expect(links).toEqual([{ vacancy_id: made[0]!.id }]);
  });

  it('ties a site vacancy once however links and imports race: one link, no 409 or 5xx', async () => {
    const c = await connected();
    const ours = await openVacancy(t.app, c.token, { position: `Гонка связей ${c.accountId}` });
    const linksOf = (externalId: string) =>
      systemRows<{ vacancy_id: number }>(
        t.database,
        sql`select vacancy_id from job_site_vacancies
            where account_id = ${c.accountId} and external_id = ${externalId}`,
      );
    const onHh = (externalId: string) =>
      call(
        t.app,
        'POST',
        `/api/job_sites/${c.connectionId}/links`,
        { external_id: externalId, vacancy_id: ours.id },
        { token: c.token },
      );
    const statuses = (...answers: { status: number; body: unknown }[]) =>
      [answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))] as const;
    for (let round = 0; round < 5; round += 1) {
      // «Связать» twice at once (a double click, two tabs).
      const twice = fake.addVacancy(`Дважды ${c.accountId}-${round}`);
      const [a, b] = await Promise.all([link(c, twice, ours.id), link(c, twice, ours.id)]);
      const [codes, bodies] = statuses(a, b);
      expect(codes, bodies).toEqual([200, 200]);
      expect(b.body.message.id).toBe(a.body.message.id);
      expect(await linksOf(twice)).toEqual([{ vacancy_id: ours.id }]);

      // «Связать» racing «Импортировать»: whichever ties first, both answer that publication.
      const name = `Наперегонки ${c.accountId}-${round}`;
      const raced = fake.addVacancy(name);
      const [linked, imported] = await Promise.all([link(c, raced, ours.id), importOne(c, raced)]);
      const [codes2, bodies2] = statuses(linked, imported);
      expect(codes2, bodies2).toEqual([200, 200]);
      expect(imported.body.message.id).toBe(linked.body.message.id);
      const tied = await linksOf(raced);
      expect(tied).toHaveLength(1);
      expect(linked.body.message.vacancy_id).toBe(tied[0]!.vacancy_id);
      // A vacancy of ours is made only when the import came first, and only one.
      const made = await vacanciesNamed(c.accountId, name);
      expect(made.map((v) => v.id)).toEqual(
        tied[0]!.vacancy_id === ours.id ? [] : [tied[0]!.vacancy_id],
      );

      // /hh's «Связать» twice at once.
      const plain = fake.addVacancy(`С экрана hh ${c.accountId}-${round}`);
      const [x, y] = await Promise.all([onHh(plain), onHh(plain)]);
      const [codes3, bodies3] = statuses(x, y);
      expect(codes3, bodies3).toEqual([200, 200]);
      expect(y.body.message.id).toBe(x.body.message.id);
      expect(await linksOf(plain)).toEqual([{ vacancy_id: ours.id }]);
    }
  });

  it('a watcher may not link or import', async () => {
    const c = await connected();
    const watcher = await addTeamMember(t.app, c.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const r = await call(
      t.app,
      'POST',
      `/api/job_sites/${c.connectionId}/unlinked_vacancies/import`,
      { external_id: fake.addVacancy('Для наблюдателя') },
      { token: watcher.token },
    );
    expect(r.status).toBe(403);
  });
});

describe('editing a publication', { timeout: 120_000 }, () => {
  it("shows hh.ru's validation on the form's field, then saves on the site", async () => {
    const c = await connected();
    const external = fake.addVacancy(`Редактируемая ${c.accountId}`);
    const imported = await importOne(c, external);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const id = imported.body.message.id as number;
    const read = await call(t.app, 'GET', `/api/job_site_publications/${id}`, undefined, {
      token: c.token,
    });
    expect(read.status).toBe(200);
    const fields = read.body.message.fields as Record<string, unknown>;

    const refused = await call(
      t.app,
      'PUT',
      `/api/job_site_publications/${id}`,
      { fields: { ...fields, description: '<p>Коротко</p>' } },
      { token: c.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PUBLICATION_MESSAGES.invalid);
    expect(refused.body.errors).toEqual({ 'fields.description': 'Описание: слишком коротко' });
    expect(fake.publishedVacancy(external)!.body.description).not.toBe('<p>Коротко</p>');

    const saved = await call(
      t.app,
      'PUT',
      `/api/job_site_publications/${id}`,
      { fields: { ...fields, name: `Исправленная ${c.accountId}`, salary_from: 150000 } },
      { token: c.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(fake.publishedVacancy(external)!.body).toMatchObject({
      name: `Исправленная ${c.accountId}`,
      salary_range: { from: 150000 },
    });
    const again = await call(t.app, 'GET', `/api/job_site_publications/${id}`, undefined, {
      token: c.token,
    });
    expect(again.body.message.fields).toMatchObject({ name: `Исправленная ${c.accountId}` });
  });
});

const connected = () => connectedToHh(t.app);
