// `read-cpu`: CPU time of the API process per read answered from the database, for comparing two
// trees of the API side by side (decisions 0058, 0072). Each tree is built as `npm start` builds
// it (`buildHttpServer`, production config, PostgreSQL) in a child process of its own and driven by
// Fastify's `inject` (no sockets: what differs between the trees is the API's own work); a parent
// asks each child in turn for a batch of reads and reads the child's `process.cpuUsage` around it.
//   DATABASE_URL=postgres://… node --import tsx bench/read-cpu.ts [treeA] [treeB …]
// Settings: READ_CPU_BATCH (reads per batch, 100), READ_CPU_ROUNDS (14), READ_CPU_PROF (a directory
// for the children's V8 CPU profiles), READ_CPU_ENCODING (the Accept-Encoding sent, gzip),
// READ_CPU_KINDS (which reads, comma-separated; all by default), READ_CPU_COMPARE=<n> (the first
// n answers of each API read asked of every tree before measuring and compared byte for byte).
// READ_CPU_SQL=<rounds> (PostgreSQL's execution time of the board column's, the list page's and
// the request list's statements as each tree writes them). `board-column` is a page of 30 of a
// board column holding every applicant (decision 0110).
// The API reads are asked with `Cache-Control: no-cache` (the database path); the pages' HTML
// (`card-page`, `list-page`, `board-page`, `home-page`: a signed-in page with the answers it
// carries, decisions 0052, 0078) is asked as a browser asks it, its answers from memory when
// they are current.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';

type Kind =
  | 'requests'
  | 'request'
  | 'applicants'
  | 'applicant'
  | 'me'
  | 'board-column'
  | 'card-page'
  | 'list-page'
  | 'board-page'
  | 'home-page';
const ALL_KINDS: Kind[] = [
  'requests',
  'request',
  'applicants',
  'applicant',
  'me',
  'board-column',
  'card-page',
  'list-page',
  'board-page',
  'home-page',
];
const isPage = (kind: Kind) => kind.endsWith('-page');
/** READ_CPU_KINDS=requests,me: only these reads. */
const KINDS = process.env.READ_CPU_KINDS
  ? ALL_KINDS.filter((k) => process.env.READ_CPU_KINDS!.split(',').includes(k))
  : ALL_KINDS;

type Setup = {
  token: string;
  requestIds: number[];
  applicantIds: number[];
  vacancyIds: number[];
  accountId: number;
  userId: number;
  /** The vacancy whose first stage holds every applicant, for `board-column`. */
  board: { vacancyId: number; stageId: number };
};

async function child() {
  const { openDatabase } = await import('@ats/db/connection');
  const { buildHttpServer } = await import(
    pathToFileURL(path.resolve('apps/api/src/http-server.ts')).href
  );
  const { loadConfig } = await import(
    pathToFileURL(path.resolve('apps/api/src/platform/config.ts')).href
  );
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'unused' });
  const app = await buildHttpServer({ config, database, logger: false });
  await app.ready();
  let setup: Setup | null = null;
  let n = 0;
  const urlOf = (kind: Kind) => {
    n += 1;
    const s = setup!;
    if (kind === 'requests') return `/api/vacancy_applications?per_page=30&page=${(n % 2) + 1}`;
    if (kind === 'request') {
      return `/api/vacancy_applications/${s.requestIds[n % s.requestIds.length]}`;
    }
    if (kind === 'applicants') return `/api/applicants?page=${(n % 2) + 1}`;
    if (kind === 'applicant') return `/api/applicants/${s.applicantIds[n % s.applicantIds.length]}`;
    if (kind === 'board-column') {
      return `/api/status_vacancy_columns/get_applicants?vacancy_id=${s.board.vacancyId}&status_id=${s.board.stageId}&per_page=30&page=${(n % 2) + 1}`;
    }
    if (kind === 'card-page') return `/applicant/${s.applicantIds[n % s.applicantIds.length]}`;
    if (kind === 'list-page') return '/applicants';
    if (kind === 'board-page') {
      return `/vacancy/${s.vacancyIds.length ? s.vacancyIds[n % s.vacancyIds.length] : 1}/candidates`;
    }
    if (kind === 'home-page') return '/';
    return '/api/me';
  };
  const encoding = process.env.READ_CPU_ENCODING ?? 'gzip, deflate';
  /** The page's HTML as text, whatever its encoding (checked while setting up, not measured). */
  const htmlOf = (answer: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const coding = answer.headers['content-encoding'];
    if (coding === 'gzip') return gunzipSync(answer.rawPayload).toString();
    if (coding === 'deflate') return inflateSync(answer.rawPayload).toString();
    if (coding === 'br') return brotliDecompressSync(answer.rawPayload).toString();
    return answer.rawPayload.toString();
  };
  const read = async (kind: Kind, check = false) => {
    const answer = await app.inject({
      method: 'GET',
      url: urlOf(kind),
      headers: isPage(kind)
        ? { cookie: `auth_token=${setup!.token}`, 'accept-encoding': encoding }
        : {
            'x-dcrt-hrm-auth': setup!.token,
            'cache-control': 'no-cache',
            'accept-encoding': encoding,
          },
    });
    if (check && isPage(kind) && !htmlOf(answer).includes('id="ats-answers"')) {
      throw new Error(`${kind}: the page carries no answers`);
    }
    if (answer.statusCode !== 200) throw new Error(`${kind}: ${answer.statusCode} ${answer.body}`);
    return answer.rawPayload.length;
  };
  process.on(
    'message',
    async (message: { type: string; setup?: Setup; kind?: Kind; n?: number }) => {
      if (message.type === 'setup') {
        setup = message.setup!;
        const sizes: Record<string, number> = {};
        for (const kind of KINDS) {
          for (let i = 0; i < 20; i += 1) sizes[kind] = await read(kind, i === 0);
        }
        if (process.env.READ_CPU_DUMP) {
          const { writeFileSync } = await import('node:fs');
          for (const kind of KINDS) {
            const answer = await app.inject({
              method: 'GET',
              url: urlOf(kind),
              headers: { 'x-dcrt-hrm-auth': setup.token, 'cache-control': 'no-cache' },
            });
            writeFileSync(path.join(process.env.READ_CPU_DUMP, `${kind}.json`), answer.body);
          }
        }
        process.send!({ type: 'ready', sizes });
      } else if (message.type === 'answers') {
        // The same reads in the same order in every tree: their bodies, to compare the trees.
        n = 0;
        const bodies: Record<string, string[]> = {};
        for (const kind of KINDS.filter((k) => !isPage(k))) {
          bodies[kind] = [];
          for (let i = 0; i < message.n!; i += 1) {
            const answer = await app.inject({
              method: 'GET',
              url: urlOf(kind),
              headers: { 'x-dcrt-hrm-auth': setup!.token, 'cache-control': 'no-cache' },
            });
            bodies[kind].push(`${answer.statusCode} ${answer.body}`);
          }
        }
        process.send!({ type: 'bodies', bodies });
      } else if (message.type === 'batch') {
        const before = process.cpuUsage();
        for (let i = 0; i < message.n!; i += 1) await read(message.kind!);
        const used = process.cpuUsage(before);
        process.send!({
          type: 'done',
          micros: (used.user + used.system) / message.n!,
          system: used.system / message.n!,
        });
      } else if (message.type === 'stop') {
        await app.close();
        await database.close();
        process.exit(0);
      }
    },
  );
  process.send!({ type: 'listening' });
}

function ask<T>(worker: ChildProcess, message: unknown, reply: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== reply) return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number) => reject(new Error(`child exited ${code}`));
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    if (message !== null) worker.send(message as never);
  });
}

/**
 * A vacancy with the account's default stages and every applicant on its first one, arrivals
 * over 60 days (as the board bench fills its vacancy): the column's pages 1–2 of 30.
 */
async function boardOf(pool: pg.Pool, accountId: number, userId: number) {
  const {
    rows: [vacancy],
  } = await pool.query(
    `insert into vacancies (account_id, position, author_id)
     values ($1, 'Менеджер по продажам (read-cpu)', $2) returning id`,
    [accountId, userId],
  );
  await pool.query(
    `insert into statuses (account_id, vacancy_id, copied_from_id, name, color, position,
                           status_type, is_offer, is_reject, reject_kind, stay_duration)
     select account_id, $2, id, name, color, position, status_type, is_offer, is_reject,
            reject_kind, stay_duration
     from statuses where account_id = $1 and status_group_id is not null`,
    [accountId, vacancy.id],
  );
  const {
    rows: [stage],
  } = await pool.query(
    `select id from statuses where account_id = $1 and vacancy_id = $2 order by position, id limit 1`,
    [accountId, vacancy.id],
  );
  await pool.query(
    `insert into applications (account_id, vacancy_id, applicant_id, status_id, entered_status_at,
                               created_by)
     select p.account_id, $2, p.id, $3,
            now() - make_interval(secs => ((p.id * 104729) % (60 * 86400))::double precision), $4
     from applicants p where p.account_id = $1`,
    [accountId, vacancy.id, stage.id, userId],
  );
  return { vacancyId: Number(vacancy.id), stageId: Number(stage.id) };
}

async function seed(url: string, tree: string): Promise<Setup> {
  const { startApiServer, signUpBenchAccount, apiRequest, BENCH_PASSWORD } = await import(
    pathToFileURL(path.join(tree, 'bench/support/api-server.ts')).href
  );
  const { openDatabase } = await import('@ats/db/connection');
  const { addUsers, seedRequests } = await import(
    pathToFileURL(path.join(tree, 'bench/requests-benchmark.ts')).href
  );
  const { generateApplicants } = await import(
    pathToFileURL(path.join(tree, 'bench/generate-applicants.ts')).href
  );
  const api = await startApiServer({ DATABASE_URL: url });
  try {
    const admin = await signUpBenchAccount(api, 'read-cpu');
    const database = await openDatabase({ databaseUrl: url, dataDir: 'unused', poolSize: 4 });
    const members = await addUsers(database, admin.accountId, admin.userId);
    await seedRequests(database, admin.accountId, members, 60);
    await database.close();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await generateApplicants(
      { query: (text: string) => pool.query(text), jobs: 1 },
      { accountId: admin.accountId, applicants: 60, vacuum: true },
    );
    const ids = async (table: string) =>
      (
        await pool.query(`select id from ${table} where account_id = $1 order by id limit 60`, [
          admin.accountId,
        ])
      ).rows.map((r: { id: number }) => r.id);
    const setup = {
      accountId: admin.accountId,
      userId: admin.userId,
      token: (
        await apiRequest('POST', `${api.url}/api/auth/login`, null, {
          email: admin.email,
          password: BENCH_PASSWORD,
        })
      ).auth_token,
      requestIds: await ids('vacancy_applications'),
      applicantIds: await ids('applicants'),
      vacancyIds: await ids('vacancies'),
      board: await boardOf(pool, admin.accountId, admin.userId),
    };
    await pool.end();
    return setup;
  } finally {
    await api.stop();
  }
}

/**
 * READ_CPU_SQL=<rounds>: PostgreSQL's own time for the statements of the board column's page, of
 * the list page and of the request list's first page as each tree writes them (EXPLAIN ANALYZE's execution time, timing of the
 * nodes off), the trees alternated, median and least in µs.
 */
async function statementTimes(url: string, trees: string[], setup: Setup) {
  const { buildQuery } = await import('@ats/db/connection');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const statements: [string, { sql: string; params: unknown[] }][] = [];
  for (const tree of trees) {
    const dir = path.resolve(tree.split('#')[0]!);
    const board = await import(
      pathToFileURL(path.join(dir, 'apps/api/src/modules/pipeline/board.repository.ts')).href
    );
    const list = await import(
      pathToFileURL(path.join(dir, 'apps/api/src/modules/applicants/applicant-list.repository.ts'))
        .href
    );
    const requests = await import(
      pathToFileURL(
        path.join(
          dir,
          'apps/api/src/modules/vacancy-applications/vacancy-applications.repository.ts',
        ),
      ).href
    );
    const page = { vacancyId: setup.board.vacancyId, statusId: setup.board.stageId };
    statements.push([
      `board-column\t${tree}`,
      buildQuery(
        board.boardPageQuery(setup.accountId, {
          ...page,
          userId: setup.userId,
          limit: 30,
          offset: 0,
        }),
      ),
    ]);
    statements.push([
      `applicants\t${tree}`,
      buildQuery(
        list.applicantListPageQuery(setup.accountId, setup.userId, {}, { page: 1, perPage: 30 })
          .query,
      ),
    ]);
    // The request list's first page as the admin reads it (decision 0113).
    statements.push([
      `requests\t${tree}`,
      buildQuery(
        requests.requestListQuery(
          setup.accountId,
          { visibility: { kind: 'all', userId: setup.userId }, tab: 'all' },
          { limit: 30, offset: 0 },
        ).query,
      ),
    ]);
  }
  if (process.env.READ_CPU_PLAN) {
    for (const [key, statement] of statements.filter(([k]) => k.startsWith('requests'))) {
      const { rows } = await client.query(
        `explain (analyze, verbose) ${statement.sql}`,
        statement.params,
      );
      console.log(key, '\n', rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
  }
  const times = new Map<string, number[]>();
  const rounds = Number(process.env.READ_CPU_SQL);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? statements : statements.slice().reverse();
    for (const [key, statement] of order) {
      const { rows } = await client.query(
        `explain (analyze, timing off, format json) ${statement.sql}`,
        statement.params,
      );
      const plan = (rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!;
      times.set(key, [...(times.get(key) ?? []), plan['Execution Time'] * 1000]);
    }
  }
  const { rows: jit } = await client.query<{ jit: string }>('show jit');
  await client.end();
  console.log(
    `statement\ttree\tmedian µs\tleast µs (PostgreSQL execution time, jit ${jit[0]!.jit})`,
  );
  for (const [key, values] of times) {
    const sorted = values.slice(2).sort((a, b) => a - b);
    console.log(
      `${key}\t${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}\t${sorted[0]!.toFixed(0)}`,
    );
  }
}

async function parent() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
  const trees = process.argv.slice(2).length ? process.argv.slice(2) : ['.'];
  const name = `ats_readcpu_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  // The signed-in pages are served from a build's index.html: a minimal one is enough here.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'ats-readcpu-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>ATS</title></head><body><div id="root"></div></body></html>',
  );
  const batch = Number(process.env.READ_CPU_BATCH ?? 100);
  const rounds = Number(process.env.READ_CPU_ROUNDS ?? 14);
  const workers: ChildProcess[] = [];
  try {
    const setup = await seed(url, path.resolve(trees[0]!.split('#')[0]!));
    for (const tree of trees) {
      // `tree#identity`: that child is asked for its answers with this Accept-Encoding.
      const [dir, encoding] = tree.split('#') as [string, string | undefined];
      const worker = fork(path.resolve(dir, 'bench/read-cpu.ts'), ['--child'], {
        cwd: path.resolve(dir),
        env: {
          ...process.env,
          DATABASE_URL: url,
          WEB_DIST_DIR: dist,
          ...(encoding ? { READ_CPU_ENCODING: encoding } : {}),
        },
        execArgv: [
          '--import',
          'tsx',
          '--max-semi-space-size=64',
          ...(process.env.READ_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.READ_CPU_PROF}`]
            : []),
        ],
      });
      workers.push(worker);
      await ask(worker, null, 'listening');
      const { sizes } = await ask<{ sizes: unknown }>(worker, { type: 'setup', setup }, 'ready');
      console.log(`${tree}: bytes sent per answer ${JSON.stringify(sizes)}`);
    }
    if (workers.length > 1 && process.env.READ_CPU_COMPARE) {
      // READ_CPU_COMPARE=<n>: the first n reads of each kind asked of every tree, compared.
      const all = [];
      for (const worker of workers) {
        all.push(
          (
            await ask<{ bodies: Record<string, string[]> }>(
              worker,
              { type: 'answers', n: Number(process.env.READ_CPU_COMPARE) },
              'bodies',
            )
          ).bodies,
        );
      }
      for (const kind of Object.keys(all[0]!)) {
        const first = all[0]![kind]!;
        for (const [i, other] of all.slice(1).entries()) {
          const differ = first.findIndex((body, j) => body !== other[kind]?.[j]);
          const bytes = first.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
          console.log(
            differ < 0
              ? `${kind}: ${first.length} answers (${bytes} bytes) byte-identical in ${trees[0]} and ${trees[i + 1]}`
              : `${kind}: answer ${differ} differs between ${trees[0]} and ${trees[i + 1]}:\n${first[differ]!.slice(0, 400)}\n${other[kind]?.[differ]?.slice(0, 400)}`,
          );
        }
      }
    }
    if (process.env.READ_CPU_SQL) await statementTimes(url, trees, setup);
    const figures = new Map<string, number[]>();
    /** Of it, the time in the kernel (sending SQL and reading answers over the socket). */
    const systemFigures = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const kind of KINDS) {
        const order = round % 2 === 0 ? workers.keys() : [...workers.keys()].reverse();
        for (const i of order) {
          const { micros, system } = await ask<{ micros: number; system: number }>(
            workers[i]!,
            { type: 'batch', kind, n: batch },
            'done',
          );
          const key = `${kind}\t${trees[i]}`;
          figures.set(key, [...(figures.get(key) ?? []), micros]);
          systemFigures.set(key, [...(systemFigures.get(key) ?? []), system]);
        }
      }
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('read\ttree\tmedian µs\tleast µs (API CPU per request)\tkernel, median µs');
    for (const [key, values] of figures) {
      const sorted = values.slice(rounds > 4 ? 2 : 0).sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const kernel = systemFigures
        .get(key)!
        .slice()
        .sort((a, b) => a - b);
      console.log(
        `${key}\t${median.toFixed(0)}\t${sorted[0]!.toFixed(0)}\t${kernel[Math.floor(kernel.length / 2)]!.toFixed(0)}`,
      );
    }
  } finally {
    for (const worker of workers) worker.send({ type: 'stop' });
    await new Promise((r) => setTimeout(r, 1500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dist, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child')) await child();
else await parent();
