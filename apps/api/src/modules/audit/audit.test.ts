import { AUDIT_MESSAGES } from '@ats/contracts/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import {
  PASSWORD,
  type SignedUp,
  addTeamMember,
  signUpCompany,
  uniqueEmail,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Event = {
  id: number;
  action: string;
  actor: { id: number; name: string | null; email: string } | null;
  target_type: string | null;
  target_id: number | null;
  summary: string;
  changes: Record<string, unknown>;
  ip: string | null;
};

const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token });

async function ok(token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  const response = await send(token, method, url, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const log = (token: string, query = '') =>
  call(t.app, 'GET', `/api/audit_events${query ? `?${query}` : ''}`, undefined, { token });

async function events(token: string, query = ''): Promise<Event[]> {
  const response = await log(token, query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.audit_events;
}

/** A company whose trial fits a team, with its sign-up's own events out of the way. */
async function freshCompany() {
  const admin = await signUpCompany(t.app, { name: 'Анна' });
  await t.database.system.execute(
    sql`update account_tariffs set users_limit = 100 where account_id = ${admin.accountId}`,
  );
  return admin;
}

describe('each admin action leaves one event naming who, what and the change', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await freshCompany();
  });

  it('changing a colleague’s rights records the rights before and after', async () => {
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await ok(admin.token, 'PATCH', `/api/users/${colleague.userId}`, {
      admin_user: { admin_user_setting: { permissions_actions: { can_manage_tag: false } } },
    });
    const [updated, ...rest] = await events(admin.token, 'action=user.updated');
    expect(rest).toEqual([]);
    expect(updated).toMatchObject({
      actor: { id: admin.userId, name: 'Анна', email: admin.email },
      target_type: 'user',
      target_id: colleague.userId,
      summary: `Изменён пользователь ${colleague.email}`,
      changes: {
        'admin_user_setting.permissions_actions.can_manage_tag': { from: true, to: false },
      },
      ip: '127.0.0.1',
    });
    expect(Object.keys(updated!.changes)).toHaveLength(1);
  });

  it('adding a user with a password records the role and rights, never the password', async () => {
    const email = uniqueEmail('newcomer');
    const created = await ok(admin.token, 'POST', '/api/users', {
      admin_user: {
        email,
        name: 'Вера',
        member_type: 'watcher',
        is_admin: false,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    const invited = (await events(admin.token, 'action=user.invited')).filter(
      (e) => e.target_id === created.id,
    );
    expect(invited).toHaveLength(1);
    expect(invited[0]!.changes).toMatchObject({
      email: { from: null, to: email },
      member_type: { from: null, to: 'watcher' },
      is_admin: { from: null, to: false },
    });
    const [stored] = await systemRows<{ row: string }>(
      t.database,
      sql`select to_jsonb(e)::text as row from audit_events e where e.id = ${invited[0]!.id}`,
    );
    const [hash] = await systemRows<{ password_hash: string }>(
      t.database,
      sql`select password_hash from users where id = ${created.id}`,
    );
    expect(stored!.row).not.toContain(PASSWORD);
    expect(stored!.row).not.toContain(hash!.password_hash);
    expect(stored!.row).not.toMatch(/password|token|secret/i);
  });

  it('removing a user records whom', async () => {
    const leaver = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    await ok(admin.token, 'DELETE', `/api/users/${leaver.userId}`);
    expect(await events(admin.token, 'action=user.deleted')).toMatchObject([
      { target_id: leaver.userId, summary: `Удалён пользователь ${leaver.email}` },
    ]);
  });

  it('renaming the company records the old and the new name', async () => {
    await ok(admin.token, 'PATCH', '/api/account/account_settings', {
      company_name: 'ООО «Лютик»',
    });
    expect(await events(admin.token, 'action=account.settings_changed')).toMatchObject([
      {
        target_type: 'account',
        target_id: admin.accountId,
        changes: { company_name: { from: 'ООО «Ромашка»', to: 'ООО «Лютик»' } },
      },
    ]);
  });

  it('changing the common settings records what changed only', async () => {
    await ok(admin.token, 'PATCH', '/api/account/common_settings', {
      currency: 'KZT',
      work_days: [1, 2, 3, 4, 5, 6],
    });
    const [event] = await events(admin.token, 'action=account.common_settings_changed');
    expect(event!.changes).toEqual({
      currency: { from: 'RUB', to: 'KZT' },
      work_days: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5, 6] },
    });
  });

  it('deleting a tag, a reason, a source, a division, a template, a vacancy and an applicant: one event each', async () => {
    const tag = await ok(admin.token, 'POST', '/api/tags', { name: 'Срочно', color: 'ff0000' });
    const reason = await ok(admin.token, 'POST', '/api/reasons', {
      name: 'Не вышел на связь',
      reason_type: 'reject',
    });
    const source = await ok(admin.token, 'POST', '/api/account_sources', { name: 'Ярмарка' });
    const division = await ok(admin.token, 'POST', '/api/account_divisions', { name: 'Продажи' });
    const template = await ok(admin.token, 'POST', '/api/account_mail_temps', {
      name: 'Приглашение',
      title: 'Приглашение',
      description: '<p>Здравствуйте!</p>',
      is_shared: true,
    });
    const vacancy = await ok(admin.token, 'POST', '/api/vacancies', { position: 'Юрист' });
    const applicant = await ok(admin.token, 'POST', '/api/applicants', {
      first_name: 'Пётр',
      last_name: 'Сидоров',
    });
    const deletions = [
      ['tag.deleted', `/api/tags/${tag.id}`, tag.id, 'Удалена метка «Срочно»'],
      [
        'reason.deleted',
        `/api/reasons/${reason.id}`,
        reason.id,
        'Удалена причина «Не вышел на связь»',
      ],
      [
        'source.deleted',
        `/api/account_sources/${source.id}`,
        source.id,
        'Удалён источник «Ярмарка»',
      ],
      [
        'division.deleted',
        `/api/account_divisions/${division.id}`,
        division.id,
        'Удалено подразделение «Продажи»',
      ],
      [
        'mail_template.deleted',
        `/api/account_mail_temps/${template.id}`,
        template.id,
        'Удалён шаблон письма «Приглашение»',
      ],
      ['vacancy.deleted', `/api/vacancies/${vacancy.id}`, vacancy.id, 'Удалена вакансия «Юрист»'],
      [
        'applicant.deleted',
        `/api/applicants/${applicant.id}?confirm=true`,
        applicant.id,
        'Удалён кандидат Сидоров Пётр',
      ],
    ] as const;
    for (const [action, url, id, summary] of deletions) {
      await ok(admin.token, 'DELETE', url);
      expect(await events(admin.token, `action=${action}`), action).toMatchObject([
        { actor: { id: admin.userId }, target_id: id, summary },
      ]);
    }
  });

  it('an export records how many applicants left in the file', async () => {
    const a = await ok(admin.token, 'POST', '/api/applicants', { first_name: 'Ольга' });
    const b = await ok(admin.token, 'POST', '/api/applicants', { first_name: 'Игорь' });
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/applicants/bulk/export',
      headers: { 'x-dcrt-hrm-auth': admin.token },
      payload: { applicant_ids: [a.id, b.id] },
    });
    expect(file.statusCode).toBe(200);
    expect(await events(admin.token, 'action=applicants.exported')).toMatchObject([
      { summary: 'Выгрузка кандидатов в Excel: 2', changes: { count: 2 } },
    ]);
  });

  it('a merge of doubles and its undo are recorded', async () => {
    const primary = await ok(admin.token, 'POST', '/api/applicants', {
      first_name: 'Мария',
      last_name: 'Иванова',
      email: 'maria@example.ru',
    });
    const secondary = await ok(admin.token, 'POST', '/api/applicants', {
      first_name: 'Maria',
      last_name: 'Ivanova',
      email: 'maria@example.ru',
    });
    const merged = await ok(admin.token, 'POST', '/api/applicants/merge', {
      primary_id: primary.id,
      secondary_id: secondary.id,
      fields: {},
    });
    await ok(admin.token, 'POST', `/api/applicants/merges/${merged.merge.id}/undo`);
    const [undone, done] = await events(admin.token, 'q=объедин');
    expect(done).toMatchObject({
      action: 'applicants.merged',
      target_id: primary.id,
      changes: { merge_id: merged.merge.id, secondary_id: secondary.id },
    });
    expect(undone).toMatchObject({ action: 'applicants.merge_undone', target_id: primary.id });
  });
});

describe('sign-in and safety leave security events', () => {
  it('a sign-in, a wrong password, a password change and a sign-out: one event each, no secrets', async () => {
    const admin = await freshCompany();
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: 'not-the-password-1',
    });
    expect(wrong.status).not.toBe(200);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = login.body.message.auth_token as string;
    await ok(token, 'PATCH', '/api/safety/password', {
      current_password: PASSWORD,
      password: 'another-horse-2',
      password_confirmation: 'another-horse-2',
    });
    await ok(token, 'DELETE', '/api/log_out');
    const relogin = await call(t.app, 'POST', '/api/auth/login', {
      email: admin.email,
      password: 'another-horse-2',
    });
    const found = await events(relogin.body.message.auth_token, 'per_page=100');
    const actions = found.map((e) => e.action).reverse();
    // Sign-up opens the first session; then the wrong password, the sign-in, the change, the exit.
    expect(actions).toEqual([
      'auth.sign_in',
      'auth.sign_in_failed',
      'auth.sign_in',
      'auth.password_changed',
      'auth.sign_out',
      'auth.sign_in',
    ]);
    expect(found.every((e) => e.actor?.id === admin.userId)).toBe(true);
    const text = JSON.stringify(found);
    for (const secret of [PASSWORD, 'another-horse-2', 'not-the-password-1', token]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('an action that is refused or rolled back leaves no event', () => {
  it('the last admin cannot demote themselves, and nothing is recorded', async () => {
    const admin = await freshCompany();
    const refused = await send(admin.token, 'PATCH', `/api/users/${admin.userId}`, {
      admin_user: { is_admin: false },
    });
    expect(refused.status).toBe(409);
    expect(await events(admin.token, 'action=user.updated')).toEqual([]);
  });

  it('a source applicants came from is not deleted, and nothing is recorded', async () => {
    const admin = await freshCompany();
    const source = await ok(admin.token, 'POST', '/api/account_sources', { name: 'Ярмарка' });
    await ok(admin.token, 'POST', '/api/applicants', {
      first_name: 'Нина',
      account_source_id: source.id,
    });
    const refused = await send(admin.token, 'DELETE', `/api/account_sources/${source.id}`);
    expect(refused.status).toBe(409);
    expect(await events(admin.token, 'action=source.deleted')).toEqual([]);
  });

  it('a saved profile that changes nothing is not a change', async () => {
    const admin = await freshCompany();
    await ok(admin.token, 'PATCH', `/api/users/${admin.userId}`, { admin_user: { name: 'Анна' } });
    expect(await events(admin.token, 'action=user.updated')).toEqual([]);
  });
});

describe('reading the log', () => {
  let admin: SignedUp;
  let recruiter: Awaited<ReturnType<typeof addTeamMember>>;
  beforeAll(async () => {
    admin = await freshCompany();
    recruiter = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    await ok(admin.token, 'POST', '/api/tags', { name: 'Первая', color: 'ff0000' });
    const tags = await call(t.app, 'GET', '/api/tags', undefined, { token: recruiter.token });
    for (const tag of tags.body.message as { id: number }[]) {
      await ok(recruiter.token, 'DELETE', `/api/tags/${tag.id}`);
    }
    await ok(admin.token, 'PATCH', '/api/account/account_settings', {
      company_name: 'ООО «Фильтр»',
    });
  });

  it('lists newest first, with the count and paging of other lists', async () => {
    const first = await log(admin.token, 'per_page=2');
    expect(first.status).toBe(200);
    // The admin's and the recruiter's sign-ins are events too.
    expect(first.body.message).toMatchObject({ page: 1, per_page: 2, audit_event_count: 5 });
    expect(first.body.message.audit_events.map((e: Event) => e.action)).toEqual([
      'account.settings_changed',
      'tag.deleted',
    ]);
    const second = await log(admin.token, 'per_page=2&page=2');
    expect(second.body.message.audit_events.map((e: Event) => e.action)).toEqual([
      'auth.sign_in',
      'user.invited',
    ]);
  });

  it('filters by user, by action, by search and by days', async () => {
    expect(
      (await events(admin.token, `actor_id=${recruiter.userId}`)).map((e) => e.action),
    ).toEqual(['tag.deleted', 'auth.sign_in']);
    expect((await events(admin.token, 'action=user.invited')).map((e) => e.target_id)).toEqual([
      recruiter.userId,
    ]);
    expect(
      (await events(admin.token, `q=${encodeURIComponent('метка «перв')}`)).map((e) => e.action),
    ).toEqual(['tag.deleted']);
    expect(await events(admin.token, `q=${encodeURIComponent('100%_')}`)).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(),
    );
    expect(await events(admin.token, `from=${today}&to=${today}`)).toHaveLength(5);
    expect(await events(admin.token, 'from=2001-01-01&to=2001-12-31')).toEqual([]);
    expect(await events(admin.token, 'to=01.01.2001')).toEqual([]);
  });

  const REFUSED = [
    ['a recruiter', () => recruiter.token],
    ['a watcher', async () => (await watcher(false)).token],
    ['a watcher with the admin flag', async () => (await watcher(true)).token],
  ] as const;
  const watcher = (is_admin: boolean) =>
    addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin });

  for (const [who, token] of REFUSED) {
    it(`${who} is refused in Russian`, async () => {
      const refused = await log(await token());
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ status: 'error', message: AUDIT_MESSAGES.onlyAdmins });
    });
  }

  it('another account never sees these events, whatever it filters by', async () => {
    const other = await freshCompany();
    // Only its own admin's sign-in.
    expect((await events(other.token)).map((e) => [e.action, e.actor?.id])).toEqual([
      ['auth.sign_in', other.userId],
    ]);
    expect(await events(other.token, `actor_id=${recruiter.userId}`)).toEqual([]);
    expect(await events(other.token, 'q=Фильтр')).toEqual([]);
  });

  it('a caller without a session gets no log', async () => {
    const anonymous = await call(t.app, 'GET', '/api/audit_events');
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.body.status).toBe('error');
  });

  const BAD = [
    ['action=user.hacked', 'Неизвестный тип действия'],
    ['actor_id=abc', AUDIT_MESSAGES.badActor],
    ['actor_id=0', AUDIT_MESSAGES.badActor],
    ['per_page=1000', AUDIT_MESSAGES.badPerPage],
    ['page=-1', AUDIT_MESSAGES.badPage],
    ['from=2024-02-30', AUDIT_MESSAGES.badDate],
    ['from=2025-05-10&to=2025-05-01', AUDIT_MESSAGES.badRange],
    [`q=${'я'.repeat(201)}`, AUDIT_MESSAGES.longQuery],
  ] as const;
  for (const [query, message] of BAD) {
    it(`${query.slice(0, 40)} is answered 400 in Russian`, async () => {
      const response = await log(admin.token, encodeURI(query));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'error', message });
    });
  }
});
