// `job-sites`: the first sync of 5,000 hh.ru responses into an account of 1,000,000 applicants,
// with the duplicates check, beside the same inserts made without the site, and a second sync
// that must import nothing. PostgreSQL only. See bench/README.md.
import os from 'node:os';
import { type Database, type Db, openDatabase, selectRows } from '@ats/db/connection';
import pg from 'pg';
import { listAccountSources } from '../apps/api/src/modules/account-sources/account-sources.service.ts';
import { createApplicant } from '../apps/api/src/modules/applicants/applicants.service.ts';
import { findDoublesOfDraft } from '../apps/api/src/modules/duplicates/double-detection.service.ts';
import { applicantOfResume } from '../apps/api/src/modules/job-sites/hh/hh-client.ts';
import { syncConnection } from '../apps/api/src/modules/job-sites/responses-sync.service.ts';
import { placeApplicant } from '../apps/api/src/modules/pipeline/applications.service.ts';
import type { HhResume } from '../apps/api/test/fakes/hh-fake.ts';
import type { Session } from '../apps/api/src/platform/auth.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { AppError } from '../apps/api/src/platform/errors.ts';
import { storageFor } from '../apps/api/src/platform/storage.ts';
import { type Tenant, tenantFor } from '../apps/api/src/platform/tenancy.ts';
import { generateApplicants } from './generate-applicants.ts';
import {
  type Api,
  apiRequest,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { fillMatchKeys } from './support/match-keys.ts';
import { acquirePostgres } from './support/postgres.ts';
import { nextMessage, spawnTsx, stopChild } from './support/process.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';

const GOALS = { firstSyncSeconds: 120, secondSyncSeconds: 15, atApplicants: 1_000_000 };
/** What makes a response "a person we have" for the sync (responses-sync.service.ts). */
const MATCHING_REASONS = ['совпадает телефон', 'совпадает e-mail', 'совпадает резюме на hh.ru'];

type Seed = Omit<HhResume, 'id'>;
type FakeStats = { requests: number; byPath: Record<string, number>; cpuMicros: number };

/**
 * The applicants in the base: `--applicants N` (or `--applicants=N`) after the entry's name,
 * else BENCH_JOB_SITES_APPLICANTS, else 1,000,000. Through `npm run bench -- …` npm keeps the flag
 * for itself (npm_config_applicants) and may leave the number behind as a bare argument.
 */
export function applicantsWanted(argv: string[], env: NodeJS.ProcessEnv): number {
  const parse = (raw: string | undefined) => {
    const value = Number((raw ?? '').replace(/_/g, ''));
    return raw && Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg.startsWith('--applicants=')) return parse(arg.split('=')[1]) ?? fail(arg);
    if (arg === '--applicants') return parse(argv[i + 1]) ?? fail(`${arg} ${argv[i + 1] ?? ''}`);
  }
  const fromNpm = env.npm_config_applicants;
  if (fromNpm && fromNpm !== 'true') return parse(fromNpm) ?? fail(`--applicants=${fromNpm}`);
  if (fromNpm === 'true') {
    const bare = argv.map(parse).find((n) => n !== null);
    if (bare) return bare;
  }
  return envNumber('BENCH_JOB_SITES_APPLICANTS', 1_000_000);
}

function fail(arg: string): never {
  throw new Error(`${arg}: --applicants takes a whole number of applicants`);
}

// prettier-ignore
const FIRST = ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Иван', 'Михаил',
  'Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина', 'Екатерина'];
// prettier-ignore
const LAST = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов',
  'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов',
  'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев',
  'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев', 'Романов', 'Воробьёв'];
/** [male, female] patronymics. */
// prettier-ignore
const MIDDLE: [string, string][] = [['Александрович', 'Александровна'], ['Сергеевич', 'Сергеевна'],
  ['Андреевич', 'Андреевна'], ['Дмитриевич', 'Дмитриевна'], ['Иванович', 'Ивановна'],
  ['Михайлович', 'Михайловна'], ['Петрович', 'Петровна'], ['Николаевич', 'Николаевна'],
  ['Олегович', 'Олеговна'], ['Викторович', 'Викторовна']];
// prettier-ignore
const CITIES = ['Москва', 'Санкт-Петербург', 'Казань', 'Екатеринбург', 'Новосибирск', 'Самара',
  'Нижний Новгород', 'Краснодар'];
// prettier-ignore
const TITLES = ['Менеджер по продажам', 'Бухгалтер', 'Frontend-разработчик', 'Водитель-экспедитор',
  'Администратор', 'Специалист по закупкам', 'Кладовщик', 'Оператор call-центра'];
// prettier-ignore
const FEMALE = new Set(['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина',
  'Екатерина']);

/**
 * A new person's résumé, as hh.ru gives it: common Russian names (namesakes in the base, so the
 * check has candidates to compare), a patronymic, contacts of their own.
 */
function newPerson(set: number, i: number): Seed {
  const first = FIRST[(i + set) % FIRST.length]!;
  const female = FEMALE.has(first);
  const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${female ? 'а' : ''}`;
  const middle = MIDDLE[Math.floor(i / (FIRST.length * LAST.length)) % MIDDLE.length]!;
  const digits = String(1_000_000 + i).slice(-7);
  return {
    first_name: first,
    last_name: last,
    middle_name: middle[female ? 1 : 0],
    title: TITLES[i % TITLES.length]!,
    // Landline codes (812/813): the generated base has only mobile numbers (+7 9xx).
    phone: `+7 (81${2 + set}) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
    email: `hh.${set}.${i}@hh-bench.example`,
    salary: { amount: 60_000 + (i % 30) * 5_000, currency: 'RUR' },
    experience: [
      {
        company: `ООО «Компания ${i % 500}»`,
        position: TITLES[i % TITLES.length]!,
        start: `${2010 + (i % 14)}-0${1 + (i % 9)}-01`,
        end: null,
        description: 'Работа с клиентами, отчётность, участие в проектах отдела.',
      },
    ],
    education: [{ name: 'РЭУ им. Г. В. Плеханова', result: 'Экономика', year: 2005 + (i % 15) }],
    skills: ['Деловая переписка', 'Excel', '1С'].slice(0, 1 + (i % 3)),
    area: CITIES[i % CITIES.length]!,
  };
}

type BasePerson = {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  phone: string;
  email: string;
  position: string | null;
};

/** Someone already in the base responding on hh.ru: by phone (typed with 8) or by e-mail. */
function knownPerson(person: BasePerson, byPhone: boolean): Seed {
  const digits = person.phone.replace(/\D/g, '').slice(-10);
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    middle_name: person.middle_name,
    title: person.position ?? 'Специалист',
    phone: byPhone
      ? `8 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`
      : null,
    email: byPhone ? null : person.email.toUpperCase(),
    skills: ['Excel'],
  };
}

/** The 5,000 résumés of one run: every tenth someone of the base, the others new people. */
function seedsOf(set: number, count: number, share: number, base: BasePerson[]): Seed[] {
  const every = Math.max(1, Math.round(1 / share));
  let known = 0;
  return Array.from({ length: count }, (_, i) =>
    i % every === 0 && known < base.length
      ? knownPerson(base[known++]!, known % 2 === 0)
      : newPerson(set, i),
  );
}

/** Every SQL round trip of this process while counting: how many, their wall time, by statement. */
function countQueries() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const state = { on: false, calls: 0, ms: 0, byText: new Map<string, number>() };
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (!state.on) return result;
    state.calls += 1;
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .replace(/\$\d+/g, '$')
      .slice(0, 90);
    state.byText.set(text, (state.byText.get(text) ?? 0) + 1);
    if (result instanceof Promise) {
      const started = performance.now();
      void result.then(
        () => (state.ms += performance.now() - started),
        () => (state.ms += performance.now() - started),
      );
    }
    return result;
  };
  return state;
}

/** Every fetch of this process (the sync's calls to the site): how many and their wall time. */
function countFetches() {
  const original = globalThis.fetch;
  const state = { on: false, calls: 0, ms: 0 };
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    if (!state.on) return original(...args);
    state.calls += 1;
    const started = performance.now();
    try {
      const response = await original(...args);
      // The body as well: the client reads it right after.
      const body = await response.arrayBuffer();
      return new Response([101, 204, 205, 304].includes(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      state.ms += performance.now() - started;
    }
  };
  return state;
}

async function startFake() {
  const child = spawnTsx('bench/serve-hh-fake.ts', process.env);
  const ready = await nextMessage<{
    type: 'ready';
    url: string;
    clientId: string;
    clientSecret: string;
  }>(child, 'ready', 60_000);
  return {
    ...ready,
    async seed(name: string, resumes: Seed[]) {
      const answer = nextMessage<{ type: 'seeded'; vacancyId: string; ids: string[] }>(
        child,
        'seeded',
        120_000,
      );
      child.send({ type: 'seed', name, resumes });
      return answer;
    },
    async stats() {
      const answer = nextMessage<{ type: 'stats' } & FakeStats>(child, 'stats');
      child.send({ type: 'stats' });
      return answer;
    },
    stop: () => stopChild(child),
  };
}

type Fake = Awaited<ReturnType<typeof startFake>>;

async function call<T>(
  api: Api,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  return apiRequest<T>(method, `${api.url}${path}`, token, body);
}

/** Connects the account to the fake through the real OAuth flow, as a recruiter does on /hh. */
async function connectHh(api: Api, token: string) {
  const { url } = await call<{ url: string }>(api, token, 'POST', '/api/job_sites/connect', {
    site: 'hh',
  });
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const landed = await fetch(`${api.url}${back.pathname}${back.search}`, { redirect: 'manual' });
  if (landed.headers.get('location') !== '/hh?connected=1') {
    throw new Error(`hh.ru did not connect: ${landed.status} ${landed.headers.get('location')}`);
  }
  const overview = await call<{ connections: { id: number }[] }>(
    api,
    token,
    'GET',
    '/api/job_sites',
  );
  return overview.connections[0]!.id;
}

const tenantInTransaction = (tx: Db, accountId: number, userId: number): Tenant => ({
  accountId,
  userId,
  transaction: (work) => work(tx),
  read: (query) => selectRows(tx, query),
});

type Counts = { imported: number; matched: number };

/**
 * The same inserts without the site: each résumé as the sync maps it, in one transaction, the
 * duplicates check (findDoublesOfDraft) and then the applicants service's create on the vacancy —
 * or, for someone we have, the placement of the known card. No claim, no call to the site.
 */
async function importWithoutSite(
  database: Database,
  context: { accountId: number; session: Session; sourceId: number | null; vacancyId: number },
  drafts: ReturnType<typeof applicantOfResume>[],
): Promise<Counts> {
  const { accountId, session, sourceId, vacancyId } = context;
  const storage = storageFor(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }));
  const counts: Counts = { imported: 0, matched: 0 };
  for (const { draft } of drafts) {
    await database.withTenant(accountId, async (tx) => {
      const tenant = tenantInTransaction(tx, accountId, session.userId);
      const matches = await findDoublesOfDraft(tx, accountId, draft);
      const known = matches.find((m) => m.reasons.some((r) => MATCHING_REASONS.includes(r)));
      if (known) {
        try {
          await placeApplicant(tenant, session, {
            applicant_id: known.applicant.id,
            vacancy_id: vacancyId,
          });
        } catch (error) {
          if (!(error instanceof AppError && error.code === 409)) throw error;
        }
        counts.matched += 1;
        return;
      }
      await createApplicant(storage, tenant, session, {
        ...draft,
        vacancy_id: vacancyId,
        account_source_id: sourceId,
        source: 'import',
      });
      counts.imported += 1;
    });
  }
  return counts;
}

/** Résumés as the sync reads them from the fake (one GET each), mapped to our fields. */
async function draftsFromFake(
  fake: Fake,
  accessToken: string,
  vacancyId: string,
  negotiationIds: string[],
) {
  const headers = {
    'HH-User-Agent': 'ATS/1.0 (support@ats.example)',
    authorization: `Bearer ${accessToken}`,
  };
  const drafts = [];
  for (let page = 0, pages = 1; page < pages; page += 1) {
    const answer = (await (
      await fetch(
        `${fake.url}/negotiations/response?vacancy_id=${vacancyId}&page=${page}&per_page=50`,
        { headers },
      )
    ).json()) as { pages: number; items: { id: string; resume: { id: string } }[] };
    pages = answer.pages;
    for (const item of answer.items) {
      const resume = await fetch(`${fake.url}/resumes/${item.resume.id}?topic_id=${item.id}`, {
        headers,
      });
      drafts.push(applicantOfResume((await resume.json()) as never));
    }
  }
  if (drafts.length !== negotiationIds.length) {
    throw new Error(`read ${drafts.length} résumés of ${negotiationIds.length}`);
  }
  return drafts;
}

/** A token of its own for reading the baseline's résumés (the connection's stays sealed). */
async function fakeToken(fake: Fake) {
  const consent = await fetch(
    `${fake.url}/oauth/authorize?response_type=code&client_id=${fake.clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1/cb')}`,
    { redirect: 'manual' },
  );
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(`${fake.url}/token`, {
    method: 'POST',
    headers: { 'HH-User-Agent': 'ATS/1.0 (support@ats.example)' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: 'http://127.0.0.1/cb',
    }),
  });
  return ((await tokens.json()) as { access_token: string }).access_token;
}

/** A line on stderr while the entry runs (its report comes at the end). */
const progress = (line: string) => console.error(`job-sites: ${line} (load ${load()})`);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function run(): Promise<BenchReport> {
  const applicants = applicantsWanted(process.argv.slice(2), process.env);
  const responses = envNumber('BENCH_JOB_SITES_RESPONSES', 5_000);
  const share = envNumber('BENCH_JOB_SITES_KNOWN_SHARE', 0.1);
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `${applicants.toLocaleString('en-US')} applicants in one account; ${responses.toLocaleString('en-US')} hh.ru responses on one linked vacancy, ${Math.round(share * 100)}% of them people of the base (half by phone typed with 8, half by e-mail in capitals)`,
  ];
  const rows: Row[] = [];
  const queries = countQueries();
  const fetches = countFetches();
  let fake: Fake | null = null;
  let api: Api | null = null;
  let database: Database | null = null;
  const pool = new pg.Pool({ connectionString: handle.url, max: 2 });
  try {
    fake = await startFake();
    const hhEnv = {
      HH_CLIENT_ID: fake.clientId,
      HH_CLIENT_SECRET: fake.clientSecret,
      HH_API_BASE: fake.url,
      HH_OAUTH_BASE: fake.url,
    };
    api = await startApiServer({ DATABASE_URL: handle.url, ...hhEnv });
    const { email, accountId, userId } = await signUpBenchAccount(api, 'job sites');
    const { auth_token: token } = await apiRequest<{ auth_token: string }>(
      'POST',
      `${api.url}/api/auth/login`,
      null,
      { email, password: BENCH_PASSWORD },
    );
    const ours = await call<{ id: number }>(api, token, 'POST', '/api/vacancies', {
      position: 'Менеджер по продажам (отклики hh.ru)',
    });
    const plain = await call<{ id: number }>(api, token, 'POST', '/api/vacancies', {
      position: 'Менеджер по продажам (без сайта)',
    });
    const connectionId = await connectHh(api, token);

    const prepared = performance.now();
    progress(`generating ${applicants.toLocaleString('en-US')} applicants`);
    const generated = await generateApplicants(
      { jobs: 2, query: (text) => pool.query(text) },
      { accountId, applicants, batch: 50_000, vacuum: false },
    );
    database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
    progress('match keys of the base');
    const keysStarted = performance.now();
    const keyed = await fillMatchKeys(database, accountId);
    const keysSeconds = (performance.now() - keysStarted) / 1000;
    await pool.query('vacuum analyze');
    notes.push(
      `base prepared in ${fmt.seconds((performance.now() - prepared) / 1000)} (load ${load()}): ${generated.rows.toLocaleString('en-US')} applicants inserted in ${fmt.seconds(generated.insertSeconds)}, indexes ${fmt.seconds(generated.indexSeconds)}, ${keyed.toLocaleString('en-US')} keyed for the duplicates check in ${fmt.seconds(keysSeconds)}`,
    );

    // People of the base who respond: two disjoint sets, for the sync and for the baseline.
    const known = Math.ceil(responses * share);
    const { rows: people } = await pool.query<BasePerson>(
      `select id, first_name, last_name, middle_name, phone, email, position from applicants
       where account_id = $1 and phone is not null and email is not null
       order by hashint4(id) limit $2`,
      [accountId, known * 2],
    );
    const maxBaseId = Number(
      (await pool.query(`select max(id) as m from applicants where account_id = $1`, [accountId]))
        .rows[0].m,
    );
    const syncSeeds = seedsOf(1, responses, share, people.slice(0, known));
    const plainSeeds = seedsOf(2, responses, share, people.slice(known));
    const syncVacancy = await fake.seed('Менеджер по продажам', syncSeeds);
    const plainVacancy = await fake.seed('Менеджер по продажам (другой)', plainSeeds);
    await call(api, token, 'POST', `/api/job_sites/${connectionId}/links`, {
      external_id: syncVacancy.vacancyId,
      vacancy_id: ours.id,
    });
    await api.stop();
    api = null;

    const config = loadConfig({
      ...hhEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: handle.url,
    });
    const deps = { config, database };
    const session: Session = {
      token: '',
      sessionId: 0,
      accountId,
      userId,
      source: 'web',
      isAdmin: true,
      memberType: 'owner',
      accountIsActive: true,
      lastSeenAt: new Date(),
      via: 'header',
    };
    const sourceId =
      (await listAccountSources(tenantFor(database, accountId, userId))).find(
        // The source the sync sets (JOB_SITE_NAMES.hh).
        (s) => s.name.toLocaleLowerCase('ru') === 'hh.ru',
      )?.id ?? null;

    // 1. The same inserts without the site (the résumés read beforehand, not timed).
    const drafts = await draftsFromFake(
      fake,
      await fakeToken(fake),
      plainVacancy.vacancyId,
      plainVacancy.ids,
    );
    const measure = async <T>(work: () => Promise<T>) => {
      const loadBefore = load();
      queries.on = true;
      fetches.on = true;
      Object.assign(queries, { calls: 0, ms: 0, byText: new Map() });
      Object.assign(fetches, { calls: 0, ms: 0 });
      const fakeBefore = await fake!.stats();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await work();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      queries.on = false;
      fetches.on = false;
      const fakeAfter = await fake!.stats();
      return {
        result,
        seconds,
        cpuSeconds: (used.user + used.system) / 1e6,
        sql: { calls: queries.calls, seconds: queries.ms / 1000, byText: queries.byText },
        http: { calls: fetches.calls, seconds: fetches.ms / 1000 },
        fakeCpuSeconds: (fakeAfter.cpuMicros - fakeBefore.cpuMicros) / 1e6,
        load: `${loadBefore} → ${load()}`,
      };
    };
    progress('without the site');
    const plainRun = await measure(() =>
      importWithoutSite(database!, { accountId, session, sourceId, vacancyId: plain.id }, drafts),
    );
    progress(`the first sync (without the site: ${fmt.seconds(plainRun.seconds)})`);
    const firstRun = await measure(() => syncConnection(deps, accountId, connectionId));
    progress(`the second sync (the first: ${fmt.seconds(firstRun.seconds)})`);
    const afterFirst = await countsOf(pool, accountId, ours.id, maxBaseId);
    const secondRun = await measure(() => syncConnection(deps, accountId, connectionId));
    const afterSecond = await countsOf(pool, accountId, ours.id, maxBaseId);

    // Counts: every response one application, the people of the base not entered again.
    const first = firstRun.result;
    const second = secondRun.result;
    const expectedNew = responses - known;
    const checks = [
      [first?.ok === true, `first sync ok (${first?.error ?? ''})`],
      [
        first?.imported === expectedNew,
        `first sync imported ${first?.imported} (expected ${expectedNew})`,
      ],
      [first?.matched === known, `first sync matched ${first?.matched} (expected ${known})`],
      [
        afterFirst.applications === responses,
        `${afterFirst.applications} applications on the vacancy`,
      ],
      [
        afterFirst.responses === responses,
        `${afterFirst.responses} responses stored with their applicant`,
      ],
      [
        afterFirst.knownResponses === known,
        `${afterFirst.knownResponses} responses on applicants of the base`,
      ],
      [
        afterFirst.applicants === applicants + 2 * expectedNew,
        `${afterFirst.applicants} applicants (base + ${expectedNew} new from the site + ${expectedNew} from the baseline)`,
      ],
      [
        second?.imported === 0 && second?.matched === 0,
        `second sync imported ${second?.imported}, matched ${second?.matched}`,
      ],
      [second?.skipped === responses, `second sync skipped ${second?.skipped}`],
      [
        JSON.stringify(afterSecond) === JSON.stringify(afterFirst),
        'nothing changed by the second sync',
      ],
      [
        plainRun.result.imported === expectedNew && plainRun.result.matched === known,
        `baseline: ${plainRun.result.imported} new, ${plainRun.result.matched} known`,
      ],
    ] as const;
    const failed = checks.filter(([ok]) => !ok).map(([, what]) => what);
    if (failed.length) throw new Error(`counts wrong: ${failed.join('; ')}`);
    notes.push(`counts checked: ${checks.map(([, what]) => what).join('; ')}`);

    const per = (n: number) => (n / responses).toFixed(1);
    const describe = (label: string, m: Omit<typeof firstRun, 'result'>, what: string) => {
      rows.push({
        measurement: `${label}`,
        value: `${fmt.seconds(m.seconds)} (${fmt.rate(responses / m.seconds)})`,
        note: `${what}; load average ${m.load}`,
      });
      rows.push({
        measurement: `${label} · where the time goes`,
        value: `SQL ${fmt.seconds(m.sql.seconds)}, site ${fmt.seconds(m.http.seconds)}, rest ${fmt.seconds(Math.max(0, m.seconds - m.sql.seconds - m.http.seconds))}`,
        note: `${m.sql.calls.toLocaleString('en-US')} SQL round trips (${per(m.sql.calls)} a response), ${m.http.calls.toLocaleString('en-US')} calls to the site; CPU of this process ${fmt.seconds(m.cpuSeconds)}, of the fake ${fmt.seconds(m.fakeCpuSeconds)}`,
      });
    };
    describe(
      'without the site (service create + duplicates check)',
      plainRun,
      `the same ${responses.toLocaleString('en-US')} résumés, read beforehand`,
    );
    describe('first sync', firstRun, `${first?.imported} new, ${first?.matched} known`);
    describe('second sync', secondRun, `${second?.skipped} skipped, nothing imported`);
    rows.push({
      measurement: 'first sync / without the site',
      value: fmt.ratio(firstRun.seconds / plainRun.seconds),
      note: 'what the site adds: reading pages and résumés, claiming each response',
    });
    const top = [...firstRun.sql.byText.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
    for (const [text, count] of top) {
      rows.push({
        measurement: `first sync · SQL ×${per(count)}/response`,
        value: String(count),
        note: text,
      });
    }

    const at =
      applicants === GOALS.atApplicants
        ? ''
        : ` (goal at 1M; measured at ${applicants.toLocaleString('en-US')})`;
    return {
      rows,
      notes,
      verdicts: [
        {
          goal: `first sync of ${responses.toLocaleString('en-US')} ≤ ${GOALS.firstSyncSeconds} s${at}`,
          measured: `${fmt.seconds(firstRun.seconds)} (load ${firstRun.load})`,
          pass: firstRun.seconds <= GOALS.firstSyncSeconds,
        },
        {
          goal: `second sync ≤ ${GOALS.secondSyncSeconds} s, imports nothing`,
          measured: `${fmt.seconds(secondRun.seconds)}, ${second?.imported} imported`,
          pass: secondRun.seconds <= GOALS.secondSyncSeconds && second?.imported === 0,
        },
      ],
    };
  } finally {
    queries.on = false;
    fetches.on = false;
    await api?.stop().catch(() => {});
    await database?.close().catch(() => {});
    await pool.end().catch(() => {});
    await fake?.stop().catch(() => {});
    await handle.stop();
  }
}

async function countsOf(pool: pg.Pool, accountId: number, vacancyId: number, maxBaseId: number) {
  const { rows } = await pool.query<{
    applications: number;
    responses: number;
    known_responses: number;
    applicants: number;
  }>(
    `select (select count(*)::int from applications where account_id = $1 and vacancy_id = $2) as applications,
            (select count(*)::int from job_site_responses where account_id = $1 and applicant_id is not null) as responses,
            (select count(*)::int from job_site_responses where account_id = $1 and applicant_id <= $3) as known_responses,
            (select count(*)::int from applicants where account_id = $1) as applicants`,
    [accountId, vacancyId, maxBaseId],
  );
  const row = rows[0]!;
  return {
    applications: row.applications,
    responses: row.responses,
    knownResponses: row.known_responses,
    applicants: row.applicants,
  };
}

export const jobSitesBenchmark: Benchmark = {
  name: 'job-sites',
  summary: '5,000 hh.ru responses synced into 1M applicants, duplicates checked; the second sync',
  run,
};
