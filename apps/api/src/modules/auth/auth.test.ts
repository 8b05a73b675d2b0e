import { Writable } from 'node:stream';
import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD,
  addTeamMember,
  signUpCompany,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const ORIGIN = 'http://localhost:80';

describe('signing up, signing in and out', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://ats.test',
      SUPPORT_EMAIL: 'support@ats.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates a company, its owner-admin and a 14-day trial on sign-up', async () => {
    const email = uniqueEmail('founder');
    const r = await call(t.app, 'POST', '/api/sign_up', {
      admin_user: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: 'Ольга',
        company: 'Без компании',
        nick: 'olga',
        inn: '7707083893',
        time_zone: 'Asia/Yekaterinburg',
        utm_source: 'test',
        is_adv_agree: true,
        member_type: 'owner',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message.admin_user).toMatchObject({
      email,
      name: 'Ольга',
      middle_name: null,
      last_name: null,
    });
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: r.body.message.auth_token });
    expect(me.body.message).toMatchObject({
      member_type: 'owner',
      is_admin: true,
      tariff_name: 'trial',
      tariff_is_active: true,
      nick: 'olga',
    });
    const days =
      (Date.parse(me.body.message.tariff_end_at) - Date.parse(me.body.message.tariff_start_at)) /
      86_400_000;
    expect(days).toBe(14);
  });

  it('refuses a second sign-up with the same e-mail in any letter case', async () => {
    const company = await signUpCompany(t.app);
    const r = await call(t.app, 'POST', '/api/sign_up', {
      admin_user: {
        email: company.email.toUpperCase(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: 'Х',
        company: 'Y',
      },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Пользователь с таким email уже зарегистрирован');
  });

  it('refuses mismatched password confirmation with a field error', async () => {
    const r = await call(t.app, 'POST', '/api/sign_up', {
      admin_user: {
        email: uniqueEmail(),
        password: PASSWORD,
        password_confirmation: 'other-password',
        name: 'Х',
        company: 'Y',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.['admin_user.password_confirmation']).toBe('Пароли не совпадают');
  });

  it('refuses an ИНН whose check digits do not match, as the company settings do', async () => {
    const remoteAddress = uniqueAddress();
    const signUp = (inn: string) =>
      call(
        t.app,
        'POST',
        '/api/sign_up',
        {
          admin_user: {
            email: uniqueEmail(),
            password: PASSWORD,
            password_confirmation: PASSWORD,
            name: 'Х',
            company: 'Y',
            inn,
          },
        },
        { remoteAddress },
      );
    const wrong = await signUp('7707083894');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.['admin_user.inn']).toBe(
      'ИНН с ошибкой: не сходится контрольное число',
    );
    const short = await signUp('12345');
    expect(short.body.errors?.['admin_user.inn']).toBe('ИНН состоит из 10 или 12 цифр');
    expect((await signUp('500100732259')).status).toBe(200);
    expect((await signUp('')).status).toBe(200);
  });

  it('stores argon2id hashes and only hashes of session tokens', async () => {
    const company = await signUpCompany(t.app);
    const [user] = await selectRows<{ password_hash: string }>(
      t.database.system,
      sql`select password_hash from users where id = ${company.userId}`,
    );
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    const leaked = await selectRows(
      t.database.system,
      sql`select 1 from sessions where token_hash = ${company.token}`,
    );
    expect(leaked).toHaveLength(0);
  });

  it('signs in with the plugin source as the known client does, then reads /me with the header', async () => {
    const company = await signUpCompany(t.app);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      email: company.email,
      password: PASSWORD,
      source: 'plugin',
    });
    expect(login.status).toBe(200);
    expect(login.body.status).toBe('success');
    const token = login.body.message.auth_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(t.app, 'GET', '/api/me', undefined, { token });
    expect(me.body.message).toMatchObject({
      id: company.userId,
      account_id: company.accountId,
      token,
      is_plugin: true,
      applicants_count: 0,
    });
  });

  it('answers a wrong pair with 400 "Неверный email или пароль", whether the e-mail exists or not', async () => {
    const company = await signUpCompany(t.app);
    for (const email of [company.email, uniqueEmail('ghost')]) {
      const r = await call(t.app, 'POST', '/api/auth/login', { email, password: 'wrong-password' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, status: 'error', message: 'Неверный email или пароль' });
    }
  });

  it('sets the auth_token cookie for a week, HttpOnly and SameSite=Lax, and the cookie authenticates', async () => {
    const company = await signUpCompany(t.app);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      email: company.email,
      password: PASSWORD,
      source: 'web',
    });
    const cookie = login.cookies.find((c) => c.name === 'auth_token')!;
    expect(cookie).toMatchObject({
      value: login.body.message.auth_token,
      maxAge: 604800,
      path: '/',
      sameSite: 'Lax',
      httpOnly: true,
    });
    expect(cookie.secure).toBeFalsy();
    const me = await call(t.app, 'GET', '/api/me', undefined, { cookie: cookie.value });
    expect(me.status).toBe(200);
    expect(me.cookies.find((c) => c.name === 'auth_token')).toMatchObject({ maxAge: 604800 });
  });

  it('marks the cookie Secure when served over HTTPS behind a trusted proxy', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const company = await signUpCompany(behindProxy.app);
      const r = await call(
        behindProxy.app,
        'POST',
        '/api/auth/login',
        { email: company.email, password: PASSWORD },
        {
          headers: { 'x-forwarded-proto': 'https' },
        },
      );
      expect(r.cookies.find((c) => c.name === 'auth_token')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await behindProxy.close();
    }
  }, 180_000);

  it('accepts cookie-only mutations from the app’s own origin and refuses foreign ones', async () => {
    const company = await signUpCompany(t.app);
    const foreign = await call(t.app, 'DELETE', '/api/log_out', undefined, {
      cookie: company.token,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const bare = await call(t.app, 'DELETE', '/api/log_out', undefined, { cookie: company.token });
    expect(bare.status).toBe(403);
    const own = await call(t.app, 'DELETE', '/api/log_out', undefined, {
      cookie: company.token,
      origin: ORIGIN,
    });
    expect(own.status).toBe(200);
  });

  it('logs out: the session is revoked, the cookie cleared, and the token answers 420 afterwards', async () => {
    const company = await signUpCompany(t.app);
    const out = await call(t.app, 'DELETE', '/api/log_out', undefined, { token: company.token });
    expect(out.body).toEqual({ code: 200, status: 'success', message: 'Вы вышли из системы' });
    expect(out.cookies.find((c) => c.name === 'auth_token')?.value).toBe('');
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(me.status).toBe(420);
  });

  it('answers 420 for a missing or unknown token and 421 for an expired session', async () => {
    expect((await call(t.app, 'GET', '/api/me')).status).toBe(420);
    expect(
      (await call(t.app, 'GET', '/api/me', undefined, { token: 'made-up-token' })).status,
    ).toBe(420);
    const company = await signUpCompany(t.app);
    await t.database.system.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${company.userId}`,
    );
    const expired = await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(expired.status).toBe(421);
    expect(expired.body.status).toBe('error');
  });

  it('extends the session by a full week on GET /api/me', async () => {
    const company = await signUpCompany(t.app);
    await t.database.system.execute(
      sql`update sessions set expires_at = now() + interval '1 hour', last_seen_at = now() - interval '1 day' where user_id = ${company.userId}`,
    );
    await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    const [session] = await selectRows<{ expires_at: string }>(
      t.database.system,
      sql`select expires_at from sessions where user_id = ${company.userId}`,
    );
    const daysLeft = (Date.parse(session!.expires_at) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.99);
  });

  it('answers 419 with the inactive-account text when the tariff has ended, but still serves /me and logout', async () => {
    const company = await signUpCompany(t.app);
    await t.database.system.execute(
      sql`update account_tariffs set end_at = now() - interval '1 day' where account_id = ${company.accountId}`,
    );
    const users = await call(t.app, 'GET', '/api/users', undefined, { token: company.token });
    expect(users.status).toBe(419);
    expect(users.body.message).toBe(
      'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.',
    );
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(me.status).toBe(200);
    expect(me.body.message.tariff_is_active).toBe(false);
    expect(
      (await call(t.app, 'DELETE', '/api/log_out', undefined, { token: company.token })).status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After after repeated failed sign-ins, even with the right password', async () => {
    const company = await signUpCompany(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.app, 'POST', '/api/auth/login', { email: company.email, password: 'wrong' }))
          .status,
      ).toBe(400);
    }
    const locked = await call(t.app, 'POST', '/api/auth/login', {
      email: company.email,
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body.message).toBe('Слишком много попыток. Попробуйте позже');
  });

  describe('password reset by a mailed one-time link', () => {
    it('mails a link that sets a new password once, ends old sessions and signs in', async () => {
      const company = await signUpCompany(t.app);
      const before = smtp.received.length;
      const r = await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      expect(r.status).toBe(200);
      expect(r.body.message).toMatch(/ссылку для восстановления/);
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.to).toEqual([company.email]);
      expect(mail!.subject).toBe('Восстановление пароля');
      const token = /http:\/\/ats\.test\/auth\/reset-from-mail\?token=([A-Za-z0-9_-]+)/.exec(
        mail!.text,
      )![1]!;

      const reset = await call(t.app, 'POST', '/api/auth/reset_from_mail', {
        token,
        password: 'new-password-2',
        password_confirmation: 'new-password-2',
      });
      expect(reset.status).toBe(200);
      expect(
        (await call(t.app, 'GET', '/api/me', undefined, { token: reset.body.message.auth_token }))
          .status,
      ).toBe(200);
      expect(
        (await call(t.app, 'GET', '/api/me', undefined, { token: company.token })).status,
      ).toBe(420);
      expect(
        (
          await call(t.app, 'POST', '/api/auth/login', {
            email: company.email,
            password: 'new-password-2',
          })
        ).status,
      ).toBe(200);

      const again = await call(t.app, 'POST', '/api/auth/reset_from_mail', {
        token,
        password: 'third-password',
        password_confirmation: 'third-password',
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Ссылка для восстановления недействительна или устарела');
    });

    it('refuses an expired link', async () => {
      const company = await signUpCompany(t.app);
      const before = smtp.received.length;
      await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      await t.database.system.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${company.userId}`,
      );
      const r = await call(t.app, 'POST', '/api/auth/reset_from_mail', {
        token,
        password: 'new-password-2',
        password_confirmation: 'new-password-2',
      });
      expect(r.status).toBe(400);
    });

    /** Asks for a reset link for `email` and returns the token of the link in the letter. */
    async function mailedResetToken(email: string) {
      const before = smtp.received.filter((mail) => mail.to.includes(email)).length;
      expect((await call(t.app, 'POST', '/api/auth/reset', { email })).status).toBe(200);
      const mail = await smtp.waitForLetter((m) => m.to.includes(email), before + 1);
      return /\/auth\/reset-from-mail\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    }

    const resetWith = (token: string, password: string) =>
      call(t.app, 'POST', '/api/auth/reset_from_mail', {
        token,
        password,
        password_confirmation: password,
      });

    const LINK_REFUSED = {
      code: 400,
      status: 'error',
      message: 'Ссылка для восстановления недействительна или устарела',
    };

    it('ends every earlier link when one of them is used', async () => {
      const company = await signUpCompany(t.app);
      const first = await mailedResetToken(company.email);
      const second = await mailedResetToken(company.email);
      expect(second).not.toBe(first);

      expect((await resetWith(second, 'second-password-2')).status).toBe(200);
      const old = await resetWith(first, 'first-password-1');
      expect(old.status).toBe(400);
      expect(old.body).toMatchObject(LINK_REFUSED);
      expect(old.body.message.auth_token).toBeUndefined();
      // The password is the one set by the link that was used, not by the stale one.
      const signIn = (password: string) =>
        call(t.app, 'POST', '/api/auth/login', { email: company.email, password });
      expect((await signIn('first-password-1')).status).toBe(400);
      expect((await signIn('second-password-2')).status).toBe(200);
    });

    it('ends a link asked for before the password was changed in the settings', async () => {
      const company = await signUpCompany(t.app);
      const token = await mailedResetToken(company.email);
      const changed = await call(
        t.app,
        'PATCH',
        '/api/safety/password',
        {
          current_password: PASSWORD,
          password: 'changed-in-settings-3',
          password_confirmation: 'changed-in-settings-3',
        },
        { token: company.token },
      );
      expect(changed.status).toBe(200);

      const r = await resetWith(token, 'attacker-password-4');
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject(LINK_REFUSED);
      expect(
        (
          await call(t.app, 'POST', '/api/auth/login', {
            email: company.email,
            password: 'changed-in-settings-3',
          })
        ).status,
      ).toBe(200);
    });

    it('keeps a link working for its hour and refuses it after', async () => {
      const company = await signUpCompany(t.app);
      const other = await signUpCompany(t.app);
      const late = await mailedResetToken(company.email);
      const inTime = await mailedResetToken(other.email);
      const issuedAt = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(issuedAt + 59 * 60_000);
        expect((await resetWith(inTime, 'in-time-password-5')).status).toBe(200);
        vi.setSystemTime(issuedAt + 61 * 60_000);
        const r = await resetWith(late, 'too-late-password-6');
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject(LINK_REFUSED);
      } finally {
        vi.useRealTimers();
      }
    });

    it('ends a reset link once an invitation sets the password, and an invitation once a reset does', async () => {
      const admin = await signUpCompany(t.app);
      const invite = async () => {
        const email = uniqueEmail('invitee');
        const created = await call(
          t.app,
          'POST',
          '/api/users',
          { admin_user: { email, name: 'Ирина', member_type: 'owner', is_admin: false } },
          { token: admin.token },
        );
        expect(created.status).toBe(200);
        for (let waited = 0; waited < 10_000; waited += 20) {
          const mail = smtp.received.find((m) => m.to.includes(email));
          if (mail) return { email, invitation: /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`no invitation to ${email}`);
      };
      const acceptInvitation = (token: string, password: string) =>
        call(t.app, 'POST', '/api/invitations/accept', {
          token,
          password,
          password_confirmation: password,
        });

      const joined = await invite();
      const resetToken = await mailedResetToken(joined.email);
      expect((await acceptInvitation(joined.invitation, 'invited-password-7')).status).toBe(200);
      expect((await resetWith(resetToken, 'reset-password-8')).body).toMatchObject(LINK_REFUSED);

      const reset = await invite();
      const token = await mailedResetToken(reset.email);
      expect((await resetWith(token, 'reset-password-9')).status).toBe(200);
      expect((await acceptInvitation(reset.invitation, 'invited-password-10')).status).toBe(400);
    });

    it('gives the same neutral answer for an unknown e-mail and mails nothing', async () => {
      const company = await signUpCompany(t.app);
      const before = smtp.received.length;
      const r = await call(t.app, 'POST', '/api/auth/reset', { email: uniqueEmail('nobody') });
      expect(r.status).toBe(200);
      expect(r.body.message).toMatch(/Если такой email зарегистрирован/);
      const known = await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      expect(known.body).toEqual(r.body);
      // One worker takes the jobs in order: once the second mail is out, the first job is done.
      await smtp.waitFor(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([[company.email]]);
    });

    it('keeps every reset mail in the outbox', async () => {
      const company = await signUpCompany(t.app);
      const before = smtp.received.length;
      await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      await smtp.waitFor(before + 1);
      // The job marks the mail sent just after the SMTP server has it.
      const rows = () =>
        selectRows<{ status: string; kind: string }>(
          t.database.system,
          sql`select status, kind from mail_outbox where to_address = ${company.email} order by id`,
        );
      // The first is the sign-up's confirmation link.
      await expect.poll(rows, { timeout: 5000 }).toEqual([
        { status: 'sent', kind: 'email_confirmation' },
        { status: 'sent', kind: 'password_reset' },
      ]);
    });

    it('answers 429 after repeated reset requests for one address', async () => {
      const company = await signUpCompany(t.app);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await call(t.app, 'POST', '/api/auth/reset', { email: company.email })).status,
        ).toBe(200);
      }
      const r = await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      expect(r.status).toBe(429);
      expect(r.headers['retry-after']).toBeDefined();
    });
  });

  it('lets a deactivated team member neither use old sessions nor sign in', async () => {
    const admin = await signUpCompany(t.app);
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await call(
      t.app,
      'PATCH',
      `/api/users/${member.userId}`,
      { admin_user: { is_active: false } },
      { token: admin.token },
    );
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: member.token })).status).toBe(
      420,
    );
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD }))
        .status,
    ).toBe(400);
  });
});

async function waitForOutboxMail(t: TestApp, to: string) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const [mail] = await selectRows<{ status: string; text_body: string }>(
      t.database.system,
      sql`select status, text_body from mail_outbox
          where to_address = ${to} and kind = 'password_reset'`,
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

describe('without SMTP, in development', () => {
  it('keeps the reset mail in the outbox and prints the link to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp(
      { NODE_ENV: 'development' },
      { logger: { level: 'info', stream } },
    );
    try {
      const company = await signUpCompany(t.app);
      await call(t.app, 'POST', '/api/auth/reset', { email: company.email });
      // The mail is written by a job after the answer (the same answer for every address).
      const mail = await waitForOutboxMail(t, company.email);
      expect(mail.status).toBe('stored');
      const link = /(http:\/\/\S+\/auth\/reset-from-mail\?token=\S+)/.exec(mail.text_body)![1]!;
      expect(lines.join('\n')).toContain(link);
    } finally {
      await t.close();
    }
  }, 180_000);
});
