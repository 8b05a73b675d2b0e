import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../http-server.ts';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { addTeamMember, signUpCompany } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { seedOf, withSeed } from '../../test/seeded.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { openVacancy } from '../../test/vacancy-fixtures.ts';
import {
  APPLICANT_LIST_TABLES,
  CARD_OWN_TABLES,
  CARD_REFERENCE_TABLES,
  tagsOfChanges,
} from './answer-dependencies.ts';

// Decision 0050: a change drops only the remembered answers built from what it touched. These
// tests hold it to "never a stale answer": random writes of every kind, each followed by every
// remembered answer compared with a fresh one read from the database.

/** Deterministic random numbers (a seed per run, printed on failure). */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return {
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const FRESH = { 'cache-control': 'no-cache' };

describe('the tables a remembered answer is built from', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  /**
   * Read by the session look-up of every request (decision 0012: the session and its account's
   * state are checked before the answer cache is consulted), not by the answer.
   */
  const AUTHENTICATION = new Set(['sessions', 'accounts', 'account_tariffs']);

  /** The tables named after FROM or JOIN in the statements sent while `read` runs. */
  const tablesRead = async (read: () => Promise<unknown>) => {
    const counter = countStatements(t.database);
    try {
      await read();
    } finally {
      counter.stop();
    }
    const tables = new Set<string>();
    // All of them: a hot read's text is sent once per connection, as PREPARE (a fresh database
    // here, so within this read).
    for (const statement of counter.all()) {
      for (const match of statement.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
        tables.add(match[1]!.toLowerCase());
      }
    }
    const real = new Set(
      (
        (await t.database.system.execute(
          sql`select tablename from pg_tables where schemaname = 'public'`,
        )) as unknown as { rows: { tablename: string }[] }
      ).rows.map((r) => r.tablename),
    );
    return [...tables].filter((name) => real.has(name) && !AUTHENTICATION.has(name)).sort();
  };

  it("reads no table the card's or the list's dependencies leave out", async () => {
    const company = await signUpCompany(t.app);
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await openVacancy(t.app, company.token);
    const [id] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Анна', lastName: 'Соколова' },
    ]);
    await call(
      t.app,
      'POST',
      '/api/applications',
      { applicant_id: id, vacancy_id: vacancy.id },
      { token: company.token },
    );
    const get = (token: string, url: string) =>
      call(t.app, 'GET', url, undefined, { token, headers: FRESH });

    const card = new Set(
      await tablesRead(async () => {
        await get(company.token, `/api/applicants/${id}`);
        await get(company.token, `/api/applicants/${id}?vacancy_id=${vacancy.id}`);
        await get(watcher.token, `/api/applicants/${id}`);
      }),
    );
    const cardTables: string[] = [...CARD_OWN_TABLES, ...CARD_REFERENCE_TABLES];
    expect([...card].filter((table) => !cardTables.includes(table))).toEqual([]);
    expect(card.has('applicants')).toBe(true);

    const list = await tablesRead(async () => {
      for (const query of [
        '',
        '?search=Соколова',
        '?search=%2B79991234567',
        '?search=anna%40example.com',
        `?vacancy_id=${vacancy.id}`,
        `?status_id=${vacancy.statuses[0]!.id}`,
        '?only_mine=true',
        '?tags=1',
        '?account_source_id=1',
        '?sort=name',
      ]) {
        await get(company.token, `/api/applicants${query}`);
      }
    });
    const listTables: string[] = [...APPLICANT_LIST_TABLES];
    expect(list.filter((table) => !listTables.includes(table))).toEqual([]);
    expect(list).toContain('applicants');
  });

  it('reads a change as the tags it moves, and anything unknown as everything', () => {
    expect(tagsOfChanges('applicant_comments:5;tags')).toEqual([
      'any',
      'rows:applicant_comments',
      'applicant:5',
      'table:tags',
    ]);
    expect(tagsOfChanges('applicants:1,2')).toEqual([
      'any',
      'rows:applicants',
      'applicant:1',
      'applicant:2',
    ]);
    // Rows of no applicant (a vacancy's file): the table's rows, no card.
    expect(tagsOfChanges('files:')).toEqual(['any', 'rows:files']);
    expect(tagsOfChanges('')).toEqual([]);
    expect(tagsOfChanges('*')).toBeNull();
    expect(tagsOfChanges('applicants:1;DROP')).toBeNull();
  });
});

describe('remembered answers under random writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('after every write, every remembered answer equals a fresh one from the database', async () => {
    const seed = seedOf('REMEMBERED_SEED');
    await withSeed(seed, 'REMEMBERED_SEED', async () => {
      const random = randomFrom(seed);
      const company = await signUpCompany(t.app);
      const token = company.token;
      const vacancy = await openVacancy(t.app, token);
      const ids = await insertApplicants(
        t.database,
        company.accountId,
        ['Соколова', 'Орлова', 'Волкова', 'Лебедева', 'Зайцева', 'Морозова', 'Соколова'].map(
          (lastName, i) => ({ firstName: 'Анна', lastName, email: `anna${i}@example.com` }),
        ),
      );
      const ok = async (method: string, url: string, body?: unknown) => {
        const response = await call(t.app, method as never, url, body, { token });
        expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
        return response.body.message;
      };
      const tag = await ok('POST', '/api/tags', { name: 'Резерв', color: '#00AA00' });
      const source = await ok('POST', '/api/account_sources', { name: 'Сайт' });
      const reasons = (await ok('GET', '/api/reasons?reason_type=reject')) as { id: number }[];
      const stages = vacancy.statuses.filter((s) => !s.is_reject);
      const live = new Set(ids);
      const applications = new Map<number, number>();
      const urls = () => [
        ...ids.map((id) => `/api/applicants/${id}`),
        `/api/applicants/${ids[0]}?vacancy_id=${vacancy.id}`,
        '/api/applicants',
        '/api/applicants?search=Соколова',
        `/api/applicants?vacancy_id=${vacancy.id}`,
        `/api/applicants?account_source_id=${source.id}`,
        `/api/applicants?tags=${tag.id}`,
      ];
      const someone = () => random.pick([...live]);
      /** Which applicant holds which application on the vacancy, as the database has it now. */
      const placedNow = async () => {
        const result = (await t.database.system.execute(
          sql`select id, applicant_id from applications where vacancy_id = ${vacancy.id}`,
        )) as unknown as { rows: { id: number; applicant_id: number }[] };
        applications.clear();
        for (const row of result.rows) applications.set(Number(row.applicant_id), Number(row.id));
      };
      let n = 0;

      type Write = { kind: string; run: () => Promise<unknown>; elsewhere?: boolean };
      const writes: (() => Write | null)[] = [
        () => {
          const id = someone();
          return {
            kind: `edit ${id}`,
            run: () => ok('PATCH', `/api/applicants/${id}`, { last_name: `Новикова${(n += 1)}` }),
          };
        },
        () => {
          const id = someone();
          return {
            kind: `source of ${id}`,
            run: () => ok('PATCH', `/api/applicants/${id}`, { account_source_id: source.id }),
          };
        },
        () => {
          const id = someone();
          if (applications.has(id)) return null;
          return {
            kind: `place ${id}`,
            run: async () => {
              const placed = await ok('POST', '/api/applications', {
                applicant_id: id,
                vacancy_id: vacancy.id,
              });
              applications.set(id, placed.id);
            },
          };
        },
        () => {
          const id = someone();
          const application = applications.get(id);
          if (!application) return null;
          const stage = random.pick(stages);
          return {
            kind: `move ${id}`,
            run: () =>
              call(
                t.app,
                'POST',
                `/api/applications/${application}/move`,
                { status_id: stage.id },
                {
                  token,
                },
              ),
          };
        },
        () => {
          const id = someone();
          const application = applications.get(id);
          if (!application) return null;
          return {
            kind: `reject ${id}`,
            run: () =>
              call(
                t.app,
                'POST',
                `/api/applications/${application}/reject`,
                { reason_id: random.pick(reasons).id, comment: 'Мало опыта' },
                { token },
              ),
          };
        },
        () => {
          const id = someone();
          return {
            kind: `comment ${id}`,
            run: () =>
              ok('POST', `/api/applicants/${id}/comments`, { description: `Заметка ${(n += 1)}` }),
          };
        },
        () => {
          const id = someone();
          return {
            kind: `tag ${id}`,
            run: () =>
              ok('POST', `/api/applicants/${id}/update_tags`, {
                tags: random.int(2) ? [tag.id] : [],
              }),
          };
        },
        () => ({
          kind: 'rename the tag',
          run: () => ok('PATCH', `/api/tags/${tag.id}`, { name: `Резерв ${(n += 1)}` }),
        }),
        () => ({
          kind: 'rename the source',
          run: () => ok('PATCH', `/api/account_sources/${source.id}`, { name: `Сайт ${(n += 1)}` }),
        }),
        () => ({
          kind: 'rename the vacancy',
          run: () =>
            ok('PATCH', `/api/vacancies/${vacancy.id}`, { position: `Бариста ${(n += 1)}` }),
        }),
        () => {
          if (live.size < 4) return null;
          const [primary, secondary] = [someone(), someone()];
          if (primary === secondary) return null;
          return {
            kind: `merge ${secondary} into ${primary}`,
            run: async () => {
              await ok('POST', '/api/applicants/merge', {
                primary_id: primary,
                secondary_id: secondary,
              });
              live.delete(secondary);
              // The merge carries the secondary's application over to the primary.
              await placedNow();
            },
          };
        },
        () => {
          if (live.size < 4) return null;
          const id = someone();
          return {
            kind: `delete ${id}`,
            run: async () => {
              await ok('DELETE', `/api/applicants/${id}`);
              live.delete(id);
            },
          };
        },
        () => {
          const id = someone();
          return {
            // A background job of this process writes through the tenant writer.
            kind: `job writes ${id}`,
            run: () =>
              t.database.withTenant(company.accountId, (tx) =>
                tx.execute(
                  sql`update applicants set middle_name = ${`Задача${(n += 1)}`} where id = ${id}`,
                ),
              ),
          };
        },
        () => {
          const id = someone();
          return {
            // Another process (or SQL by hand): heard only through NOTIFY, asynchronously.
            kind: `SQL elsewhere on ${id}`,
            elsewhere: true,
            run: () =>
              t.database.system.execute(
                sql`update applicant_comments set description = ${`Правка ${(n += 1)}`}
                  where applicant_id = ${id}`,
              ),
          };
        },
        () => ({
          kind: 'SQL elsewhere on every applicant',
          elsewhere: true,
          run: () =>
            t.database.system.execute(
              sql`update applicants set position = ${`Должность ${(n += 1)}`}
                where account_id = ${company.accountId}`,
            ),
        }),
        () => ({
          kind: 'create an applicant',
          run: () => ok('POST', '/api/applicants', { first_name: 'Ольга', last_name: 'Соколова' }),
        }),
      ];

      const read = (url: string, fresh: boolean) =>
        call(t.app, 'GET', url, undefined, { token, ...(fresh ? { headers: FRESH } : {}) });
      /** The remembered answer and a fresh one, as status and body. */
      const both = async (url: string) => {
        const kept = await read(url, false);
        const fresh = await read(url, true);
        return {
          hit: kept.headers['x-cache'] === 'hit',
          kept: [kept.status, kept.body],
          fresh: [fresh.status, fresh.body],
        };
      };

      let hits = 0;
      const done: string[] = [];
      for (const url of urls()) await read(url, false);
      for (let step = 0; step < 60; step += 1) {
        const write = random.pick(writes)();
        if (!write) continue;
        await write.run();
        done.push(write.kind);
        for (const url of urls()) {
          let seen = await both(url);
          // A change elsewhere is announced asynchronously: it must arrive within moments
          // (an answer left stale would stay so until its 60 s limit).
          for (let wait = 0; write.elsewhere && wait < 40; wait += 1) {
            if (JSON.stringify(seen.kept) === JSON.stringify(seen.fresh)) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
            seen = await both(url);
          }
          if (seen.hit) hits += 1;
          expect(seen.kept, `seed ${seed}, after ${done.join(' → ')}: ${url}`).toEqual(seen.fresh);
        }
      }
      // Not a cache that keeps nothing: reads after a write still come from memory (fewer than
      // one might think: this process hears its own writes again through NOTIFY, moments later,
      // and drops what was read in between).
      expect(hits).toBeGreaterThan(done.length);
    });
  }, 300_000);
});

describe('two server processes on one database', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherDatabase: TestApp['database'] | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    const url = (t.database as { url?: string }).url;
    if (url) {
      // PostgreSQL: a database handle of its own (its own pool and LISTEN connection).
      const { openDatabase } = await import('@ats/db/connection');
      otherDatabase = await openDatabase({ databaseUrl: url, dataDir: 'unused', poolSize: 3 });
    }
    // PGlite is one process: the second server shares the engine but hears none of the first's
    // writes except through NOTIFY.
    const database = otherDatabase ?? { ...t.database, onTenantWrite: () => () => {} };
    other = await buildHttpServer({ config: t.config, database, queue: t.queue, logger: false });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase?.close();
    await t.close();
  });

  it("drops, on a write through one, only the other's answers built from what it changed", async () => {
    const company = await signUpCompany(t.app);
    const token = company.token;
    const [changed, untouched] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Анна', lastName: 'Соколова' },
      { firstName: 'Вера', lastName: 'Орлова' },
    ]);
    const card = (id: number) => call(other, 'GET', `/api/applicants/${id}`, undefined, { token });
    await card(changed!);
    await card(untouched!);
    expect((await card(changed!)).headers['x-cache']).toBe('hit');

    const patched = await call(
      t.app,
      'PATCH',
      `/api/applicants/${changed}`,
      { last_name: 'Волкова' },
      { token },
    );
    expect(patched.status).toBe(200);
    let seen = await card(changed!);
    for (let wait = 0; seen.body.message.last_name !== 'Волкова' && wait < 60; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await card(changed!);
    }
    expect(seen.body.message.last_name).toBe('Волкова');
    // The other applicant's card was not built from the change: still remembered there.
    const kept = await card(untouched!);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.body.message.last_name).toBe('Орлова');
  });
});
