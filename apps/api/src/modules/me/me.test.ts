import { MESSAGES } from '@ats/contracts/envelope';
import { PERMISSION_ACTIONS } from '@ats/contracts/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { PASSWORD, type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app, { company: 'ООО «Вектор»', name: 'Мария' });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => call(t.app, 'GET', '/api/me', undefined, { token });

describe('GET /api/me', () => {
  it('returns every field of the current user with real values', async () => {
    const r = await me(admin.token);
    expect(r.status).toBe(200);
    const m = r.body.message;
    for (const field of [
      'id',
      'email',
      'is_admin',
      'member_type',
      'account_id',
      'admin_user_setting',
      'account_divisions',
      'account_setting',
      'admin_user_statuses',
      'is_auto',
      'is_firework',
      'is_onboarding',
      'is_plugin',
      'nick',
      'token',
      'latest_changelog',
      'tariff_name',
      'applicants_count',
      'balance',
      'tariff_start_at',
      'tariff_end_at',
      'tariff_is_active',
      'tariff_users',
      'name',
      'middle_name',
      'last_name',
    ]) {
      expect(m, field).toHaveProperty(field);
    }
    expect(m).toMatchObject({
      id: admin.userId,
      email: admin.email,
      name: 'Мария',
      is_admin: true,
      member_type: 'owner',
      account_id: admin.accountId,
      account_divisions: [],
      admin_user_statuses: [],
      is_auto: false,
      is_firework: false,
      is_onboarding: true,
      is_plugin: false,
      token: admin.token,
      applicants_count: 0,
      balance: 0,
      tariff_is_active: true,
    });
    expect(m.account_setting).toMatchObject({ company_name: 'ООО «Вектор»', currency: 'RUB' });
    expect(typeof m.account_setting.time_zone).toBe('string');
    expect(Object.keys(m.admin_user_setting.permissions_actions).sort()).toEqual(
      [...PERMISSION_ACTIONS].sort(),
    );
    expect(m.admin_user_setting.permissions_actions.can_manage_tag).toBe(true);
    expect(m.admin_user_setting.is_hide_chat).toBe(false);

    const [tariff] = await systemRows<{
      name: string;
      start_at: Date | string;
      end_at: Date | string;
      users_limit: number;
    }>(
      t.database,
      sql`select name, start_at, end_at, users_limit from account_tariffs where account_id = ${admin.accountId}`,
    );
    expect(tariff).toBeDefined();
    expect(m.tariff_name).toBe('trial');
    expect(m.tariff_name).toBe(tariff!.name);
    expect(m.tariff_users).toBe(5);
    expect(m.tariff_users).toBe(tariff!.users_limit);
    expect(m.tariff_start_at).toBe(new Date(tariff!.start_at).toISOString());
    expect(m.tariff_end_at).toBe(new Date(tariff!.end_at).toISOString());
    expect(Date.parse(m.tariff_end_at) - Date.parse(m.tariff_start_at)).toBe(14 * DAY_MS);
    expect(Math.abs(Date.parse(m.tariff_start_at) - Date.now())).toBeLessThan(60_000);
  });

  it('is_plugin is true only for a session signed in from the plugin', async () => {
    const plugin = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: PASSWORD,
      source: 'plugin',
    });
    const web = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: PASSWORD,
      source: 'web',
    });
    const plain = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: PASSWORD,
    });
    const pluginMe = await me(plugin.body.message.auth_token);
    expect(pluginMe.body.message.is_plugin).toBe(true);
    expect(pluginMe.body.message.token).toBe(plugin.body.message.auth_token);
    expect((await me(web.body.message.auth_token)).body.message.is_plugin).toBe(false);
    expect((await me(plain.body.message.auth_token)).body.message.is_plugin).toBe(false);
  });

  it('shows the newest published changelog entry', async () => {
    await t.database.system.execute(sql`
      insert into changelogs (slug, title, summary, body, release_date, published_at, is_published)
      values ('me-test-old', 'Старый выпуск', 'Давно', '', '2030-01-01', '2030-01-01', true),
             ('me-test-new', 'Новый выпуск', 'Свежие изменения', 'Подробно', '2031-05-20', '2031-05-21', true),
             ('me-test-draft', 'Черновик', 'Не опубликован', '', '2032-01-01', '2032-01-01', false)`);
    const [newest] = await systemRows<{ id: number }>(
      t.database,
      sql`select id from changelogs where slug = 'me-test-new'`,
    );
    const r = await me(admin.token);
    expect(r.body.message.latest_changelog).toEqual({
      id: newest!.id,
      title: 'Новый выпуск',
      summary: 'Свежие изменения',
      published_at: '2031-05-21',
      release_date: '2031-05-20',
      is_published: true,
    });
  });

  it('counts the account’s applicants as they are added and removed', async () => {
    const other = await signUpCompany(t.app);
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`insert into applicants (account_id, first_name) values
        (${admin.accountId}, 'Иван'), (${admin.accountId}, 'Пётр'), (${admin.accountId}, 'Сидор')`),
    );
    expect((await me(admin.token)).body.message.applicants_count).toBe(3);
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(
        sql`delete from applicants where account_id = ${admin.accountId} and first_name = 'Пётр'`,
      ),
    );
    expect((await me(admin.token)).body.message.applicants_count).toBe(2);
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(
        sql`insert into applicants (account_id, first_name) values (${admin.accountId}, 'Фёдор')`,
      ),
    );
    expect((await me(admin.token)).body.message.applicants_count).toBe(3);
    expect((await me(other.token)).body.message.applicants_count).toBe(0);
  });

  it('shows permission changes an admin made to the user', async () => {
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect(
      (await me(member.token)).body.message.admin_user_setting.permissions_actions.can_manage_tag,
    ).toBe(true);
    const patch = await call(
      t.app,
      'PATCH',
      `/api/users/${member.userId}`,
      {
        admin_user: {
          admin_user_setting: {
            permissions_actions: { can_manage_tag: false, can_upload_data: false },
          },
        },
      },
      { token: admin.token },
    );
    expect(patch.status).toBe(200);
    const after = (await me(member.token)).body.message.admin_user_setting.permissions_actions;
    expect(after).toMatchObject({
      can_manage_tag: false,
      can_upload_data: false,
      can_manage_vacancy: true,
    });
  });

  it('shows the divisions as a tree and the user’s stage rights', async () => {
    const [parent] = await t.database.withTenant(admin.accountId, async (tx) => {
      const result = (await tx.execute(sql`
        insert into account_divisions (account_id, name, position) values (${admin.accountId}, 'Продажи', 1)
        returning id`)) as unknown as { rows: { id: number }[] };
      return result.rows;
    });
    const [child] = await t.database.withTenant(admin.accountId, async (tx) => {
      const result = (await tx.execute(sql`
        insert into account_divisions (account_id, name, parent_id, position) values (${admin.accountId}, 'Регионы', ${parent!.id}, 1)
        returning id`)) as unknown as { rows: { id: number }[] };
      return result.rows;
    });
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`
        insert into account_divisions (account_id, name, position) values (${admin.accountId}, 'Маркетинг', 2)`),
    );
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`
        insert into user_status_rights (account_id, user_id, status_id, is_read, is_write)
        values (${admin.accountId}, ${admin.userId}, 7, true, true), (${admin.accountId}, ${admin.userId}, 3, true, false)`),
    );
    const m = (await me(admin.token)).body.message;
    expect(m.account_divisions).toEqual([
      {
        id: parent!.id,
        name: 'Продажи',
        parent_id: null,
        children: [{ id: child!.id, name: 'Регионы', parent_id: parent!.id, children: [] }],
      },
      { id: expect.any(Number), name: 'Маркетинг', parent_id: null, children: [] },
    ]);
    expect(m.admin_user_statuses).toEqual([
      { status_id: 3, is_read: true, is_write: false },
      { status_id: 7, is_read: true, is_write: true },
    ]);
  });

  it('refreshes the auth_token cookie for a cookie session, for 7 days', async () => {
    const r = await call(t.app, 'GET', '/api/me', undefined, { cookie: admin.token });
    expect(r.status).toBe(200);
    const cookie = r.cookies.find((c) => c.name === 'auth_token');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toBe(admin.token);
    const header = ([] as string[])
      .concat((r.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .join('\n');
    expect(header).toMatch(/auth_token=[^;]+;.*Max-Age=604800/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/i);
  });

  it('requires a session', async () => {
    expect((await call(t.app, 'GET', '/api/me')).status).toBe(420);
    expect((await me('unknown-token')).status).toBe(420);
  });
});

describe('an account whose tariff has ended', () => {
  it('still answers /me (tariff_is_active false) while other calls answer 419', async () => {
    const company = await signUpCompany(t.app);
    await t.database.system.execute(
      sql`update account_tariffs set end_at = now() - interval '1 day' where account_id = ${company.accountId}`,
    );
    const r = await me(company.token);
    expect(r.status).toBe(200);
    expect(r.body.message.tariff_is_active).toBe(false);
    expect(r.body.message.tariff_name).toBe('trial');
    const account = await call(t.app, 'GET', '/api/account', undefined, { token: company.token });
    expect(account.status).toBe(419);
    expect(account.body).toEqual({
      code: 419,
      status: 'error',
      message: 'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.',
    });
    expect(account.body.message).toBe(MESSAGES.accountInactive);
  });
});
