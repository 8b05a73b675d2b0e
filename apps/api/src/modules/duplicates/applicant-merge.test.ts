import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemRows, tenantRows } from '../../../test/db-helpers.ts';
import { postMultipart, tinyPdf } from '../../../test/documents.ts';
import { insertTag } from '../../../test/applicant-factory.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { backdateApplication, insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { APPLICANT_REFERENCES } from './applicant-references.ts';
import { MERGE_MESSAGES } from './applicant-merge.service.ts';

let t: TestApp;
let dataDir: string;
let owner: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-merge-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token });

async function ok(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const response = await send(token, method, url, body);
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.message;
}

const card = (id: number, token = owner.token) => ok(token, 'GET', `/api/applicants/${id}`);

/** Every row that points at the applicant, table by table, as stored (derived pairs without their time). */
async function rowsOf(accountId: number, id: number) {
  const state: Record<string, Record<string, unknown>[]> = {};
  for (const table of Object.keys(APPLICANT_REFERENCES)) {
    const pairTable = table === 'applicant_doubles' || table === 'applicant_double_dismissals';
    const rows = await tenantRows<{ r: Record<string, unknown> }>(
      t.database,
      accountId,
      sql`select to_jsonb(x) - 'detected_at' as r from ${sql.identifier(table)} x
          where x.applicant_id = ${id} ${pairTable ? sql`or x.double_id = ${id}` : sql``}
          order by to_jsonb(x)::text`,
    );
    state[table] = rows
      .map((row) => row.r)
      // The merge's own two history entries are the only trace an undo leaves.
      .filter(
        (r) =>
          !(
            table === 'applicant_worklog' && ['merged', 'merge_undone'].includes(r.action as string)
          ),
      );
  }
  const [applicant] = await tenantRows<{ r: Record<string, unknown> }>(
    t.database,
    accountId,
    sql`select to_jsonb(a) as r from applicants a where a.id = ${id}`,
  );
  return { applicant: applicant?.r ?? null, tables: state };
}

type Rows = Awaited<ReturnType<typeof rowsOf>>;

const withoutMergeEntries = (c: { worklog: { action: string }[] }) => ({
  ...c,
  worklog: c.worklog.filter((w) => !['merged', 'merge_undone'].includes(w.action)),
});

const uploadResume = (token: string, applicantId: number, name: string) =>
  postMultipart(
    t.app,
    `/api/applicants/${applicantId}/files`,
    [{ name: 'file', filename: name, content: tinyPdf(), contentType: 'application/pdf' }],
    token,
  );

const EXPERIENCE_SHARED = {
  position: 'Бухгалтер',
  company: 'Уралсталь',
  date_start: '2015-03-01',
  date_end: '2019-06-30',
  is_now: false,
  skills: ['1С'],
};
const EXPERIENCE_SECONDARY = {
  position: 'Главный бухгалтер',
  company: 'ТГК-9',
  date_start: '2019-07-01',
  is_now: true,
  skills: [],
};

type Pair = {
  primary: number;
  secondary: number;
  tags: number[];
  v1: Awaited<ReturnType<typeof insertVacancyWithStages>>;
  v2: Awaited<ReturnType<typeof insertVacancyWithStages>>;
  shared: Awaited<ReturnType<typeof insertVacancyWithStages>>;
  applications: Record<string, number>;
};

/** Two records of one person, each with a full life in the base: tags, files, comments, vacancies. */
async function seedPair(account: SignedUp, label: string): Promise<Pair> {
  const { accountId, token } = account;
  const tags = [
    await insertTag(t.database, accountId, `${label} бухгалтерия`),
    await insertTag(t.database, accountId, `${label} резерв`),
    await insertTag(t.database, accountId, `${label} hh.ru`),
  ];
  const primary = await ok(token, 'POST', '/api/applicants', {
    last_name: 'Иванова',
    first_name: 'Мария',
    middle_name: 'Петровна',
    phone: '+79123456789',
    email: 'maria.ivanova@mail.ru',
    birthday: '1990-04-12',
    contacts: [{ contact_type: 'phone', value: '+7 343 222-33-44', is_prefered: true }],
    experience: [EXPERIENCE_SHARED],
    education: [{ name: 'УрФУ', speciality: 'Экономика', date_end: '2012-06-30' }],
    skills: ['Excel', '1С'],
    languages: [{ language_id: 1, language_level_id: 2 }],
    driver_licenses: [{ driver_license_id: 2, driver_experience: 3 }],
    employments: [1],
    citizenship: ['Россия'],
    resume_urls: ['https://hh.ru/resume/0a1b2c3d4e5f'],
    unidentified_info: 'Звонить после 18:00',
    position: 'Бухгалтер',
    comment: { description: 'Сильный кандидат' },
  });
  const secondary = await ok(token, 'POST', '/api/applicants', {
    first_name: 'Maria',
    last_name: 'Ivanova',
    phone: '8 (912) 345-67-89',
    email: 'm.ivanova@work.ru',
    tg: '@maria_iv',
    city: 'Екатеринбург',
    money: '120 000',
    currency: 'RUB',
    experience: [EXPERIENCE_SHARED, EXPERIENCE_SECONDARY],
    skills: ['excel', 'SQL'],
    languages: [
      { language_id: 1, language_level_id: 3 },
      { language_id: 2, language_level_id: 1 },
    ],
    driver_licenses: [{ driver_license_id: 3, driver_experience: 1 }],
    employments: [1, 2],
    citizenship: ['Россия', 'Казахстан'],
    resume_urls: ['https://www.avito.ru/rabota/resume/123456'],
    unidentified_info: 'Рекомендация от Ольги',
    comment: { description: 'Пришла по рекомендации' },
  });
  await ok(token, 'POST', `/api/applicants/${primary.id}/update_tags`, {
    tags: [tags[0], tags[1]],
  });
  await ok(token, 'POST', `/api/applicants/${secondary.id}/update_tags`, {
    tags: [tags[1], tags[2]],
  });
  expect((await uploadResume(token, primary.id, 'Иванова.pdf')).status).toBe(200);
  expect((await uploadResume(token, secondary.id, 'Ivanova.pdf')).status).toBe(200);

  const v1 = await insertVacancyWithStages(t.database, accountId, {
    position: `${label} Бухгалтер`,
  });
  const v2 = await insertVacancyWithStages(t.database, accountId, { position: `${label} Кассир` });
  const shared = await insertVacancyWithStages(t.database, accountId, {
    position: `${label} Главбух`,
  });
  const place = async (applicantId: number, vacancyId: number) =>
    (
      await ok(token, 'POST', '/api/applications', {
        applicant_id: applicantId,
        vacancy_id: vacancyId,
      })
    ).id as number;
  const applications = {
    p1: await place(primary.id, v1.id),
    s2: await place(secondary.id, v2.id),
    pShared: await place(primary.id, shared.id),
    sShared: await place(secondary.id, shared.id),
  };
  await ok(token, 'POST', `/api/applications/${applications.pShared}/move`, {
    status_id: shared.stage('Интервью с HR').id,
  });
  // The primary's card on the shared vacancy moved two days ago, the secondary's just now.
  await backdateApplication(t.database, accountId, applications.pShared, 2);
  await ok(token, 'POST', `/api/applications/${applications.sShared}/move`, {
    status_id: shared.stage('Интервью с HR').id,
    comment: 'Созвонились',
  });
  return { primary: primary.id, secondary: secondary.id, tags, v1, v2, shared, applications };
}

describe('merging two records of one person', () => {
  let pair: Pair;
  let before: {
    primary: Awaited<ReturnType<typeof card>>;
    secondary: Awaited<ReturnType<typeof card>>;
  };
  let rowsBefore: { primary: Rows; secondary: Rows };
  let mergeId: number;
  let laterComment: number;

  beforeAll(async () => {
    pair = await seedPair(owner, 'A');
    before = { primary: await card(pair.primary), secondary: await card(pair.secondary) };
    rowsBefore = {
      primary: await rowsOf(owner.accountId, pair.primary),
      secondary: await rowsOf(owner.accountId, pair.secondary),
    };
  });

  it('lists the two as doubles before the merge', async () => {
    const doubles = await ok(owner.token, 'GET', `/api/applicants/${pair.primary}/get_double`);
    expect(doubles.items.map((m: { applicant: { id: number } }) => m.applicant.id)).toEqual([
      pair.secondary,
    ]);
  });

  it('previews the result without saving anything', async () => {
    const preview = await ok(owner.token, 'POST', '/api/applicants/merge_preview', {
      primary_id: pair.primary,
      secondary_id: pair.secondary,
      fields: { email: 'secondary' },
    });
    expect(preview.applicant.email).toBe('m.ivanova@work.ru');
    expect(preview.applicant.city).toBe('Екатеринбург');
    expect(preview.moved).toEqual({
      comments: 1,
      files: 1,
      vacancies: 2,
      tags: 1,
      worklog: expect.any(Number),
    });
    expect(preview.moved.worklog).toBeGreaterThanOrEqual(4);
    expect(await card(pair.secondary)).toEqual(before.secondary);
    expect(await card(pair.primary)).toEqual(before.primary);
    expect(await rowsOf(owner.accountId, pair.primary)).toEqual(rowsBefore.primary);
  });

  it('keeps every piece of data of both applicants on the primary', async () => {
    const result = await ok(owner.token, 'POST', '/api/applicants/merge', {
      primary_id: pair.primary,
      secondary_id: pair.secondary,
      fields: { name: 'primary', email: 'secondary' },
    });
    mergeId = result.merge.id;
    expect(result.merge).toMatchObject({
      primary_id: pair.primary,
      secondary_id: pair.secondary,
      secondary_name: 'Ivanova Maria',
      merged_by: owner.userId,
      merged_by_name: 'Анна',
      undone_at: null,
      can_undo: true,
    });
    const after = result.applicant;
    expect(after).toEqual(await card(pair.primary));
    const p = before.primary;
    const s = before.secondary;

    // Single fields: chosen, the primary's, or the secondary's where the primary had none.
    expect([after.last_name, after.first_name, after.middle_name]).toEqual([
      'Иванова',
      'Мария',
      'Петровна',
    ]);
    expect(after.email).toBe('m.ivanova@work.ru');
    expect(after.phone).toBe(p.phone);
    expect(after.birthday).toBe(p.birthday);
    expect(after.tg).toBe('@maria_iv');
    expect(after.city).toBe('Екатеринбург');
    expect([after.money, after.currency]).toEqual(['120 000', 'RUB']);
    expect(after.position).toBe('Бухгалтер');

    // Contacts: nothing dropped; the same phone written another way is one contact.
    expect(after.contacts).toEqual([
      ...p.contacts,
      { contact_type: 'email', value: 'maria.ivanova@mail.ru', is_prefered: false },
    ]);
    // Lists: the union of both, each item once.
    expect(after.experience).toEqual([...p.experience, s.experience[1]]);
    expect(after.education).toEqual(p.education);
    expect(after.skills).toEqual(['Excel', '1С', 'SQL']);
    expect(after.languages).toEqual([...p.languages, s.languages[1]]);
    expect(after.driver_licenses).toEqual([...p.driver_licenses, ...s.driver_licenses]);
    expect(after.employments).toEqual([1, 2]);
    expect(after.citizenship).toEqual(['Россия', 'Казахстан']);
    expect(after.resume_urls).toEqual([...p.resume_urls, ...s.resume_urls]);
    expect(after.unidentified_info).toBe('Звонить после 18:00\n\nРекомендация от Ольги');

    // Tags, comments, files and the whole history of both.
    expect(after.tags.map((tag: { id: number }) => tag.id).sort()).toEqual([...pair.tags].sort());
    expect(after.comments.map((c: { id: number }) => c.id).sort()).toEqual(
      [...p.comments, ...s.comments].map((c) => c.id).sort(),
    );
    expect(after.files.map((f: { id: number }) => f.id).sort()).toEqual(
      [...p.files, ...s.files].map((f) => f.id).sort(),
    );
    const history = after.worklog.map((w: { id: number }) => w.id);
    for (const entry of [...p.worklog, ...s.worklog]) expect(history).toContain(entry.id);
    expect(after.worklog[0]).toMatchObject({
      action: 'merged',
      changes: { merge_id: mergeId, secondary_id: pair.secondary, secondary_name: 'Ivanova Maria' },
    });

    // Vacancies with their stages: both of them, one card on the shared vacancy.
    const byVacancy = Object.fromEntries(
      after.vacancies.map((v: { vacancy_id: number }) => [v.vacancy_id, v]),
    );
    expect(Object.keys(byVacancy).map(Number).sort()).toEqual(
      [pair.v1.id, pair.v2.id, pair.shared.id].sort(),
    );
    expect(byVacancy[pair.v1.id].application_id).toBe(pair.applications.p1);
    expect(byVacancy[pair.v2.id].application_id).toBe(pair.applications.s2);
    // The card that moved most recently stays; the other's transitions join it.
    expect(byVacancy[pair.shared.id].application_id).toBe(pair.applications.sShared);
    const transitions = await tenantRows<{ application_id: number; applicant_id: number }>(
      t.database,
      owner.accountId,
      sql`select application_id, applicant_id from application_transitions
          where vacancy_id = ${pair.shared.id} order by id`,
    );
    expect(transitions).toHaveLength(4);
    expect(transitions.every((r) => r.application_id === pair.applications.sShared)).toBe(true);
    expect(transitions.every((r) => r.applicant_id === pair.primary)).toBe(true);

    // The secondary is gone, and so is the pair.
    expect((await send(owner.token, 'GET', `/api/applicants/${pair.secondary}`)).status).toBe(404);
    const doubles = await ok(owner.token, 'GET', `/api/applicants/${pair.primary}/get_double`);
    expect(doubles.items).toEqual([]);
  });

  it('lists the merge in the primary’s history of merges', async () => {
    const merges = await ok(
      owner.token,
      'GET',
      `/api/applicants/merges?applicant_id=${pair.primary}`,
    );
    expect(merges.items).toEqual([
      expect.objectContaining({ id: mergeId, can_undo: true, undone_at: null }),
    ]);
    const until = new Date(merges.items[0].undo_until).getTime();
    const created = new Date(merges.items[0].created_at).getTime();
    expect(Math.round((until - created) / 86_400_000)).toBe(30);
  });

  it('undo restores both applicants exactly; what was added after the merge stays', async () => {
    laterComment = (
      await ok(owner.token, 'POST', `/api/applicants/${pair.primary}/comments`, {
        description: 'Добавлено после объединения',
      })
    ).id;
    const undone = await ok(owner.token, 'POST', `/api/applicants/merges/${mergeId}/undo`);
    expect(undone.merge).toMatchObject({ id: mergeId, can_undo: false });
    expect(undone.merge.undone_at).not.toBeNull();

    const secondary = await card(pair.secondary);
    expect(secondary).toEqual(before.secondary);
    const primary = await card(pair.primary);
    expect(primary.comments.map((c: { id: number }) => c.id)).toContain(laterComment);
    const withoutLater = {
      ...primary,
      comments: primary.comments.filter((c: { id: number }) => c.id !== laterComment),
      worklog: primary.worklog.filter(
        (w: { action: string; changes: { comment_id?: number } }) =>
          w.changes.comment_id !== laterComment,
      ),
    };
    expect(withoutMergeEntries(withoutLater)).toEqual(before.primary);
    expect(primary.worklog.map((w: { action: string }) => w.action).slice(0, 2)).toEqual([
      'merge_undone',
      'comment_create',
    ]);

    // Row by row, every table that points at an applicant.
    const rowsAfter = {
      primary: await rowsOf(owner.accountId, pair.primary),
      secondary: await rowsOf(owner.accountId, pair.secondary),
    };
    expect(rowsAfter.secondary).toEqual(rowsBefore.secondary);
    const primaryRows = rowsAfter.primary.tables;
    const expected = rowsBefore.primary.tables;
    expect(rowsAfter.primary.applicant).toEqual(rowsBefore.primary.applicant);
    for (const table of Object.keys(APPLICANT_REFERENCES)) {
      const got = primaryRows[table]!.filter((r) =>
        table === 'applicant_comments'
          ? r.id !== laterComment
          : table === 'applicant_worklog'
            ? (r.changes as { comment_id?: number }).comment_id !== laterComment
            : true,
      );
      expect([table, got]).toEqual([table, expected[table]]);
    }
  });

  it('refuses a second undo in Russian', async () => {
    const again = await send(owner.token, 'POST', `/api/applicants/merges/${mergeId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Объединение уже отменено');
  });
});

describe('moves made between a merge and its undo', () => {
  it('go back with their application: each transition carries the applicant it belongs to', async () => {
    const pair = await seedPair(owner, 'M');
    const merged = await ok(owner.token, 'POST', '/api/applicants/merge', {
      primary_id: pair.primary,
      secondary_id: pair.secondary,
    });
    // The secondary's card on v2 now belongs to the primary, and is moved on.
    await ok(owner.token, 'POST', `/api/applications/${pair.applications.s2}/move`, {
      status_id: pair.v2.stage('Интервью с HR').id,
    });
    await ok(owner.token, 'POST', `/api/applicants/merges/${merged.merge.id}/undo`);
    const rows = await tenantRows<{ application_id: number; applicant_id: number; owner: number }>(
      t.database,
      owner.accountId,
      sql`select t.application_id, t.applicant_id, a.applicant_id as owner
          from application_transitions t
          join applications a on a.account_id = t.account_id and a.id = t.application_id
          where a.applicant_id in (${pair.primary}, ${pair.secondary}) order by t.id`,
    );
    const onV2 = rows.filter((r) => r.application_id === pair.applications.s2);
    expect(onV2).toHaveLength(2);
    expect(onV2.every((r) => r.applicant_id === pair.secondary)).toBe(true);
    expect(rows.filter((r) => r.applicant_id !== r.owner)).toEqual([]);
  });
});

describe('the log after merges and undos', () => {
  // Every row of the transition log carries the applicant who owns its application now — for a
  // card taken off a vacancy (the log keeps its rows), the person it belonged to — whatever
  // merges and undos came between, and an undo gives back exactly what its merge moved.
  let company: SignedUp;
  let vacancy: Awaited<ReturnType<typeof insertVacancyWithStages>>;
  let other: Awaited<ReturnType<typeof insertVacancyWithStages>>;
  // A company of its own for each case: the numbers of analytics are the case's alone.
  beforeEach(async () => {
    company = await signUpCompany(t.app, { company: 'ООО «Журнал»' });
    vacancy = await insertVacancyWithStages(t.database, company.accountId, { position: 'Кассир' });
    other = await insertVacancyWithStages(t.database, company.accountId, { position: 'Повар' });
  });

  const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, body, { token: company.token });
  async function done(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
    const response = await as(method, url, body);
    expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.message;
  }
  const applicant = async (name: string) =>
    (await done('POST', '/api/applicants', { first_name: name, last_name: 'Журналова' }))
      .id as number;
  const place = async (applicantId: number, on = vacancy) =>
    (await done('POST', '/api/applications', { applicant_id: applicantId, vacancy_id: on.id }))
      .id as number;
  const move = (applicationId: number, stage: string, on = vacancy) =>
    done('POST', `/api/applications/${applicationId}/move`, { status_id: on.stage(stage).id });
  const merge = async (primary: number, secondary: number) =>
    (await done('POST', '/api/applicants/merge', { primary_id: primary, secondary_id: secondary }))
      .merge.id as number;
  const undo = (mergeId: number) => done('POST', `/api/applicants/merges/${mergeId}/undo`);

  /** The log as stored: each row's application and applicant, by id. */
  const log = () =>
    tenantRows<{ id: number; application_id: number; applicant_id: number }>(
      t.database,
      company.accountId,
      sql`select id, application_id, applicant_id from application_transitions order by id`,
    );
  /** Applications whose rows carry another applicant than the owner, or more than one. */
  const stray = () =>
    tenantRows<{ application_id: number; applicants: number[]; owner: number | null }>(
      t.database,
      company.accountId,
      sql`select t.application_id, array_agg(distinct t.applicant_id order by t.applicant_id) as applicants,
                 min(a.applicant_id) as owner
          from application_transitions t
          left join applications a on a.account_id = t.account_id and a.id = t.application_id
          group by t.application_id
          having count(distinct t.applicant_id) > 1 or bool_or(a.applicant_id <> t.applicant_id)`,
    );

  const day = (shift: number) =>
    new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
  /** The headline numbers of the last days and who the list shows behind them. */
  async function headline(...keys: string[]) {
    const body = await done(
      'GET',
      `/api/analytics/company_base_indicators?date_from=${day(-2)}&date_to=${day(2)}`,
    );
    const result: Record<string, { value: number; shown: number[] }> = {};
    for (const key of keys) {
      const metric = (body.indicators as { key: string; value: number; drill: string }[]).find(
        (i) => i.key === key,
      )!;
      const list = await done(
        'GET',
        `/api/applicants?per_page=100&drill=${encodeURIComponent(metric.drill)}`,
      );
      result[key] = {
        value: metric.value,
        shown: (list.applicants as { id: number }[]).map((a) => a.id).sort((a, b) => a - b),
      };
    }
    return result;
  }

  it('a card taken off a vacancy while merged goes back to the secondary with its moves', async () => {
    const primary = await applicant('Основной');
    const secondary = await applicant('Второй');
    const card = await place(secondary);
    const mergeId = await merge(primary, secondary);
    // Moved on while it belonged to the primary, then taken off the vacancy.
    await move(card, 'Оффер');
    await move(card, 'Вышел на работу');
    await done('DELETE', `/api/applications/${card}`);
    await undo(mergeId);

    const rows = (await log()).filter((r) => r.application_id === card);
    expect(rows.map((r) => r.applicant_id)).toEqual([secondary, secondary, secondary]);
    expect(await stray()).toEqual([]);
    // The one person placed, offered and hired is the secondary, and the list shows them.
    const numbers = await headline('placed', 'offers_made', 'hired', 'offers_accepted');
    for (const key of ['placed', 'offers_made', 'hired', 'offers_accepted']) {
      expect([key, numbers[key]]).toEqual([key, { value: 1, shown: [secondary] }]);
    }
  });

  it('the log of a card taken off before the merge follows the person, and comes back on undo', async () => {
    const primary = await applicant('Основной');
    const secondary = await applicant('Второй');
    const gone = await place(secondary);
    await done('DELETE', `/api/applications/${gone}`);
    await place(primary, other);
    const before = await log();
    expect(await headline('placed')).toEqual({ placed: { value: 2, shown: [primary, secondary] } });

    const mergeId = await merge(primary, secondary);
    // One person now: placed once, and no row of the log names the removed secondary.
    expect((await log()).filter((r) => r.applicant_id === secondary)).toEqual([]);
    expect(await headline('placed')).toEqual({ placed: { value: 1, shown: [primary] } });

    await undo(mergeId);
    expect(await log()).toEqual(before);
    expect(await headline('placed')).toEqual({ placed: { value: 2, shown: [primary, secondary] } });
  });

  it('a chain A→B, B→C undone newest first gives the log back; every step keeps rows on their owner', async () => {
    const [a, b, c] = [await applicant('Анна'), await applicant('Белла'), await applicant('Вера')];
    const [cardA, cardB, cardC] = [await place(a), await place(b), await place(c)];
    const cardB2 = await place(b, other);
    await move(cardB, 'Первичный контакт');
    // On the shared vacancy the card that moved most recently stays: a's over b's, then c's.
    await backdateApplication(t.database, company.accountId, cardB, 2);
    await backdateApplication(t.database, company.accountId, cardA, 1);
    const before = await log();

    const first = await merge(b, a); // cardA stays, now b's; cardB's rows join it
    expect(await stray()).toEqual([]);
    await move(cardB2, 'Оффер', other);
    const second = await merge(c, b); // cardC stays; cardA's rows (a's and b's) join it
    expect(await stray()).toEqual([]);
    // b's card on the other vacancy, now c's, moves on and is taken off.
    await move(cardB2, 'Вышел на работу', other);
    await done('DELETE', `/api/applications/${cardB2}`);
    await move(cardC, 'Оффер');
    expect(await stray()).toEqual([]);

    // The older merge waits: its primary was merged away since.
    const early = await as('POST', `/api/applicants/merges/${first}/undo`);
    expect([early.status, early.body.message]).toEqual([409, MERGE_MESSAGES.primaryGone]);
    await undo(second);
    expect(await stray()).toEqual([]);
    await undo(first);
    expect(await stray()).toEqual([]);

    const after = await log();
    // Every row there before is back on its application and applicant; the moves made since
    // follow their card: b's card on the other vacancy (taken off) and c's own.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((r) => [r.application_id, r.applicant_id])).toEqual([
      [cardB2, b],
      [cardB2, b],
      [cardC, c],
    ]);
    const cards = await tenantRows<{ id: number; applicant_id: number }>(
      t.database,
      company.accountId,
      sql`select id, applicant_id from applications order by id`,
    );
    expect(cards).toEqual([
      { id: cardA, applicant_id: a },
      { id: cardB, applicant_id: b },
      { id: cardC, applicant_id: c },
    ]);
  });

  it('two merges into one primary are undone newest first, and give the log back', async () => {
    const [a, b, c] = [await applicant('Анна'), await applicant('Белла'), await applicant('Вера')];
    const [cardA, cardB, cardC] = [await place(a), await place(b), await place(c)];
    await backdateApplication(t.database, company.accountId, cardB, 2);
    await backdateApplication(t.database, company.accountId, cardC, 1);
    const before = await log();

    const first = await merge(b, a); // cardA stays, now b's; cardB's rows join it
    await move(cardA, 'Интервью с HR');
    const second = await merge(b, c); // cardA moved last: it stays, cardC's rows join it
    expect(await stray()).toEqual([]);
    const early = await as('POST', `/api/applicants/merges/${first}/undo`);
    expect([early.status, early.body.message]).toEqual([409, MERGE_MESSAGES.laterMerge]);
    await undo(second);
    expect(await stray()).toEqual([]);
    await undo(first);
    expect(await stray()).toEqual([]);

    const after = await log();
    expect(after.slice(0, before.length)).toEqual(before);
    // The move made while merged was made on a's card: it goes back with it.
    expect(after.slice(before.length).map((r) => [r.application_id, r.applicant_id])).toEqual([
      [cardA, a],
    ]);
  });
});

describe('what a merge may not do', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await seedPair(owner, 'B');
  });

  it('cannot merge across accounts: 404 and nothing changed', async () => {
    const before = [await card(pair.primary), await card(pair.secondary)];
    const foreign = await ok(stranger.token, 'POST', '/api/applicants', {
      first_name: 'Мария',
      last_name: 'Иванова',
    });
    for (const body of [
      { primary_id: pair.primary, secondary_id: pair.secondary },
      { primary_id: foreign.id, secondary_id: pair.secondary },
      { primary_id: pair.primary, secondary_id: foreign.id },
    ]) {
      const response = await send(stranger.token, 'POST', '/api/applicants/merge', body);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Кандидат не найден');
    }
    const fromOwner = await send(owner.token, 'POST', '/api/applicants/merge', {
      primary_id: pair.primary,
      secondary_id: foreign.id,
    });
    expect(fromOwner.status).toBe(404);
    expect([await card(pair.primary), await card(pair.secondary)]).toEqual(before);
    expect(await card(foreign.id, stranger.token)).toMatchObject({ id: foreign.id });
  });

  it('answers bad input with 4xx in Russian', async () => {
    const cases: [unknown, number, string][] = [
      [
        { primary_id: pair.primary, secondary_id: pair.primary },
        400,
        'Нельзя объединить кандидата с самим собой',
      ],
      [
        { primary_id: pair.primary, secondary_id: pair.secondary, fields: { nose: 'primary' } },
        400,
        'Нет такого поля: nose',
      ],
      [
        { primary_id: pair.primary, secondary_id: pair.secondary, fields: { name: 'both' } },
        400,
        'Выбор поля: primary или secondary',
      ],
      [{ primary_id: pair.primary, secondary_id: 2_000_000_000 }, 404, 'Кандидат не найден'],
    ];
    for (const [body, status, message] of cases) {
      for (const url of ['/api/applicants/merge', '/api/applicants/merge_preview']) {
        const response = await send(owner.token, 'POST', url, body);
        expect([url, response.status, response.body.status]).toEqual([url, status, 'error']);
        expect(JSON.stringify(response.body)).toContain(message);
      }
    }
    const unknownMerge = await send(owner.token, 'POST', '/api/applicants/merges/2000000000/undo');
    expect([unknownMerge.status, unknownMerge.body.message]).toEqual([
      404,
      'Объединение не найдено',
    ]);
    const noApplicant = await send(owner.token, 'GET', '/api/applicants/merges?applicant_id=abc');
    expect(noApplicant.status).toBe(400);
  });

  it('lets two concurrent merges of the same pair leave consistent data', async () => {
    const before = [await card(pair.primary), await card(pair.secondary)];
    const results = await Promise.all([
      send(owner.token, 'POST', '/api/applicants/merge', {
        primary_id: pair.primary,
        secondary_id: pair.secondary,
      }),
      send(owner.token, 'POST', '/api/applicants/merge', {
        primary_id: pair.secondary,
        secondary_id: pair.primary,
      }),
      send(owner.token, 'POST', '/api/applicants/merge', {
        primary_id: pair.primary,
        secondary_id: pair.secondary,
      }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
    const winner = results.find((r) => r.status === 200)!.body.message;
    const survivor = winner.applicant;
    const gone = winner.merge.secondary_id;
    expect((await send(owner.token, 'GET', `/api/applicants/${gone}`)).status).toBe(404);
    const [a, b] = before;
    expect(survivor.comments).toHaveLength(a.comments.length + b.comments.length);
    expect(survivor.files).toHaveLength(a.files.length + b.files.length);
    expect(survivor.vacancies).toHaveLength(3);
    const merges = await tenantRows(
      t.database,
      owner.accountId,
      sql`select id from applicant_merges where secondary_id in (${pair.primary}, ${pair.secondary})`,
    );
    expect(merges).toHaveLength(1);
    // The loser's merge left nothing pointing at the deleted applicant.
    for (const table of Object.keys(APPLICANT_REFERENCES)) {
      const rows = await systemRows(
        t.database,
        sql`select 1 from ${sql.identifier(table)} where applicant_id = ${gone}`,
      );
      expect([table, rows.length]).toEqual([table, 0]);
    }
  });

  it('refuses an undo after 30 days in Russian', async () => {
    const p = await ok(owner.token, 'POST', '/api/applicants', {
      first_name: 'Олег',
      last_name: 'Старов',
      email: 'old@example.ru',
    });
    const s = await ok(owner.token, 'POST', '/api/applicants', {
      first_name: 'Oleg',
      last_name: 'Starov',
      email: 'OLD@example.ru',
    });
    const merged = await ok(owner.token, 'POST', '/api/applicants/merge', {
      primary_id: p.id,
      secondary_id: s.id,
    });
    await t.database.system.execute(
      sql`update applicant_merges set created_at = now() - interval '31 days' where id = ${merged.merge.id}`,
    );
    const late = await send(owner.token, 'POST', `/api/applicants/merges/${merged.merge.id}/undo`);
    expect([late.status, late.body.message]).toEqual([
      409,
      'Отменить объединение можно в течение 30 дней',
    ]);
    const merges = await ok(owner.token, 'GET', `/api/applicants/merges?applicant_id=${p.id}`);
    expect(merges.items[0].can_undo).toBe(false);
  });

  it('needs the right to change someone else’s applicants', async () => {
    const recruiter = await addTeamMember(t.app, owner.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await changeUserSettings(t.app, owner.token, recruiter.userId, {
      permissions_actions: { can_manage_applicant: true, can_manage_others_applicant: false },
    });
    const p = await ok(owner.token, 'POST', '/api/applicants', {
      first_name: 'Инна',
      last_name: 'Чужая',
      email: 'inna@example.ru',
    });
    const s = await ok(recruiter.token, 'POST', '/api/applicants', {
      first_name: 'Inna',
      last_name: 'Chuzhaya',
      email: 'inna@example.ru',
    });
    const refused = await send(recruiter.token, 'POST', '/api/applicants/merge', {
      primary_id: s.id,
      secondary_id: p.id,
    });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Нет прав на изменение кандидатов другого ответственного',
    ]);
    expect(await card(p.id)).toMatchObject({ id: p.id });
    // Previewing saves nothing, so reading is enough.
    const preview = await send(recruiter.token, 'POST', '/api/applicants/merge_preview', {
      primary_id: s.id,
      secondary_id: p.id,
    });
    expect(preview.status).toBe(200);
  });
});

describe('what follows the person into the merge', () => {
  it('moves the meeting and the delayed action; one task keeps one action for the primary', async () => {
    const pair = await seedPair(owner, 'Q');
    const meeting = await ok(owner.token, 'POST', '/api/events', {
      title: 'Интервью',
      data_mitting: '12.03.2030',
      time_begin: '10:00',
      time_end: '11:00',
      applicant_id: pair.secondary,
      send_invitations: false,
    });
    const task = await ok(owner.token, 'POST', '/api/delayed_tasks', {
      kind: 'send_message',
      title: 'Напомнить о встрече',
      applicant_ids: [pair.primary, pair.secondary],
      schedule: { at: new Date(Date.now() + 86_400_000).toISOString() },
      subject: 'Встреча',
      text: 'Ждём вас',
    });
    await ok(owner.token, 'POST', '/api/applicants/merge', {
      primary_id: pair.primary,
      secondary_id: pair.secondary,
      fields: {},
    });
    const moved = await ok(owner.token, 'GET', `/api/events/${meeting.id}`);
    expect(moved.applicant_id).toBe(pair.primary);
    const actions: { applicant_id: number | null }[] = await ok(
      owner.token,
      'GET',
      `/api/delayed_tasks/${task.id}/sub_tasks`,
    );
    // The same letter is not sent to the person twice: the primary keeps its own one.
    expect(actions.filter((a) => a.applicant_id === pair.primary)).toHaveLength(1);
  });
});

describe('the tables that point at an applicant', () => {
  it('are all known to the merge, so none is silently lost', async () => {
    const rows = await systemRows<{ table_name: string }>(
      t.database,
      sql`select distinct c.table_name from information_schema.columns c
          join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'applicant_id' and tb.table_type = 'BASE TABLE'
          order by c.table_name`,
    );
    const inDatabase = rows.map((r) => r.table_name);
    expect(inDatabase.length).toBeGreaterThan(5);
    expect(inDatabase.filter((table) => !(table in APPLICANT_REFERENCES))).toEqual([]);
    expect(
      Object.keys(APPLICANT_REFERENCES).filter((table) => !inDatabase.includes(table)),
    ).toEqual([]);
  });
});
