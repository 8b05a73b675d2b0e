import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
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

const PUBLIC_URL = 'http://ats.test';
const LINK_INVALID = 'Ссылка для подтверждения email недействительна или устарела';

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

/** The n-th letter to an address, but the confirmation every new owner gets at sign-up. */
const letterTo = (email: string, nth = 1) =>
  smtp.waitForLetter(
    (mail) => mail.to.includes(email) && mail.subject !== 'Подтвердите адрес электронной почты',
    nth,
  );

const confirmToken = (text: string) =>
  new RegExp(`${PUBLIC_URL}/auth/confirm-email\\?token=([A-Za-z0-9_-]+)`).exec(text)![1]!;

const patchUser = (token: string, id: number, adminUser: Record<string, unknown>) =>
  call(t.app, 'PATCH', `/api/users/${id}`, { admin_user: adminUser }, { token });

const confirm = (token: string) => call(t.app, 'POST', '/api/users/confirm_email', { token });

const emailOf = async (user: SignedUp) =>
  (await call(t.app, 'GET', '/api/me', undefined, { token: user.token })).body.message
    .email as string;

const signIn = (email: string, password = PASSWORD) =>
  call(t.app, 'POST', '/api/auth/login', { email, password });

describe('changing one’s own e-mail', () => {
  it('refuses without the current password or with a wrong one, and keeps the address', async () => {
    const user = await signUpCompany(t.app);
    const newEmail = uniqueEmail('moved');

    const missing = await patchUser(user.token, user.userId, { email: newEmail });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 400,
      status: 'error',
      message: 'Чтобы сменить email, введите текущий пароль',
      errors: { 'admin_user.current_password': 'Чтобы сменить email, введите текущий пароль' },
    });

    const wrong = await patchUser(user.token, user.userId, {
      email: newEmail,
      name: 'Другое имя',
      current_password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Текущий пароль указан неверно');

    expect(await emailOf(user)).toBe(user.email);
    // A refused request changes nothing else either.
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: user.token });
    expect(me.body.message.name).toBe('Анна');
    expect((await signIn(newEmail)).status).toBe(400);
    expect(smtp.received.some((mail) => mail.to.includes(newEmail))).toBe(false);
  });

  it('with the password mails a link to the new address and a notice to the old; the address changes once the link is opened', async () => {
    const user = await signUpCompany(t.app);
    const newEmail = uniqueEmail('moved');

    const r = await patchUser(user.token, user.userId, {
      email: newEmail.toUpperCase(),
      nick: 'anna-new',
      current_password: PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatchObject({
      id: user.userId,
      email: user.email,
      nick: 'anna-new',
      pending_email: newEmail,
      notice: `Мы отправили письмо для подтверждения на ${newEmail}. Email изменится, когда вы перейдёте по ссылке из письма`,
    });

    const confirmation = await letterTo(newEmail);
    expect(confirmation.subject).toBe('Подтвердите новый email');
    const notice = await letterTo(user.email);
    expect(notice.subject).toBe('Смена email учётной записи');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain('/auth/confirm-email');

    // Not until the link is opened.
    expect(await emailOf(user)).toBe(user.email);
    expect((await signIn(newEmail)).status).toBe(400);

    const token = confirmToken(confirmation.text);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toEqual({
      email: newEmail,
      notice: `Email подтверждён: теперь вы входите с адресом ${newEmail}`,
    });
    expect(await emailOf(user)).toBe(newEmail);
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(user.email)).status).toBe(400);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, status: 'error', message: LINK_INVALID });

    const rows = await selectRows<{ kind: string }>(
      t.database.system,
      sql`select kind from mail_outbox where to_address in (${user.email}, ${newEmail})
            and kind <> 'email_confirmation' order by id`,
    );
    expect(rows.map((row) => row.kind)).toEqual([
      'email_change_confirmation',
      'email_change_notice',
    ]);
  });

  it('ends a reset link mailed to the old address once the new one is confirmed', async () => {
    const user = await signUpCompany(t.app);
    expect((await call(t.app, 'POST', '/api/auth/reset', { email: user.email })).status).toBe(200);
    const reset = /reset-from-mail\?token=([A-Za-z0-9_-]+)/.exec(
      (await letterTo(user.email)).text,
    )![1]!;
    const newEmail = uniqueEmail('moved');
    await patchUser(user.token, user.userId, { email: newEmail, current_password: PASSWORD });
    expect((await confirm(confirmToken((await letterTo(newEmail)).text))).status).toBe(200);
    const r = await call(t.app, 'POST', '/api/auth/reset_from_mail', {
      token: reset,
      password: 'taken-over-1',
      password_confirmation: 'taken-over-1',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Ссылка для восстановления недействительна или устарела');
  });

  it('keeps saving the rest of the profile without a password when the address is sent back unchanged', async () => {
    const user = await signUpCompany(t.app);
    const r = await patchUser(user.token, user.userId, { email: user.email, name: 'Ольга' });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatchObject({ email: user.email, name: 'Ольга' });
    expect(r.body.message.pending_email).toBeUndefined();
  });

  it('ends the link when a newer request is made or the password changes', async () => {
    const user = await signUpCompany(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await patchUser(user.token, user.userId, { email: first, current_password: PASSWORD });
    const firstToken = confirmToken((await letterTo(first)).text);
    await patchUser(user.token, user.userId, { email: second, current_password: PASSWORD });
    const secondToken = confirmToken((await letterTo(second)).text);
    expect((await confirm(firstToken)).body.message).toBe(LINK_INVALID);

    const changed = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      {
        current_password: PASSWORD,
        password: 'another-password-1',
        password_confirmation: 'another-password-1',
      },
      { token: user.token },
    );
    expect(changed.status).toBe(200);
    expect((await confirm(secondToken)).body.message).toBe(LINK_INVALID);
    expect(await emailOf(user)).toBe(user.email);
  });

  it('answers 429 after five wrong passwords, even with the right one', async () => {
    const user = await signUpCompany(t.app);
    const newEmail = uniqueEmail('guess');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await patchUser(user.token, user.userId, {
        email: newEmail,
        current_password: `guess-${i}`,
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await patchUser(user.token, user.userId, {
      email: newEmail,
      current_password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(smtp.received.some((mail) => mail.to.includes(newEmail))).toBe(false);
  });

  it('refuses an address someone already signs in with, and a made-up link', async () => {
    const user = await signUpCompany(t.app);
    const other = await signUpCompany(t.app);
    const taken = await patchUser(user.token, user.userId, {
      email: other.email,
      current_password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Пользователь с таким email уже существует');
    const madeUp = await confirm('a'.repeat(43));
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(LINK_INVALID);
  });
});

describe('an admin changing a colleague’s e-mail', () => {
  it('changes it at once and tells the old address', async () => {
    const admin = await signUpCompany(t.app);
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const newEmail = uniqueEmail('colleague');
    const r = await patchUser(admin.token, member.userId, { email: newEmail });
    expect(r.status).toBe(200);
    expect(r.body.message.email).toBe(newEmail);
    const notice = await letterTo(member.email);
    expect(notice.subject).toBe('Смена email учётной записи');
    expect(notice.text).toContain(newEmail);
    expect((await signIn(newEmail)).status).toBe(200);
  });

  it('sends a colleague who never joined a fresh invitation at the corrected address; the old link ends', async () => {
    const admin = await signUpCompany(t.app);
    const typo = uniqueEmail('typo');
    const created = await call(
      t.app,
      'POST',
      '/api/users',
      { admin_user: { email: typo, name: 'Ирина', member_type: 'owner', is_admin: false } },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    const oldLink = /\/invite\/([A-Za-z0-9_-]+)/.exec((await letterTo(typo)).text)![1]!;
    const fixed = uniqueEmail('fixed');
    expect((await patchUser(admin.token, created.body.message.id, { email: fixed })).status).toBe(
      200,
    );
    const newLink = /\/invite\/([A-Za-z0-9_-]+)/.exec((await letterTo(fixed)).text)![1]!;
    const accept = (token: string) =>
      call(t.app, 'POST', '/api/invitations/accept', {
        token,
        password: 'joined-password-1',
        password_confirmation: 'joined-password-1',
      });
    expect((await accept(oldLink)).status).toBe(400);
    expect((await accept(newLink)).status).toBe(200);
    // No notice to an address that never signed in.
    expect(smtp.received.filter((mail) => mail.to.includes(typo))).toHaveLength(1);
  });

  it('is refused to a colleague who is not an admin', async () => {
    const admin = await signUpCompany(t.app);
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const r = await patchUser(member.token, admin.userId, {
      email: uniqueEmail('hijack'),
      current_password: PASSWORD,
    });
    expect(r.status).toBe(403);
    expect(await emailOf(admin)).toBe(admin.email);
  });
});
