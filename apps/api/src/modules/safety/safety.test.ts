import { PERMISSION_ACTIONS } from '@ats/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { SAFETY_ACTIONS, canDoSafetyAction } from './safety.policy.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function logIn(
  t: TestApp,
  email: string,
  password = PASSWORD,
  options: { source?: 'web' | 'plugin'; userAgent?: string } = {},
) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    payload: { email, password, ...(options.source ? { source: options.source } : {}) },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().message.auth_token as string;
}

const meStatus = async (t: TestApp, token: string) =>
  (await call(t.app, 'GET', '/api/me', undefined, { token })).status;

describe('changing the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('ends the other sessions, keeps this one, and the new password signs in', async () => {
    const company = await signUpCompany(t.app);
    const laptop = await logIn(t, company.email);
    const plugin = await logIn(t, company.email, PASSWORD, { source: 'plugin' });
    const r = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      {
        current_password: PASSWORD,
        password: 'new-secret-42',
        password_confirmation: 'new-secret-42',
      },
      { token: company.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Пароль изменён. Другие сессии завершены');
    expect(await meStatus(t, company.token)).toBe(200);
    expect(await meStatus(t, laptop)).toBe(420);
    expect(await meStatus(t, plugin)).toBe(420);
    const old = await call(t.app, 'POST', '/api/auth/login', {
      email: company.email,
      password: PASSWORD,
    });
    expect(old.body.message).toBe('Неверный email или пароль');
    expect(await logIn(t, company.email, 'new-secret-42')).toBeTruthy();
  });

  it('refuses a wrong current password in Russian and changes nothing', async () => {
    const company = await signUpCompany(t.app);
    const other = await logIn(t, company.email);
    const r = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      {
        current_password: 'not-my-password',
        password: 'new-secret-42',
        password_confirmation: 'new-secret-42',
      },
      { token: company.token },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Текущий пароль указан неверно');
    expect(r.body.errors).toEqual({ current_password: 'Текущий пароль указан неверно' });
    expect(await meStatus(t, other)).toBe(200);
    expect(await logIn(t, company.email)).toBeTruthy();
  });

  it('holds the new password to the sign-up rules and asks for it twice', async () => {
    const company = await signUpCompany(t.app);
    const short = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      { current_password: PASSWORD, password: 'short', password_confirmation: 'short' },
      { token: company.token },
    );
    expect(short.status).toBe(400);
    expect(short.body.errors?.password).toBe('Пароль должен быть не короче 8 символов');
    const mismatch = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      {
        current_password: PASSWORD,
        password: 'new-secret-42',
        password_confirmation: 'new-secret-43',
      },
      { token: company.token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.password_confirmation).toBe('Пароли не совпадают');
    const same = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
      { token: company.token },
    );
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Новый пароль совпадает с текущим');
    const missing = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      {},
      { token: company.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.current_password).toBe('Укажите текущий пароль');
  });

  it('locks the password form after five wrong current passwords with 429', async () => {
    const company = await signUpCompany(t.app);
    const body = {
      current_password: 'wrong-one-1',
      password: 'new-secret-42',
      password_confirmation: 'new-secret-42',
    };
    for (let i = 0; i < 5; i += 1) {
      const r = await call(t.app, 'PATCH', '/api/safety/password', body, { token: company.token });
      expect(r.status).toBe(400);
    }
    const locked = await call(
      t.app,
      'PATCH',
      '/api/safety/password',
      { ...body, current_password: PASSWORD },
      { token: company.token },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Слишком много попыток. Попробуйте позже');
  });
});

describe('active sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists my live sessions with device, address and times, the current one first and marked', async () => {
    const company = await signUpCompany(t.app);
    const web = await logIn(t, company.email, PASSWORD, { userAgent: CHROME_WINDOWS });
    await logIn(t, company.email, PASSWORD, { userAgent: SAFARI_IPHONE, source: 'plugin' });
    const ended = await logIn(t, company.email);
    await call(t.app, 'DELETE', '/api/log_out', undefined, { token: ended });

    const r = await call(t.app, 'GET', '/api/safety/sessions', undefined, { token: web });
    expect(r.status).toBe(200);
    const sessions = r.body.message.sessions;
    // Sign-up's session, the Chrome one and the plugin's; the logged-out one is gone.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      is_current: true,
      source: 'web',
      device: { browser: 'Chrome', os: 'Windows', label: 'Chrome, Windows' },
      user_agent: CHROME_WINDOWS,
      ip: '127.0.0.1',
    });
    expect(Date.parse(sessions[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(sessions[0].expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(sessions.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    expect(sessions.find((s: { source: string }) => s.source === 'plugin').device.label).toBe(
      'Расширение браузера (Safari, iOS)',
    );
  });

  it('ends one other session: its token is refused on the next request, mine keeps working', async () => {
    const company = await signUpCompany(t.app);
    const phone = await logIn(t, company.email, PASSWORD, { userAgent: SAFARI_IPHONE });
    // The phone's session is cached by the server after this request.
    expect(await meStatus(t, phone)).toBe(200);
    const list = await call(t.app, 'GET', '/api/safety/sessions', undefined, {
      token: company.token,
    });
    const target = list.body.message.sessions.find((s: { is_current: boolean }) => !s.is_current);
    const r = await call(t.app, 'DELETE', `/api/safety/sessions/${target.id}`, undefined, {
      token: company.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Сессия завершена');
    expect(await meStatus(t, phone)).toBe(420);
    expect(await meStatus(t, company.token)).toBe(200);
    const again = await call(t.app, 'DELETE', `/api/safety/sessions/${target.id}`, undefined, {
      token: company.token,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Сессия не найдена');
  });

  it('ends all the others at once and says how many', async () => {
    const company = await signUpCompany(t.app);
    const others = [
      await logIn(t, company.email),
      await logIn(t, company.email, PASSWORD, { source: 'plugin' }),
    ];
    for (const token of others) expect(await meStatus(t, token)).toBe(200);
    const r = await call(t.app, 'POST', '/api/safety/sessions/end_others', undefined, {
      token: company.token,
    });
    expect(r.body.message).toEqual({ ended: 2 });
    for (const token of others) expect(await meStatus(t, token)).toBe(420);
    const list = await call(t.app, 'GET', '/api/safety/sessions', undefined, {
      token: company.token,
    });
    expect(list.body.message.sessions).toHaveLength(1);
    expect(list.body.message.sessions[0].is_current).toBe(true);
  });

  it('does not end the current session here: that is what «Выйти» is for', async () => {
    const company = await signUpCompany(t.app);
    const list = await call(t.app, 'GET', '/api/safety/sessions', undefined, {
      token: company.token,
    });
    const current = list.body.message.sessions[0];
    const r = await call(t.app, 'DELETE', `/api/safety/sessions/${current.id}`, undefined, {
      token: company.token,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Текущую сессию завершает кнопка «Выйти»');
    expect(await meStatus(t, company.token)).toBe(200);
  });

  it("answers 404 for a colleague's or another account's session and leaves it working", async () => {
    const company = await signUpCompany(t.app);
    const colleague = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const stranger = await signUpCompany(t.app);
    for (const victim of [colleague.token, stranger.token]) {
      const theirs = await call(t.app, 'GET', '/api/safety/sessions', undefined, { token: victim });
      const id = theirs.body.message.sessions[0].id;
      // Even the account's admin cannot end a colleague's session from here.
      const r = await call(t.app, 'DELETE', `/api/safety/sessions/${id}`, undefined, {
        token: company.token,
      });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Сессия не найдена');
      expect(await meStatus(t, victim)).toBe(200);
    }
    const mine = await call(t.app, 'GET', '/api/safety/sessions', undefined, {
      token: company.token,
    });
    expect(mine.body.message.sessions).toHaveLength(1);
  });

  it('refuses ids that are not ids with 400 in Russian', async () => {
    const company = await signUpCompany(t.app);
    for (const id of ['abc', '-1', '0', '99999999999']) {
      const r = await call(t.app, 'DELETE', `/api/safety/sessions/${id}`, undefined, {
        token: company.token,
      });
      expect(r.status, id).toBe(400);
      expect(r.body.message).toBe('Некорректный идентификатор');
    }
  });

  it('needs a session: 420 without one', async () => {
    for (const [method, url] of [
      ['GET', '/api/safety/sessions'],
      ['POST', '/api/safety/sessions/end_others'],
      ['PATCH', '/api/safety/password'],
      ['GET', '/api/safety/two_factor'],
    ] as const) {
      const r = await call(t.app, method, url);
      expect(r.status, url).toBe(420);
    }
  });
});

describe('who may do what on the safety page (role × action)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lets every role manage its own sign-in, and keeps the plugin token to reading', async () => {
    const company = await signUpCompany(t.app);
    const owner = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const bare = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await changeUserSettings(t.app, company.token, bare.userId, {
      permissions_actions: Object.fromEntries(PERMISSION_ACTIONS.map((a) => [a, false])),
    });
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const watcherAdmin = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    const roles = {
      admin: { email: company.email },
      owner: { email: owner.email },
      'owner without permissions': { email: bare.email },
      watcher: { email: watcher.email },
      'watcher-admin': { email: watcherAdmin.email },
    };

    for (const [role, { email }] of Object.entries(roles)) {
      for (const source of ['web', 'plugin'] as const) {
        const token = await logIn(t, email, PASSWORD, { source });
        const extra = await logIn(t, email);
        const expectAllowed = (action: (typeof SAFETY_ACTIONS)[number]) =>
          canDoSafetyAction({ source }, action) ? 200 : 403;
        const label = `${role} via ${source}`;

        const view = await call(t.app, 'GET', '/api/safety/sessions', undefined, { token });
        expect(view.status, label).toBe(expectAllowed('view_safety'));
        const status = await call(t.app, 'GET', '/api/safety/two_factor', undefined, { token });
        expect(status.status, label).toBe(expectAllowed('view_safety'));

        const end = await call(t.app, 'POST', '/api/safety/sessions/end_others', undefined, {
          token,
        });
        expect(end.status, label).toBe(expectAllowed('end_sessions'));
        expect(await meStatus(t, extra), label).toBe(end.status === 200 ? 420 : 200);

        const setup = await call(t.app, 'POST', '/api/safety/two_factor/setup', undefined, {
          token,
        });
        expect(setup.status, label).toBe(expectAllowed('manage_two_factor'));

        const password = await call(
          t.app,
          'PATCH',
          '/api/safety/password',
          { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
          { token },
        );
        // Allowed: the rule on the password itself answers (same as the current one).
        expect(password.status, label).toBe(source === 'web' ? 400 : 403);
        if (source === 'plugin') {
          expect(password.body.message).toBe('Это действие доступно только в веб-приложении');
        }
      }
    }
  });
});
