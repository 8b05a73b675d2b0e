// EXPLAIN (ANALYZE, BUFFERS) of the statements that read the per-application summaries
// (migrations 0066, 0082) beside the same reports read from the log (`fromLog`, the reference
// path the randomized rollup test compares with), as the tenant, over the last year and month,
// on a database the `analytics` entry prepared and kept (BENCH_KEEP_DB=1):
//   npx tsx bench/analytics-summaries-explain.ts postgres://…/ats_bench_analytics_200000_1000000
// Each line: execution time, shared buffers hit + read, and the before / after ratio.
// EXPLAIN_SPAN=year|month and EXPLAIN_ONLY=<part of a name> narrow it; --plans prints the
// summaries' plans as text.
import type { Db } from '../packages/db/src/connection.ts';
import {
  countFacts,
  countFactsFromSummaries,
  hiresWithPlacement,
} from '../apps/api/src/modules/analytics/analytics-facts.repository.ts';
import {
  listFunnelStages,
  listSources,
} from '../apps/api/src/modules/analytics/analytics-reports.repository.ts';
import {
  benchAccount,
  commandLine,
  connectTenant,
  explainSpans,
  loadAverage,
  weekdayCalendar,
} from './support/tenant-statements.ts';

/** `--plans`: print each plan of the summaries' path as text too (where the time goes). */
const { url, printPlans } = commandLine('analytics-summaries-explain.ts <database-url>');
const { client, tenantDb } = await connectTenant(url);

try {
  const { accountId, timeZone } = await benchAccount(client);
  /** The sums of the figures of the statements `run` sends, explained as the tenant. */
  const measure = async (run: (db: Db) => Promise<unknown>) => {
    const { db, plans } = tenantDb(accountId, 'explain');
    await run(db);
    return plans.reduce((sum, p) => ({ ms: sum.ms + p.ms, buffers: sum.buffers + p.buffers }), {
      ms: 0,
      buffers: 0,
    });
  };
  const owner = await client.query<{ group_id: number }>(
    `select (select g.id from status_groups g where g.account_id = $1
             order by g.is_favorite desc, g.position, g.id limit 1) as group_id`,
    [accountId],
  );
  const { group_id: groupId } = owner.rows[0]!;
  const columns = (
    await client.query<{ id: number; name: string; position: number }>(
      `select s.id, s.name, s.position from statuses s
       where s.account_id = $1 and not s.is_reject and s.status_group_id = $2
       order by s.position, s.id`,
      [accountId, groupId],
    )
  ).rows;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  for (const [span, days] of explainSpans()) {
    const to = new Date(`${day(new Date(Date.now() + 86_400_000))}T00:00:00Z`);
    const from = new Date(to.getTime() - days * 86_400_000);
    const before = new Date(from.getTime() - days * 86_400_000);
    const cal = weekdayCalendar(
      day(new Date(from.getTime() - 86_400_000)),
      day(new Date(Date.now() + 2 * 86_400_000)),
    );
    const range = (fromLog: boolean) => ({ accountId, timeZone, from, to, fromLog });
    const f = { accountId, divisionIds: null };
    const cases: [string, (db: Db, fromLog: boolean) => Promise<unknown>][] = [
      [
        'funnel of each vacancy (by_vacancies, vacancy)',
        (db, fromLog) =>
          listFunnelStages(db, range(fromLog), { divisionIds: null }, { kind: 'vacancy' }, cal),
      ],
      [
        'funnel of a template (status_group_conversion)',
        (db, fromLog) =>
          listFunnelStages(
            db,
            range(fromLog),
            { divisionIds: null, statusGroupId: groupId },
            { kind: 'group', statusGroupId: groupId },
            cal,
          ),
      ],
      [
        'by_sources',
        (db, fromLog) => listSources(db, range(fromLog), { divisionIds: null }, columns),
      ],
      [
        'offers made and accepted, now and before',
        (db, fromLog) =>
          fromLog
            ? countFacts(db, ['offers', 'accepted'], f, { from, to }, { from: before, to: from })
            : countFactsFromSummaries(
                db,
                ['offers', 'accepted'],
                f,
                { from, to },
                { from: before, to: from },
              ),
      ],
      [
        'hires with their placement (time to hire)',
        (db, fromLog) => hiresWithPlacement(db, f, { from, to }, fromLog),
      ],
    ];
    const only = process.env.EXPLAIN_ONLY;
    for (const [name, run] of cases.filter(([n]) => !only || n.includes(only))) {
      const loadBefore = loadAverage();
      const log = await measure((db) => run(db, true));
      const summaries = await measure((db) => run(db, false));
      if (printPlans) await run(tenantDb(accountId, 'print').db, false);
      console.log(
        `${span} ${name}: log ${log.ms.toFixed(0)} ms (${log.buffers} buffers) → summaries ` +
          `${summaries.ms.toFixed(0)} ms (${summaries.buffers} buffers), ×${(log.ms / summaries.ms).toFixed(1)}` +
          ` [load ${loadBefore} → ${loadAverage()}]`,
      );
    }
  }
} finally {
  await client.end();
}
