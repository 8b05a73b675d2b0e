// Fills one account with the history analytics reads (issue 13): recruiters, a division tree,
// vacancies with their stages and state log, applications and their append-only transition log.
// Every step is a server-side `insert … select … from generate_series(…)` (no row travels through
// the driver), deterministic (hashes of the row number, no random()), batched so that a large run
// shows its progress. The applicants come first, from `generate-applicants.ts`.
//
// The shape of the log (per application, decided by hashes of its id):
//   - placed (kind 'place') on the first stage between the vacancy's creation and now;
//   - then moved stage by stage: it reaches stage 1 (35 %), 2 (25 %), 3 (18 %), 4 (12 %), 5 =
//     offer (6 %), 6 = hired (4 %); one in ten of those reaching 3–5 skips the second stage;
//   - 40 % of those not hired end with a rejection ('reject', two thirds) or a refusal
//     ('refuse') with a reason of the matching type;
//   - one to ten days between steps, each step by one of the recruiters.
// So an application has 2.79 transitions on average; the number of applications is chosen to
// give the transitions asked for. Vacancies are created over the last two years (55 % open, 10 %
// on hold, 35 % closed, with their vacancy_state_log), 90 % in a division of a two-level tree.
import type { SqlRunner } from './generate-applicants.ts';

export type AnalyticsOptions = {
  accountId: number;
  /** The account's admin, used as the template of the recruiters added. */
  adminUserId: number;
  vacancies: number;
  transitions: number;
  recruiters?: number;
  /**
   * Adds this many applicants first, light ones (a name, a source, the recruiter who added them,
   * a date: what analytics reads), spread over the team. Without it the account's applicants
   * (e.g. from generate-applicants.ts) are used.
   */
  lightApplicants?: number;
  /** Applications per insert statement. */
  batch?: number;
  log?: (line: string) => void;
};

export type AnalyticsGenerated = {
  vacancies: number;
  applications: number;
  transitions: number;
  recruiters: number[];
  divisions: number[];
  statusGroupId: number;
  seconds: {
    setup: number;
    applicants: number;
    applications: number;
    transitions: number;
    indexes: number;
  };
};

/** Transitions per application on average, from the distribution above. */
const AVERAGE_TRANSITIONS = 2.794;
/** Vacancies are created over this many days before now. */
const VACANCY_SPREAD_DAYS = 730;

// Deterministic 0..modulus-1 from a row number and a salt (Knuth's multiplicative hash, in bigint).
const h = (expr: string, salt: number, modulus: number) =>
  `((((${expr})::bigint * 2654435761 + ${salt * 40503}) % 4294967296) % ${modulus})::int`;

const num = (rows: { rows: Record<string, unknown>[] }, column = 'n') =>
  Number(rows.rows[0]?.[column] ?? 0);

/** The secondary indexes of a table (not its primary key), to drop for a load and rebuild. */
async function secondaryIndexes(runner: SqlRunner, table: string) {
  const { rows } = await runner.query(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = '${table}' and not x.indisprimary
       and not x.indisunique`,
  );
  return rows as { name: string; def: string }[];
}

export async function generateAnalytics(
  runner: SqlRunner,
  options: AnalyticsOptions,
): Promise<AnalyticsGenerated> {
  const a = options.accountId;
  const log = options.log ?? (() => {});
  const t0 = performance.now();
  const q = (text: string) => runner.query(text);

  // ---- Team, divisions, reasons -----------------------------------------------------------
  const recruiterCount = options.recruiters ?? 12;
  const recruiters = (
    await q(
      `insert into users (account_id, email, password_hash, name, last_name, member_type,
                          is_admin, is_onboarding)
       select ${a}, 'bench-analytics-' || g || '-' || ${a} || '@example.com', u.password_hash,
              'Рекрутер ' || g, 'Аналитиков', 'owner', false, false
       from users u, generate_series(1, ${recruiterCount}) g
       where u.account_id = ${a} and u.id = ${options.adminUserId}
       returning id`,
    )
  ).rows.map((r) => Number(r.id));
  const team = [options.adminUserId, ...recruiters];
  const teamArray = `array[${team.join(',')}]::int[]`;

  const tops = (
    await q(
      `insert into account_divisions (account_id, name, position)
       select ${a}, 'Дирекция ' || g, g from generate_series(1, 4) g returning id`,
    )
  ).rows.map((r) => Number(r.id));
  const children = (
    await q(
      `insert into account_divisions (account_id, parent_id, name, position)
       select ${a}, (array[${tops.join(',')}])[1 + (g - 1) % 4], 'Отдел ' || g, g
       from generate_series(1, 16) g returning id`,
    )
  ).rows.map((r) => Number(r.id));
  const divisions = [...tops, ...children];
  const divisionArray = `array[${divisions.join(',')}]::int[]`;

  for (const [type, names] of [
    [
      'reject',
      ['Бенч: не подходит опыт', 'Бенч: не прошёл интервью', 'Бенч: зарплата', 'Бенч: другое'],
    ],
    ['refuse', ['Бенч: принял другой оффер', 'Бенч: передумал', 'Бенч: условия']],
  ] as const) {
    await q(
      `insert into reasons (account_id, name, reason_type, position)
       select ${a}, n, '${type}', 100 + o from unnest(array[${names.map((n) => `'${n}'`).join(',')}])
         with ordinality as x(n, o)
       on conflict do nothing`,
    );
  }
  const reasonArray = async (type: string) => {
    const { rows } = await q(
      `select coalesce(array_agg(id order by id), '{}') as ids from reasons
       where account_id = ${a} and reason_type = '${type}'`,
    );
    const ids = rows[0]?.ids as number[] | string;
    const list = Array.isArray(ids) ? ids : String(ids).replace(/[{}]/g, '').split(',');
    return `array[${list.join(',')}]::int[]`;
  };
  const rejectReasons = await reasonArray('reject');
  const refuseReasons = await reasonArray('refuse');

  const statusGroupId = num(
    await q(`select id as n from status_groups where account_id = ${a} order by id limit 1`),
  );

  // ---- Vacancies, their stages, owners and state log ---------------------------------------
  const V = options.vacancies;
  await q(
    `create temp table if not exists bench_vacancy_plan as
     select g,
            now() - make_interval(days => ${h('g', 1, VACANCY_SPREAD_DAYS)},
                                  secs => ${h('g', 2, 86400)}) as created_at,
            case when ${h('g', 3, 100)} < 55 then 'open'
                 when ${h('g', 3, 100)} < 65 then 'hold' else 'closed' end as state,
            case when ${h('g', 4, 10)} = 0 then null
                 else (${divisionArray})[1 + ${h('g', 5, divisions.length)}] end as division_id,
            (${teamArray})[1 + ${h('g', 6, team.length)}] as owner_id,
            20 + ${h('g', 7, 100)} as days_to_close,
            1 + ${h('g', 8, 3)} as needed
     from generate_series(1, ${V}) g`,
  );
  await q(
    `insert into vacancies (account_id, position, needed, division_id, status_group_id, state,
                            state_changed_at, author_id, created_at, updated_at, closed_at)
     select ${a}, 'Вакансия бенчмарка ' || g, needed, division_id, ${statusGroupId}, state,
            case when state = 'open' then created_at
                 else least(now(), created_at + make_interval(days => days_to_close)) end,
            owner_id, created_at, created_at,
            case when state = 'closed'
                 then least(now(), created_at + make_interval(days => days_to_close)) end
     from bench_vacancy_plan order by g`,
  );
  await q(
    `create temp table bench_vacancy as
     select v.id, p.g, p.created_at, p.state, p.owner_id, p.days_to_close
     from vacancies v join bench_vacancy_plan p on v.position = 'Вакансия бенчмарка ' || p.g
     where v.account_id = ${a}`,
  );
  await q(
    `insert into vacancy_members (account_id, vacancy_id, user_id, role)
     select ${a}, id, owner_id, 'owner' from bench_vacancy
     on conflict do nothing`,
  );
  // The state log: opened at creation; held ones held at their change; closed ones (a third of
  // them after a hold of a week) closed at their change.
  await q(
    `insert into vacancy_state_log (account_id, vacancy_id, from_state, to_state, changed_by,
                                    changed_at)
     select ${a}, id, null, 'open', owner_id, created_at from bench_vacancy
     union all
     select ${a}, id, 'open', 'hold', owner_id,
            least(now(), created_at + make_interval(days => days_to_close))
     from bench_vacancy where state = 'hold'
     union all
     select ${a}, id, 'open', 'hold', owner_id, created_at + make_interval(days => days_to_close / 3)
     from bench_vacancy where state = 'closed' and g % 3 = 0
     union all
     select ${a}, id, 'hold', 'open', owner_id,
            created_at + make_interval(days => days_to_close / 3 + 7)
     from bench_vacancy where state = 'closed' and g % 3 = 0
     union all
     select ${a}, id, case when g % 3 = 0 then 'open' else 'open' end, 'closed', owner_id,
            least(now(), created_at + make_interval(days => days_to_close))
     from bench_vacancy where state = 'closed'`,
  );
  await q(
    `insert into statuses (account_id, vacancy_id, copied_from_id, name, color, position,
                           status_type, is_offer, is_reject, reject_kind, stay_duration)
     select s.account_id, v.id, s.id, s.name, s.color, s.position, s.status_type, s.is_offer,
            s.is_reject, s.reject_kind, s.stay_duration
     from bench_vacancy v cross join statuses s
     where s.account_id = ${a} and s.status_group_id = ${statusGroupId} and s.vacancy_id is null
     order by v.id, s.position`,
  );
  // Per vacancy: its ordinary stages in order (the 6th is «hired»), its reject and refuse stages.
  await q(
    `create temp table bench_stages as
     select v.id as vacancy_id, v.g, v.created_at,
            array_agg(s.id order by s.position) filter (where not s.is_reject) as ord,
            min(s.id) filter (where s.reject_kind = 'reject') as reject_stage,
            min(s.id) filter (where s.reject_kind = 'refuse') as refuse_stage
     from bench_vacancy v join statuses s on s.account_id = ${a} and s.vacancy_id = v.id
     group by v.id, v.g, v.created_at`,
  );
  await q(`create index on bench_stages (g)`);
  const stageCheck = num(
    await q(`select count(*) filter (where cardinality(ord) = 6 and reject_stage is not null
                                       and refuse_stage is not null) as n from bench_stages`),
  );
  if (stageCheck !== V) {
    throw new Error(
      `generate-analytics: expected the default funnel's 6 ordinary + 2 reject stages on every vacancy (${stageCheck} of ${V})`,
    );
  }
  let lightSeconds = 0;
  if (options.lightApplicants) {
    const tl = performance.now();
    const count = options.lightApplicants;
    const indexes = count >= 100_000 ? await secondaryIndexes(runner, 'applicants') : [];
    for (const index of indexes) await q(`drop index ${index.name}`);
    if (count >= 100_000) {
      // The search keys PostgreSQL computes on every insert (translit, typo deletions, tsvectors)
      // are most of an applicant's insert and nothing analytics reads: in this bench database
      // they become plain columns, left empty (search is the `applicants` entry's business).
      const computed = (
        await q(
          `select column_name from information_schema.columns where table_schema = 'public'
             and table_name = 'applicants' and is_generated = 'ALWAYS'`,
        )
      ).rows.map((r) => String(r.column_name));
      for (const column of computed) {
        await q(`alter table applicants alter column ${column} drop expression`);
      }
      log(
        `search keys of applicants made plain columns in this bench database: ${computed.join(', ')}`,
      );
    }
    const sources = (
      await q(`select id from account_sources where account_id = ${a} order by id`)
    ).rows.map((r) => Number(r.id));
    const sourceArray = sources.length
      ? `array[${sources.join(',')}]::int[]`
      : 'array[null]::int[]';
    const step = options.batch ?? 200_000;
    for (let from = 1; from <= count; from += step) {
      const to = Math.min(count, from + step - 1);
      await q(
        `insert into applicants (account_id, first_name, last_name, account_source_id,
                                 created_via, created_by, admin_user_id, created_at, updated_at)
         select ${a},
                (array['Анна','Мария','Елена','Ольга','Иван','Сергей','Дмитрий','Алексей'])[1 + ${h('g', 21, 8)}],
                'Аналитиков-' || (g % 5000), (${sourceArray})[1 + ${h('g', 22, Math.max(1, sources.length))}],
                'import', (${teamArray})[1 + ${h('g', 23, team.length)}],
                (${teamArray})[1 + ${h('g', 23, team.length)}],
                now() - make_interval(days => ${h('g', 24, 3 * 365)}, secs => ${h('g', 25, 86400)}),
                now() - make_interval(days => ${h('g', 24, 3 * 365)})
         from generate_series(${from}, ${to}) g`,
      );
      log(`light applicants ${to.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`);
    }
    // The search indexes (GIN over those keys; one computes name typos for every row, many
    // minutes at 1M) stay out of this bench database: analytics reads none of them.
    for (const index of indexes) if (!/using gin/i.test(index.def)) await q(index.def);
    lightSeconds = (performance.now() - tl) / 1000;
    log(`light applicants with their indexes: ${lightSeconds.toFixed(1)} s`);
  }
  await q(
    `create temp table bench_applicant as
     select row_number() over (order by id) - 1 as ix, id, created_at
     from applicants where account_id = ${a}`,
  );
  await q(`create index on bench_applicant (ix)`);
  const N = num(await q(`select count(*) as n from bench_applicant`));
  if (N === 0) {
    throw new Error('generate-analytics: the account has no applicants; generate them first');
  }
  const setupSeconds = (performance.now() - t0) / 1000;
  log(
    `team ${team.length}, divisions ${divisions.length}, vacancies ${V}: ${setupSeconds.toFixed(1)} s`,
  );

  // ---- Applications and transitions -------------------------------------------------------
  const apps = Math.round(options.transitions / AVERAGE_TRANSITIONS);
  // Round r puts applicant ix on vacancy (ix·7919 + r·977) mod V: 977 is prime to 2,000, so the
  // rounds of one applicant land on distinct vacancies while r < V.
  if (apps > V * N) {
    throw new Error('generate-analytics: more applications than applicant × vacancy');
  }
  const batch = options.batch ?? 200_000;

  // Loads without the secondary indexes and the board's notify trigger; both come back after.
  const dropped = [
    ...(await secondaryIndexes(runner, 'applications')),
    ...(await secondaryIndexes(runner, 'application_transitions')),
  ];
  for (const index of dropped) await q(`drop index ${index.name}`);
  await q(`alter table applications disable trigger user`);
  // The rows are consistent by construction: skip the per-row foreign-key checks (five per
  // application) when allowed (a superuser, as on the bench's own server).
  const replica = await q(`set session_replication_role = replica`).then(
    () => true,
    () => false,
  );

  // The plan of an application from its number i (0-based): applicant i mod N on a vacancy its
  // hash picks (the second round on another vacancy), depth, skip, end and the days between.
  const plan = (i: string) => `
    select ${i} as i,
           ${i} % ${N} as ix,
           1 + (((${i} % ${N}) * 7919 + (${i} / ${N}) * 977) % ${V}) as vg,
           case when ${h(i, 11, 100)} < 35 then 1 when ${h(i, 11, 100)} < 60 then 2
                when ${h(i, 11, 100)} < 78 then 3 when ${h(i, 11, 100)} < 90 then 4
                when ${h(i, 11, 100)} < 96 then 5 else 6 end as depth,
           ${h(i, 12, 10)} = 0 as skip,
           ${h(i, 13, 100)} as fate,
           1 + ${h(i, 14, 10)} as gap_days,
           ${h(i, 15, 86400)} as gap_secs,
           ${h(i, 16, 90)} as start_days,
           (${teamArray})[1 + ${h(i, 17, team.length)}] as mover`;
  // The stage at step n (1-based) of a path; steps beyond the depth are the rejection.
  const stageAt = (n: string) =>
    `case when ${n} = 1 then b.ord[1]
          when p.skip and p.depth between 3 and 5 then b.ord[${n} + 1]
          else b.ord[${n}] end`;

  const t1 = performance.now();
  await q(`create temp table bench_app (id int, i bigint, vacancy_id int, applicant_id int,
           steps int, ends text, depth int, skip bool, placed_at timestamptz, gap interval,
           mover int, reason int)`);
  for (let from = 0; from < apps; from += batch) {
    const to = Math.min(apps, from + batch) - 1;
    await q(
      `with p as (${plan('g')} from generate_series(${from}::bigint, ${to}::bigint) g),
       x as (
         select p.*, b.vacancy_id, b.ord, b.reject_stage, b.refuse_stage, ap.id as applicant_id,
                least(now() - interval '1 hour',
                      greatest(b.created_at, ap.created_at)
                        + make_interval(days => p.start_days, secs => p.gap_secs)) as placed_at,
                case when p.depth = 6 or p.fate >= 40 then null
                     when p.fate < 27 then 'reject' else 'refuse' end as ends
         from p join bench_stages b on b.g = p.vg join bench_applicant ap on ap.ix = p.ix),
       ins as (
         insert into applications (account_id, vacancy_id, applicant_id, status_id,
                                   entered_status_at, reject_reason_id, reject_kind, created_by,
                                   created_at, updated_at)
         select ${a}, x.vacancy_id, x.applicant_id,
                case x.ends when 'reject' then x.reject_stage when 'refuse' then x.refuse_stage
                     else (case when x.skip and x.depth between 3 and 5 then x.ord[x.depth + 1]
                                else x.ord[x.depth] end) end,
                least(now(), x.placed_at + make_interval(days => x.gap_days
                                 * (x.depth - 1 + (x.ends is not null)::int))),
                case x.ends when 'reject' then (${rejectReasons})[1 + x.i::int % cardinality(${rejectReasons})]
                            when 'refuse' then (${refuseReasons})[1 + x.i::int % cardinality(${refuseReasons})] end,
                x.ends, x.mover, x.placed_at, x.placed_at
         from x
         returning id, vacancy_id, applicant_id)
       insert into bench_app
       select ins.id, x.i, x.vacancy_id, x.applicant_id, x.depth + (x.ends is not null)::int,
              x.ends, x.depth, x.skip, x.placed_at, make_interval(days => x.gap_days), x.mover,
              case x.ends when 'reject' then (${rejectReasons})[1 + x.i::int % cardinality(${rejectReasons})]
                          when 'refuse' then (${refuseReasons})[1 + x.i::int % cardinality(${refuseReasons})] end
       from ins join x on x.vacancy_id = ins.vacancy_id and x.applicant_id = ins.applicant_id`,
    );
    log(`applications ${(to + 1).toLocaleString('en-US')} / ${apps.toLocaleString('en-US')}`);
  }
  const applicationsSeconds = (performance.now() - t1) / 1000;

  const t2 = performance.now();
  const appIds = await q(`select min(id) as lo, max(id) as hi from bench_app`);
  const lo = Number(appIds.rows[0]?.lo ?? 0);
  const hi = Number(appIds.rows[0]?.hi ?? -1);
  await q(`create index on bench_app (id)`);
  for (let from = lo; from <= hi; from += batch) {
    const to = Math.min(hi, from + batch - 1);
    await q(
      `insert into application_transitions (account_id, application_id, vacancy_id, applicant_id,
                                            from_status_id, to_status_id, moved_by, moved_at,
                                            seconds_in_from, reason_id, kind)
       select ${a}, p.id, p.vacancy_id, p.applicant_id,
              case when s.n = 1 then null else ${stageAt('s.n - 1')} end,
              case when s.n <= p.depth then ${stageAt('s.n')}
                   when p.ends = 'reject' then b.reject_stage else b.refuse_stage end,
              p.mover,
              least(now(), p.placed_at + p.gap * (s.n - 1)),
              case when s.n = 1 then null else extract(epoch from p.gap)::int end,
              case when s.n > p.depth then p.reason end,
              case when s.n = 1 then 'place' when s.n <= p.depth then 'move' else p.ends end
       from bench_app p join bench_stages b on b.vacancy_id = p.vacancy_id
       cross join lateral generate_series(1, p.steps) s(n)
       where p.id between ${from} and ${to}
       order by p.id, s.n`,
    );
    log(`transitions of applications up to ${to.toLocaleString('en-US')}`);
  }
  const transitionsSeconds = (performance.now() - t2) / 1000;

  const t3 = performance.now();
  if (replica) await q(`set session_replication_role = origin`);
  await q(`alter table applications enable trigger user`);
  // The log was loaded with its triggers off: the analytics rollups (migration 0049) from it.
  // The rebuild fills the summaries and then joins them with themselves in the same transaction,
  // while the statistics still say the account has none: the planner chose a nested loop that
  // read every summary once per summary (at 1M the rebuild ran for more than 14 minutes before
  // it was stopped). Bulk work wants hash joins anyway.
  await q(`set enable_nestloop = off`);
  await q(`select analytics_rebuild_rollups(${a})`);
  await q(`reset enable_nestloop`);
  for (const index of dropped) await q(index.def);
  const indexSeconds = (performance.now() - t3) / 1000;
  const counts = await q(
    `select (select count(*) from applications where account_id = ${a}) as apps,
            (select count(*) from application_transitions where account_id = ${a}) as trans`,
  );
  for (const t of [
    'bench_vacancy_plan',
    'bench_vacancy',
    'bench_stages',
    'bench_applicant',
    'bench_app',
  ]) {
    await q(`drop table if exists ${t}`);
  }
  return {
    vacancies: V,
    applications: num(counts, 'apps'),
    transitions: num(counts, 'trans'),
    recruiters: team,
    divisions,
    statusGroupId,
    seconds: {
      setup: setupSeconds - lightSeconds,
      applicants: lightSeconds,
      applications: applicationsSeconds,
      transitions: transitionsSeconds,
      indexes: indexSeconds,
    },
  };
}
