import { INVITATION_INVALID } from '@ats/contracts/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type SignedUp,
  addTeamMember,
  signUpCompany,
  uniqueEmail,
} from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const PUBLIC_URL = 'https://ats.example.ru';
const NEW_PASSWORD = 'invited-pass-42';

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

/** Waits for the n-th letter to `email` and returns the token of its invitation link. */
async function invitationToken(email: string, nth = 1) {
  const mail = await smtp.waitForLetter((m) => m.to.includes(email), nth);
  const match = new RegExp(`${PUBLIC_URL}/invite/([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

async function invite(adminToken: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('invitee');
  const created = await call(
    t.app,
    'POST',
    '/api/users',
    {
      admin_user: { email, name: 'Ирина', member_type: 'owner', is_admin: false, ...overrides },
    },
    { token: adminToken },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { email, id: created.body.message.id as number, user: created.body.message };
}

const accept = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  call(t.app, 'POST', '/api/invitations/accept', {
    token,
    password,
    password_confirmation: confirmation,
  });

const statusOf = async (adminToken: string, id: number) =>
  (await call(t.app, 'GET', `/api/users/${id}`, undefined, { token: adminToken })).body.message;

describe('an invited colleague joins by the link in the letter', () => {
  let admin: SignedUp;
  // A company per test: the trial's five seats would run out otherwise.
  beforeEach(async () => {
    admin = await signUpCompany(t.app, { name: 'Анна', company: 'ООО «Вектор»' });
  });

  it('sees whom the invitation is from, sets a password, is signed in and can sign in again', async () => {
    const { email, id, user } = await invite(admin.token, { member_type: 'watcher' });
    expect(user.status).toBe('invited');
    expect(Date.parse(user.invitation_expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = await invitationToken(email);

    const opened = await call(t.app, 'GET', `/api/invitations/${token}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.message).toMatchObject({
      email,
      name: 'Ирина',
      company: 'ООО «Вектор»',
      invited_by: 'Анна',
    });

    const accepted = await accept(token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.cookies.find((c) => c.name === 'auth_token')?.value).toBe(
      accepted.body.message.auth_token,
    );
    const me = await call(t.app, 'GET', '/api/me', undefined, {
      token: accepted.body.message.auth_token,
    });
    expect(me.body.message).toMatchObject({ email, member_type: 'watcher', is_admin: false });

    const login = await call(t.app, 'POST', '/api/auth/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);

    const member = await statusOf(admin.token, id);
    expect(member).toMatchObject({ status: 'active', invitation_expires_at: null });
    expect(member.last_sign_in_at).not.toBeNull();
  });

  it('a used link answers 400 in Russian and does not change the password again', async () => {
    const { email } = await invite(admin.token);
    const token = await invitationToken(email);
    expect((await accept(token)).status).toBe(200);

    const again = await accept(token, 'another-pass-99');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, status: 'error', message: INVITATION_INVALID });
    expect(again.body.errors).toEqual({ token: INVITATION_INVALID });
    expect((await call(t.app, 'GET', `/api/invitations/${token}`)).status).toBe(400);
    const oldPassword = await call(t.app, 'POST', '/api/auth/login', {
      email,
      password: NEW_PASSWORD,
    });
    expect(oldPassword.status).toBe(200);
  });

  it('an expired link answers 400 and leaves the user «Приглашён»', async () => {
    const { email, id } = await invite(admin.token);
    const token = await invitationToken(email);
    await t.database.system.execute(
      sql`update user_invitations set expires_at = now() - interval '1 minute' where account_id = ${admin.accountId} and user_id = ${id}`,
    );
    const opened = await call(t.app, 'GET', `/api/invitations/${token}`);
    expect(opened.status).toBe(400);
    expect(opened.body.message).toBe(INVITATION_INVALID);
    const accepted = await accept(token);
    expect(accepted.status).toBe(400);
    expect((await statusOf(admin.token, id)).status).toBe('invited');
    const login = await call(t.app, 'POST', '/api/auth/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(400);
  });

  it('a resend mails a new link; the old one stops working', async () => {
    const { email, id } = await invite(admin.token);
    const first = await invitationToken(email, 1);
    const resent = await call(t.app, 'POST', `/api/users/${id}/resend_invitation`, undefined, {
      token: admin.token,
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.message.status).toBe('invited');
    const second = await invitationToken(email, 2);
    expect(second).not.toBe(first);

    expect((await accept(first)).status).toBe(400);
    expect((await accept(second)).status).toBe(200);

    const late = await call(t.app, 'POST', `/api/users/${id}/resend_invitation`, undefined, {
      token: admin.token,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Пользователь уже задал пароль: приглашение больше не нужно');
  });

  it('deactivating an invited user kills the link; a disabled user cannot be re-invited', async () => {
    const { email, id } = await invite(admin.token);
    const token = await invitationToken(email);
    const off = await call(
      t.app,
      'PATCH',
      `/api/users/${id}`,
      { admin_user: { is_active: false } },
      { token: admin.token },
    );
    expect(off.status).toBe(200);
    expect(off.body.message.status).toBe('disabled');
    expect((await accept(token)).status).toBe(400);
    const resend = await call(t.app, 'POST', `/api/users/${id}/resend_invitation`, undefined, {
      token: admin.token,
    });
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(
      'Пользователь отключён: сначала включите его, затем пригласите',
    );
  });

  it('a user added with a password gets no letter and is active at once', async () => {
    const before = smtp.received.length;
    const member = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await statusOf(admin.token, member.userId)).status).toBe('active');
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.slice(before).some((m) => m.to.includes(member.email))).toBe(false);
  });
});

describe('bad input on the invitation endpoints answers 400 in Russian', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpCompany(t.app);
  });

  it('rejects malformed and unknown tokens, short and mismatched passwords', async () => {
    for (const token of ['short', 'x'.repeat(129), 'не-токен-и-не-base64url!!', 'A'.repeat(43)]) {
      if (token.length < 100) {
        const opened = await call(t.app, 'GET', `/api/invitations/${encodeURIComponent(token)}`);
        expect(opened.status, token).toBe(400);
        expect(opened.body.message).toBe(INVITATION_INVALID);
      }
      const accepted = await accept(token);
      expect(accepted.status, token).toBe(400);
      expect(accepted.body.message).toBe(INVITATION_INVALID);
    }

    const { email } = await invite(admin.token);
    const token = await invitationToken(email);
    const short = await accept(token, '123');
    expect(short.status).toBe(400);
    expect(short.body.errors?.password).toMatch(/не короче 8/);
    const mismatch = await accept(token, NEW_PASSWORD, 'other-pass-12');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ password_confirmation: 'Пароли не совпадают' });
    const noBody = await call(t.app, 'POST', '/api/invitations/accept', {});
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toMatch(/[А-Яа-яЁё]/);
    // The link survived the failed attempts.
    expect((await accept(token)).status).toBe(200);
  });
});

describe('resend: who may, and tenancy', () => {
  it('only a recruiter-admin of the same account resends; another account’s user is 404', async () => {
    const a = await signUpCompany(t.app);
    const b = await signUpCompany(t.app);
    const { id: bInvitee, email: bEmail } = await invite(b.token);
    await invitationToken(bEmail);
    const owner = await addTeamMember(t.app, a.token, { member_type: 'owner', is_admin: false });
    const watcherAdmin = await addTeamMember(t.app, a.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    const { id: aInvitee, email } = await invite(a.token);
    await invitationToken(email);

    for (const who of [owner.token, watcherAdmin.token]) {
      const r = await call(t.app, 'POST', `/api/users/${aInvitee}/resend_invitation`, undefined, {
        token: who,
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/[А-Яа-яЁё]/);
    }
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);

    const foreign = await call(
      t.app,
      'POST',
      `/api/users/${bInvitee}/resend_invitation`,
      undefined,
      {
        token: a.token,
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Пользователь не найден');
    expect((await statusOf(b.token, bInvitee)).status).toBe('invited');
    expect(smtp.received.filter((m) => m.to.includes(bEmail))).toHaveLength(1);
  });
});
