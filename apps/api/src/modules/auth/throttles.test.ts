import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpCompany, uniqueEmail } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { decodeBase32, totpAt } from '../../platform/totp.ts';

const TOO_MANY = 'Слишком много попыток. Попробуйте позже';

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  call(t.app, 'POST', '/api/auth/login', { email, password }, { remoteAddress });

describe('sign-up from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (remoteAddress: string) =>
    call(
      t.app,
      'POST',
      '/api/sign_up',
      {
        admin_user: {
          email: uniqueEmail('flood'),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          name: 'Х',
          company: 'Y',
        },
      },
      { remoteAddress },
    );

  it('creates five companies an hour, then answers 429 with Retry-After; another address still signs up', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signUp>> | null = null;
    for (let i = 0; i < 20; i += 1) {
      const r = await signUp('198.51.100.7');
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    expect(refused!.body).toEqual({
      code: 429,
      status: 'error',
      message: 'Слишком много регистраций. Попробуйте позже',
    });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused!.body).not.toHaveProperty('auth_token');
    expect((await signUp('198.51.100.8')).status).toBe(200);
  });
});

describe('signing in while someone guesses the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('five wrong passwords from address A lock A for that e-mail, not the owner at address B', async () => {
    const owner = await signUpCompany(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t, owner.email, 'wrong-guess', '192.0.2.10')).status).toBe(400);
    }
    const fromB = await login(t, owner.email, PASSWORD, '192.0.2.20');
    expect(fromB.status).toBe(200);
    expect(fromB.body.message.auth_token).toEqual(expect.any(String));
    const me = await call(t.app, 'GET', '/api/me', undefined, {
      token: fromB.body.message.auth_token,
    });
    expect(me.body.message.email).toBe(owner.email);

    const fromA = await login(t, owner.email, PASSWORD, '192.0.2.10');
    expect(fromA.status).toBe(429);
    expect(fromA.body).toEqual({ code: 429, status: 'error', message: TOO_MANY });
    expect(Number(fromA.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks the (e-mail, address) pair: the same address still signs in another user', async () => {
    const victim = await signUpCompany(t.app);
    const colleague = await signUpCompany(t.app);
    const office = '192.0.2.30';
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t, victim.email, 'wrong-guess', office)).status).toBe(400);
    }
    expect((await login(t, victim.email, PASSWORD, office)).status).toBe(429);
    expect((await login(t, colleague.email, PASSWORD, office)).status).toBe(200);
  });

  it('locks an address that tries many e-mails, whatever the e-mail', async () => {
    const owner = await signUpCompany(t.app);
    const scanner = '192.0.2.40';
    for (let i = 0; i < 30; i += 1) {
      await login(t, uniqueEmail('scan'), 'wrong-guess', scanner);
    }
    expect((await login(t, owner.email, PASSWORD, scanner)).status).toBe(429);
    expect((await login(t, owner.email, PASSWORD, '192.0.2.41')).status).toBe(200);
  });
});

describe('signing in while an e-mail is guessed from many addresses', () => {
  // THROTTLE_SCALE 0.05: the e-mail's ceiling of 100 failures an hour becomes 5.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ THROTTLE_SCALE: '0.05' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('past the ceiling, a new address gets 429 even with the right password; a known address signs in', async () => {
    const owner = await signUpCompany(t.app);
    const home = '192.0.2.60';
    expect((await login(t, owner.email, PASSWORD, home)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t, owner.email, 'wrong-guess', `198.18.0.${i + 1}`)).status).toBe(400);
    }
    // A new address: the same 429 whether the password is right or wrong.
    const rightFromNew = await login(t, owner.email, PASSWORD, '198.18.0.100');
    expect(rightFromNew.status).toBe(429);
    expect(rightFromNew.body.message).toBe(TOO_MANY);
    expect(Number(rightFromNew.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await login(t, owner.email, 'wrong-guess', '198.18.0.101')).status).toBe(429);
    // The owner at home is let in.
    const atHome = await login(t, owner.email, PASSWORD, home);
    expect(atHome.status).toBe(200);
    expect(atHome.body.message.auth_token).toEqual(expect.any(String));
  });

  it('past the ceiling, a user with a second factor still signs in from a new address with the code', async () => {
    const owner = await signUpCompany(t.app);
    const setup = await call(t.app, 'POST', '/api/safety/two_factor/setup', undefined, {
      token: owner.token,
    });
    const secret = decodeBase32(setup.body.message.secret as string);
    const enrolled = await call(
      t.app,
      'POST',
      '/api/safety/two_factor/confirm',
      { code: totpAt(secret, Date.now() - 30_000) },
      { token: owner.token },
    );
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t, owner.email, 'wrong-guess', `198.18.1.${i + 1}`)).status).toBe(400);
    }
    expect((await login(t, owner.email, 'wrong-guess', '198.18.1.100')).status).toBe(429);
    const password = await login(t, owner.email, PASSWORD, '198.18.1.100');
    expect(password.status).toBe(401);
    const step = password.body as unknown as { two_factor_required: boolean; challenge: string };
    expect(step.two_factor_required).toBe(true);
    const second = await call(t.app, 'POST', '/api/auth/login/two_factor', {
      challenge: step.challenge,
      code: totpAt(secret, Date.now()),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.message.auth_token).toEqual(expect.any(String));
  });
});
