// Where a write of the team day spends its time in PostgreSQL: each write action of
// `team-benchmark.ts` (move, reject, comment, edit a field, tag, create an applicant with its
// duplicate check) sent through the real API, in process, against a copy of the team base, with
// every statement of its tenant transaction explained by auto_explain (ANALYZE, BUFFERS,
// triggers, nested statements) and the transaction rolled back instead of committed, so each
// round writes the same rows on the same data. Warm-up rounds first, then the median of the
// rounds per statement, per trigger and per trigger function's own statements. Before those,
// plain rounds (no auto_explain) measure the server process's CPU per action, with the triggers
// on and off, from /proc/<pid>/schedstat (the server must run on this machine):
//   npx tsx bench/team-writes-explain.ts postgres://…/<a copy of the team base>
// WRITES_ROUNDS (default 5), WRITES_WARMUP (2), WRITES_ONLY=<part of an action's name>;
// WRITES_ANSWERS=<file> appends each new applicant's doubles (ids, levels, scores, reasons) as a
// JSON line, to compare two trees' answers for the same creates.
// The copy must be one nobody else uses: the script adds a session for the account's owner
// (removed at the end) and the API migrates it on start. `--nested` prints each nested statement.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { AUTH_HEADER } from './support/api-server.ts';
import { processCpuMs } from './support/load.ts';
import { startApi } from './serve-api.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: team-writes-explain.ts <database-url of a copy>');
const ROUNDS = Number(process.env.WRITES_ROUNDS ?? 5);
const WARMUP = Number(process.env.WRITES_WARMUP ?? 2);
const ONLY = process.env.WRITES_ONLY ?? '';
const NESTED = process.argv.includes('--nested');
const ANSWERS = process.env.WRITES_ANSWERS ?? '';

// ---------------------------------------------------------------------------------------------
// The capture: the API's tenant transaction opened with auto_explain on (its plans come back as
// notices on the same connection) and rolled back where it would commit.

type Buffers = { hit: number; read: number; dirtied: number; written: number };
type Trigger = { name: string; relation: string; ms: number; calls: number };
type Explained = { text: string; ms: number; buffers: Buffers; triggers: Trigger[] };

let capturing = false;
/** Plain rounds: no auto_explain, only the server process's CPU time around the action. */
let plain = false;
/**
 * Plain rounds with the tables' triggers (and foreign-key checks) off: what the rest costs. The
 * switch of session_replication_role resets the connection's cached plans, so statements that
 * keep a plan (named ones, PL/pgSQL's) are planned again in these rounds.
 */
let withoutTriggers = false;
/** The server processes (backends) the action's tenant transactions ran on. */
let backends = new Map<number, number>();
let captured: Explained[] = [];
/** The texts the API itself sent in the captured transaction: the rest ran inside them. */
let sent = new Set<string>();
/** Round trips (queries sent) and transactions opened by the API during the action. */
let trips = 0;
let transactions = 0;
const listening = new WeakSet<object>();

const AUTO_EXPLAIN =
  "load 'auto_explain'; set local auto_explain.log_min_duration = 0; " +
  'set local auto_explain.log_analyze = on; set local auto_explain.log_buffers = on; ' +
  'set local auto_explain.log_timing = on; set local auto_explain.log_triggers = on; ' +
  'set local auto_explain.log_nested_statements = on; set local auto_explain.log_format = json; ' +
  'set local auto_explain.log_level = notice; ';

function buffersOf(plan: Record<string, unknown>): Buffers {
  return {
    hit: Number(plan['Shared Hit Blocks'] ?? 0),
    read: Number(plan['Shared Read Blocks'] ?? 0),
    dirtied: Number(plan['Shared Dirtied Blocks'] ?? 0),
    written: Number(plan['Shared Written Blocks'] ?? 0),
  };
}

function onNotice(notice: { message?: string }) {
  if (!capturing) return;
  const message = notice.message ?? '';
  const match = /^duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(message);
  if (!match) return;
  const body = JSON.parse(match[2]!) as {
    'Query Text': string;
    Plan: Record<string, unknown>;
    Triggers?: Record<string, unknown>[];
  };
  captured.push({
    text: body['Query Text'],
    ms: Number(match[1]),
    buffers: buffersOf(body.Plan),
    triggers: (body.Triggers ?? []).map((t) => ({
      name: String(t['Trigger Name']),
      relation: String(t.Relation ?? ''),
      ms: Number(t.Time),
      calls: Number(t.Calls),
    })),
  });
}

function hookQueries() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function capturingQuery(this: pg.Client, ...args: unknown[]) {
    if (!listening.has(this)) {
      listening.add(this);
      this.on('notice', onNotice);
    }
    const text = args[0];
    if (capturing) {
      trips += 1;
      const opening = typeof text === 'string' ? text : '';
      if (/^begin\b/i.test(opening)) transactions += 1;
      const sentText =
        typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text;
      if (sentText) sent.add(sentText);
    }
    if (capturing && typeof text === 'string') {
      if (text.startsWith('begin; set local role ats_app')) {
        const pid = (this as unknown as { processID: number }).processID;
        if (!backends.has(pid)) backends.set(pid, processCpuMs(pid));
        if (!plain) {
          args[0] = text.replace('begin; ', `begin; ${AUTO_EXPLAIN}`);
        } else if (withoutTriggers) {
          args[0] = text.replace(
            'begin; ',
            'begin; set local session_replication_role = replica; ',
          );
        }
      } else if (
        text.startsWith('select txid_current_if_assigned()') &&
        text.endsWith('; commit')
      ) {
        args[0] = `${text.slice(0, -'commit'.length)}rollback`;
      }
    }
    return original.apply(this, args);
  };
}

// ---------------------------------------------------------------------------------------------
// The base: the biggest account, its owner signed in, and the rows the actions write.

hookQueries();
const setup = new pg.Client({ connectionString: url });
await setup.connect();
const one = async (text: string) =>
  (await setup.query(text)).rows[0] as Record<string, unknown> | undefined;
const account = Number(
  (await one(
    'select account_id from applicants group by account_id order by count(*) desc limit 1',
  ))!.account_id,
);
const owner = Number(
  (await one(
    `select id from users where account_id = ${account} order by (member_type = 'admin') desc, id limit 1`,
  ))!.id,
);
const token = randomBytes(32).toString('base64url');
const session = Number(
  (await one(
    `insert into sessions (account_id, user_id, token_hash, expires_at)
     values (${account}, ${owner}, '${hashToken(token)}', now() + interval '1 day') returning id`,
  ))!.id,
);
// An application on an ordinary stage of an open vacancy, and another stage of that vacancy.
const movable = (await one(
  `select a.id, a.applicant_id, a.status_id,
          (select s2.id from statuses s2 where s2.account_id = a.account_id and s2.vacancy_id = a.vacancy_id
             and s2.id <> a.status_id and not s2.is_reject and s2.name <> 'Вышел на работу'
           order by s2.position limit 1) as target
   from applications a
   join vacancies v on v.account_id = a.account_id and v.id = a.vacancy_id and v.state = 'open'
   join statuses s on s.account_id = a.account_id and s.id = a.status_id
   where a.account_id = ${account} and not s.is_reject and s.name <> 'Вышел на работу'
   order by a.id desc limit 1`,
))!;
const reason = Number(
  (await one(
    `select id from reasons where account_id = ${account} and reason_type = 'reject' limit 1`,
  ))!.id,
);
const tags = (
  await setup.query(`select id from tags where account_id = ${account} order by id limit 2`)
).rows.map((r: { id: number }) => Number(r.id));
const applicant = Number(movable.applicant_id);

const api = await startApi({ ...process.env, DATABASE_URL: url });
const call = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      [AUTH_HEADER]: token,
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text;
};

let created = 0;
const ACTIONS: [string, () => Promise<unknown>][] = [
  [
    'move',
    () =>
      call('POST', `/api/applications/${Number(movable.id)}/move`, {
        status_id: Number(movable.target),
      }),
  ],
  [
    'reject',
    () => call('POST', `/api/applications/${Number(movable.id)}/reject`, { reason_id: reason }),
  ],
  [
    'comment',
    () =>
      call('POST', `/api/applicants/${applicant}/comments`, {
        description: 'Созвонились, договорились об интервью (бенчмарк)',
      }),
  ],
  ['edit field', () => call('PATCH', `/api/applicants/${applicant}`, { skype: 'bench.explain' })],
  ['tag', () => call('POST', `/api/applicants/${applicant}/update_tags`, { tags })],
  [
    'create applicant',
    async () => {
      created += 1;
      const body = {
        first_name: 'Ирина',
        last_name: `Объяснённая${created}`,
        phone: `+7 916 ${String(1_000_000 + ((created * 7919) % 8_999_999)).slice(0, 7)}`,
        email: `team.explain.${created}@example.com`,
      };
      const text = await call('POST', '/api/applicants', body);
      if (ANSWERS) {
        const { doubles } = (
          JSON.parse(text) as {
            message: {
              doubles: {
                applicant: { id: number };
                level: string;
                score: number;
                reasons: string[];
              }[];
            };
          }
        ).message;
        const found = doubles.map((d) => [d.applicant.id, d.level, d.score, d.reasons]);
        appendFileSync(
          ANSWERS,
          `${JSON.stringify({ create: created, phone: body.phone, found })}\n`,
        );
      }
    },
  ],
];

// ---------------------------------------------------------------------------------------------
// Rounds, then medians per line.

/** Which trigger function's body a nested statement comes from (its text is part of the body). */
const functions = (
  await setup.query(
    `select p.proname as name, p.prosrc as src from pg_proc p
     where p.prorettype = 'trigger'::regtype and p.pronamespace = 'public'::regnamespace`,
  )
).rows as { name: string; src: string }[];
const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const bodies = functions.map((f) => ({ name: f.name, src: squash(f.src) }));
const ownerOf = (text: string) => {
  const probe = squash(text)
    .replace(/^select /, '')
    .slice(0, 120);
  return bodies.find((b) => b.src.includes(probe))?.name ?? null;
};

type Line = { label: string; ms: number[]; calls: number[]; buffers: Buffers[] };
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};
const short = (text: string) => squash(text).slice(0, 90);

const results: {
  action: string;
  lines: Line[];
  totals: number[];
  cpu: number[];
  cpuWithoutTriggers: number[];
  apiCpu: number[];
  trips: number[];
  transactions: number[];
}[] = [];
for (const [action, run] of ACTIONS) {
  if (ONLY && !action.includes(ONLY)) continue;
  const lines = new Map<string, Line>();
  const totals: number[] = [];
  // The server's CPU per action, without auto_explain's instruments: plain rounds first.
  const cpu: number[] = [];
  const cpuWithoutTriggers: number[] = [];
  const apiCpu: number[] = [];
  const tripCounts: number[] = [];
  const transactionCounts: number[] = [];
  plain = true;
  for (const off of [false, true]) {
    withoutTriggers = off;
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      backends = new Map();
      trips = 0;
      transactions = 0;
      const apiStart = process.cpuUsage();
      capturing = true;
      try {
        await run();
      } finally {
        capturing = false;
      }
      const apiUsed = process.cpuUsage(apiStart);
      if (round < WARMUP) continue;
      const used = [...backends].reduce((sum, [pid, start]) => sum + processCpuMs(pid) - start, 0);
      (off ? cpuWithoutTriggers : cpu).push(used);
      if (!off) {
        apiCpu.push((apiUsed.user + apiUsed.system) / 1e3);
        tripCounts.push(trips);
        transactionCounts.push(transactions);
      }
    }
  }
  withoutTriggers = false;
  plain = false;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    captured = [];
    sent = new Set();
    capturing = true;
    try {
      await run();
    } finally {
      capturing = false;
    }
    if (round < WARMUP) continue;
    const add = (key: string, label: string, ms: number, calls: number, buffers: Buffers) => {
      const line = lines.get(key) ?? { label, ms: [], calls: [], buffers: [] };
      line.ms.push(ms);
      line.calls.push(calls);
      line.buffers.push(buffers);
      lines.set(key, line);
    };
    // Top-level statements are those not issued by a trigger function; nested ones are summed
    // per function (their buffers are the trigger's), in the order they first appear.
    let total = 0;
    let index = 0;
    const nested = new Map<string, { ms: number; calls: number; buffers: Buffers }>();
    for (const e of captured) {
      const topLevel = sent.has(e.text) || [...sent].some((t) => t.includes(e.text));
      const fn = topLevel ? null : (ownerOf(e.text) ?? 'other nested (checks, SQL functions)');
      if (fn) {
        const n = nested.get(fn) ?? {
          ms: 0,
          calls: 0,
          buffers: { hit: 0, read: 0, dirtied: 0, written: 0 },
        };
        n.ms += e.ms;
        n.calls += 1;
        for (const k of ['hit', 'read', 'dirtied', 'written'] as const) {
          n.buffers[k] += e.buffers[k];
        }
        nested.set(fn, n);
        if (NESTED) {
          console.log(
            `  [${action}] ${fn}: ${e.ms.toFixed(3)} ms, ${e.buffers.hit}/${e.buffers.read} buffers, ${e.triggers.map((t) => `${t.name} ${t.ms.toFixed(2)}`).join(' ')} · ${short(e.text)}`,
          );
        }
        continue;
      }
      if (/^(begin|select txid_current_if_assigned)/i.test(e.text)) continue;
      index += 1;
      total += e.ms;
      add(`s${index}`, `${index}. ${short(e.text)}`, e.ms, 1, e.buffers);
      for (const t of e.triggers) {
        add(`s${index}:${t.name}`, `   trigger ${t.name}`, t.ms, t.calls, {
          hit: 0,
          read: 0,
          dirtied: 0,
          written: 0,
        });
      }
    }
    for (const [fn, n] of nested) {
      add(`f:${fn}`, `   fn ${fn} (its statements)`, n.ms, n.calls, n.buffers);
    }
    totals.push(total);
  }
  results.push({
    action,
    lines: [...lines.values()],
    totals,
    cpu,
    cpuWithoutTriggers,
    apiCpu,
    trips: tripCounts,
    transactions: transactionCounts,
  });
}

await api.close();
await setup.query(`delete from sessions where id = ${session}`);
await setup.end();

for (const r of results) {
  console.log(
    `\n## ${r.action}: server CPU ${median(r.cpu).toFixed(2)} ms, ${median(r.cpuWithoutTriggers).toFixed(2)} ms with the triggers off (replica role, which also drops the connection's cached plans); explained statements' total ${median(r.totals).toFixed(2)} ms (medians of ${ROUNDS})`,
  );
  console.log(
    `   API: ${median(r.trips)} round trips in ${median(r.transactions)} transactions; this process's CPU (the API and its HTTP client) ${median(r.apiCpu).toFixed(2)} ms`,
  );
  console.log('ms (median) | calls | shared hit / read / dirtied | statement, trigger or function');
  for (const l of r.lines) {
    const b = (k: keyof Buffers) => median(l.buffers.map((x) => x[k]));
    console.log(
      `${median(l.ms).toFixed(3).padStart(8)} | ${String(median(l.calls)).padStart(5)} | ${`${b('hit')} / ${b('read')} / ${b('dirtied')}`.padEnd(16)} | ${l.label}`,
    );
  }
}
