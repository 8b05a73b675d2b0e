import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants, type ApplicantSeed } from '../../../test/applicant-factory.ts';
import { systemRows, tenantRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { seedOf, withSeed } from '../../../test/seeded.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// Decision 0074: the search box's phone and e-mail fragments read their candidates from the
// narrow table of contact keys (migration 0090), kept by triggers on `applicants`. Over a random
// base that every kind of write has touched (edits, archive and restore, deletion, merges and
// their undo, new applicants, writes in SQL), the table holds exactly the keys of the active
// applicants who have any, and every fragment answers what the search answered when it read
// `applicants` itself (0085): the same page, in the same order, with the same count and its cap
// at 1,000.

const SEED = seedOf('CONTACT_KEYS_SEED');
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

const FIRST = ['anna', 'oleg', 'pavel', 'irina', 'maria', 'ivan', 'olga', 'petr'];
const LAST = ['orlova', 'ivanov', 'petrova', 'smirnov', 'pokrovsky', 'kovalev', 'mokova'];
// Nine in ten at one domain: 'mail' and '@mai' match more than the list counts (1,000).
const DOMAINS = ['mail.ru', 'mail.ru', 'mail.ru', 'mail.ru', 'mail.ru', 'mail.ru', 'mail.ru'];
const OTHER_DOMAINS = ['yandex.ru', 'gmail.com', 'bk.ru'];
// Few digits, so that 4–7 digit fragments are shared by many.
const phoneOf = () =>
  `+7 9${Array.from({ length: 9 }, () => random.pick(['1', '2', '3', '5'])).join('')}`;
const emailOf = () =>
  `${random.pick(FIRST)}.${random.pick(LAST)}${random.int(100)}@${
    random.chance(0.9) ? random.pick(DOMAINS) : random.pick(OTHER_DOMAINS)
  }`;
const seedOne = (): ApplicantSeed => ({
  lastName: random.pick(['Орлова', 'Иванов', 'Петрова', 'Смирнов']),
  email: random.chance(0.95) ? emailOf() : null,
  phone: random.chance(0.9) ? phoneOf() : null,
  tg: random.chance(0.2) ? `@${random.pick(FIRST)}_${random.pick(LAST)}` : null,
  skype: random.chance(0.1) ? `live:${random.pick(FIRST)}-${random.pick(LAST)}` : null,
  resumeUrls: random.chance(0.1)
    ? [`https://hh.ru/resume/${random.pick(LAST)}+${random.int(9)}`]
    : [],
  contacts: random.chance(0.3)
    ? [{ contact_type: 'whatsapp', value: phoneOf(), is_prefered: false }]
    : [],
  archivedAt: random.chance(0.05) ? new Date() : null,
});

/** The search as it was before 0090: the contact stage on `applicants` (0064, 0071, 0085). */
function previousSearchFunctions(): string[] {
  const folder = new URL('../../../../../packages/db/migrations/', import.meta.url);
  const texts = readdirSync(folder)
    .filter((name) => name.endsWith('.sql') && name < '0090')
    .sort()
    .map((name) => readFileSync(new URL(name, folder), 'utf8'));
  // The last definition of `name` before 0090, from CREATE to its END $$;.
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
      .replaceAll('ats_search_contact_estimate(', 'before_0090_contact_estimate(')
      .replaceAll('ats_search_contact_hits(', 'before_0090_contact_hits(')
      .replaceAll('applicant_search_page(', 'before_0090_search_page(');
  return ['ats_search_contact_estimate', 'ats_search_contact_hits', 'applicant_search_page'].map(
    (name) => before(fn(name)),
  );
}

type Page = { applicant_ids: number[]; total: number };

let t: TestApp;
let hr: SignedUp;
let other: SignedUp;
let ids: number[] = [];
const fragments = new Set<string>();

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
  await withSeed(SEED, 'CONTACT_KEYS_SEED', async () => {
    ids = await insertApplicants(t.database, hr.accountId, Array.from({ length: 1500 }, seedOne));
    await insertApplicants(t.database, other.accountId, Array.from({ length: 40 }, seedOne));
    const any = () => random.pick(ids);
    // Edits through the API: e-mails, phones, extra contacts.
    for (let i = 0; i < 12; i += 1) {
      await send('PATCH', `/api/applicants/${any()}`, { email: emailOf() });
      await send('PATCH', `/api/applicants/${any()}`, { phone: phoneOf() });
    }
    await send('PATCH', `/api/applicants/${any()}`, {
      contacts: [{ contact_type: 'skype', value: 'live:pokrovsky.m', is_prefered: false }],
    });
    // Applicants there and not archived (the archive and the merge refuse the others).
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
    // Merges, the latest undone (an earlier one may share an applicant with a later merge, and
    // its undo is then refused until the later one is undone).
    const merges: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const [primary, secondary] = [await anyActive(), await anyActive()];
      if (primary === secondary) continue;
      const merged = await send('POST', '/api/applicants/merge', {
        primary_id: primary,
        secondary_id: secondary,
        fields: { email: 'secondary' },
      });
      merges.push(merged.merge.id);
    }
    const latest = merges.at(-1);
    if (latest) await send('POST', `/api/applicants/merges/${latest}/undo`);
    // New applicants through the API.
    for (let i = 0; i < 5; i += 1) {
      const created = await send('POST', '/api/applicants', {
        last_name: 'Новый',
        email: emailOf(),
        phone: phoneOf(),
      });
      ids.push(created.id);
    }
    // Writes in SQL: a creation time moved (the newest first changes), keys and archive in bulk.
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set created_at = now() - (id % 7) * interval '1 minute'
          where id = any(${`{${Array.from({ length: 20 }, any).join(',')}}`}::int[])
          returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set email = null, phone = null, tg = null, contacts = '[]'::jsonb
          where id = any(${`{${Array.from({ length: 5 }, any).join(',')}}`}::int[])
          returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set archived_at = now()
          where id = any(${`{${Array.from({ length: 8 }, any).join(',')}}`}::int[])
          returning id`,
    );
    await tenantRows(
      t.database,
      hr.accountId,
      sql`update applicants set skype = 'x' where id = any(${`{${Array.from({ length: 30 }, any).join(',')}}`}::int[])
          returning id`,
    );

    // Fragments drawn from the applicants' own keys, typed as people type them, and some fixed.
    const rows = await systemRows<{ email: string | null; phone: string | null }>(
      t.database,
      sql`select email, phone from applicants where account_id = ${hr.accountId}`,
    );
    for (let i = 0; i < 40; i += 1) {
      const { email, phone } = random.pick(rows);
      if (email) {
        const [local = '', domain = ''] = email.split('@');
        const word = local.split(/[^a-z]+/).sort((a, b) => b.length - a.length)[0] ?? '';
        const picks = [
          word,
          `@${domain.slice(0, 3 + (i % 3))}`,
          `${local.slice(-2)}@${domain.slice(0, 2)}`,
          local.slice(random.int(Math.max(1, local.length - 5)), undefined).slice(0, 5),
        ];
        const pick = picks[i % picks.length]!;
        if (pick.length >= 4) fragments.add(pick);
        // Across the @ with the letter the key turns it into ('w': trigrams alike, but no e-mail
        // holds it), and a dot written as a letter.
        fragments.add(`${local.slice(-3)}w${domain.slice(0, 3)}`);
        fragments.add(email.slice(0, 6).replace('.', 'a'));
      }
      if (phone) {
        const digits = phone.replace(/\D/g, '');
        const length = 4 + (i % 4);
        const start = random.int(digits.length - length + 1);
        fragments.add(digits.slice(start, start + length));
      }
    }
    // And the marks the e-mail key turns into letters ('.@-_:/+'), an escaped '_' among them.
    for (const fixed of [
      'mail',
      '@mai',
      'm.pok',
      'M.POK',
      'pokrovsky',
      '@gmail',
      'mokova',
      '5555',
      'live:',
      'a_orl',
      'na_or',
      'oleg-',
      'hh.ru/res',
      'ume/ivanov+',
      'ovaq',
    ]) {
      fragments.add(fixed);
    }
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the contact keys of the search box', () => {
  it('are the keys of the active applicants who have one, no more, no less, after every write', async () => {
    const differences = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from (
            select account_id, id, created_at, ats_contact_trigram_key(search_contacts), search_phones
            from applicants where archived_at is null and search_contacts || search_phones <> ''
            except all
            select account_id, applicant_id, created_at, contacts_key, phones_key
            from applicant_contact_keys
          ) a full join (
            select account_id, applicant_id, created_at, contacts_key, phones_key
            from applicant_contact_keys
            except all
            select account_id, id, created_at, ats_contact_trigram_key(search_contacts), search_phones
            from applicants where archived_at is null and search_contacts || search_phones <> ''
          ) b on false`,
    );
    expect(differences[0]!.n).toBe(0);
    // The e-mail key reads back to the applicant's own key, mark for mark: the map is one to one.
    const unreadable = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from applicant_contact_keys k
          join applicants a on a.account_id = k.account_id and a.id = k.applicant_id
          where translate(k.contacts_key, 'QWYXZVP', '.@-_:/+') <> a.search_contacts
             or a.search_contacts ~ '[A-Z]'`,
    );
    expect(unreadable[0]!.n).toBe(0);
    const [counts] = await systemRows<{ keys: number; active: number }>(
      t.database,
      sql`select (select count(*)::int from applicant_contact_keys where account_id = ${hr.accountId}) as keys,
                 (select count(*)::int from applicants where account_id = ${hr.accountId} and archived_at is null
                   and search_contacts || search_phones <> '') as active`,
    );
    expect(counts!.keys).toBe(counts!.active);
    expect(counts!.active).toBeGreaterThan(1000);
  });

  it('answer every fragment as the search on the applicants did: page, order, count', async () => {
    await withSeed(SEED, 'CONTACT_KEYS_SEED', async () => {
      let capped = 0;
      let found = 0;
      for (const text of fragments) {
        for (const hits of [30, 1000]) {
          const before = await pageOf('before_0090_search_page', text, hits);
          const now = await pageOf('applicant_search_page', text, hits);
          expect(now, `'${text}', ${hits} hits`).toEqual(before);
          if (before.total > 1000) capped += 1;
          if (before.applicant_ids.length > 0) found += 1;
        }
      }
      // The base makes both kinds: fragments over the cap, and fragments found whole.
      expect(capped).toBeGreaterThan(0);
      expect(found).toBeGreaterThan(capped);
    });
  }, 180_000);

  it('through the list: the same applicants, order and count, only of the caller’s account', async () => {
    for (const text of ['mail', 'm.pok', '@gmail', ...[...fragments].slice(0, 12)]) {
      const before = await pageOf('before_0090_search_page', text, 30);
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
      sql`select distinct account_id from applicant_contact_keys`,
    );
    expect(seen.map((r) => r.account_id)).toEqual([other.accountId]);
  });
});
