import { DEFAULT_FUNNEL } from '@ats/contracts/pipeline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows, tenantRows } from '../../../test/db-helpers.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { copyFunnelStagesToVacancy } from './statuses.service.ts';

type Stage = { id: number; name: string; order: number; [key: string]: unknown };

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const send = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });

async function defaultFunnel(token: string) {
  const groups = await get(token, '/api/status_groups');
  expect(groups.status).toBe(200);
  return groups.body.message[0] as { id: number; statuses: Stage[]; status_ids: number[] };
}

/** A vacancy row straight in the database: the vacancies module builds on this one. */
async function insertVacancy(accountId: number, position: string) {
  const [row] = await tenantRows<{ id: number }>(
    t.database,
    accountId,
    sql`insert into vacancies (account_id, position) values (${accountId}, ${position}) returning id`,
  );
  return row!.id;
}

async function insertApplication(accountId: number, vacancyId: number, statusId: number) {
  return tenantRows<{ id: number }>(
    t.database,
    accountId,
    sql`with a as (
          insert into applicants (account_id, first_name) values (${accountId}, 'Иван') returning id
        )
        insert into applications (account_id, vacancy_id, applicant_id, status_id)
        select ${accountId}, ${vacancyId}, a.id, ${statusId} from a returning id`,
  );
}

describe('the default funnel of a new account', () => {
  it('holds the usual stages in order, with colours, deadlines, the offer and both rejections', async () => {
    const funnel = await defaultFunnel(admin.token);
    expect(funnel).toMatchObject({ name: DEFAULT_FUNNEL.name, is_active: true, is_favorite: true });
    expect(
      funnel.statuses.map((s) => ({
        name: s.name,
        color: s.color,
        stay_duration: s.stay_duration,
      })),
    ).toEqual(
      DEFAULT_FUNNEL.stages.map((s) => ({
        name: s.name,
        color: s.color,
        stay_duration: s.stay_duration,
      })),
    );
    const byName = new Map(funnel.statuses.map((s) => [s.name, s]));
    expect(byName.get('Оффер')).toMatchObject({ is_offer: true, is_reject: false });
    expect(byName.get('Вышел на работу')).toMatchObject({ status_type: 'hired' });
    expect(byName.get('Отказ компании')).toMatchObject({ is_reject: true, reject_kind: 'reject' });
    expect(byName.get('Отказ кандидата')).toMatchObject({ is_reject: true, reject_kind: 'refuse' });
    expect(funnel.status_ids).toEqual(funnel.statuses.map((s) => s.id));

    const stages = await get(admin.token, `/api/statuses?status_group_id=${funnel.id}`);
    expect(stages.body.message.map((s: Stage) => s.id)).toEqual(funnel.status_ids);
    const all = await get(admin.token, '/api/statuses');
    expect(all.body.message.map((s: Stage) => s.id)).toEqual(funnel.status_ids);
  });
});

describe('stages of a funnel', () => {
  it('adds a stage with a colour without #, rights for a colleague, then edits, reorders and deletes it', async () => {
    const funnel = await defaultFunnel(admin.token);
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const created = await send(admin.token, 'POST', '/api/statuses', {
      name: 'Тестовое задание',
      color: '49b57d',
      stay_duration: 4,
      status_group_id: funnel.id,
      actions: [{ name: 'sites', action_params: { site: 2 } }],
      admin_user_statuses: [{ admin_user_id: colleague.userId, is_read: true, is_write: false }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stage = created.body.message;
    expect(stage).toMatchObject({
      name: 'Тестовое задание',
      color: '#49B57D',
      stay_duration: 4,
      order: funnel.statuses.length + 1,
      status_group_id: funnel.id,
      vacancy_id: null,
      is_reject: false,
      reject_kind: null,
      actions: [{ name: 'sites', action_params: { site: 2 } }],
      admin_user_statuses: [{ admin_user_id: colleague.userId, is_read: true, is_write: false }],
    });
    const me = await get(colleague.token, '/api/me');
    expect(me.body.message.admin_user_statuses).toEqual([
      { status_id: stage.id, is_read: true, is_write: false },
    ]);

    const patched = await send(admin.token, 'PATCH', `/api/statuses/${stage.id}`, {
      name: 'Тестовое',
      reject_kind: 'refuse',
      admin_user_statuses: [{ admin_user_id: colleague.userId, is_read: true, is_write: true }],
    });
    expect(patched.body.message).toMatchObject({
      name: 'Тестовое',
      is_reject: true,
      reject_kind: 'refuse',
      admin_user_statuses: [{ admin_user_id: colleague.userId, is_write: true }],
    });
    const put = await send(admin.token, 'PUT', `/api/statuses/${stage.id}`, { is_reject: false });
    expect(put.body.message).toMatchObject({
      name: 'Тестовое',
      is_reject: false,
      reject_kind: null,
    });

    const order = [stage.id, ...funnel.status_ids];
    const reordered = await send(admin.token, 'POST', '/api/statuses/reorder', {
      status_ids: order,
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.message.map((s: Stage) => [s.id, s.order])).toEqual(
      order.map((id, i) => [id, i + 1]),
    );

    const deleted = await send(admin.token, 'DELETE', `/api/statuses/${stage.id}`);
    expect(deleted.status).toBe(200);
    expect((await get(admin.token, `/api/statuses/${stage.id}`)).status).toBe(404);
    const rights = await systemRows(
      t.database,
      sql`select 1 from user_status_rights where status_id = ${stage.id}`,
    );
    expect(rights).toEqual([]);
  });

  it('refuses a reorder that leaves out stages or mixes two funnels', async () => {
    const funnel = await defaultFunnel(admin.token);
    const partial = await send(admin.token, 'POST', '/api/statuses/reorder', {
      status_ids: funnel.status_ids.slice(1),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/все этапы одной воронки/);
  });

  it('hides from a user the stages their rights do not let them read', async () => {
    const funnel = await defaultFunnel(admin.token);
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const hidden = funnel.status_ids[1]!;
    const set = await send(admin.token, 'PATCH', `/api/statuses/${hidden}`, {
      admin_user_statuses: [{ admin_user_id: watcher.userId, is_read: false, is_write: false }],
    });
    expect(set.status).toBe(200);
    const seen = await get(watcher.token, `/api/statuses?status_group_id=${funnel.id}`);
    expect(seen.body.message.map((s: Stage) => s.id)).toEqual(
      funnel.status_ids.filter((id) => id !== hidden),
    );
    expect((await get(watcher.token, `/api/statuses/${hidden}`)).status).toBe(404);
    const adminSees = await get(admin.token, `/api/statuses?status_group_id=${funnel.id}`);
    expect(adminSees.body.message.map((s: Stage) => s.id)).toContain(hidden);
    await send(admin.token, 'PATCH', `/api/statuses/${hidden}`, { admin_user_statuses: [] });
  });
});

describe('stages of a vacancy', () => {
  it('a vacancy gets copies of the funnel’s stages, in order, with their rights', async () => {
    const funnel = await defaultFunnel(admin.token);
    const vacancyId = await insertVacancy(admin.accountId, 'Бухгалтер');
    await t.database.withTenant(admin.accountId, (tx) =>
      copyFunnelStagesToVacancy(tx, admin.accountId, funnel.id, vacancyId),
    );
    const own = await get(admin.token, `/api/statuses?vacancy_id=${vacancyId}`);
    expect(own.status).toBe(200);
    const stages = own.body.message as Stage[];
    expect(stages.map((s) => s.name)).toEqual(funnel.statuses.map((s) => s.name));
    expect(stages.every((s) => s.vacancy_id === vacancyId && s.status_group_id === null)).toBe(
      true,
    );
    expect(stages.map((s) => s.id)).not.toEqual(funnel.status_ids);

    const extra = await send(admin.token, 'POST', '/api/statuses', {
      name: 'Проверка СБ',
      vacancy_id: vacancyId,
      is_reject: true,
    });
    expect(extra.body.message).toMatchObject({ vacancy_id: vacancyId, reject_kind: 'reject' });
    // The funnel itself is unchanged by the vacancy's own stages.
    expect((await defaultFunnel(admin.token)).status_ids).toEqual(funnel.status_ids);
  });

  it('keeps a stage that holds applicants, and lets an application name only its vacancy’s stages', async () => {
    const funnel = await defaultFunnel(admin.token);
    const first = await insertVacancy(admin.accountId, 'Кассир');
    const second = await insertVacancy(admin.accountId, 'Курьер');
    for (const id of [first, second]) {
      await t.database.withTenant(admin.accountId, (tx) =>
        copyFunnelStagesToVacancy(tx, admin.accountId, funnel.id, id),
      );
    }
    const [firstStage] = (await get(admin.token, `/api/statuses?vacancy_id=${first}`)).body
      .message as Stage[];
    const [secondStage] = (await get(admin.token, `/api/statuses?vacancy_id=${second}`)).body
      .message as Stage[];
    await insertApplication(admin.accountId, first, firstStage!.id);
    const refused = await send(admin.token, 'DELETE', `/api/statuses/${firstStage!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/На этапе есть кандидаты \(1\)/);
    await expect(insertApplication(admin.accountId, first, secondStage!.id)).rejects.toThrow();
  });

  it('keeps the last stage of a vacancy, and deletes the others one by one', async () => {
    const funnel = await defaultFunnel(admin.token);
    const vacancy = await insertVacancy(admin.accountId, 'Дворник');
    await t.database.withTenant(admin.accountId, (tx) =>
      copyFunnelStagesToVacancy(tx, admin.accountId, funnel.id, vacancy),
    );
    const stages = (await get(admin.token, `/api/statuses?vacancy_id=${vacancy}`)).body
      .message as Stage[];
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages.slice(1)) {
      expect((await send(admin.token, 'DELETE', `/api/statuses/${stage.id}`)).status).toBe(200);
    }
    const refused = await send(admin.token, 'DELETE', `/api/statuses/${stages[0]!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Это единственный этап вакансии: добавьте другой, затем удалите этот',
    );
    const left = (await get(admin.token, `/api/statuses?vacancy_id=${vacancy}`)).body
      .message as Stage[];
    expect(left.map((s) => s.id)).toEqual([stages[0]!.id]);
    // A funnel's stages are templates: its last one may go (a funnel is filled again later).
    const made = await send(admin.token, 'POST', '/api/status_groups', {
      name: 'Одна стадия',
      statuses: [{ name: 'Единственный' }],
    });
    const only = (made.body.message as { statuses: Stage[] }).statuses[0]!;
    expect((await send(admin.token, 'DELETE', `/api/statuses/${only.id}`)).status).toBe(200);
  });

  it('announces every change of an application on the ats_board channel', async () => {
    const funnel = await defaultFunnel(admin.token);
    const vacancyId = await insertVacancy(admin.accountId, 'Грузчик');
    await t.database.withTenant(admin.accountId, (tx) =>
      copyFunnelStagesToVacancy(tx, admin.accountId, funnel.id, vacancyId),
    );
    const [stage] = (await get(admin.token, `/api/statuses?vacancy_id=${vacancyId}`)).body
      .message as Stage[];
    const received: Record<string, unknown>[] = [];
    const stop = await listen('ats_board', (payload) => received.push(JSON.parse(payload)));
    try {
      const [application] = await insertApplication(admin.accountId, vacancyId, stage!.id);
      await expect.poll(() => received.length).toBeGreaterThan(0);
      expect(received[0]).toEqual({
        account_id: admin.accountId,
        vacancy_id: vacancyId,
        application_id: application!.id,
        status_id: stage!.id,
        from_status_id: null,
        op: 'insert',
      });
    } finally {
      await stop();
    }
  });
});

/** LISTEN on either engine: PGlite's own API, or a dedicated connection of the pg pool. */
async function listen(channel: string, onPayload: (payload: string) => void) {
  const client = (t.database.system as unknown as { $client: unknown }).$client;
  if (typeof (client as { listen?: unknown }).listen === 'function') {
    const pglite = client as {
      listen: (c: string, cb: (p: string) => void) => Promise<() => Promise<void>>;
    };
    return pglite.listen(channel, onPayload);
  }
  type PgClient = {
    query: (q: string) => Promise<unknown>;
    on: (e: 'notification', cb: (m: { payload?: string }) => void) => void;
    release: () => void;
  };
  const pool = client as { connect: () => Promise<PgClient> };
  const connection = await pool.connect();
  connection.on('notification', (m) => onPayload(m.payload ?? ''));
  await connection.query(`listen ${channel}`);
  return async () => {
    await connection.query(`unlisten ${channel}`);
    connection.release();
  };
}

describe('funnels', () => {
  it('creates a funnel from copies of stages and new ones, makes it the favourite, renames, reorders and deletes it', async () => {
    const main = await defaultFunnel(admin.token);
    const created = await send(admin.token, 'POST', '/api/status_groups', {
      name: 'Массовый подбор',
      is_favorite: true,
      status_ids: [main.status_ids[0], main.status_ids[4]],
      statuses: [{ name: 'Стажировка', color: '#123abc', stay_duration: 14 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const funnel = created.body.message;
    expect(funnel).toMatchObject({ name: 'Массовый подбор', is_favorite: true, is_active: true });
    expect(funnel.statuses.map((s: Stage) => [s.name, s.order])).toEqual([
      ['Новый', 1],
      ['Оффер', 2],
      ['Стажировка', 3],
    ]);
    expect(funnel.statuses[1]).toMatchObject({ is_offer: true, stay_duration: 5 });
    const list = (await get(admin.token, '/api/status_groups')).body.message;
    expect(list.find((g: { id: number }) => g.id === main.id).is_favorite).toBe(false);

    const reversed = [...funnel.status_ids].reverse();
    const updated = await send(admin.token, 'PATCH', `/api/status_groups/${funnel.id}`, {
      name: 'Массовый',
      status_ids: reversed,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toMatchObject({ name: 'Массовый', status_ids: reversed });
    const foreignOrder = await send(admin.token, 'PUT', `/api/status_groups/${funnel.id}`, {
      status_ids: main.status_ids,
    });
    expect(foreignOrder.status).toBe(404);

    const deleted = await send(admin.token, 'DELETE', `/api/status_groups/${funnel.id}`);
    expect(deleted.status).toBe(200);
    expect((await get(admin.token, `/api/status_groups/${funnel.id}`)).status).toBe(404);
    const left = await systemRows(
      t.database,
      sql`select 1 from statuses where status_group_id = ${funnel.id}`,
    );
    expect(left).toEqual([]);
  });

  it('will not delete the account’s only funnel', async () => {
    const only = await signUpCompany(t.app);
    const funnel = await defaultFunnel(only.token);
    const refused = await send(only.token, 'DELETE', `/api/status_groups/${funnel.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Нельзя удалить единственную воронку аккаунта');
  });
});

describe('the Huntlee client’s sequence: stages first, then a funnel of their ids (§6.5–6.6)', () => {
  /** A stage as huntlee-api.md §6.5 shows the payload: no funnel, no vacancy. */
  const clientStage = (name: string, userId: number) => ({
    name,
    status_type: 'user',
    is_favorite: false,
    is_offer: false,
    is_reject: false,
    is_required: false,
    order: 9999,
    stay_duration: 30,
    color: '#49B57D',
    actions: [{ name: 'sites', action_params: { site: 2 } }],
    admin_user_statuses: [{ admin_user_id: userId, is_read: true, is_write: false }],
  });

  it('creates stages of the account, makes a funnel of their ids and reads the same ids back', async () => {
    const company = await signUpCompany(t.app);
    const ids: number[] = [];
    for (const name of ['Скрининг', 'Тестовое задание']) {
      const created = await send(
        company.token,
        'POST',
        '/api/statuses',
        clientStage(name, company.userId),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.message).toMatchObject({
        name,
        status_group_id: null,
        vacancy_id: null,
        order: 9999,
        stay_duration: 30,
        color: '#49B57D',
        actions: [{ name: 'sites', action_params: { site: 2 } }],
        admin_user_statuses: [{ admin_user_id: company.userId, is_read: true, is_write: false }],
      });
      ids.push(created.body.message.id);
    }
    // Before a funnel takes them, they are listed among the account's stages.
    const loose = (await get(company.token, '/api/statuses')).body.message as Stage[];
    expect(loose.filter((s) => ids.includes(s.id)).map((s) => s.status_group_id)).toEqual([
      null,
      null,
    ]);

    const funnel = await send(company.token, 'POST', '/api/status_groups', {
      name: 'Воронка из API',
      order: 1,
      is_active: true,
      is_favorite: false,
      status_ids: ids,
    });
    expect(funnel.status, JSON.stringify(funnel.body)).toBe(200);
    const funnelId = funnel.body.message.id;
    expect(funnel.body.message.status_ids).toEqual(ids);

    const read = await get(company.token, `/api/status_groups/${funnelId}`);
    expect(read.status).toBe(200);
    expect(read.body.message.status_ids).toEqual(ids);
    expect(read.body.message.statuses.map((s: Stage) => [s.id, s.name, s.order])).toEqual([
      [ids[0], 'Скрининг', 1],
      [ids[1], 'Тестовое задание', 2],
    ]);
    const listed = (await get(company.token, '/api/status_groups')).body.message;
    expect(listed.find((g: { id: number }) => g.id === funnelId).status_ids).toEqual(ids);
    const stage = await get(company.token, `/api/statuses/${ids[0]}`);
    expect(stage.body.message).toMatchObject({ status_group_id: funnelId, vacancy_id: null });

    // A stage made later joins the funnel by its id too, in the order the client sends.
    const later = await send(
      company.token,
      'POST',
      '/api/statuses',
      clientStage('Финал', company.userId),
    );
    const order = [ids[1]!, later.body.message.id, ids[0]!];
    const updated = await send(company.token, 'PATCH', `/api/status_groups/${funnelId}`, {
      status_ids: order,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message.status_ids).toEqual(order);
    expect(
      (await get(company.token, `/api/status_groups/${funnelId}`)).body.message.status_ids,
    ).toEqual(order);

    // A stage already in a funnel stays there: another funnel of the same ids gets copies.
    const second = await send(company.token, 'POST', '/api/status_groups', {
      name: 'Копия',
      status_ids: ids,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const copies = second.body.message.statuses as Stage[];
    expect(copies.map((s) => s.name)).toEqual(['Скрининг', 'Тестовое задание']);
    expect(copies.map((s) => s.id).some((id) => ids.includes(id))).toBe(false);
    expect(
      (await get(company.token, `/api/status_groups/${funnelId}`)).body.message.status_ids,
    ).toEqual(order);
  });

  it('mixes stages of the account (kept) and of another funnel (copied) in the order sent', async () => {
    const company = await signUpCompany(t.app);
    const main = await defaultFunnel(company.token);
    const own = await send(company.token, 'POST', '/api/statuses', { name: 'Созвон' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const created = await send(company.token, 'POST', '/api/status_groups', {
      name: 'Смешанная',
      status_ids: [main.status_ids[0], own.body.message.id, main.status_ids[4]],
      statuses: [{ name: 'Стажировка' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stages = created.body.message.statuses as Stage[];
    expect(stages.map((s) => [s.name, s.order])).toEqual([
      ['Новый', 1],
      ['Созвон', 2],
      ['Оффер', 3],
      ['Стажировка', 4],
    ]);
    expect(stages[1]!.id).toBe(own.body.message.id);
    expect([stages[0]!.id, stages[2]!.id]).not.toContain(main.status_ids[0]);
    // The default funnel keeps its own stages.
    expect((await defaultFunnel(company.token)).status_ids).toEqual(main.status_ids);
  });

  it('orders and deletes the account’s stages; an applicant cannot be put on one', async () => {
    const company = await signUpCompany(t.app);
    const a = (await send(company.token, 'POST', '/api/statuses', { name: 'А' })).body.message;
    const b = (await send(company.token, 'POST', '/api/statuses', { name: 'Б' })).body.message;
    expect([a.order, b.order]).toEqual([1, 2]);
    const reordered = await send(company.token, 'POST', '/api/statuses/reorder', {
      status_ids: [b.id, a.id],
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.message.map((s: Stage) => [s.id, s.order])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
    // A vacancy made of them (huntlee-api.md §6.3 `statuses`) gets its own copies.
    const made = await send(company.token, 'POST', '/api/vacancies', {
      position: 'Диспетчер',
      statuses: [b.id, a.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const vacancyStages = made.body.message.statuses as Stage[];
    expect(vacancyStages.map((s) => s.name)).toEqual(['Б', 'А']);
    expect(vacancyStages.map((s) => s.id)).not.toContain(a.id);
    expect(vacancyStages.every((s) => s.vacancy_id === made.body.message.id)).toBe(true);
    const vacancyId = await insertVacancy(company.accountId, 'Оператор');
    const applicant = await tenantRows<{ id: number }>(
      t.database,
      company.accountId,
      sql`insert into applicants (account_id, first_name) values (${company.accountId}, 'Ия') returning id`,
    );
    const placed = await send(company.token, 'POST', '/api/applications', {
      applicant_id: applicant[0]!.id,
      vacancy_id: vacancyId,
      status_id: a.id,
    });
    expect(placed.status).toBe(400);
    expect(placed.body.message).toBe('Этап не относится к этой вакансии');
    expect((await send(company.token, 'DELETE', `/api/statuses/${a.id}`)).status).toBe(200);
    expect((await get(company.token, `/api/statuses/${a.id}`)).status).toBe(404);
  });
});

describe('who may change stages and funnels', () => {
  it('watchers and owners without can_manage_status read but do not change; owners with it do', async () => {
    const funnel = await defaultFunnel(admin.token);
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const body = { name: 'Звонок', status_group_id: funnel.id };
    expect((await get(watcher.token, '/api/status_groups')).status).toBe(200);
    const byWatcher = await send(watcher.token, 'POST', '/api/statuses', body);
    expect(byWatcher.status).toBe(403);
    expect(byWatcher.body.message).toBe('Нет прав на управление этапами и воронками');
    expect((await send(watcher.token, 'POST', '/api/status_groups', { name: 'X' })).status).toBe(
      403,
    );

    const allowed = await send(recruiter.token, 'POST', '/api/statuses', body);
    expect(allowed.status).toBe(200);
    await changeUserSettings(t.app, admin.token, recruiter.userId, {
      permissions_actions: { can_manage_status: false },
    });
    const denied = await send(
      recruiter.token,
      'DELETE',
      `/api/statuses/${allowed.body.message.id}`,
    );
    expect(denied.status).toBe(403);
    expect(
      (await send(admin.token, 'DELETE', `/api/statuses/${allowed.body.message.id}`)).status,
    ).toBe(200);
  });
});

describe('another account’s stages and funnels', () => {
  it('answer 404, exactly like ids that do not exist', async () => {
    const theirs = await defaultFunnel(stranger.token);
    const theirStage = theirs.status_ids[0]!;
    const theirVacancy = await insertVacancy(stranger.accountId, 'Чужая');
    const mine = await defaultFunnel(admin.token);
    const cases = [
      await get(admin.token, `/api/statuses/${theirStage}`),
      await send(admin.token, 'PATCH', `/api/statuses/${theirStage}`, { name: 'Моё' }),
      await send(admin.token, 'DELETE', `/api/statuses/${theirStage}`),
      await get(admin.token, `/api/statuses?status_group_id=${theirs.id}`),
      await get(admin.token, `/api/statuses?vacancy_id=${theirVacancy}`),
      await send(admin.token, 'POST', '/api/statuses', { name: 'Э', status_group_id: theirs.id }),
      await send(admin.token, 'POST', '/api/statuses', { name: 'Э', vacancy_id: theirVacancy }),
      await send(admin.token, 'POST', '/api/statuses/reorder', { status_ids: theirs.status_ids }),
      await get(admin.token, `/api/status_groups/${theirs.id}`),
      await send(admin.token, 'PATCH', `/api/status_groups/${theirs.id}`, { name: 'Моя' }),
      await send(admin.token, 'DELETE', `/api/status_groups/${theirs.id}`),
      await send(admin.token, 'POST', '/api/status_groups', {
        name: 'К',
        status_ids: [theirStage],
      }),
      await send(admin.token, 'PATCH', `/api/statuses/${mine.status_ids[0]}`, {
        admin_user_statuses: [{ admin_user_id: stranger.userId, is_read: true, is_write: true }],
      }),
    ];
    expect(cases.map((r) => r.status)).toEqual(cases.map(() => 404));
    const untouched = await defaultFunnel(stranger.token);
    expect(untouched).toEqual(theirs);
  });
});

describe('bad input', () => {
  it('answers 400 with a Russian message', async () => {
    const funnel = await defaultFunnel(admin.token);
    const cases: [unknown, string][] = [
      [{ status_group_id: funnel.id }, 'Укажите название этапа'],
      [{ name: 'Цвет', status_group_id: funnel.id, color: 'красный' }, 'шестнадцатеричных'],
      [
        { name: 'Два', status_group_id: funnel.id, vacancy_id: 1 },
        'в воронку (status_group_id) или в вакансию',
      ],
      [
        { name: 'Вид', status_group_id: funnel.id, is_reject: false, reject_kind: 'refuse' },
        'Вид отказа',
      ],
      [
        { name: 'Срок', status_group_id: funnel.id, stay_duration: -1 },
        'не может быть отрицательным',
      ],
      [{ name: 'Вид', status_group_id: funnel.id, reject_kind: 'maybe' }, 'Вид отказа'],
    ];
    for (const [body, message] of cases) {
      const r = await send(admin.token, 'POST', '/api/statuses', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect((await get(admin.token, '/api/statuses/abc')).status).toBe(400);
    expect((await get(admin.token, '/api/statuses?vacancy_id=x')).status).toBe(400);
    const twice = await send(admin.token, 'POST', '/api/statuses/reorder', {
      status_ids: [funnel.status_ids[0], funnel.status_ids[0]],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('повторяются');
    const noName = await send(admin.token, 'POST', '/api/status_groups', { name: ' ' });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain('Укажите название воронки');
  });
});

describe('a stage’s icon (SPEC.md §3)', () => {
  const UNKNOWN = 'Неизвестная иконка: выберите одну из 98 в списке';

  it('is set on a funnel stage, read back, carried into a vacancy’s copy, and cleared', async () => {
    const funnel = await defaultFunnel(admin.token);
    const created = await send(admin.token, 'POST', '/api/statuses', {
      name: 'Тестовое задание',
      status_group_id: funnel.id,
      icon: 'academic-cap',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id;
    expect(created.body.message.icon).toBe('academic-cap');
    const first = funnel.status_ids[0]!;
    const put = await send(admin.token, 'PUT', `/api/statuses/${first}`, { icon: 'inbox' });
    expect(put.body.message).toMatchObject({ id: first, name: 'Новый', icon: 'inbox' });

    const list = (await get(admin.token, `/api/statuses?status_group_id=${funnel.id}`)).body
      .message as Stage[];
    expect(list.find((s) => s.id === id)?.icon).toBe('academic-cap');
    expect(list.find((s) => s.id === first)?.icon).toBe('inbox');
    expect((await get(admin.token, `/api/statuses/${id}`)).body.message.icon).toBe('academic-cap');
    expect((await defaultFunnel(admin.token)).statuses.find((s) => s.id === id)?.icon).toBe(
      'academic-cap',
    );

    // A vacancy's own copies of the funnel's stages keep their icons.
    const vacancyId = await insertVacancy(admin.accountId, 'Стажёр');
    await t.database.withTenant(admin.accountId, (tx) =>
      copyFunnelStagesToVacancy(tx, admin.accountId, funnel.id, vacancyId),
    );
    const own = (await get(admin.token, `/api/statuses?vacancy_id=${vacancyId}`)).body
      .message as Stage[];
    expect(own.find((s) => s.name === 'Тестовое задание')?.icon).toBe('academic-cap');
    expect(own.find((s) => s.name === 'Новый')?.icon).toBe('inbox');
    const vacancy = await get(admin.token, `/api/vacancies/${vacancyId}`);
    expect((vacancy.body.message.statuses as Stage[]).find((s) => s.name === 'Новый')?.icon).toBe(
      'inbox',
    );

    const cleared = await send(admin.token, 'PATCH', `/api/statuses/${first}`, { icon: null });
    expect(cleared.body.message.icon).toBeNull();
    expect((await get(admin.token, `/api/statuses/${first}`)).body.message.icon).toBeNull();
    // The copy is the vacancy's own: clearing the funnel's stage leaves it.
    const again = (await get(admin.token, `/api/statuses?vacancy_id=${vacancyId}`)).body
      .message as Stage[];
    expect(again.find((s) => s.name === 'Новый')?.icon).toBe('inbox');
  });

  it('a stage made without one answers icon null', async () => {
    const plain = await send(admin.token, 'POST', '/api/statuses', { name: 'Без иконки' });
    expect(plain.body.message).toMatchObject({ icon: null, name: 'Без иконки' });
  });

  it('refuses a name outside the list of 98 in Russian', async () => {
    const stage = await send(admin.token, 'POST', '/api/statuses', {
      name: 'Звонок',
      icon: 'phone',
    });
    const id = stage.body.message.id;
    for (const method of ['PUT', 'PATCH'] as const) {
      const r = await send(admin.token, method, `/api/statuses/${id}`, { icon: 'telephone' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        status: 'error',
        message: UNKNOWN,
        errors: { icon: UNKNOWN },
      });
    }
    const noIcon = await send(admin.token, 'POST', '/api/statuses', { name: 'X', icon: null });
    expect(noIcon.status).toBe(200);
    expect(noIcon.body.message.icon).toBeNull();
    const bad = await send(admin.token, 'POST', '/api/statuses', { name: 'Y', icon: 'Phone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(UNKNOWN);
    expect((await get(admin.token, `/api/statuses/${id}`)).body.message.icon).toBe('phone');
  });
});
