import { PERMISSION_ACTIONS } from '@ats/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  type SignedUp,
  addTeamMember,
  signUpCompany,
  uniqueEmail,
} from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const PUBLIC_URL = 'https://ats.example.ru';
const ONLY_ADMINS = 'Управлять пользователями может только администратор';
const OWN_RIGHTS = 'Нельзя изменить собственные права и роль';
const NOT_FOUND = 'Пользователь не найден';
const LAST_ADMIN =
  'Это последний активный администратор аккаунта. Сначала назначьте администратором другого рекрутера';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const createUser = (token: string, adminUser: Record<string, unknown>, url = '/api/users') =>
  call(t.app, 'POST', url, { admin_user: adminUser }, { token });

describe('an admin builds the team', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpCompany(t.app);
  });

  it('creates an owner and a watcher with passwords; both sign in with their role and default rights', async () => {
    const ownerEmail = uniqueEmail('owner');
    const watcherEmail = uniqueEmail('watcher');
    const owner = await createUser(admin.token, {
      email: ownerEmail,
      name: 'Ольга',
      member_type: 'owner',
      is_admin: true,
      password: PASSWORD,
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const watcher = await createUser(
      admin.token,
      {
        email: watcherEmail,
        name: 'Виктор',
        member_type: 'watcher',
        is_admin: false,
        password: PASSWORD,
        password_confirmed: PASSWORD,
      },
      '/api/create_admin_user',
    );
    expect(watcher.status, JSON.stringify(watcher.body)).toBe(200);

    expect(owner.body.message).toMatchObject({
      email: ownerEmail,
      name: 'Ольга',
      member_type: 'owner',
      is_admin: true,
      is_active: true,
      account_id: admin.accountId,
    });
    expect(watcher.body.message).toMatchObject({
      email: watcherEmail,
      member_type: 'watcher',
      is_admin: false,
      account_id: admin.accountId,
    });

    const ownerRights = owner.body.message.admin_user_setting.permissions_actions;
    const watcherRights = watcher.body.message.admin_user_setting.permissions_actions;
    expect(Object.keys(ownerRights).sort()).toEqual([...PERMISSION_ACTIONS].sort());
    expect(Object.keys(ownerRights)).toHaveLength(11);
    expect(Object.values(ownerRights).every((v) => v === true)).toBe(true);
    expect(Object.keys(watcherRights).sort()).toEqual([...PERMISSION_ACTIONS].sort());
    expect(Object.values(watcherRights).every((v) => v === false)).toBe(true);

    for (const [email, role, isAdmin] of [
      [ownerEmail, 'owner', true],
      [watcherEmail, 'watcher', false],
    ] as const) {
      const login = await call(t.app, 'POST', '/api/auth/login', { email, password: PASSWORD });
      expect(login.status).toBe(200);
      const me = await call(t.app, 'GET', '/api/me', undefined, {
        token: login.body.message.auth_token,
      });
      expect(me.status).toBe(200);
      expect(me.body.message).toMatchObject({
        email,
        member_type: role,
        is_admin: isAdmin,
        account_id: admin.accountId,
      });
    }

    const list = await call(t.app, 'GET', '/api/users', undefined, { token: admin.token });
    expect(list.status).toBe(200);
    const emails = list.body.message.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([admin.email, ownerEmail, watcherEmail]));

    const one = await call(t.app, 'GET', `/api/users/${watcher.body.message.id}`, undefined, {
      token: admin.token,
    });
    expect(one.status).toBe(200);
    // The same user, now with the sign-in above on record.
    expect(one.body.message).toEqual({
      ...watcher.body.message,
      last_sign_in_at: expect.any(String),
    });
    expect(watcher.body.message.last_sign_in_at).toBeNull();
  });

  it('invites a user created without a password: «Приглашён» until they set a password through the mailed link', async () => {
    const email = uniqueEmail('invitee');
    const created = await createUser(admin.token, {
      email,
      name: 'Инна',
      member_type: 'owner',
      is_admin: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({ status: 'invited', is_active: true });

    const started = Date.now();
    while (!smtp.received.some((m) => m.to.includes(email)) && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail, 'invitation mail').toBeDefined();
    expect(mail!.subject).toBe('Приглашение в команду «ООО «Ромашка»»');
    expect(mail!.text).toContain('Анна приглашает вас');
    const link = /(\S+\/invite\/([A-Za-z0-9_-]+))/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(link![1]!.startsWith(`${PUBLIC_URL}/invite/`)).toBe(true);

    // No password yet: signing in is impossible.
    const before = await call(t.app, 'POST', '/api/auth/login', {
      email,
      password: 'new-password-42',
    });
    expect(before.status).toBe(400);

    const accepted = await call(t.app, 'POST', '/api/invitations/accept', {
      token: link![2],
      password: 'new-password-42',
      password_confirmation: 'new-password-42',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', undefined, {
      token: accepted.body.message.auth_token,
    });
    expect(me.status).toBe(200);
    expect(me.body.message.email).toBe(email);

    const login = await call(t.app, 'POST', '/api/auth/login', {
      email,
      password: 'new-password-42',
    });
    expect(login.status).toBe(200);
    const listed = await call(t.app, 'GET', `/api/users/${created.body.message.id}`, undefined, {
      token: admin.token,
    });
    expect(listed.body.message.status).toBe('active');
  });

  it('refuses a second user with the same email (in any letter case) with 409', async () => {
    const admin = await signUpCompany(t.app);
    const email = uniqueEmail('dup');
    expect(
      (
        await createUser(admin.token, {
          email,
          name: 'А',
          member_type: 'watcher',
          is_admin: false,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const again = await createUser(admin.token, {
      email: email.toUpperCase(),
      name: 'Б',
      member_type: 'owner',
      is_admin: false,
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Пользователь с таким email уже существует');
    // Another account cannot take it either: sign-in is by email alone.
    const other = await signUpCompany(t.app);
    const elsewhere = await createUser(other.token, {
      email,
      name: 'В',
      member_type: 'owner',
      is_admin: false,
      password: PASSWORD,
    });
    expect(elsewhere.status).toBe(409);
  });
});

describe('only admins manage users', () => {
  let admin: SignedUp;
  let owner: Awaited<ReturnType<typeof addTeamMember>>;
  let watcher: Awaited<ReturnType<typeof addTeamMember>>;
  beforeAll(async () => {
    admin = await signUpCompany(t.app);
    owner = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    watcher = await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false });
  });

  it('a non-admin owner or watcher may not add, delete or edit someone else (403, Russian message)', async () => {
    for (const member of [owner, watcher]) {
      const post = await createUser(member.token, {
        email: uniqueEmail(),
        name: 'Х',
        member_type: 'owner',
        is_admin: false,
        password: PASSWORD,
      });
      expect(post.status).toBe(403);
      expect(post.body).toMatchObject({ code: 403, status: 'error', message: ONLY_ADMINS });

      const alias = await createUser(
        member.token,
        {
          email: uniqueEmail(),
          name: 'Х',
          member_type: 'owner',
          is_admin: false,
          password: PASSWORD,
        },
        '/api/create_admin_user',
      );
      expect(alias.status).toBe(403);

      const del = await call(t.app, 'DELETE', `/api/users/${admin.userId}`, undefined, {
        token: member.token,
      });
      expect(del.status).toBe(403);
      expect(del.body.message).toBe(ONLY_ADMINS);

      const other = member === owner ? watcher : owner;
      const patch = await call(
        t.app,
        'PATCH',
        `/api/users/${other.userId}`,
        { admin_user: { name: 'Взлом' } },
        { token: member.token },
      );
      expect(patch.status).toBe(403);
      expect(patch.body.message).toBe(ONLY_ADMINS);
    }
    const list = await call(t.app, 'GET', '/api/users', undefined, { token: admin.token });
    expect(list.body.message).toHaveLength(3);
    expect(list.body.message.find((u: { id: number }) => u.id === owner.userId).name).toBe(
      'Сотрудник',
    );
  });

  it('a user edits their own name, nick, time zone and chat visibility', async () => {
    const patch = await call(
      t.app,
      'PATCH',
      `/api/users/${watcher.userId}`,
      {
        admin_user: {
          name: 'Вера',
          nick: 'vera',
          time_zone: 'Asia/Yekaterinburg',
          admin_user_setting: { is_hide_chat: true },
        },
      },
      { token: watcher.token },
    );
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.message).toMatchObject({
      name: 'Вера',
      nick: 'vera',
      time_zone: 'Asia/Yekaterinburg',
    });
    expect(patch.body.message.admin_user_setting.is_hide_chat).toBe(true);

    const me = await call(t.app, 'GET', '/api/me', undefined, { token: watcher.token });
    expect(me.body.message).toMatchObject({
      name: 'Вера',
      nick: 'vera',
      time_zone: 'Asia/Yekaterinburg',
    });
    expect(me.body.message.admin_user_setting.is_hide_chat).toBe(true);
    // Rights untouched.
    expect(me.body.message.member_type).toBe('watcher');
    expect(me.body.message.admin_user_setting.permissions_actions.can_manage_tag).toBe(false);
  });

  it('no non-admin changes their own role, admin flag, activity or permissions; the last admin cannot step down', async () => {
    const watcherAttempts = [
      { member_type: 'owner' },
      { is_admin: true },
      { is_active: false },
      { admin_user_setting: { permissions_actions: { can_manage_tag: true } } },
      {
        admin_user_setting: {
          is_hide_chat: false,
          permissions_actions: { can_manage_tag: false, can_manage_vacancy: true },
        },
      },
    ];
    const ownerAttempts = [
      { member_type: 'watcher' },
      { is_admin: true },
      { is_active: false },
      { admin_user_setting: { permissions_actions: { can_manage_tag: false } } },
    ];
    for (const [who, token, attempts] of [
      [watcher.userId, watcher.token, watcherAttempts],
      [owner.userId, owner.token, ownerAttempts],
    ] as const) {
      for (const changes of attempts) {
        const r = await call(
          t.app,
          'PATCH',
          `/api/users/${who}`,
          { admin_user: { name: 'Новое имя', ...changes } },
          { token },
        );
        expect(r.status, JSON.stringify(changes)).toBe(403);
        expect(r.body.message).toBe(OWN_RIGHTS);
      }
    }
    // The only admin may not step down: the account would be left without one.
    const adminAttempts = [{ member_type: 'watcher' }, { is_admin: false }, { is_active: false }];
    for (const changes of adminAttempts) {
      const r = await call(
        t.app,
        'PATCH',
        `/api/users/${admin.userId}`,
        { admin_user: changes },
        { token: admin.token },
      );
      expect(r.status, JSON.stringify(changes)).toBe(409);
      expect(r.body.message).toBe(LAST_ADMIN);
    }
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: admin.token });
    expect(me.body.message).toMatchObject({ is_admin: true, member_type: 'owner' });
    expect(me.body.message.admin_user_setting.permissions_actions.can_manage_tag).toBe(true);
    const w = await call(t.app, 'GET', '/api/me', undefined, { token: watcher.token });
    expect(w.body.message).toMatchObject({ is_admin: false, member_type: 'watcher' });
  });

  it('a client that sends the whole profile back unchanged (rights included) may still save it', async () => {
    const current = (
      await call(t.app, 'GET', `/api/users/${owner.userId}`, undefined, { token: owner.token })
    ).body.message;
    const r = await call(
      t.app,
      'PATCH',
      `/api/users/${owner.userId}`,
      {
        admin_user: {
          name: 'Олег',
          member_type: current.member_type,
          is_admin: current.is_admin,
          is_active: current.is_active,
          admin_user_setting: current.admin_user_setting,
        },
      },
      { token: owner.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message.name).toBe('Олег');
  });

  it('an admin changes another user’s role and rights', async () => {
    const r = await call(
      t.app,
      'PATCH',
      `/api/users/${owner.userId}`,
      {
        admin_user: {
          is_admin: true,
          admin_user_setting: { permissions_actions: { can_manage_vacancy: false } },
        },
      },
      { token: admin.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message.is_admin).toBe(true);
    expect(r.body.message.admin_user_setting.permissions_actions).toMatchObject({
      can_manage_vacancy: false,
      can_manage_tag: true,
    });
    const back = await call(
      t.app,
      'PATCH',
      `/api/users/${owner.userId}`,
      { admin_user: { is_admin: false } },
      { token: admin.token },
    );
    expect(back.status).toBe(200);
  });
});

describe('tenancy', () => {
  let a: SignedUp;
  let b: SignedUp;
  let bMember: Awaited<ReturnType<typeof addTeamMember>>;
  beforeAll(async () => {
    a = await signUpCompany(t.app, { company: 'ООО «А»' });
    b = await signUpCompany(t.app, { company: 'ООО «Б»' });
    bMember = await addTeamMember(t.app, b.token, { member_type: 'owner', is_admin: false });
  });

  it('ignores account_id in the body: the user joins the caller’s account', async () => {
    const email = uniqueEmail('planted');
    const r = await createUser(a.token, {
      email,
      name: 'Подкидыш',
      member_type: 'owner',
      is_admin: false,
      password: PASSWORD,
      account_id: b.accountId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message.account_id).toBe(a.accountId);
    const bList = await call(t.app, 'GET', '/api/users', undefined, { token: b.token });
    expect(bList.body.message.map((u: { email: string }) => u.email)).not.toContain(email);

    const patch = await call(
      t.app,
      'PATCH',
      `/api/users/${r.body.message.id}`,
      { admin_user: { name: 'Х', account_id: b.accountId } },
      { token: a.token },
    );
    expect(patch.status).toBe(200);
    expect(patch.body.message.account_id).toBe(a.accountId);
  });

  it('answers 404 for another account’s user exactly as for a missing id', async () => {
    const missing = 987654;
    for (const id of [bMember.userId, b.userId, missing]) {
      const get = await call(t.app, 'GET', `/api/users/${id}`, undefined, { token: a.token });
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ code: 404, status: 'error', message: NOT_FOUND });
      const patch = await call(
        t.app,
        'PATCH',
        `/api/users/${id}`,
        { admin_user: { name: 'Чужой' } },
        { token: a.token },
      );
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual({ code: 404, status: 'error', message: NOT_FOUND });
      const del = await call(t.app, 'DELETE', `/api/users/${id}`, undefined, { token: a.token });
      expect(del.status).toBe(404);
      expect(del.body).toEqual({ code: 404, status: 'error', message: NOT_FOUND });
    }
    const still = await call(t.app, 'GET', `/api/users/${bMember.userId}`, undefined, {
      token: b.token,
    });
    expect(still.status).toBe(200);
    expect(still.body.message.name).toBe('Сотрудник');
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: bMember.token })).status).toBe(
      200,
    );
  });
});

describe('deactivating and deleting', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpCompany(t.app);
  });

  it('ends a deactivated user’s sessions at once', async () => {
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: member.token })).status).toBe(
      200,
    );
    const r = await call(
      t.app,
      'PATCH',
      `/api/users/${member.userId}`,
      { admin_user: { is_active: false } },
      { token: admin.token },
    );
    expect(r.status).toBe(200);
    expect(r.body.message.is_active).toBe(false);
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: member.token });
    expect(me.status).toBe(420);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      email: member.email,
      password: PASSWORD,
    });
    expect(login.status).not.toBe(200);
  });

  it('deletes a user: gone from the list, then 404, their session ends; an admin cannot delete themselves', async () => {
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const del = await call(t.app, 'DELETE', `/api/users/${member.userId}`, undefined, {
      token: admin.token,
    });
    expect(del.status).toBe(200);
    expect(del.body.message).toMatchObject({ id: member.userId, email: member.email });

    const list = await call(t.app, 'GET', '/api/users', undefined, { token: admin.token });
    expect(list.body.message.map((u: { id: number }) => u.id)).not.toContain(member.userId);
    expect(
      (await call(t.app, 'GET', `/api/users/${member.userId}`, undefined, { token: admin.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'DELETE', `/api/users/${member.userId}`, undefined, {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/users/${member.userId}`,
          { admin_user: { name: 'Х' } },
          { token: admin.token },
        )
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: member.token })).status).toBe(
      420,
    );

    // The address is free again for a new invitation.
    const again = await createUser(admin.token, {
      email: member.email,
      name: 'Снова',
      member_type: 'watcher',
      is_admin: false,
      password: PASSWORD,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    const self = await call(t.app, 'DELETE', `/api/users/${admin.userId}`, undefined, {
      token: admin.token,
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Нельзя удалить самого себя');
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: admin.token })).status).toBe(
      200,
    );
  });
});

describe('the tariff’s user limit', () => {
  it('allows 5 active users on the trial and answers 409 naming the limit beyond it', async () => {
    const admin = await signUpCompany(t.app);
    const members = [];
    for (let i = 0; i < 4; i++) {
      members.push(
        await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false }),
      );
    }

    const sixth = await createUser(admin.token, {
      email: uniqueEmail(),
      name: 'Шестой',
      member_type: 'owner',
      is_admin: false,
      password: PASSWORD,
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toMatch(/лимит/i);
    expect(sixth.body.message).toContain('5');

    // An inactive user does not take a seat…
    const idle = await createUser(admin.token, {
      email: uniqueEmail(),
      name: 'Запасной',
      member_type: 'owner',
      is_admin: false,
      password: PASSWORD,
      is_active: false,
    });
    expect(idle.status, JSON.stringify(idle.body)).toBe(200);
    // …and cannot be switched on while the seats are full.
    const activate = await call(
      t.app,
      'PATCH',
      `/api/users/${idle.body.message.id}`,
      { admin_user: { is_active: true } },
      { token: admin.token },
    );
    expect(activate.status).toBe(409);
    expect(activate.body.message).toMatch(/лимит/i);

    // Freeing a seat lets the next one in.
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/users/${members[0]!.userId}`,
          { admin_user: { is_active: false } },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);
    const now = await call(
      t.app,
      'PATCH',
      `/api/users/${idle.body.message.id}`,
      { admin_user: { is_active: true } },
      { token: admin.token },
    );
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    const list = await call(t.app, 'GET', '/api/users', undefined, { token: admin.token });
    expect(list.body.message.filter((u: { is_active: boolean }) => u.is_active)).toHaveLength(5);
  });
});

describe('bad input answers 400 with Russian field errors, never 5xx', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpCompany(t.app);
  });

  it('rejects a bad email, an unknown role and a missing name', async () => {
    const badEmail = await createUser(admin.token, {
      email: 'не-почта',
      name: 'А',
      member_type: 'owner',
      is_admin: false,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors).toMatchObject({ 'admin_user.email': 'Некорректный email' });

    const badRole = await createUser(admin.token, {
      email: uniqueEmail(),
      name: 'А',
      member_type: 'boss',
      is_admin: false,
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toMatchObject({
      'admin_user.member_type': 'Роль должна быть owner или watcher',
    });

    const noName = await createUser(admin.token, {
      email: uniqueEmail(),
      member_type: 'owner',
      is_admin: false,
    });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toMatchObject({ 'admin_user.name': 'Укажите имя' });

    const blankName = await createUser(admin.token, {
      email: uniqueEmail(),
      name: '   ',
      member_type: 'owner',
      is_admin: false,
    });
    expect(blankName.status).toBe(400);
    expect(blankName.body.errors).toMatchObject({ 'admin_user.name': 'Укажите имя' });

    const shortPassword = await createUser(admin.token, {
      email: uniqueEmail(),
      name: 'А',
      member_type: 'owner',
      is_admin: false,
      password: '123',
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.errors?.['admin_user.password']).toMatch(/не короче 8/);

    const patchBad = await call(
      t.app,
      'PATCH',
      `/api/users/${admin.userId}`,
      { admin_user: { email: 'плохо' } },
      { token: admin.token },
    );
    expect(patchBad.status).toBe(400);
    expect(patchBad.body.errors).toMatchObject({ 'admin_user.email': 'Некорректный email' });

    // One wrong field each: the envelope's message is that field's own sentence.
    for (const r of [badEmail, badRole, noName, blankName, shortPassword, patchBad]) {
      const fieldMessages = Object.values(r.body.errors ?? {});
      expect(fieldMessages).toHaveLength(1);
      expect(r.body).toMatchObject({ code: 400, status: 'error', message: fieldMessages[0] });
      expect(fieldMessages[0]).toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('rejects a non-numeric id and odd bodies', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const r = await call(
        t.app,
        method,
        '/api/users/abc',
        method === 'PATCH' ? { admin_user: { name: 'А' } } : undefined,
        { token: admin.token },
      );
      expect(r.status, method).toBe(400);
      expect(r.body.errors?.id).toMatch(/[А-Яа-яЁё]/);
    }
    const noWrapper = await call(
      t.app,
      'POST',
      '/api/users',
      { email: uniqueEmail(), name: 'А', member_type: 'owner' },
      { token: admin.token },
    );
    expect(noWrapper.status).toBe(400);
    expect(Object.values(noWrapper.body.errors ?? {}).join(' ')).toMatch(/[А-Яа-яЁё]/);

    const wrongTypes = await createUser(admin.token, {
      email: 42,
      name: ['А'],
      member_type: 'owner',
      is_admin: 'yes',
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors ?? {})).toEqual(
      expect.arrayContaining(['admin_user.email', 'admin_user.name', 'admin_user.is_admin']),
    );

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'x-dcrt-hrm-auth': admin.token, 'content-type': 'application/json' },
      payload: '{"admin_user": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Некорректный JSON в теле запроса');

    const hugeId = await call(t.app, 'GET', '/api/users/99999999999999', undefined, {
      token: admin.token,
    });
    expect(hugeId.status).toBe(400);
    expect(hugeId.body.errors).toEqual({ id: 'Некорректный идентификатор' });
  });

  it('requires a session', async () => {
    expect((await call(t.app, 'GET', '/api/users')).status).toBe(420);
    const body = {
      admin_user: {
        email: uniqueEmail(),
        name: 'А',
        member_type: 'owner',
        is_admin: false,
        password: PASSWORD,
      },
    };
    expect((await call(t.app, 'POST', '/api/users', body)).status).toBe(420);
    expect((await call(t.app, 'POST', '/api/users', body, { token: 'no-such-token' })).status).toBe(
      420,
    );
  });
});
