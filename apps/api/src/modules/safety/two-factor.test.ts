import { Writable } from 'node:stream';
import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../platform/config.ts';
import { loggerOptions } from '../../platform/logger.ts';
import { decodeBase32, hotp, timeStep, totpAt } from '../../platform/totp.ts';

/** The code an authenticator app shows for the secret now (or `steps` periods away). */
const codeFor = (secret: string, steps = 0) =>
  totpAt(decodeBase32(secret), Date.now() + steps * 30_000);

/** A code of the current step that no other step's code equals (for replay checks). */
const freshCode = (secret: string, step: number) => hotp(decodeBase32(secret), step);

async function enrol(t: TestApp, user: SignedUp) {
  const setup = await call(t.app, 'POST', '/api/safety/two_factor/setup', undefined, {
    token: user.token,
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.message.secret as string;
  // The code of the step before: the step now stays free for the tests' first sign-in.
  const confirm = await call(
    t.app,
    'POST',
    '/api/safety/two_factor/confirm',
    { code: codeFor(secret, -1) },
    { token: user.token },
  );
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { secret, recoveryCodes: confirm.body.message.recovery_codes as string[] };
}

const logIn = (t: TestApp, email: string, source?: 'web' | 'plugin') =>
  call(t.app, 'POST', '/api/auth/login', {
    email,
    password: PASSWORD,
    ...(source ? { source } : {}),
  });

const secondStep = (t: TestApp, challenge: string, code: string) =>
  call(t.app, 'POST', '/api/auth/login/two_factor', { challenge, code });

describe('two-factor sign-in with an authenticator app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('enrols: a secret as text and QR code, confirmed with a code, ten recovery codes stored hashed', async () => {
    const user = await signUpCompany(t.app);
    const before = await call(t.app, 'GET', '/api/safety/two_factor', undefined, {
      token: user.token,
    });
    expect(before.body.message).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    const setup = await call(t.app, 'POST', '/api/safety/two_factor/setup', undefined, {
      token: user.token,
    });
    const { secret, otpauth_url, qr_code } = setup.body.message;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_url)).toContain(user.email);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not on until confirmed: signing in still gives a session straight away.
    expect((await logIn(t, user.email)).status).toBe(200);

    const wrong = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/confirm',
      { code: '000000' },
      {
        token: user.token,
      },
    );
    if (codeFor(secret) !== '000000') {
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Неверный код подтверждения');
    }
    const confirm = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/confirm',
      { code: codeFor(secret) },
      { token: user.token },
    );
    expect(confirm.status).toBe(200);
    const codes = confirm.body.message.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const stored = await selectRows<{ code_hash: string }>(
      t.database.system,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${user.userId} and account_id = ${user.accountId}`,
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join(' ')).not.toContain(row.code_hash);

    const after = await call(t.app, 'GET', '/api/safety/two_factor', undefined, {
      token: user.token,
    });
    expect(after.body.message).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const again = await call(t.app, 'POST', '/api/safety/two_factor/setup', undefined, {
      token: user.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Двухфакторный вход уже включён');
  });

  it('asks for the code after the password, then opens the session with the second step', async () => {
    const user = await signUpCompany(t.app);
    const { secret } = await enrol(t, user);
    const first = await logIn(t, user.email, 'web');
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({
      code: 401,
      status: 'error',
      message: 'Включён двухфакторный вход: введите код из приложения-аутентификатора',
      two_factor_required: true,
      challenge_expires_in: 300,
    });
    expect(first.body).not.toHaveProperty('auth_token');
    expect(first.cookies.find((c) => c.name === 'auth_token')).toBeUndefined();
    const challenge = (first.body as unknown as { challenge: string }).challenge;

    const done = await secondStep(t, challenge, codeFor(secret));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const token = done.body.message.auth_token as string;
    expect(done.cookies.find((c) => c.name === 'auth_token')?.value).toBe(token);
    const me = await call(t.app, 'GET', '/api/me', undefined, { token });
    expect(me.body.message.id).toBe(user.userId);

    // The challenge is spent.
    const reuse = await secondStep(t, challenge, codeFor(secret, 1));
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Время на ввод кода истекло. Войдите снова');
  });

  it('refuses a wrong code and a replayed one in Russian', async () => {
    const user = await signUpCompany(t.app);
    const { secret } = await enrol(t, user);
    const challenge = (await logIn(t, user.email)).body as unknown as { challenge: string };
    const step = timeStep(Date.now());
    const valid = new Set([-1, 0, 1].map((d) => freshCode(secret, step + d)));
    const wrongCode = ['111111', '222222', '333333', '444444'].find((c) => !valid.has(c))!;
    const wrong = await secondStep(t, challenge.challenge, wrongCode);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Неверный код подтверждения',
      errors: { code: 'Неверный код подтверждения' },
    });

    const code = codeFor(secret);
    expect((await secondStep(t, challenge.challenge, code)).status).toBe(200);
    // Someone who saw the code signs in with the password in the same 30 seconds: refused.
    const next = (await logIn(t, user.email)).body as unknown as { challenge: string };
    const replay = await secondStep(t, next.challenge, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(
      'Этот код уже использован. Дождитесь следующего кода в приложении',
    );
  });

  it('takes a recovery code instead, once', async () => {
    const user = await signUpCompany(t.app);
    const { recoveryCodes } = await enrol(t, user);
    const first = (await logIn(t, user.email)).body as unknown as { challenge: string };
    // Typed in capitals and without the dash: still the same code.
    const typed = recoveryCodes[3]!.replace('-', '').toUpperCase();
    const ok = await secondStep(t, first.challenge, typed);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const status = await call(t.app, 'GET', '/api/safety/two_factor', undefined, {
      token: ok.body.message.auth_token,
    });
    expect(status.body.message.recovery_codes_left).toBe(9);

    const second = (await logIn(t, user.email)).body as unknown as { challenge: string };
    const reused = await secondStep(t, second.challenge, recoveryCodes[3]!);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(
      'Этот код уже использован. Дождитесь следующего кода в приложении',
    );
  });

  it('stops taking codes for the user after five wrong ones', async () => {
    const user = await signUpCompany(t.app);
    const { secret } = await enrol(t, user);
    const { challenge } = (await logIn(t, user.email)).body as unknown as { challenge: string };
    for (let i = 0; i < 5; i += 1) {
      const r = await secondStep(t, challenge, `wrong-code-${i}`);
      expect(r.status).toBe(400);
    }
    const late = await secondStep(t, challenge, codeFor(secret));
    expect(late.status).toBe(429);
  });

  it('refuses an unknown challenge and malformed bodies with 400 in Russian', async () => {
    const unknown = await secondStep(t, 'no-such-challenge', '123456');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ challenge: 'Время на ввод кода истекло. Войдите снова' });
    const empty = await call(t.app, 'POST', '/api/auth/login/two_factor', {
      challenge: 'x',
      code: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.code).toBe('Введите код');
    const bad = await call(t.app, 'POST', '/api/auth/login/two_factor', { challenge: 5 });
    expect(bad.status).toBe(400);
    const user = await signUpCompany(t.app);
    const confirm = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/confirm',
      { code: '12ab' },
      {
        token: user.token,
      },
    );
    expect(confirm.status).toBe(400);
    expect(confirm.body.errors?.code).toBe('Код из приложения — 6 цифр');
    const notStarted = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/confirm',
      { code: '123456' },
      {
        token: user.token,
      },
    );
    expect(notStarted.status).toBe(400);
    expect(notStarted.body.message).toBe('Сначала начните подключение приложения-аутентификатора');
  });

  it('keeps the plugin sequence of a user without 2FA exactly as before', async () => {
    const user = await signUpCompany(t.app);
    const login = await logIn(t, user.email, 'plugin');
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      code: 200,
      status: 'success',
      message: { auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const token = login.body.message.auth_token;
    const me = await call(t.app, 'GET', '/api/me', undefined, { token });
    expect(me.body.message).toMatchObject({ id: user.userId, token, is_plugin: true });
    const tags = await call(t.app, 'GET', '/api/tags', undefined, { token });
    expect(tags.status).toBe(200);
  });

  it('opens the plugin session of a 2FA user with the source of the password step', async () => {
    const user = await signUpCompany(t.app);
    const { secret } = await enrol(t, user);
    const first = await logIn(t, user.email, 'plugin');
    expect(first.status).toBe(401);
    expect(first.body.status).toBe('error');
    const { challenge } = first.body as unknown as { challenge: string };
    const done = await secondStep(t, challenge, codeFor(secret));
    const me = await call(t.app, 'GET', '/api/me', undefined, {
      token: done.body.message.auth_token,
    });
    expect(me.body.message.is_plugin).toBe(true);
  });

  it('turns off with the password and a code; a wrong password or code leaves it on', async () => {
    const user = await signUpCompany(t.app);
    const { secret, recoveryCodes } = await enrol(t, user);
    const wrongPassword = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/disable',
      { password: 'not-my-password', code: recoveryCodes[0] },
      { token: user.token },
    );
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: 'Текущий пароль указан неверно' });
    const wrongCode = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/disable',
      { password: PASSWORD, code: 'aaaaa-aaaaa' },
      { token: user.token },
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual({ code: 'Неверный код подтверждения' });
    expect((await logIn(t, user.email)).status).toBe(401);

    const off = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/disable',
      { password: PASSWORD, code: codeFor(secret) },
      { token: user.token },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe('Двухфакторный вход отключён');
    expect((await logIn(t, user.email)).status).toBe(200);
    const leftovers = await selectRows(
      t.database.system,
      sql`select 1 from two_factor_recovery_codes where user_id = ${user.userId} and account_id = ${user.accountId}`,
    );
    expect(leftovers).toHaveLength(0);
    const again = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/disable',
      { password: PASSWORD, code: codeFor(secret) },
      { token: user.token },
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Двухфакторный вход не включён');
  });

  it('renews the recovery codes with the password and a code: the old ones stop working', async () => {
    const user = await signUpCompany(t.app);
    const { recoveryCodes } = await enrol(t, user);
    const renew = (body: unknown) =>
      call(t.app, 'POST', '/api/safety/two_factor/recovery_codes', body, { token: user.token });
    const wrongPassword = await renew({ password: 'not-my-password', code: recoveryCodes[0] });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: 'Текущий пароль указан неверно' });
    const wrongCode = await renew({ password: PASSWORD, code: 'bbbbb-bbbbb' });
    expect(wrongCode.body.errors).toEqual({ code: 'Неверный код подтверждения' });
    const empty = await renew({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ password: 'Укажите пароль' });

    // A recovery code proves it is the user (the phone may be the reason for new codes).
    const renewed = await renew({ password: PASSWORD, code: recoveryCodes[0] });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const fresh = renewed.body.message.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const status = await call(t.app, 'GET', '/api/safety/two_factor', undefined, {
      token: user.token,
    });
    expect(status.body.message).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const old = (await logIn(t, user.email)).body as unknown as { challenge: string };
    expect((await secondStep(t, old.challenge, recoveryCodes[5]!)).status).toBe(400);
    const next = (await logIn(t, user.email)).body as unknown as { challenge: string };
    expect((await secondStep(t, next.challenge, fresh[5]!)).status).toBe(200);

    const events = await selectRows<{ action: string }>(
      t.database.system,
      sql`select action from audit_events
          where account_id = ${user.accountId} and action = 'auth.recovery_codes_renewed'`,
    );
    expect(events).toHaveLength(1);

    const stranger = await signUpCompany(t.app);
    const off = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/recovery_codes',
      { password: PASSWORD, code: '123456' },
      { token: stranger.token },
    );
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Двухфакторный вход не включён');
  });

  it("does not let one account's codes or challenge open another account's user", async () => {
    const alice = await signUpCompany(t.app);
    const bob = await signUpCompany(t.app);
    const a = await enrol(t, alice);
    await enrol(t, bob);
    const bobChallenge = ((await logIn(t, bob.email)).body as unknown as { challenge: string })
      .challenge;
    const r = await secondStep(t, bobChallenge, a.recoveryCodes[0]!);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Неверный код подтверждения');
  });

  it('publishes the second step and the 401 answer of the login in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const login = doc.paths['/api/auth/login'].post;
    expect(JSON.stringify(login.responses['401'])).toContain('two_factor_required');
    expect(Object.keys(doc.paths['/api/auth/login/two_factor'])).toEqual(['post']);
    for (const path of [
      '/api/safety/password',
      '/api/safety/sessions',
      '/api/safety/sessions/{id}',
      '/api/safety/sessions/end_others',
      '/api/safety/two_factor',
      '/api/safety/two_factor/setup',
      '/api/safety/two_factor/confirm',
      '/api/safety/two_factor/disable',
      '/api/admin_user_notification_settings',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});

describe('two-factor secrets and the server log', () => {
  it('never writes the secret, the codes or the challenge to the log, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'trace' })) as object;
    const t = await createTestApp({}, { logger: { ...options, stream } });
    try {
      const user = await signUpCompany(t.app);
      const { secret, recoveryCodes } = await enrol(t, user);
      const first = await logIn(t, user.email);
      const { challenge } = first.body as unknown as { challenge: string };
      const code = codeFor(secret);
      await secondStep(t, challenge, 'wrong-code');
      expect((await secondStep(t, challenge, code)).status).toBe(200);
      const log = lines.join('\n');
      expect(log).toContain('/api/auth/login/two_factor');
      for (const secretText of [secret, challenge, code, ...recoveryCodes]) {
        expect(log).not.toContain(secretText);
      }
    } finally {
      await t.close();
    }
  }, 180_000);
});
