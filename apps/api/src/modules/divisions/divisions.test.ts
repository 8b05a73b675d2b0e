import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows, tenantRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { ROLES, type Role, signUpTeamOfEveryRole } from '../../../test/role-team.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

type Division = { id: number; name: string; parent_id: number | null; children: Division[] };

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
const create = async (token: string, body: Record<string, unknown>) => {
  const r = await send(token, 'POST', '/api/account_divisions', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message as Division;
};
/** The tree reduced to names, as a person reads it. */
const names = (nodes: Division[]): unknown =>
  nodes.map((n) => (n.children.length ? { [n.name]: names(n.children) } : n.name));

describe('divisions of a company', () => {
  it('builds a tree: children under their parent, siblings in order; /api/me shows the same tree', async () => {
    const sales = await create(admin.token, {
      name: 'Продажи',
      color: 'ff8800',
      description: 'B2B и розница',
      additional_fields_list: [{ type: 'number', name: 'Бюджет', value: 100 }],
    });
    expect(sales).toMatchObject({
      name: 'Продажи',
      color: '#FF8800',
      parent_id: null,
      order: 1,
      description: 'B2B и розница',
      additional_fields_list: [{ type: 'number', name: 'Бюджет', value: 100 }],
      children: [],
    });
    const regions = await create(admin.token, { name: 'Регионы', parent_id: sales.id });
    await create(admin.token, { name: 'Москва', parent_id: sales.id });
    await create(admin.token, { name: 'Сибирь', parent_id: regions.id });
    await create(admin.token, { name: 'Маркетинг' });

    const tree = await get(admin.token, '/api/account_divisions');
    expect(tree.status).toBe(200);
    expect(names(tree.body.message)).toEqual([
      { Продажи: [{ Регионы: ['Сибирь'] }, 'Москва'] },
      'Маркетинг',
    ]);
    const one = await get(admin.token, `/api/account_divisions/${sales.id}`);
    expect(names([one.body.message])).toEqual([{ Продажи: [{ Регионы: ['Сибирь'] }, 'Москва'] }]);
    const me = await get(admin.token, '/api/me');
    expect(names(me.body.message.account_divisions)).toEqual(names(tree.body.message));
  });

  it('moves a division under another, to the top, and never under itself or its descendants', async () => {
    const hq = await create(admin.token, { name: 'Офис' });
    const it_ = await create(admin.token, { name: 'ИТ', parent_id: hq.id });
    const dev = await create(admin.token, { name: 'Разработка', parent_id: it_.id });

    const cycle = await send(admin.token, 'PATCH', `/api/account_divisions/${hq.id}`, {
      parent_id: dev.id,
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe(
      'Подразделение нельзя вложить в само себя или в своё дочернее подразделение',
    );
    const self = await send(admin.token, 'PUT', `/api/account_divisions/${it_.id}`, {
      parent_id: it_.id,
    });
    expect(self.status).toBe(400);

    const moved = await send(admin.token, 'PUT', `/api/account_divisions/${dev.id}`, {
      parent_id: hq.id,
      name: 'Разработка ПО',
    });
    expect(moved.body.message).toMatchObject({ parent_id: hq.id, name: 'Разработка ПО' });
    const top = await send(admin.token, 'PATCH', `/api/account_divisions/${it_.id}`, {
      parent_id: null,
    });
    expect(top.body.message.parent_id).toBeNull();
    expect(
      names([(await get(admin.token, `/api/account_divisions/${hq.id}`)).body.message]),
    ).toEqual([{ Офис: ['Разработка ПО'] }]);
  });

  it('deletes a division with its children; their vacancies stay, without a division', async () => {
    const root = await create(admin.token, { name: 'Логистика' });
    const child = await create(admin.token, { name: 'Склад', parent_id: root.id });
    const [vacancy] = await tenantRows<{ id: number }>(
      t.database,
      admin.accountId,
      sql`insert into vacancies (account_id, position, division_id)
          values (${admin.accountId}, 'Кладовщик', ${child.id}) returning id`,
    );
    const deleted = await send(admin.token, 'DELETE', `/api/account_divisions/${root.id}`);
    expect(deleted.status).toBe(200);
    expect(names([deleted.body.message])).toEqual([{ Логистика: ['Склад'] }]);
    expect((await get(admin.token, `/api/account_divisions/${child.id}`)).status).toBe(404);
    const [row] = await systemRows<{ division_id: number | null }>(
      t.database,
      sql`select division_id from vacancies where id = ${vacancy!.id}`,
    );
    expect(row).toEqual({ division_id: null });
  });
});

describe('who may change divisions', () => {
  it('only an admin recruiter; everyone reads them', async () => {
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const watcherAdmin = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    for (const user of [recruiter, watcherAdmin]) {
      expect((await get(user.token, '/api/account_divisions')).status).toBe(200);
      const r = await send(user.token, 'POST', '/api/account_divisions', { name: 'Тайный отдел' });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Изменять подразделения может только администратор');
    }
  });
});

describe('another account’s divisions', () => {
  it('answer 404, as parent too', async () => {
    const theirs = await create(stranger.token, { name: 'Чужой отдел' });
    const mine = await create(admin.token, { name: 'Мой отдел' });
    const cases = [
      await get(admin.token, `/api/account_divisions/${theirs.id}`),
      await send(admin.token, 'PATCH', `/api/account_divisions/${theirs.id}`, { name: 'Мой' }),
      await send(admin.token, 'DELETE', `/api/account_divisions/${theirs.id}`),
      await send(admin.token, 'POST', '/api/account_divisions', {
        name: 'Под чужим',
        parent_id: theirs.id,
      }),
      await send(admin.token, 'PATCH', `/api/account_divisions/${mine.id}`, {
        parent_id: theirs.id,
      }),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(
      (await get(stranger.token, `/api/account_divisions/${theirs.id}`)).body.message.name,
    ).toBe('Чужой отдел');
  });
});

describe('bad input', () => {
  it('answers 400 with a Russian message', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Укажите название подразделения'],
      [{ name: 'Цвет', color: 'зелёный' }, 'шестнадцатеричных'],
      [{ name: 'Поля', additional_fields_list: [{ type: 'date', name: 'Когда' }] }, 'Тип поля'],
      [{ name: 'Родитель', parent_id: 'первый' }, 'Некорректный идентификатор'],
    ];
    for (const [body, message] of cases) {
      const r = await send(admin.token, 'POST', '/api/account_divisions', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
  });
});

describe('role × action over HTTP', () => {
  it('only admin recruiters create, rename, move and delete divisions; all read the tree', async () => {
    const { admin: owner, tokens } = await signUpTeamOfEveryRole(t, 'can_manage_vacancy');
    const allowed: Role[] = ['admin', 'admin without the right'];
    const parent = await create(owner.token, { name: 'Головной офис' });
    for (const [i, who] of ROLES.entries()) {
      const token = tokens[who];
      const expected = allowed.includes(who) ? 200 : 403;
      expect((await get(token, '/api/account_divisions')).status, `${who} reads`).toBe(200);
      const created = await send(token, 'POST', '/api/account_divisions', { name: `Отдел ${i}` });
      expect(created.status, `${who} creates`).toBe(expected);
      const target = await create(owner.token, { name: `Цель ${i}` });
      const renamed = await send(token, 'PATCH', `/api/account_divisions/${target.id}`, {
        name: `Переименован ${i}`,
      });
      expect(renamed.status, `${who} renames`).toBe(expected);
      const moved = await send(token, 'PATCH', `/api/account_divisions/${target.id}`, {
        parent_id: parent.id,
      });
      expect(moved.status, `${who} moves`).toBe(expected);
      if (expected === 403) {
        expect(moved.body.message).toBe('Изменять подразделения может только администратор');
        const kept = (await get(owner.token, `/api/account_divisions/${target.id}`)).body.message;
        expect(kept).toMatchObject({ name: `Цель ${i}`, parent_id: null });
      }
      const deleted = await send(token, 'DELETE', `/api/account_divisions/${target.id}`);
      expect(deleted.status, `${who} deletes`).toBe(expected);
    }
  });
});

describe('a division’s icon (SPEC.md §3)', () => {
  const UNKNOWN = 'Неизвестная иконка: выберите одну из 98 в списке';
  const find = (nodes: (Division & { icon?: string | null })[], id: number): unknown => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const inner = find(n.children, id);
      if (inner) return inner;
    }
    return undefined;
  };

  it('is set, read back in the tree, alone and on its vacancy, and cleared with null', async () => {
    const root = await create(admin.token, { name: 'Продажи', icon: 'banknotes' });
    expect(root).toMatchObject({ name: 'Продажи', icon: 'banknotes' });
    const child = await create(admin.token, { name: 'Опт', parent_id: root.id, icon: 'truck' });
    const tree = (await get(admin.token, '/api/account_divisions')).body.message;
    expect(find(tree, root.id)).toMatchObject({ icon: 'banknotes' });
    expect(find(tree, child.id)).toMatchObject({ icon: 'truck' });
    const alone = await get(admin.token, `/api/account_divisions/${root.id}`);
    expect(alone.body.message).toMatchObject({
      icon: 'banknotes',
      children: [expect.objectContaining({ id: child.id, icon: 'truck' })],
    });

    const [vacancy] = await tenantRows<{ id: number }>(
      t.database,
      admin.accountId,
      sql`insert into vacancies (account_id, position, division_id)
          values (${admin.accountId}, 'Менеджер', ${child.id}) returning id`,
    );
    const read = await get(admin.token, `/api/vacancies/${vacancy!.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.message.account_division).toEqual({
      id: child.id,
      name: 'Опт',
      icon: 'truck',
    });

    const put = await send(admin.token, 'PUT', `/api/account_divisions/${root.id}`, {
      icon: 'chart-bar',
    });
    expect(put.body.message).toMatchObject({ name: 'Продажи', icon: 'chart-bar' });
    const renamed = await send(admin.token, 'PATCH', `/api/account_divisions/${root.id}`, {
      name: 'Продажи и маркетинг',
    });
    expect(renamed.body.message.icon).toBe('chart-bar');
    const cleared = await send(admin.token, 'PATCH', `/api/account_divisions/${child.id}`, {
      icon: null,
    });
    expect(cleared.body.message.icon).toBeNull();
    expect(
      find((await get(admin.token, '/api/account_divisions')).body.message, child.id),
    ).toMatchObject({ icon: null });
  });

  it('a division made without one answers icon null', async () => {
    const plain = await create(admin.token, { name: 'Без иконки' });
    expect(plain).toMatchObject({ icon: null, color: null });
  });

  it('refuses a name outside the list of 98 in Russian and keeps the division', async () => {
    const division = await create(admin.token, { name: 'Склады', icon: 'cube' });
    for (const method of ['PUT', 'PATCH'] as const) {
      const r = await send(admin.token, method, `/api/account_divisions/${division.id}`, {
        icon: 'cubes',
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        status: 'error',
        message: UNKNOWN,
        errors: { icon: UNKNOWN },
      });
    }
    const refused = await send(admin.token, 'POST', '/api/account_divisions', {
      name: 'Новый',
      icon: 'x'.repeat(5000),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(UNKNOWN);
    expect(
      (await get(admin.token, `/api/account_divisions/${division.id}`)).body.message.icon,
    ).toBe('cube');
  });
});
