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
