import { PUBLICATION_MESSAGES } from '@ats/contracts/job-site-publications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import { signUpCompany } from '../../../test/factories.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// Publishing our vacancies on hh.ru (decision 0053) against the fake: the site's validation
// comes back on the form's fields and nothing is stored; an accepted vacancy is on moderation
// until the site publishes it; prolong, archive; closing our vacancy archives its publication;
// publications of another account are not found; published_vacancies filters; no paid
// publications left → a Russian refusal.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  // One fake serves every test: enough paid publications for all of them.
  ({ t, fake } = await startAppWithHhFake({ fake: { publications: { standard: 100 } } }));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Connected = HhConnected;
const connected = () => connectedToHh(t.app);

const DESCRIPTION = `<p>${'Мы ищем разработчика в команду платформы. '.repeat(8)}</p><ul><li>TypeScript</li></ul>`;

const fields = (extra: Record<string, unknown> = {}) => ({
  name: 'Разработчик TypeScript',
  area_id: '1',
  professional_role_id: '96',
  experience_id: 'between1And3',
  employment_id: 'full',
  schedule_id: 'fullDay',
  salary_from: 150000,
  salary_to: 250000,
  currency: 'RUR',
  salary_gross: false,
  address_id: '501',
  manager_id: '7001',
  billing_type_id: 'standard',
  vacancy_type_id: 'open',
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
  return r.body.message as {
    id: number;
    state: string;
    refusal_reason: string | null;
    expires_at: string | null;
  }[];
};

describe('publishing on hh.ru', () => {
  it('publishes: on moderation, then published when the site approves; the body is mapped', async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    const created = await publish(c, vacancy.id);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const publication = created.body.message;
    expect(publication).toMatchObject({ site: 'hh', state: 'moderation', vacancy_id: vacancy.id });
    const sent = fake.publishedVacancy(publication.external_id)!.body;
    expect(sent).toMatchObject({
      name: 'Разработчик TypeScript',
      area: { id: '1' },
      professional_roles: [{ id: '96' }],
      salary_range: { from: 150000, to: 250000, currency: 'RUR', gross: false },
      billing_type: { id: 'standard' },
    });

    expect((await listOf(c, vacancy.id))[0]!.state).toBe('moderation');
    fake.approveVacancy(publication.external_id);
    const [after] = await listOf(c, vacancy.id);
    expect(after).toMatchObject({ state: 'published', state_name: 'Опубликована' });
    expect(after!.expires_at).not.toBeNull();
  });

  it('a vacancy published from the form gets its responses on hh.ru at the next sync', async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    const { external_id } = (await publish(c, vacancy.id)).body.message;
    fake.approveVacancy(external_id);
    fake.addResponse(external_id, {
      first_name: 'Вера',
      last_name: 'Откликнувшаяся',
      title: 'Разработчик',
      email: `vera.${vacancy.id}@mail.example`,
    });
    const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
      token: c.token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    let result: { imported?: number } | null = null;
    for (let i = 0; i < 600 && !result; i += 1) {
      const overview = await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token });
      const connection = overview.body.message.connections[0];
      if (!connection.sync_progress?.running && connection.last_sync_result) {
        result = connection.last_sync_result;
      } else {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(result).toMatchObject({ imported: 1 });
    const list = await call(t.app, 'GET', `/api/applicants?vacancy_id=${vacancy.id}`, undefined, {
      token: c.token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.message.applicants.map((a: { last_name: string }) => a.last_name)).toEqual([
      'Откликнувшаяся',
    ]);
  });

  it("maps the site's validation error to the form's field and stores nothing", async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    // Russia is not a leaf area: only hh.ru knows, so the site refuses it.
    const refused = await publish(c, vacancy.id, { area_id: '113', description: '<p>Коротко</p>' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PUBLICATION_MESSAGES.invalid);
    expect(refused.body.errors).toMatchObject({
      'fields.area_id': 'Регион: выберите город, а не страну или область',
      'fields.description': 'Описание: слишком коротко',
    });
    expect(await listOf(c, vacancy.id)).toEqual([]);
    // Our own check comes before the site: «from» above «to» never leaves us.
    const calls = fake.requests.filter((r) => r.path === '/vacancies').length;
    const ours = await publish(c, vacancy.id, { salary_from: 300000, salary_to: 100000 });
    expect(ours.status).toBe(400);
    expect(ours.body.errors?.['fields.salary_from']).toBe(PUBLICATION_MESSAGES.salaryRange);
    expect(fake.requests.filter((r) => r.path === '/vacancies').length).toBe(calls);
  });

  it('prolongs a published vacancy, edits it and archives it', async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    const { id, external_id } = (await publish(c, vacancy.id)).body.message;
    const early = await call(t.app, 'POST', `/api/job_site_publications/${id}/prolong`, undefined, {
      token: c.token,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(PUBLICATION_MESSAGES.notPublished);
    fake.approveVacancy(external_id);
    const before = Date.parse(fake.publishedVacancy(external_id)!.expiresAt!.replace('+0000', 'Z'));
    const prolonged = await call(
      t.app,
      'POST',
      `/api/job_site_publications/${id}/prolong`,
      undefined,
      { token: c.token },
    );
    expect(prolonged.status, JSON.stringify(prolonged.body)).toBe(200);
    expect(Date.parse(prolonged.body.message.expires_at)).toBeGreaterThan(before);

    const edited = await call(
      t.app,
      'PUT',
      `/api/job_site_publications/${id}`,
      { fields: fields({ name: 'Ведущий разработчик' }) },
      { token: c.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(fake.publishedVacancy(external_id)!.body.name).toBe('Ведущий разработчик');

    const archived = await call(
      t.app,
      'POST',
      `/api/job_site_publications/${id}/archive`,
      undefined,
      { token: c.token },
    );
    expect(archived.body.message.state).toBe('archived');
    expect(fake.publishedVacancy(external_id)!.archived).toBe(true);
  });

  it('closing our vacancy archives its publications on the site', async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    const { external_id } = (await publish(c, vacancy.id)).body.message;
    fake.approveVacancy(external_id);
    const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=close', undefined, {
      token: c.token,
    });
    const closed = await call(
      t.app,
      'POST',
      `/api/vacancies/${vacancy.id}/close`,
      { reason_id: reasons.body.message[0].id },
      { token: c.token },
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(fake.publishedVacancy(external_id)!.archived).toBe(true);
    expect((await listOf(c, vacancy.id))[0]!.state).toBe('archived');
  });

  it("another account's publication is not found", async () => {
    const c = await connected();
    const other = await signUpCompany(t.app);
    const vacancy = await openVacancy(t.app, c.token);
    const { id } = (await publish(c, vacancy.id)).body.message;
    for (const [method, url, body] of [
      ['POST', `/api/job_site_publications/${id}/archive`, undefined],
      ['POST', `/api/job_site_publications/${id}/prolong`, undefined],
      ['PUT', `/api/job_site_publications/${id}`, { fields: fields() }],
    ] as const) {
      const r = await call(t.app, method, url, body, { token: other.token });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(PUBLICATION_MESSAGES.notFound);
    }
    const list = await call(t.app, 'GET', '/api/vacancy_sites/published_vacancies', undefined, {
      token: other.token,
    });
    expect(list.body.message).toEqual([]);
  });

  it('published_vacancies filters by site_name and state', async () => {
    const c = await connected();
    const a = await openVacancy(t.app, c.token, { position: 'Аналитик' });
    const b = await openVacancy(t.app, c.token, { position: 'Тестировщик' });
    const first = (await publish(c, a.id)).body.message;
    await publish(c, b.id);
    fake.approveVacancy(first.external_id);
    await listOf(c, a.id);
    const get = (query: string) =>
      call(t.app, 'GET', `/api/vacancy_sites/published_vacancies${query}`, undefined, {
        token: c.token,
      });
    expect((await get('')).body.message).toHaveLength(2);
    const published = (await get('?site_name=hh&state=published')).body.message;
    expect(published.map((p: { vacancy_name: string }) => p.vacancy_name)).toEqual(['Аналитик']);
    expect((await get('?state=moderation')).body.message[0].vacancy_name).toBe('Тестировщик');
    expect((await get('?site_name=avito')).body.message).toEqual([]);
    const bad = await get('?state=gone');
    expect(bad.status).toBe(400);
  });

  it('no paid publications left: refused in Russian, nothing stored', async () => {
    const c = await connected();
    const vacancy = await openVacancy(t.app, c.token);
    fake.setPublications('premium', 0);
    const refused = await publish(c, vacancy.id, { billing_type_id: 'premium' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PUBLICATION_MESSAGES.noPublications);
    expect(await listOf(c, vacancy.id)).toEqual([]);
    fake.setPublications('premium', 5);
  });

  it('saves a publication sample and lists it per site', async () => {
    const c = await connected();
    const saved = await call(
      t.app,
      'POST',
      '/api/job_site_publication_samples',
      { site: 'hh', name: 'Разработчики', fields: fields() },
      { token: c.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = await call(t.app, 'GET', '/api/job_site_publication_samples?site=hh', undefined, {
      token: c.token,
    });
    expect(list.body.message.map((s: { name: string }) => s.name)).toEqual(['Разработчики']);
  });
});
