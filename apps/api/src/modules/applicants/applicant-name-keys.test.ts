import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants, type ApplicantSeed } from '../../../test/applicant-factory.ts';
import { systemRows, tenantRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { seedOf, withSeed } from '../../../test/seeded.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// Decision 0097: the search box's name sample reads its matches from the narrow table of name
// words (migration 0107), kept by triggers on `applicants`. Over a random base that every kind of
// write has touched (edits of names, archive and restore, deletion, merges and their undo, new
// applicants, writes in SQL), the table holds exactly the name words of the active applicants who
// have any, and every name, prefix and pair of words answers what the search answered when the
// sample read `applicants` itself (0103): the same page, in the same order, with the same count.

const SEED = seedOf('NAME_KEYS_SEED');
const FRESH = { 'cache-control': 'no-cache' };

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
    chance: (share: number) => next() < share,
  };
}
const random = randomFrom(SEED);

// Few surnames, so that one of them (with its feminine form) matches more than a page and the
// prefix «Иван» more than the list counts (1,000).
const LAST = [
  'Иванов',
  'Иванова',
  'Иванченко',
  'Иваненко',
  'Петрова',
  'Смирнов',
  'Кузьмина',
  'Вишневецкая',
];
const FIRST = ['Анна', 'Олег', 'Павел', 'Ирина', 'Мария', 'Иван', 'Ольга', 'Пётр'];
const MIDDLE = ['Ивановна', 'Петрович', 'Олеговна', null];
const seedOne = (): ApplicantSeed => ({
  lastName: random.chance(0.95) ? random.pick(LAST) : null,
  firstName: random.chance(0.9) ? random.pick(FIRST) : null,
  middleName: random.pick(MIDDLE),
  archivedAt: random.chance(0.05) ? new Date() : null,
});

/** The search as it was before 0107: the name sample on `applicants` (0015, 0101). */
function previousSearchFunctions(): string[] {
  const folder = new URL('../../../../../packages/db/migrations/', import.meta.url);
  const texts = readdirSync(folder)
    .filter((name) => name.endsWith('.sql') && name < '0107')
    .sort()
    .map((name) => readFileSync(new URL(name, folder), 'utf8'));
  // The last definition of `name` before 0107, from CREATE to its END $$;.
  const fn = (name: string) => {
    for (const text of [...texts].reverse()) {
      const from = Math.max(
        text.lastIndexOf(`CREATE FUNCTION ${name}(`),
        text.lastIndexOf(`CREATE OR REPLACE FUNCTION ${name}(`),
      );
      if (from >= 0) return text.slice(from, text.indexOf('END $$;', from) + 'END $$;'.length);
    }
    throw new Error(`no definition of ${name}`);
  };
  const before = (text: string) =>
    text
      .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')
      .replaceAll('ats_search_name_matches(', 'before_0107_name_matches(')
      .replaceAll('applicant_search_page(', 'before_0107_search_page(');
  return ['ats_search_name_matches', 'applicant_search_page'].map((name) => before(fn(name)));
}

type Page = { applicant_ids: number[]; total: number };

let t: TestApp;
let hr: SignedUp;
let other: SignedUp;
let ids: number[] = [];
const queries = new Set<string>();

const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const response = await call(t.app, method, url, body, { token: hr.token });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.message;
};

const pageOf = async (fn: string, text: string, hits: number): Promise<Page> => {
  const [row] = await tenantRows<Page>(
    t.database,
    hr.accountId,
    sql`select applicant_ids, total from ${sql.raw(fn)}(${text}::text, ${hits}::int, 1000::int)`,
  );
  return { applicant_ids: row!.applicant_ids.map(Number), total: Number(row!.total) };
};

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
  for (const statement of previousSearchFunctions()) {
    await t.database.system.execute(sql.raw(statement));
  }
  await withSeed(SEED, 'NAME_KEYS_SEED', async () => {
    ids = await insertApplicants(t.database, hr.accountId, Array.from({ length: 1800 }, seedOne));
    await insertApplicants(t.database, other.accountId, Array.from({ length: 40 }, seedOne));
    const any = () => random.pick(ids);
    // Edits through the API: names changed, a name removed, other fields that leave it alone.
    for (let i = 0; i < 12; i += 1) {
      await send('PATCH', `/api/applicants/${any()}`, { last_name: random.pick(LAST) });
      await send('PATCH', `/api/applicants/${any()}`, { first_name: random.pick(FIRST) });
    }
    await send('PATCH', `/api/applicants/${any()}`, { middle_name: 'Кузьминична' });
    await send('PATCH', `/api/applicants/${any()}`, { email: 'name.keys@mail.ru' });
    const active = async (id: number) =>
      (
        await systemRows(
          t.database,
          sql`select 1 from applicants where id = ${id} and archived_at is null`,
        )
      ).length > 0;
    const anyActive = async () => {
      for (;;) {
        const id = any();
        if (await active(id)) return id;
      }
    };
    // To the archive and back.
    const archived = new Set<number>();
    for (let i = 0; i < 10; i += 1) {
      const id = await anyActive();
      archived.add(id);
      await send('POST', `/api/applicants/${id}/archive`);
    }
    for (const id of [...archived].slice(0, 4)) await send('POST', `/api/applicants/${id}/restore`);
    // Deleted for good.
    for (let i = 0; i < 5; i += 1) {
      await send('DELETE', `/api/applicants/${await anyActive()}?confirm=true`);
    }
    // Merges, one of them undone.
    const merges: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const [primary, secondary] = [await anyActive(), await anyActive()];
      if (primary === secondary) continue;
      const merged = await send('POST', '/api/applicants/merge', {
        primary_id: primary,
        secondary_id: secondary,
        fields: { name: 'secondary' },
      });
      merges.push(merged.merge.id);
    }
    // The latest: an earlier merge whose applicant a later one took is rightly refused (409).
    const latest = merges.at(-1);
    if (latest) await send('POST', `/api/applicants/merges/${latest}/undo`);
    // New applicants through the API.
    for (let i = 0; i < 5; i += 1) {
      const created = await send('POST', '/api/applicants', {
        last_name: random.pick(LAST),
        first_name: random.pick(FIRST),
      });
      ids.push(created.id);
    }
    // Writes in SQL: a creation time moved (the newest first changes), names and archive in bulk.
    const some = (n: number) => `{${Array.from({ length: n }, any).join(',')}}`;
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set created_at = now() - (id % 7) * interval '1 minute'
          where id = any(${some(20)}::int[]) returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set last_name = null, first_name = null, middle_name = null
          where id = any(${some(5)}::int[]) returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set archived_at = now() where id = any(${some(8)}::int[]) returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set last_name = 'Кузьмин' where id = any(${some(30)}::int[]) returning id`,
    );

    // Names as people type them: a surname in either form, its start, a first name, two words,
    // the Latin spelling, one letter off (the typo stage), and nobody's.
    for (const last of LAST) {
      queries.add(last);
      queries.add(last.slice(0, 4));
      queries.add(last.toLowerCase());
    }
    for (let i = 0; i < 12; i += 1) {
      queries.add(`${random.pick(LAST)} ${random.pick(FIRST)}`);
      queries.add(random.pick(FIRST));
    }
    for (const fixed of [
      'Иван',
      'Ивано',
      'Кузьмин',
      'Кузьминична',
      'Ivanova',
      'kuzmina',
      'Smirnov Oleg',
      'Вишневецкаяя',
      'Петрова Анна Ивановна',
      'Ё',
      'Никто',
    ]) {
      queries.add(fixed);
    }
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the name words of the search box', () => {
  it('are the words of the active applicants who have a name, no more, no less, after every write', async () => {
    const differences = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from (
            select account_id, id, created_at, strip(search_name_words)
            from applicants where archived_at is null and length(search_name_words) > 0
            except all
            select account_id, applicant_id, created_at, name_words from applicant_name_keys
          ) a full join (
            select account_id, applicant_id, created_at, name_words from applicant_name_keys
            except all
            select account_id, id, created_at, strip(search_name_words)
            from applicants where archived_at is null and length(search_name_words) > 0
          ) b on false`,
    );
    expect(differences[0]!.n).toBe(0);
    const [counts] = await systemRows<{ keys: number; active: number; nameless: number }>(
      t.database,
      sql`select (select count(*)::int from applicant_name_keys where account_id = ${hr.accountId}) as keys,
                 (select count(*)::int from applicants where account_id = ${hr.accountId}
                   and archived_at is null and length(search_name_words) > 0) as active,
                 (select count(*)::int from applicants where account_id = ${hr.accountId}
                   and archived_at is null and coalesce(length(search_name_words), 0) = 0) as nameless`,
    );
    expect(counts!.keys).toBe(counts!.active);
    expect(counts!.active).toBeGreaterThan(1000);
    // The base holds the kinds the table leaves out: nobody's name.
    expect(counts!.nameless).toBeGreaterThan(0);
  });

  it('answer every name as the search on the applicants did: page, order, count', async () => {
    let capped = 0;
    let found = 0;
    for (const text of queries) {
      for (const hits of [30, 1000]) {
        const before = await pageOf('before_0107_search_page', text, hits);
        const now = await pageOf('applicant_search_page', text, hits);
        expect(now, `'${text}', ${hits} hits`).toEqual(before);
        if (before.total > 1000) capped += 1;
        if (before.applicant_ids.length > 0) found += 1;
      }
    }
    // The base makes both kinds: names over the cap, and names found whole.
    expect(capped).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(capped);
  }, 180_000);

  it('through the list: the same applicants, order and count, only of the caller’s account', async () => {
    for (const text of ['Иванова', 'Кузьмин', 'Иван', ...[...queries].slice(0, 10)]) {
      const before = await pageOf('before_0107_search_page', text, 30);
      const response = await call(
        t.app,
        'GET',
        `/api/applicants?search=${encodeURIComponent(text)}&per_page=30`,
        undefined,
        { token: hr.token, headers: FRESH },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const page = response.body.message as {
        applicants: { id: number }[];
        applicant_count: number;
        applicant_count_capped: boolean;
      };
      expect(
        page.applicants.map((a) => a.id),
        text,
      ).toEqual(before.applicant_ids.slice(0, 30));
      expect(page.applicant_count_capped, text).toBe(before.total > 1000);
      expect(page.applicant_count, text).toBe(Math.min(before.total, 1000));
    }
  });

  it('are never seen from another account', async () => {
    const seen = await tenantRows<{ account_id: number }>(
      t.database,
      other.accountId,
      sql`select distinct account_id from applicant_name_keys`,
    );
    expect(seen.map((r) => r.account_id)).toEqual([other.accountId]);
  });
});
