import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, signUpCompany } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { call, createTestAppWithSecondServer } from '../../test/test-app.ts';
import { type CachedSession, createSessionCache, SESSION_CACHE_TTL_MS } from './session-cache.ts';

const session = (overrides: Partial<CachedSession> = {}): CachedSession => ({
  session_id: 1,
  account_id: 7,
  user_id: 3,
  source: 'web',
  expires_at: new Date(1_000_000),
  last_seen_at: new Date(0),
  is_admin: false,
  member_type: 'owner',
  account_flag_active: true,
  tariff_end_at: new Date(2_000_000),
  ...overrides,
});

describe('the session cache', () => {
  it('serves nothing while invalidations are not being received', () => {
    const cache = createSessionCache(() => 0);
    cache.set('h', session(), cache.generation());
    expect(cache.get('h')).toBeNull();
    cache.setLive(true);
    cache.set('h', session(), cache.generation());
    expect(cache.get('h')?.user_id).toBe(3);
    // The connection drops: whatever was cached may miss announcements.
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('h')).toBeNull();
  });

  it('does not keep a look-up that raced with an invalidation', () => {
    const cache = createSessionCache(() => 0);
    cache.setLive(true);
    const before = cache.generation();
    cache.forgetAccount(99); // another account's change, committed while we were reading
    cache.set('h', session(), before);
    expect(cache.get('h')).toBeNull();
  });

  it('stops trusting an entry after the time limit, the session end or the tariff end', () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    cache.setLive(true);
    cache.set('a', session(), cache.generation());
    now = SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBeNull();

    now = 0;
    cache.set('b', session({ expires_at: new Date(10) }), cache.generation());
    now = 10;
    expect(cache.get('b')).toBeNull();

    now = 0;
    cache.set('c', session({ tariff_end_at: new Date(20) }), cache.generation());
    now = 19;
    expect(cache.get('c')).not.toBeNull();
    now = 20;
    expect(cache.get('c')).toBeNull();
  });

  it("forgets one account's sessions and keeps the others", () => {
    const cache = createSessionCache(() => 0);
    cache.setLive(true);
    cache.set('a', session({ account_id: 1 }), cache.generation());
    cache.set('b', session({ account_id: 2 }), cache.generation());
    cache.forgetAccount(1);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')?.account_id).toBe(2);
  });
});

describe('sessions read from memory', () => {
  // t.other: a second server process on the same database, told of changes only by NOTIFY.
  let t: Awaited<ReturnType<typeof createTestAppWithSecondServer>>;
  beforeAll(async () => {
    t = await createTestAppWithSecondServer();
  });
  afterAll(() => t.close());

  /** Polls until the server refuses the token (the announcement travels asynchronously). */
  const refusedSoon = async (app: FastifyInstance, token: string) => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await call(app, 'GET', '/api/tags', undefined, { token });
      if (response.status !== 200) return response;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the token is still accepted');
  };

  it('answers a repeated request without looking the session up again', async () => {
    const company = await signUpCompany(t.app);
    await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    const counter = countStatements(t.database);
    try {
      const response = await call(t.app, 'GET', '/api/tags', undefined, {
        token: company.token,
      });
      expect(response.status).toBe(200);
    } finally {
      counter.stop();
    }
    expect(counter.all().filter((s) => /\bfrom sessions\b/i.test(s))).toEqual([]);
  });

  it('refuses a token at once after its owner logs out', async () => {
    const company = await signUpCompany(t.app);
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: company.token })).status).toBe(
      200,
    );
    const out = await call(t.app, 'DELETE', '/api/log_out', undefined, { token: company.token });
    expect(out.status).toBe(200);
    const after = await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(after.status).not.toBe(200);
    expect(after.body.status).toBe('error');
  });

  it("ends a deactivated user's sessions at once", async () => {
    const company = await signUpCompany(t.app);
    const member = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await call(t.app, 'GET', '/api/tags', undefined, { token: member.token })).status).toBe(
      200,
    );
    const patched = await call(
      t.app,
      'PATCH',
      `/api/users/${member.userId}`,
      { admin_user: { is_active: false } },
      { token: company.token },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await call(t.app, 'GET', '/api/tags', undefined, { token: member.token });
    expect(after.status).not.toBe(200);
  });

  it('hears of a logout handled by another server process', async () => {
    const company = await signUpCompany(t.app);
    // Both processes have the session in memory.
    expect(
      (await call(t.other, 'GET', '/api/me', undefined, { token: company.token })).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: company.token })).status).toBe(
      200,
    );
    await call(t.app, 'DELETE', '/api/log_out', undefined, { token: company.token });
    const refused = await refusedSoon(t.other, company.token);
    expect(refused.body.status).toBe('error');
  });

  it('hears of a change made in the database by anything else (a job, SQL)', async () => {
    const company = await signUpCompany(t.app);
    expect(
      (await call(t.app, 'GET', '/api/tags', undefined, { token: company.token })).status,
    ).toBe(200);
    await t.database.system.execute(
      sql`update accounts set is_active = false where id = ${company.accountId}`,
    );
    const refused = await refusedSoon(t.app, company.token);
    expect(refused.body.status).toBe('error');
  });
});
