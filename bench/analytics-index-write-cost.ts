// What the indexes of migration 0108 (the per-vacancy rollups led by the vacancy) cost a write:
// the server process's CPU (from /proc/<pid>/schedstat, so only our backend whatever else the
// machine runs) of one backdated placement — `update application_transitions set moved_at =
// moved_at - 10 days` of one application's rows, which rewrites its summary and so its rows of
// `analytics_vacancy_reach_days` and `analytics_vacancy_stays` — on a copy migrated to 0108 and on
// a copy of the same base without it, one connection each (their trigger functions' plans kept,
// decision 0090: an index dropped inside the transaction would make them replan), alternated,
// every transaction rolled back, so each round writes the same rows on the same data. Both
// databases must be on this machine:
//   npx tsx bench/analytics-index-write-cost.ts <with-url> <without-url> [rounds=9] [apps=8]
// Any change of the rollups' writes compares the same way (decision 0105: a copy migrated to 0112,
// whose trigger helper also writes the reach per month, against a copy of the base without it).
// WRITE_KIND=move writes a move instead: a transition of the application to the next stage of its
// vacancy after the furthest it reached (not a rejection), at now() — its summary's furthest
// position and its stays change, so its reach rows are rewritten too.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

const [url, withoutUrl] = process.argv.slice(2);
if (!url || !withoutUrl) {
  throw new Error('usage: analytics-index-write-cost.ts <with-url> <without-url> [rounds] [apps]');
}
const rounds = Number(process.argv[4] ?? 9);
const appCount = Number(process.argv[5] ?? 8);
const kind = process.env.WRITE_KIND ?? 'backdate';
if (kind !== 'backdate' && kind !== 'move') throw new Error('WRITE_KIND: backdate or move');
const client = new pg.Client({ connectionString: url });
await client.connect();
const without = new pg.Client({ connectionString: withoutUrl });
await without.connect();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

try {
  const pidOf = async (c: pg.Client) =>
    (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const pids = { with: await pidOf(client), without: await pidOf(without) };
  const cpu = (pid: number) =>
    Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  // For a move, applications with a stage after their furthest: the stage moved to.
  const apps = (
    await client.query<{ account_id: number; application_id: number; next_stage: number | null }>(
      `select s.account_id, s.application_id,
              (select st.id from statuses st
               where st.account_id = s.account_id and st.vacancy_id = s.vacancy_id
                 and not st.is_reject and st.position > s.furthest_position
               order by st.position, st.id limit 1) as next_stage
       from analytics_application_summaries s
       where s.placed_at > now() - interval '300 days' and cardinality(s.step_stage_ids) > 2
         and ($2 = 'backdate' or exists (
           select 1 from statuses st
           where st.account_id = s.account_id and st.vacancy_id = s.vacancy_id
             and not st.is_reject and st.position > s.furthest_position))
       order by s.application_id % 97, s.application_id limit $1`,
      [appCount, kind],
    )
  ).rows;
  const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
  const once = async (mode: 'with' | 'without', app: (typeof apps)[number]) => {
    const c = mode === 'with' ? client : without;
    await c.query('begin');
    try {
      const start = cpu(pids[mode]);
      if (kind === 'backdate') {
        await c.query(
          `update application_transitions set moved_at = moved_at - interval '10 days'
           where account_id = $1 and application_id = $2`,
          [app.account_id, app.application_id],
        );
      } else {
        await c.query(
          `insert into application_transitions (account_id, application_id, vacancy_id,
             applicant_id, from_status_id, to_status_id, moved_by, moved_at, kind)
           select t.account_id, t.application_id, t.vacancy_id, t.applicant_id, t.to_status_id,
                  $3, t.moved_by, now(), 'move'
           from application_transitions t
           where t.account_id = $1 and t.application_id = $2
           order by t.moved_at desc, t.id desc limit 1`,
          [app.account_id, app.application_id, app.next_stage],
        );
      }
      return cpu(pids[mode]) - start;
    } finally {
      await c.query('rollback');
    }
  };
  // Warm-up: the triggers' statements planned once per connection (decision 0090).
  for (const app of apps) {
    await once('with', app);
    await once('without', app);
  }
  for (let round = 0; round < rounds; round++) {
    const order: ('with' | 'without')[] = round % 2 ? ['with', 'without'] : ['without', 'with'];
    for (const mode of order) {
      let sum = 0;
      for (const app of apps) sum += await once(mode, app);
      times[mode].push(sum / apps.length);
    }
  }
  const w = median(times.with);
  const wo = median(times.without);
  console.log(
    `${apps.length} applications, ${rounds} rounds, load ${os.loadavg()[0]!.toFixed(1)}: ` +
      `server CPU per ${kind === 'move' ? 'move' : 'backdated placement'}, median: ` +
      `with ${w.toFixed(2)} ms, without ${wo.toFixed(2)} ms (${(((w - wo) / wo) * 100).toFixed(1)} %)`,
  );
  console.log(`  with:    ${times.with.map((t) => t.toFixed(2)).join(' ')}`);
  console.log(`  without: ${times.without.map((t) => t.toFixed(2)).join(' ')}`);
} finally {
  await client.end();
  await without.end();
}
