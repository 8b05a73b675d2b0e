import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { type RequestFilter, requestListQuery } from './vacancy-applications.repository.ts';

// The list of hiring requests is counted and paged on the indexes of migration 0050, each in the
// list's order and carrying the columns of every filter and of the visibility rules (decision
// 0031): every tab and filter must be answerable from one index alone, and the order (newest
// first, then the larger id) must stay what it was, across pages, for each of them.

let t: TestApp;
let admin: SignedUp;
const made: { template?: number; division?: number } = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: admin.token });
type Listed = { id: number; created_at: string };
const list = async (query: string) => {
  const r = await send('GET', `/api/vacancy_applications?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message as { vacancy_applications: Listed[]; vacancy_application_count: number };
};

describe('the list of hiring requests on its indexes', () => {
  beforeAll(async () => {
    const division = await send('POST', '/api/account_divisions', { name: 'Склад' });
    const template = await send('POST', '/api/vacancy_application_templates', {
      name: 'Новая ставка',
      fields: [],
      steps: [
        { name: 'Директор', mode: 'any', approvers: [{ type: 'user', user_id: admin.userId }] },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    made.division = division.body.message.id;
    made.template = template.body.message.id;
    const ids: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const r = await send('POST', '/api/vacancy_applications', {
        position: i % 2 === 0 ? `Кладовщик ${i}` : `Водитель ${i}`,
        ...(i % 3 === 0 ? {} : { template_id: made.template }),
        ...(i % 2 === 0 ? { account_division_id: made.division } : {}),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.message.id);
      if (i % 3 !== 0) {
        const submitted = await send('POST', `/api/vacancy_applications/${ids.at(-1)}/submit`);
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      }
    }
    // Two groups created at the same instant: the larger id comes first within each.
    await t.database.system.execute(sql`
      update vacancy_applications
      set created_at = case when id % 2 = 0 then timestamptz '2026-03-01 10:00:00+00'
                            else timestamptz '2026-02-01 10:00:00+00' end
      where account_id = ${admin.accountId}::int`);
  });

  const queries = () => [
    'tab=all',
    'tab=all&state=pending',
    'tab=all&state=draft',
    `tab=all&template_id=${made.template}`,
    `tab=all&account_division_id=${made.division}`,
    `tab=all&state=pending&account_division_id=${made.division}`,
    'tab=mine',
    'tab=to_approve',
    'tab=all&q=кладовщик',
  ];

  it('keeps the order, newest first then the larger id, across pages of every tab and filter', async () => {
    for (const query of queries()) {
      const whole = await list(`${query}&per_page=100`);
      const expected = [...whole.vacancy_applications]
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
        .map((r) => r.id);
      expect(
        whole.vacancy_applications.map((r) => r.id),
        query,
      ).toEqual(expected);
      expect(whole.vacancy_application_count, query).toBe(expected.length);
      expect(expected.length, query).toBeGreaterThan(1);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 2); page += 1) {
        const part = await list(`${query}&per_page=2&page=${page}`);
        expect(part.vacancy_application_count, query).toBe(expected.length);
        paged.push(...part.vacancy_applications.map((r) => r.id));
      }
      expect(paged, query).toEqual(expected);
    }
  });

  it('counts and pages every tab and filter from an index alone, for every kind of reader', async () => {
    await t.database.system.execute(sql`vacuum analyze vacancy_applications`);
    const me = admin.userId;
    const filters: Omit<RequestFilter, 'visibility'>[] = [
      { tab: 'all' },
      { tab: 'all', state: 'pending' },
      { tab: 'all', templateId: made.template },
      { tab: 'all', divisionId: made.division },
      { tab: 'all', state: 'pending', divisionId: made.division },
      { tab: 'all', authorId: me },
      { tab: 'mine' },
      { tab: 'to_approve' },
      { tab: 'all', q: '%кладовщик%' },
    ];
    const readers = [
      { kind: 'all', userId: me },
      { kind: 'divisions', userId: me },
      { kind: 'own', userId: me },
    ] as const;
    for (const reader of readers) {
      for (const filter of filters) {
        const { query } = requestListQuery(
          admin.accountId,
          { ...filter, visibility: reader },
          { limit: 2, offset: 4 },
        );
        // The table is tiny: scans of the whole table are ruled out so the planner shows which
        // index it can answer from (an index-only scan wins over an index scan once VACUUM has
        // marked the pages all-visible). Only the scans that find the rows are asked for: the
        // page's rows themselves (`r`) are read whole by their key, as they must be.
        const scans = await t.database.withTenant(admin.accountId, async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(
            tx,
            sql`explain (format json) ${query}`,
          );
          return tableScans(row!['QUERY PLAN']);
        });
        const label = `${reader.kind} ${JSON.stringify(filter)}`;
        // The count and the page each scan once; the search scans no index of the account at
        // all: its function returns the rows it matched with the columns the filters read
        // (migration 0074), filtered, counted and paged from its CTE.
        expect(scans.length, label).toBe(filter.q ? 0 : 2);
        for (const scan of scans) expect(scan, label).toMatch(/^Index Only Scan using /);
        // A watcher's list reads their own requests by author (migration 0074) and those they
        // approve through the GIN index: no scan tests `route_user_ids` entry by entry, as the
        // OR of the visibility rule did over every request of the account.
        if (reader.kind === 'own') {
          for (const scan of scans) expect(scan, label).not.toMatch(/route_user_ids/);
        }
      }
    }
  });

  it('finds exactly the requests the filter and the visibility rule select, for every reader and filter', async () => {
    // The search filters the rows its function returns (migration 0074), not the table: every
    // filter and visibility rule must select the same requests as without the search.
    const me = admin.userId;
    await t.database.system.execute(sql`
      update vacancy_applications
      set step_started_at = now() - interval '30 days',
          route = jsonb_set(route, '{0,deadline_days}', '1')
      where account_id = ${admin.accountId}::int and state = 'pending' and id % 2 = 0`);
    // Another user on the route of some requests (drafts among them), to read as a watcher.
    await t.database.system.execute(sql`
      update vacancy_applications
      set route = route || jsonb_build_array(jsonb_build_object('name', 'Ещё', 'mode', 'any',
        'approvers', jsonb_build_array(jsonb_build_object('type', 'user', 'user_id', ${me + 1000}::int))))
      where account_id = ${admin.accountId}::int and id % 3 <> 1`);
    const filters: Omit<RequestFilter, 'visibility' | 'q'>[] = [
      { tab: 'all' },
      { tab: 'all', state: 'pending' },
      { tab: 'all', state: 'draft' },
      { tab: 'all', templateId: made.template },
      { tab: 'all', divisionId: made.division },
      { tab: 'all', authorId: me },
      { tab: 'all', overdue: true },
      { tab: 'all', overdue: false },
      { tab: 'mine' },
      { tab: 'to_approve' },
    ];
    const readers = [
      { kind: 'all', userId: me },
      { kind: 'divisions', userId: me },
      { kind: 'own', userId: me },
      { kind: 'own', userId: me + 1000 },
      { kind: 'divisions', userId: me + 1000 },
    ] as const;
    // Who is on each request's route, read from the table: the list answers without it.
    const routeUsers = new Map(
      (
        await t.database.withTenant(admin.accountId, (tx) =>
          selectRows<{ id: number; routeUserIds: number[] }>(
            tx,
            sql`select id, route_user_ids as "routeUserIds" from vacancy_applications`,
          ),
        )
      ).map((r) => [Number(r.id), r.routeUserIds.map(Number)]),
    );
    const read = async (filter: RequestFilter) => {
      const { query } = requestListQuery(admin.accountId, filter, { limit: 100, offset: 0 });
      const rows = await t.database.withTenant(admin.accountId, (tx) =>
        selectRows<{
          total: number;
          head: string | null;
          authorId: number;
          state: string;
        }>(tx, query),
      );
      // The statement writes each request's answer as text (decision 0113): its id and position
      // are read back from it.
      const found = rows.flatMap((r) => {
        if (r.head === null) return [];
        const { id, position } = JSON.parse(r.head) as {
          id: number;
          position: string;
        };
        return [{ id, position, authorId: r.authorId, state: r.state }];
      });
      return { total: rows[0]!.total, found };
    };
    let matched = 0;
    let seenAsApprover = 0;
    for (const reader of readers) {
      for (const filter of filters) {
        const label = `${reader.kind} ${reader.userId} ${JSON.stringify(filter)}`;
        const all = await read({ ...filter, visibility: reader });
        const expected = all.found
          .filter((r) => r.position.toLowerCase().includes('кладовщик'))
          .map((r) => r.id);
        const searched = await read({ ...filter, visibility: reader, q: 'КЛАДОВЩИК' });
        expect(
          searched.found.map((r) => r.id),
          label,
        ).toEqual(expected);
        expect(searched.total, label).toBe(expected.length);
        matched += expected.length;
        if (reader.kind === 'own') {
          // A watcher's list is read in two parts (their own, those they approve: migration
          // 0074); it must be the admin's list cut to what the visibility rule lets them see.
          const everything = await read({
            ...filter,
            visibility: { kind: 'all', userId: reader.userId },
          });
          const theirs = everything.found.filter(
            (r) =>
              r.authorId === reader.userId ||
              (r.state !== 'draft' && (routeUsers.get(r.id!) ?? []).includes(reader.userId)),
          );
          expect(
            all.found.map((r) => r.id),
            label,
          ).toEqual(theirs.map((r) => r.id));
          expect(all.total, label).toBe(theirs.length);
          seenAsApprover += theirs.filter((r) => r.authorId !== reader.userId).length;
        }
      }
    }
    expect(matched).toBeGreaterThan(10);
    expect(seenAsApprover).toBeGreaterThan(3);
  });
});

/** The scans of vacancy_applications in a JSON plan, but those of the page's rows (`r`). */
function tableScans(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n['Relation Name'] === 'vacancy_applications' && n.Alias !== 'r') {
      found.push(
        `${String(n['Node Type'])} using ${String(n['Index Name'] ?? '—')}, filter ${String(n.Filter ?? '—')}`,
      );
    }
    for (const value of Object.values(n)) if (typeof value === 'object') walk(value);
  };
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return found;
}
