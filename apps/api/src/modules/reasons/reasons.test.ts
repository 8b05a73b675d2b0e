import { DEFAULT_REASONS, REASON_TYPES } from '@ats/contracts/pipeline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRows } from '../../../test/db-helpers.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { ROLES, type Role, signUpTeamOfEveryRole } from '../../../test/role-team.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

type Reason = { id: number; name: string; reason_type: string; order: number };

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

describe('reasons of an account', () => {
  it('a new account starts with reasons of every type, in order, and lists one type on request', async () => {
    const all = await get(admin.token, '/api/reasons');
    expect(all.status).toBe(200);
    for (const type of REASON_TYPES) {
      expect(
        (all.body.message as Reason[]).filter((r) => r.reason_type === type).map((r) => r.name),
      ).toEqual(DEFAULT_REASONS[type]);
    }
    const refuse = await get(admin.token, '/api/reasons?reason_type=refuse');
    expect(refuse.body.message.map((r: Reason) => [r.name, r.order])).toEqual(
      DEFAULT_REASONS.refuse.map((name, i) => [name, i + 1]),
    );
  });

  it('adds a reason at the end of its type, renames it with PUT, and deletes it', async () => {
    const created = await send(admin.token, 'POST', '/api/reasons', {
      name: 'Не вышел на связь',
      reason_type: 'reject',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      name: 'Не вышел на связь',
      reason_type: 'reject',
      order: DEFAULT_REASONS.reject.length + 1,
    });
    const id = created.body.message.id;
    const put = await send(admin.token, 'PUT', `/api/reasons/${id}`, { name: 'Пропал' });
    expect(put.body.message).toMatchObject({ id, name: 'Пропал', reason_type: 'reject' });
    expect((await get(admin.token, `/api/reasons/${id}`)).body.message.name).toBe('Пропал');
    const twin = await send(admin.token, 'POST', '/api/reasons', {
      name: 'пропал',
      reason_type: 'reject',
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('Такая причина этого типа уже есть');
    const otherType = await send(admin.token, 'POST', '/api/reasons', {
      name: 'Пропал',
      reason_type: 'refuse',
    });
    expect(otherType.status).toBe(200);
    expect((await send(admin.token, 'DELETE', `/api/reasons/${id}`)).status).toBe(200);
    expect((await get(admin.token, `/api/reasons/${id}`)).status).toBe(404);
  });

  it('keeps a reason that a closed vacancy names', async () => {
    const [hold] = (await get(admin.token, '/api/reasons?reason_type=hold')).body.message;
    await tenantRows(
      t.database,
      admin.accountId,
      sql`insert into vacancies (account_id, position, state, state_reason_id)
          values (${admin.accountId}, 'Дизайнер', 'hold', ${hold.id}) returning id`,
    );
    const refused = await send(admin.token, 'DELETE', `/api/reasons/${hold.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/нельзя удалить|не удалить/);
  });
});

describe('who may change reasons', () => {
  it('watchers and owners without can_manage_reason only read them', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const body = { name: 'Нет гражданства РФ', reason_type: 'reject' };
    expect((await get(watcher.token, '/api/reasons')).status).toBe(200);
    const byWatcher = await send(watcher.token, 'POST', '/api/reasons', body);
    expect(byWatcher.status).toBe(403);
    expect(byWatcher.body.message).toBe('Нет прав на управление причинами');
    await changeUserSettings(t.app, admin.token, recruiter.userId, {
      permissions_actions: { can_manage_reason: false },
    });
    expect((await send(recruiter.token, 'POST', '/api/reasons', body)).status).toBe(403);
    await changeUserSettings(t.app, admin.token, recruiter.userId, {
      permissions_actions: { can_manage_reason: true },
    });
    expect((await send(recruiter.token, 'POST', '/api/reasons', body)).status).toBe(200);
  });
});

describe('another account’s reasons', () => {
  it('answer 404', async () => {
    const [theirs] = (await get(stranger.token, '/api/reasons')).body.message;
    const cases = [
      await get(admin.token, `/api/reasons/${theirs.id}`),
      await send(admin.token, 'PUT', `/api/reasons/${theirs.id}`, { name: 'Моя' }),
      await send(admin.token, 'DELETE', `/api/reasons/${theirs.id}`),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await get(stranger.token, `/api/reasons/${theirs.id}`)).body.message).toEqual(theirs);
    const mine = (await get(admin.token, '/api/reasons')).body.message as Reason[];
    expect(mine.some((r) => r.id === theirs.id)).toBe(false);
  });
});

describe('bad input', () => {
  it('answers 400 with a Russian message', async () => {
    const cases: [unknown, string][] = [
      [{ reason_type: 'reject' }, 'Укажите причину'],
      [{ name: '  ', reason_type: 'reject' }, 'Укажите причину'],
      [{ name: 'Причина', reason_type: 'fired' }, 'Тип причины'],
      [{ name: 'Причина' }, 'Тип причины'],
    ];
    for (const [body, message] of cases) {
      const r = await send(admin.token, 'POST', '/api/reasons', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    const badFilter = await get(admin.token, '/api/reasons?reason_type=other');
    expect(badFilter.status).toBe(400);
    expect((await get(admin.token, '/api/reasons/0')).status).toBe(400);
  });
});

describe('reordering reasons of one type', () => {
  it('puts them in the given order, which the list and a reload keep', async () => {
    const before = (await get(admin.token, '/api/reasons?reason_type=hold')).body
      .message as Reason[];
    const reversed = before.map((r) => r.id).reverse();
    const r = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'hold',
      ids: reversed,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message.map((x: Reason) => x.id)).toEqual(reversed);
    const after = (await get(admin.token, '/api/reasons?reason_type=hold')).body
      .message as Reason[];
    expect(after.map((x) => [x.id, x.order])).toEqual(reversed.map((id, i) => [id, i + 1]));
    // The other types keep their order.
    const close = (await get(admin.token, '/api/reasons?reason_type=close')).body.message;
    expect(close.map((x: Reason) => x.name)).toEqual(DEFAULT_REASONS.close);
  });

  it('refuses a list that misses a reason, repeats one or names another type', async () => {
    const refuse = (await get(admin.token, '/api/reasons?reason_type=refuse')).body
      .message as Reason[];
    const ids = refuse.map((r) => r.id);
    const missing = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'refuse',
      ids: ids.slice(1),
    });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('Список причин изменился: обновите страницу и повторите');
    const repeated = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'refuse',
      ids: [...ids, ids[0]],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe('Причины не должны повторяться');
    const [hold] = (await get(admin.token, '/api/reasons?reason_type=hold')).body.message;
    const wrongType = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'refuse',
      ids: [...ids.slice(1), hold.id],
    });
    expect(wrongType.status).toBe(404);
    const empty = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'refuse',
      ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Передайте список причин');
    const unchanged = (await get(admin.token, '/api/reasons?reason_type=refuse')).body.message;
    expect(unchanged).toEqual(refuse);
  });

  it('another account’s ids answer 404 and their order stays', async () => {
    const theirs = (await get(stranger.token, '/api/reasons?reason_type=close')).body
      .message as Reason[];
    const r = await send(admin.token, 'POST', '/api/reasons/reorder', {
      reason_type: 'close',
      ids: theirs.map((x) => x.id).reverse(),
    });
    expect(r.status).toBe(404);
    expect((await get(stranger.token, '/api/reasons?reason_type=close')).body.message).toEqual(
      theirs,
    );
  });
});

describe('role × action over HTTP', () => {
  it('creating, renaming, reordering and deleting follow reasons.policy for every role', async () => {
    const { admin: owner, tokens } = await signUpTeamOfEveryRole(t, 'can_manage_reason');
    const allowed: Role[] = ['admin', 'admin without the right', 'recruiter'];
    for (const [i, who] of ROLES.entries()) {
      const token = tokens[who];
      const expected = allowed.includes(who) ? 200 : 403;
      expect((await get(token, '/api/reasons')).status, `${who} reads`).toBe(200);
      const created = await send(token, 'POST', '/api/reasons', {
        name: `Причина роли ${i}`,
        reason_type: 'reject',
      });
      expect(created.status, `${who} creates`).toBe(expected);
      const target: Reason = (
        await send(owner.token, 'POST', '/api/reasons', {
          name: `Причина для роли ${i}`,
          reason_type: 'reject',
        })
      ).body.message;
      const renamed = await send(token, 'PUT', `/api/reasons/${target.id}`, { name: `Роль ${i}` });
      expect(renamed.status, `${who} renames`).toBe(expected);
      const ids = (
        (await get(owner.token, '/api/reasons?reason_type=reject')).body.message as Reason[]
      ).map((r) => r.id);
      const reordered = await send(token, 'POST', '/api/reasons/reorder', {
        reason_type: 'reject',
        ids: [...ids].reverse(),
      });
      expect(reordered.status, `${who} reorders`).toBe(expected);
      if (expected === 403) {
        expect(reordered.body.message).toBe('Нет прав на управление причинами');
        const kept = (await get(owner.token, `/api/reasons/${target.id}`)).body.message;
        expect(kept.name).toBe(`Причина для роли ${i}`);
      }
      const deleted = await send(token, 'DELETE', `/api/reasons/${target.id}`);
      expect(deleted.status, `${who} deletes`).toBe(expected);
    }
  });
});
