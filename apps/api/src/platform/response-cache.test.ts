import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { systemRows } from '../../test/db-helpers.ts';
import { addTeamMember, signUpCompany } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { call, createTestAppWithSecondServer } from '../../test/test-app.ts';
import { createResponseCache, RESPONSE_CACHE_TTL_MS } from './response-cache.ts';

describe('the response cache', () => {
  const live = (now = () => 0, limits?: { maxBytes: number; maxEntries: number }) => {
    const cache = createResponseCache(now, limits);
    cache.setLive(true);
    return cache;
  };

  it('serves nothing while changes are not being heard, and forgets all when they resume', () => {
    const cache = createResponseCache(() => 0);
    cache.set('card:1', '{"a":1}', cache.stamp(7));
    expect(cache.get(7, 'card:1')).toBeNull();
    cache.setLive(true);
    cache.set('card:1', '{"a":1}', cache.stamp(7));
    expect(cache.get(7, 'card:1')).toBe('{"a":1}');
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get(7, 'card:1')).toBeNull();
  });

  it("drops an account's answers on its change and keeps other accounts'", () => {
    const cache = live();
    cache.set('card:1', 'seven', cache.stamp(7));
    cache.set('card:1', 'eight', cache.stamp(8));
    cache.forgetAccount(7);
    expect(cache.get(7, 'card:1')).toBeNull();
    expect(cache.get(8, 'card:1')).toBe('eight');
    cache.clear();
    expect(cache.get(8, 'card:1')).toBeNull();
  });

  it('does not keep an answer whose read raced with a change of its account', () => {
    const cache = live();
    const before = cache.stamp(7);
    cache.forgetAccount(7); // committed while the answer was being read
    cache.set('card:1', 'stale', before);
    expect(cache.get(7, 'card:1')).toBeNull();
    const other = cache.stamp(8);
    cache.clear();
    cache.set('card:1', 'stale', other);
    expect(cache.get(8, 'card:1')).toBeNull();
  });

  it('holds a tag learnt as the answer was read to the moment the read began', () => {
    const cache = live();
    const tags = ['applicant:1:applicants'];
    // Applicant 2 changed before the read began: a read that compared it saw the change.
    cache.forgetTags(7, ['applicant:2:applicants']);
    const early = cache.stamp(7, tags);
    cache.set('doubles:1', 'current', cache.extend(early, ['applicant:2:applicants']));
    expect(cache.get(7, 'doubles:1')).toBe('current');
    // Applicant 3 changed while the read was running: the answer may predate it, not kept.
    const racing = cache.stamp(7, tags);
    cache.forgetTags(7, ['applicant:3:applicants']);
    cache.set('doubles:5', 'stale', cache.extend(racing, ['applicant:3:applicants']));
    expect(cache.get(7, 'doubles:5')).toBeNull();
    // Kept, it goes with a change of any of its tags, learnt ones included; not with others'.
    cache.set('doubles:1', 'kept', cache.extend(cache.stamp(7, tags), ['applicant:3:applicants']));
    cache.forgetTags(7, ['applicant:4:applicants']);
    cache.forgetTags(8, ['applicant:3:applicants']);
    expect(cache.get(7, 'doubles:1')).toBe('kept');
    cache.forgetTags(7, ['applicant:3:applicants']);
    expect(cache.get(7, 'doubles:1')).toBeNull();
  });

  it('stops trusting an answer after the time limit', () => {
    let now = 0;
    const cache = live(() => now);
    cache.set('page', 'p', cache.stamp(1));
    now = RESPONSE_CACHE_TTL_MS - 1;
    expect(cache.get(1, 'page')).toBe('p');
    now = RESPONSE_CACHE_TTL_MS;
    expect(cache.get(1, 'page')).toBeNull();
  });

  it('keeps within its entry and memory limits, the oldest going first', () => {
    const cache = live(() => 0, { maxBytes: 1600, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key.repeat(10), cache.stamp(1));
    expect(cache.get(1, 'a')).toBeNull();
    expect(cache.get(1, 'd')).toBe('dddddddddd');
    expect(cache.size().entries).toBe(3);
    // 50 characters = 100 bytes each: the 16th of the limit is the largest answer kept.
    cache.set('big', 'x'.repeat(51), cache.stamp(1));
    expect(cache.get(1, 'big')).toBeNull();
    for (const key of ['e', 'f', 'g']) cache.set(key, 'y'.repeat(50), cache.stamp(1));
    expect(cache.size().bytes).toBeLessThanOrEqual(1600);
    expect(cache.get(1, 'g')).toBe('y'.repeat(50));
  });
});

describe('the card and list pages served from memory', () => {
  // t.other: a second server process on the same database, told of changes only by NOTIFY.
  let t: Awaited<ReturnType<typeof createTestAppWithSecondServer>>;
  beforeAll(async () => {
    t = await createTestAppWithSecondServer();
  });
  afterAll(() => t.close());

  const card = (app: FastifyInstance, token: string, id: number, fresh = false) =>
    call(app, 'GET', `/api/applicants/${id}`, undefined, {
      token,
      ...(fresh ? { headers: { 'cache-control': 'no-cache' } } : {}),
    });

  /** Polls until the card shows `lastName` (a change made elsewhere is announced asynchronously). */
  const cardShowsSoon = async (
    app: FastifyInstance,
    token: string,
    id: number,
    lastName: string,
  ) => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const response = await card(app, token, id);
      if (response.body.message.last_name === lastName) return response;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the card still does not show ${lastName}`);
  };

  const setUp = async () => {
    const company = await signUpCompany(t.app);
    const [id] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Анна', lastName: 'Соколова', middleName: 'Петровна' },
    ]);
    return { company, id: id! };
  };

  it('answers a card opened again from memory: the same body, no SQL', async () => {
    const { company, id } = await setUp();
    const first = await card(t.app, company.token, id);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    const counter = countStatements(t.database);
    let again;
    try {
      again = await card(t.app, company.token, id);
    } finally {
      counter.stop();
    }
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(counter.foreground()).toEqual([]);
  });

  it('shows an edit, a comment and a renamed tag on the very next read', async () => {
    const { company, id } = await setUp();
    const token = company.token;
    await card(t.app, token, id);
    const patched = await call(
      t.app,
      'PATCH',
      `/api/applicants/${id}`,
      { last_name: 'Орлова' },
      { token },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await card(t.app, token, id)).body.message.last_name).toBe('Орлова');

    const commented = await call(
      t.app,
      'POST',
      `/api/applicants/${id}/comments`,
      { description: 'Перезвонить в понедельник' },
      { token },
    );
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    const withComment = await card(t.app, token, id);
    expect(
      withComment.body.message.comments.map((c: { description: string }) => c.description),
    ).toContain('Перезвонить в понедельник');

    const tag = await call(
      t.app,
      'POST',
      '/api/tags',
      { name: 'Резерв', color: '#00AA00' },
      {
        token,
      },
    );
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    const tagId = tag.body.message.id as number;
    await call(t.app, 'POST', `/api/applicants/${id}/update_tags`, { tags: [tagId] }, { token });
    expect(
      (await card(t.app, token, id)).body.message.tags.map((x: { name: string }) => x.name),
    ).toEqual(['Резерв']);
    // Renaming the tag changes another table than the applicant's: the card still follows.
    const renamed = await call(
      t.app,
      'PATCH',
      `/api/tags/${tagId}`,
      { name: 'Кадровый резерв' },
      {
        token,
      },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(
      (await card(t.app, token, id)).body.message.tags.map((x: { name: string }) => x.name),
    ).toEqual(['Кадровый резерв']);
  });

  it('follows a change committed by a background job of this process before it reports done', async () => {
    const { company, id } = await setUp();
    await card(t.app, company.token, id);
    await t.database.withTenant(company.accountId, (tx) =>
      tx.execute(sql`update applicants set last_name = 'Зайцева' where id = ${id}`),
    );
    expect((await card(t.app, company.token, id)).body.message.last_name).toBe('Зайцева');
  });

  it('hears of a change made by another server process or by SQL outside the app', async () => {
    const { company, id } = await setUp();
    const token = company.token;
    // Both processes keep the card.
    await card(t.app, token, id);
    await card(t.other, token, id);
    expect((await card(t.other, token, id)).headers['x-cache']).toBe('hit');
    const patched = await call(
      t.app,
      'PATCH',
      `/api/applicants/${id}`,
      { last_name: 'Волкова' },
      {
        token,
      },
    );
    expect(patched.status).toBe(200);
    await cardShowsSoon(t.other, token, id, 'Волкова');

    await card(t.app, token, id);
    await t.database.system.execute(
      sql`update applicants set last_name = 'Лебедева' where id = ${id}`,
    );
    await cardShowsSoon(t.app, token, id, 'Лебедева');
  });

  it('answers Cache-Control: no-cache from the database', async () => {
    const { company, id } = await setUp();
    await card(t.app, company.token, id);
    const counter = countStatements(t.database);
    let fresh;
    try {
      fresh = await card(t.app, company.token, id, true);
    } finally {
      counter.stop();
    }
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(counter.all().length).toBeGreaterThan(0);
  });

  it("never hands a stored card to a watcher or to another account's user", async () => {
    const { company, id } = await setUp();
    expect((await card(t.app, company.token, id)).status).toBe(200);
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    // The applicant is on none of the watcher's vacancies: not there for them (issue 20), and
    // the recruiter's stored card is not theirs to be given.
    const refused = await card(t.app, watcher.token, id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Кандидат не найден');
    expect(refused.headers['x-cache']).not.toBe('hit');
    const stranger = await signUpCompany(t.app);
    const foreign = await card(t.app, stranger.token, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.status).toBe('error');
  });

  it('lists a new applicant on the next page read and keeps "only mine" per user', async () => {
    const company = await signUpCompany(t.app);
    const token = company.token;
    const member = await addTeamMember(t.app, token, { member_type: 'owner', is_admin: false });
    const page = (who: string, url = '/api/applicants') =>
      call(t.app, 'GET', url, undefined, { token: who });
    expect((await page(token)).body.message.applicant_count).toBe(0);
    expect((await page(token)).headers['x-cache']).toBe('hit');
    const created = await call(
      t.app,
      'POST',
      '/api/applicants',
      { last_name: 'Кузнецова', first_name: 'Ольга' },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const after = await page(token);
    expect(after.body.message.applicant_count).toBe(1);
    expect(after.body.message.applicants[0].last_name).toBe('Кузнецова');
    // The creator is the applicant's recruiter: "only mine" differs between the two users.
    const mine = '/api/applicants?only_mine=true';
    expect((await page(token, mine)).body.message.applicant_count).toBe(1);
    expect((await page(member.token, mine)).body.message.applicant_count).toBe(0);
    expect((await page(token, mine)).body.message.applicant_count).toBe(1);
  });

  it('is told of changes to every table except the few that no answer is built from', async () => {
    const rows = await systemRows<{ tablename: string }>(
      t.database,
      sql`select t.tablename from pg_tables t
          where t.schemaname = 'public'
            and not exists (
              select 1 from pg_trigger g
              join pg_class c on c.oid = g.tgrelid
              join pg_namespace n on n.oid = c.relnamespace
              join pg_proc p on p.oid = g.tgfoid
              where n.nspname = 'public' and c.relname = t.tablename
                and p.proname = 'ats_notify_data_change')
          order by t.tablename`,
    );
    expect(rows.map((r) => r.tablename)).toEqual([
      'audit_events',
      'auth_throttle',
      'mail_outbox',
      'sessions',
      'two_factor_challenges',
    ]);
  });
});
