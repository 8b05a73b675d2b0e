import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../http-server.ts';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { addTeamMember, signUpCompany } from '../../test/factories.ts';
import { countStatements, isBackgroundStatement } from '../../test/statement-counter.ts';
import { seedOf, withSeed } from '../../test/seeded.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { openVacancy } from '../../test/vacancy-fixtures.ts';
import {
  APPLICANT_LIST_TABLES,
  APPLICANT_PART_TABLES,
  type ApplicantPart,
  CARD_OWN_TABLES,
  CARD_REFERENCE_TABLES,
  PART_TABLES,
  type RememberedPart,
  tagsOfChanges,
  valueHash,
  valueTag,
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
      if (isBackgroundStatement(statement)) continue;
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

  it("reads no table the dependencies of a page's other answers leave out", async () => {
    const company = await signUpCompany(t.app);
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const member = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const vacancy = await openVacancy(t.app, company.token);
    const [id] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Анна', lastName: 'Соколова', email: 'anna@example.com' },
      { firstName: 'Анна', lastName: 'Соколова', email: 'anna@example.com' },
    ]);
    await call(
      t.app,
      'POST',
      '/api/applications',
      { applicant_id: id, vacancy_id: vacancy.id },
      { token: company.token },
    );
    const everyone = [company.token, member.token, watcher.token];
    // The watcher is no member of the vacancy: the applicant is not theirs to see.
    const staff = [company.token, member.token];
    const parts: [RememberedPart | ApplicantPart, string, string[]][] = [
      ['me', '/api/me', everyone],
      ['account', '/api/account', everyone],
      ['unread', `/api/msg_integrations/chats/unread?applicant_ids=${id}`, everyone],
      ['evaluationForms', '/api/evaluations', everyone],
      ['applicantEvaluations', `/api/applicant_evaluations?applicant_id=${id}`, staff],
      ['doubles', `/api/applicants/${id}/get_double`, staff],
      ['accountSources', '/api/account_sources', everyone],
      // An administrator's team list is not remembered (it reads the sessions).
      ['users', '/api/users', [member.token]],
      ['applicantFilters', '/api/applicant_filters', staff],
      ['divisions', '/api/account_divisions', everyone],
      ['boardColumns', `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`, staff],
    ];
    const missing: Record<string, string[]> = {};
    for (const [part, url, tokens] of parts) {
      const read = await tablesRead(async () => {
        for (const token of tokens) {
          const answer = await call(t.app, 'GET', url, undefined, { token, headers: FRESH });
          expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
        }
      });
      const declared: readonly string[] =
        part in APPLICANT_PART_TABLES
          ? [
              ...APPLICANT_PART_TABLES[part as ApplicantPart].own,
              ...APPLICANT_PART_TABLES[part as ApplicantPart].reference,
            ]
          : PART_TABLES[part as RememberedPart];
      const left = read.filter((table) => !declared.includes(table));
      if (left.length > 0) missing[url] = left;
      expect(read.length, url).toBeGreaterThan(0);
    }
    expect(missing).toEqual({});
  });

  /**
   * One applicant's card, evaluations and doubles (decision 0082), with doubles, dismissals and
   * evaluations among the other applicants: Анна twice (one e-mail: a certain double), a third
   * Анна Соколова dismissed as her double, Вера with her own double and evaluation, Ирина alone.
   */
  const applicantsWithDoubles = async () => {
    const company = await signUpCompany(t.app);
    const token = company.token;
    const vacancy = await openVacancy(t.app, token);
    const ok = async (method: string, url: string, body?: unknown) => {
      const answer = await call(t.app, method as never, url, body, { token });
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body.message;
    };
    const create = async (first_name: string, last_name: string, email: string) =>
      ((await ok('POST', '/api/applicants', { first_name, last_name, email })) as { id: number })
        .id;
    const anna = await create('Анна', 'Соколова', 'anna@example.com');
    const anna2 = await create('Анна', 'Соколова', 'anna@example.com');
    const anna3 = await create('Анна', 'Соколова', 'sokolova@example.com');
    const vera = await create('Вера', 'Орлова', 'vera@example.com');
    const vera2 = await create('Вера', 'Орлова', 'vera@example.com');
    const irina = await create('Ирина', 'Волкова', 'irina@example.com');
    await ok('POST', '/api/applicants/doubles/dismiss', { applicant_id: anna, double_id: anna3 });
    const form = await ok('POST', '/api/evaluations', {
      name: 'Собеседование',
      criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
    });
    const evaluate = async (applicant: number, text: string) => {
      await ok('POST', '/api/applications', { applicant_id: applicant, vacancy_id: vacancy.id });
      return ok('POST', '/api/applicant_evaluations', {
        evaluation_id: form.id,
        applicant_id: applicant,
        vacancy_id: vacancy.id,
        recommendation: 'yes',
        criterions: [
          {
            criterion_id: form.criterions[0].id,
            result: { criterion_type: 'text', result: text },
          },
        ],
      });
    };
    await evaluate(anna, 'Хорошо');
    await evaluate(vera, 'Отлично');
    return { company, token, vacancy, form, ok, evaluate, anna, anna2, anna3, vera, vera2, irina };
  };

  it("answers one applicant's reads the same with every applicant's rows they do not name hidden", async () => {
    const f = await applicantsWithDoubles();
    const all = [f.anna, f.anna2, f.anna3, f.vera, f.vera2, f.irina];
    const read = (url: string, fresh = false) =>
      call(t.app, 'GET', url, undefined, { token: f.token, ...(fresh ? { headers: FRESH } : {}) });
    /** A change of the applicant's own row only (a statement naming it, as the triggers say). */
    const touch = (id: number) =>
      t.database.withTenant(f.company.accountId, (tx) =>
        tx.execute(sql`update applicants set updated_at = updated_at where id = ${id}`),
      );
    const remembered = async (url: string) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        if ((await read(url)).headers['x-cache'] === 'hit') return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${url} is never remembered`);
    };
    /** The applicants whose change drops the remembered answer: the ones it names. */
    const named = async (url: string) => {
      const names: number[] = [];
      for (const id of all) {
        await remembered(url);
        await touch(id);
        if ((await read(url)).headers['x-cache'] !== 'hit') names.push(id);
        // This process hears its change again through NOTIFY: let it arrive before the next.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return names;
    };
    // Every applicant's rows of the tables these reads send statements to, by the column their
    // changes are recorded by (migration 0061): hidden from the app's role while listed.
    const tables = [
      ...new Set([
        ...CARD_OWN_TABLES,
        ...Object.values(APPLICANT_PART_TABLES).flatMap((part) => part.own),
      ]),
    ];
    const system = (text: string) => t.database.system.execute(sql.raw(text));
    await system('create table test_hidden_applicants (id integer primary key)');
    await system('grant select on test_hidden_applicants to ats_app');
    for (const table of tables) {
      const column = table === 'applicants' ? 'id' : 'applicant_id';
      await system(
        `create policy test_hidden on ${table} as restrictive for select to ats_app
           using (not exists (select 1 from test_hidden_applicants h where h.id = ${table}.${column}))`,
      );
    }
    try {
      const checked: Record<string, { names: number[]; same: boolean }> = {};
      for (const id of [f.anna, f.vera]) {
        for (const url of [
          `/api/applicants/${id}`,
          `/api/applicant_evaluations?applicant_id=${id}`,
          `/api/applicants/${id}/get_double`,
        ]) {
          const names = await named(url);
          const before = await read(url, true);
          const hidden = all.filter((other) => !names.includes(other));
          await t.database.system.execute(
            sql`insert into test_hidden_applicants select unnest(${`{${hidden.join(',')}}`}::int[])`,
          );
          const after = await read(url, true);
          await system('delete from test_hidden_applicants');
          checked[url] = {
            names,
            same:
              JSON.stringify([after.status, after.body]) ===
              JSON.stringify([before.status, before.body]),
          };
        }
      }
      // Each names its applicant, the doubles the applicants compared with it too; and what
      // each answers comes from those applicants' rows alone.
      expect(checked).toEqual({
        [`/api/applicants/${f.anna}`]: { names: [f.anna], same: true },
        [`/api/applicant_evaluations?applicant_id=${f.anna}`]: { names: [f.anna], same: true },
        [`/api/applicants/${f.anna}/get_double`]: {
          names: [f.anna, f.anna2, f.anna3],
          same: true,
        },
        [`/api/applicants/${f.vera}`]: { names: [f.vera], same: true },
        [`/api/applicant_evaluations?applicant_id=${f.vera}`]: { names: [f.vera], same: true },
        [`/api/applicants/${f.vera}/get_double`]: { names: [f.vera, f.vera2], same: true },
      });
    } finally {
      for (const table of tables) await system(`drop policy test_hidden on ${table}`);
      await system('drop table test_hidden_applicants');
    }
  });

  it("keeps another applicant's evaluations and doubles remembered through one applicant's change", async () => {
    const f = await applicantsWithDoubles();
    const read = (url: string) => call(t.app, 'GET', url, undefined, { token: f.token });
    const evaluations = (id: number) => `/api/applicant_evaluations?applicant_id=${id}`;
    const doubles = (id: number) => `/api/applicants/${id}/get_double`;
    const urls = [evaluations(f.anna), evaluations(f.vera), doubles(f.anna), doubles(f.vera)];
    /** Read until remembered; then which answers a change left in memory. */
    const remembered = async () => {
      // This process hears its last change again through NOTIFY: let it arrive first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const url of urls) {
        for (let attempt = 0; attempt < 20; attempt += 1) {
          if ((await read(url)).headers['x-cache'] === 'hit') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const kept = async () => {
      const hits: string[] = [];
      for (const url of urls) if ((await read(url)).headers['x-cache'] === 'hit') hits.push(url);
      return hits;
    };
    const matches = async (id: number) =>
      (
        (await read(doubles(id))).body.message.items as {
          applicant: { id: number; last_name: string };
        }[]
      ).map((m) => m.applicant);

    // Вера evaluated again: Анна's evaluations and both doubles stay; Вера's go and show it.
    await remembered();
    await f.ok('POST', '/api/applicant_evaluations', {
      evaluation_id: f.form.id,
      applicant_id: f.vera,
      recommendation: 'no',
      criterions: [
        {
          criterion_id: f.form.criterions[0].id,
          result: { criterion_type: 'text', result: 'Нет' },
        },
      ],
    });
    expect(await kept()).toEqual([evaluations(f.anna), doubles(f.anna), doubles(f.vera)]);
    const veras = await read(evaluations(f.vera));
    expect(veras.body.message.applicant_evaluation_count).toBe(2);

    // Ирина, no one's double, renamed: every answer stays.
    await remembered();
    await f.ok('PATCH', `/api/applicants/${f.irina}`, { last_name: 'Зайцева' });
    expect(await kept()).toEqual(urls);

    // Ирина takes Вера's name and e-mail: she becomes Вера's double; Анна's answers stay.
    await remembered();
    await f.ok('PATCH', `/api/applicants/${f.irina}`, {
      first_name: 'Вера',
      last_name: 'Орлова',
      email: 'vera@example.com',
    });
    expect(await kept()).toEqual([evaluations(f.anna), evaluations(f.vera), doubles(f.anna)]);
    expect((await matches(f.vera)).map((a) => a.id).sort()).toEqual([f.vera2, f.irina].sort());

    // Анна's double renamed: Анна's doubles show the new name; Вера's answers stay.
    await remembered();
    await f.ok('PATCH', `/api/applicants/${f.anna2}`, { middle_name: 'Петровна' });
    expect(await kept()).toEqual([evaluations(f.anna), evaluations(f.vera), doubles(f.vera)]);
    expect((await read(doubles(f.anna))).body.message.items[0].applicant.middle_name).toBe(
      'Петровна',
    );

    // «Не дубль» for Вера and Ирина: Вера's doubles go, Анна's stay.
    await remembered();
    await f.ok('POST', '/api/applicants/doubles/dismiss', {
      applicant_id: f.irina,
      double_id: f.vera,
    });
    expect(await kept()).toEqual([evaluations(f.anna), evaluations(f.vera), doubles(f.anna)]);
    expect((await matches(f.vera)).map((a) => a.id)).toEqual([f.vera2]);
  });

  it('reads a change as the tags it moves, and anything unknown as everything', () => {
    expect(tagsOfChanges('applicant_comments:5;tags')).toEqual([
      'any',
      'rows:applicant_comments',
      'applicant:5',
      'applicant:5:applicant_comments',
      'table:tags',
    ]);
    expect(tagsOfChanges('applicants:1,2')).toEqual([
      'any',
      'rows:applicants',
      'applicant:1',
      'applicant:1:applicants',
      'applicant:2',
      'applicant:2:applicants',
    ]);
    // Rows of no applicant (a vacancy's file): the table's rows, no card.
    expect(tagsOfChanges('files:')).toEqual(['any', 'rows:files']);
    expect(tagsOfChanges('')).toEqual([]);
    expect(tagsOfChanges('*')).toBeNull();
    expect(tagsOfChanges('applicants:1;DROP')).toBeNull();
    // The rows holding values of a column the table is read by (the match keys, migration 0093).
    expect(tagsOfChanges(`applicant_match_keys.key:${valueHash('e:anna@example.com')},7`)).toEqual([
      'any',
      valueTag('applicant_match_keys', 'key', 'e:anna@example.com'),
      'value:applicant_match_keys.key:7',
    ]);
    expect(tagsOfChanges('applicant_match_keys.key')).toBeNull();
  });
});

describe('remembered answers under random writes', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A build's page, so that the pages' HTML carries its answers (decision 0078).
    dist = mkdtempSync(path.join(tmpdir(), 'ats-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>ATS</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ WEB_DIST_DIR: dist });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('after every write, every remembered answer equals a fresh one from the database', async () => {
    const seed = seedOf('REMEMBERED_SEED');
    await withSeed(seed, 'REMEMBERED_SEED', async () => {
      const random = randomFrom(seed);
      const company = await signUpCompany(t.app);
      const token = company.token;
      const member = await addTeamMember(t.app, token, { member_type: 'owner', is_admin: false });
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
      const form = await ok('POST', '/api/evaluations', {
        name: 'Собеседование',
        criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
      });
      // Saved once through the API, each gets its match keys: the doubles compare them.
      for (const [i, id] of ids.entries()) {
        await ok('PATCH', `/api/applicants/${id}`, { email: `anna${i}@example.com` });
      }
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
        // What the pages' HTML carries besides (decision 0078).
        '/api/me',
        '/api/account',
        '/api/msg_integrations/chats/unread',
        '/api/evaluations',
        // One applicant's reads (decision 0082): each applicant's doubles, some evaluations.
        ...ids.slice(0, 3).map((id) => `/api/applicant_evaluations?applicant_id=${id}`),
        ...ids.map((id) => `/api/applicants/${id}/get_double`),
        '/api/account_sources',
        '/api/applicant_filters',
        '/api/account_divisions',
        `/api/vacancies/${vacancy.id}/get_status_vacancy_columns`,
      ];
      /** Read by a user who is no administrator: their team list is remembered. */
      const memberUrls = ['/api/me', '/api/users', '/api/applicant_filters', '/api/account'];
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
          kind: 'rename the company',
          run: () =>
            ok('PATCH', '/api/account/account_settings', {
              company_name: `ООО «Лютик ${(n += 1)}»`,
            }),
        }),
        () => ({
          kind: 'add a division',
          run: () => ok('POST', '/api/account_divisions', { name: `Отдел ${(n += 1)}` }),
        }),
        () => ({
          kind: 'save a shared filter set',
          run: () =>
            ok('POST', '/api/applicant_filters', {
              name: `Набор ${(n += 1)}`,
              filters: {},
              is_shared: true,
            }),
        }),
        () => ({
          kind: 'rename the member',
          run: () =>
            ok('PATCH', `/api/users/${member.userId}`, {
              admin_user: { name: `Сотрудник ${(n += 1)}` },
            }),
        }),
        () => {
          const id = someone();
          return {
            kind: `evaluate ${id}`,
            run: () =>
              ok('POST', '/api/applicant_evaluations', {
                evaluation_id: form.id,
                applicant_id: id,
                recommendation: random.pick(['yes', 'maybe', 'no']),
                criterions: [
                  {
                    criterion_id: form.criterions[0].id,
                    result: { criterion_type: 'text', result: `Оценка ${(n += 1)}` },
                  },
                ],
              }),
          };
        },
        () => {
          const id = someone();
          const other = random.int(ids.length);
          return {
            // A double found (or lost) by another applicant's edit.
            kind: `${id} takes the e-mail of ${ids[other]}`,
            run: () => ok('PATCH', `/api/applicants/${id}`, { email: `anna${other}@example.com` }),
          };
        },
        () => {
          const [one, other] = [someone(), someone()];
          if (one === other) return null;
          return {
            kind: `«Не дубль» for ${one} and ${other}`,
            run: () =>
              ok('POST', '/api/applicants/doubles/dismiss', {
                applicant_id: one,
                double_id: other,
              }),
          };
        },
        () => ({
          kind: 'create an applicant',
          run: () => ok('POST', '/api/applicants', { first_name: 'Ольга', last_name: 'Соколова' }),
        }),
      ];

      const read = (url: string, fresh: boolean, as = token) =>
        call(t.app, 'GET', url, undefined, { token: as, ...(fresh ? { headers: FRESH } : {}) });
      /** The remembered answer and a fresh one, as status and body. */
      const both = async (url: string, as = token) => {
        const kept = await read(url, false, as);
        const fresh = await read(url, true, as);
        return {
          hit: kept.headers['x-cache'] === 'hit',
          kept: [kept.status, kept.body],
          fresh: [fresh.status, fresh.body],
        };
      };
      const readers = () => [
        ...urls().map((url) => [url, token] as const),
        ...memberUrls.map((url) => [url, member.token] as const),
      ];
      /**
       * A page as the browser gets it, and the answers it carries beside the same answers read
       * fresh (`/api/me` without its token, as the page carries it).
       */
      const page = async (url: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: `auth_token=${token}` },
        });
        const match = /<script id="ats-answers" type="application\/json">(.*?)<\/script>/s.exec(
          response.body,
        );
        expect(match, `the page ${url} carries its answers`).not.toBeNull();
        const carried = JSON.parse(match![1]!) as Record<string, { status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
        // A screen's answer is its parts: each compared with its own endpoint.
        const parts: [string, { status: number; body: unknown }][] = [];
        for (const [url, part] of Object.entries(carried)) {
          if (url.startsWith('/api/screens/') && part.status === 200) {
            parts.push(...Object.entries(part.body.message as Record<string, never>));
          } else {
            parts.push([url, part]);
          }
        }
        const kept: Record<string, unknown> = {};
        const fresh: Record<string, unknown> = {};
        for (const [part, answer] of parts) {
          const now = await read(part, true);
          kept[part] = [answer.status, answer.body];
          fresh[part] =
            part === '/api/me'
              ? [now.status, { ...now.body, message: { ...now.body.message, token: '' } }]
              : [now.status, now.body];
        }
        expect(Object.keys(kept).length).toBeGreaterThan(5);
        return { kept, fresh };
      };

      let hits = 0;
      const done: string[] = [];
      for (const [url, as] of readers()) await read(url, false, as);
      for (let step = 0; step < 60; step += 1) {
        const write = random.pick(writes)();
        if (!write) continue;
        await write.run();
        done.push(write.kind);
        for (const [url, as] of readers()) {
          let seen = await both(url, as);
          // A change elsewhere is announced asynchronously: it must arrive within moments
          // (an answer left stale would stay so until its 60 s limit).
          for (let wait = 0; write.elsewhere && wait < 40; wait += 1) {
            if (JSON.stringify(seen.kept) === JSON.stringify(seen.fresh)) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
            seen = await both(url, as);
          }
          if (seen.hit) hits += 1;
          const who = as === token ? '' : ' (a member)';
          expect(seen.kept, `seed ${seed}, after ${done.join(' → ')}: ${url}${who}`).toEqual(
            seen.fresh,
          );
        }
        // A page (the card's most often) carries what its endpoints answer now.
        const url = random.pick([
          `/applicant/${someone()}`,
          `/applicant/${someone()}`,
          '/applicants',
          `/vacancy/${vacancy.id}/candidates`,
          '/',
        ]);
        let carried = await page(url);
        for (let wait = 0; write.elsewhere && wait < 40; wait += 1) {
          if (JSON.stringify(carried.kept) === JSON.stringify(carried.fresh)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
          carried = await page(url);
        }
        expect(carried.kept, `seed ${seed}, after ${done.join(' → ')}: the page ${url}`).toEqual(
          carried.fresh,
        );
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
