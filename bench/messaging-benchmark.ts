// `messaging`: an applicant's conversation of 10,000 messages on PostgreSQL — its history paged
// newest first (the first page, and pages deep in it by `before_id`) against the SQL of a page —
// and an incoming message's way to an open card's event stream (NOTIFY through the database to
// the API process's SSE). See bench/README.md.
import { type Database, openDatabase, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { historyQuery } from '../apps/api/src/modules/messaging/messaging.repository.ts';
import { receiveIncoming } from '../apps/api/src/modules/messaging/messaging.service.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { hashToken } from '../apps/api/src/platform/secrets.ts';
import { interleavedLoops, percentile, type LoadSettings } from './support/load.ts';
import { acquirePostgres } from './support/postgres.ts';
import {
  type Api,
  apiRequest,
  AUTH_HEADER,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { type Benchmark, type BenchReport, envNumber, fmt } from './support/report.ts';
import { sqlFromSource } from './support/sql-source.ts';

const GOALS = { historyP95: 30, streamP95: 200 };
const PER_PAGE = 30;

/** One applicant, one channel and `count` messages, in and out, an hour apart. */
async function seedConversation(
  database: Database,
  accountId: number,
  userId: number,
  count: number,
) {
  return database.withTenant(accountId, async (tx) => {
    const [applicant] = await selectRows<{ id: number }>(
      tx,
      sql`insert into applicants (account_id, first_name, last_name, email)
          values (${accountId}::int, 'Пётр', 'Перепискин', 'petr-bench@example.com') returning id`,
    );
    const [channel] = await selectRows<{ id: number }>(
      tx,
      sql`insert into msg_channels (account_id, kind, name, webhook_key, address)
          values (${accountId}::int, 'telegram', '@bench_bot', ${`bench-${Date.now()}`}, '@bench_bot')
          returning id`,
    );
    await tx.execute(sql`
      insert into msg_chat_links (account_id, channel_id, applicant_id, external_chat_id, linked_by)
      values (${accountId}::int, ${channel!.id}::int, ${applicant!.id}::int, 'bench-chat', 'manual')`);
    await tx.execute(sql`
      insert into msg_messages (account_id, applicant_id, channel_id, channel_kind, direction,
        author_type, author_user_id, text, state, external_chat_id, external_message_id,
        sent_at, created_at)
      select ${accountId}::int, ${applicant!.id}::int, ${channel!.id}::int, 'telegram',
        case when n % 2 = 0 then 'out' else 'in' end,
        case when n % 2 = 0 then 'user' else 'applicant' end,
        case when n % 2 = 0 then ${userId}::int end,
        'Сообщение номер ' || n || ' о вакансии и собеседовании',
        case when n % 2 = 0 then 'sent' else 'received' end,
        'bench-chat', 'seed-' || n,
        now() - make_interval(hours => ${count}::int - n), now() - make_interval(hours => ${count}::int - n)
      from generate_series(1, ${count}::int) n`);
    return { applicantId: applicant!.id, channelId: channel!.id };
  });
}

/** Reads an SSE response until `stop`, calling `onEvent` with each `data:` line's JSON. */
async function readStream(
  response: Response,
  onEvent: (event: { message_id: number; type: string }) => void,
) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) onEvent(JSON.parse(data.slice(6)) as { message_id: number; type: string });
    }
  }
}

async function run(): Promise<BenchReport> {
  const count = envNumber('BENCH_MESSAGES', 10_000);
  const incoming = envNumber('BENCH_MESSAGES_INCOMING', 200);
  const settings: LoadSettings = {
    duration: envNumber('BENCH_MESSAGES_SECONDS', 6),
    warmup: envNumber('BENCH_MESSAGES_WARMUP', 1),
    connections: envNumber('BENCH_MESSAGES_CONNECTIONS', 4),
  };
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `one applicant with ${count.toLocaleString('en-US')} messages; pages of ${PER_PAGE}; ${settings.connections} requests in flight, ${settings.duration} s measured per loop in 1-second slices interleaved with the raw SQL`,
  ];
  let api: Api | null = null;
  let database: Database | null = null;
  const abort = new AbortController();
  try {
    api = await startApiServer({ DATABASE_URL: handle.url });
    const { email, accountId, userId } = await signUpBenchAccount(api, 'messaging');
    const token = (
      await apiRequest<{ auth_token: string }>('POST', `${api.url}/api/auth/login`, null, {
        email,
        password: BENCH_PASSWORD,
      })
    ).auth_token;
    database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
    const { applicantId, channelId } = await seedConversation(database, accountId, userId, count);
    await database.system.execute(sql`vacuum analyze`);
    const ids = (
      await selectRows<{ id: number }>(
        database.system,
        sql`select id from msg_messages where account_id = ${accountId} and applicant_id = ${applicantId} order by id`,
      )
    ).map((r) => Number(r.id));

    // What the endpoint runs besides the page: the session look-up of authentication.
    const lookupText = sqlFromSource(
      'apps/api/src/platform/auth.ts',
      'async function findSessionByTokenAcrossAccounts',
      ['tokenHash'],
    );
    const pool = new pg.Pool({ connectionString: handle.url, max: 10 });
    const headers = { [AUTH_HEADER]: token };
    const randomBefore = () => ids[PER_PAGE + Math.floor(Math.random() * (ids.length - PER_PAGE))]!;
    const get = async (path: string) => {
      const response = await fetch(`${api!.url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    };
    const history = `/api/msg_integrations/chats/applicant_chats_history/${applicantId}?per_page=${PER_PAGE}`;
    // What the endpoint sends, as it sends it: the session look-up, then the history's one
    // statement (the page of 31 rows with channel and author names, the applicant, the count and
    // the reader's unread) executed in one read-only tenant round trip (`readAsTenant`).
    const rawPage = async (beforeId: number | null) => {
      await pool.query({ name: 'bench_lookup', text: lookupText, values: [hashToken(token)] });
      const { query, name } = historyQuery(accountId, applicantId, userId, {
        beforeId: beforeId ?? undefined,
        offset: 0,
        limit: PER_PAGE + 1,
      });
      const [answer] = await database!.readAsTenant<{ rows: unknown[] }>(accountId, query, name);
      if ((answer?.rows.length ?? 0) < PER_PAGE) throw new Error('raw page: not a full page');
    };
    const results = await interleavedLoops(
      {
        firstEndpoint: () => get(history),
        firstRaw: () => rawPage(null),
        deepEndpoint: () => get(`${history}&before_id=${randomBefore()}`),
        deepRaw: () => rawPage(randomBefore()),
      },
      settings,
    );
    await pool.end();

    // Incoming messages, one at a time, each timed from the call the webhook handler makes to
    // its event on the card's stream (served by the API process, told by the database's NOTIFY).
    const stream = await fetch(
      `${api.url}/api/msg_integrations/chats/applicant_chats/${applicantId}/events`,
      { headers, signal: abort.signal },
    );
    if (stream.status !== 200) throw new Error(`events: ${stream.status}`);
    const waiting = new Map<number, () => void>();
    const seen = new Map<number, number>();
    void readStream(stream, (event) => {
      if (event.type !== 'message_created') return;
      seen.set(event.message_id, performance.now());
      waiting.get(event.message_id)?.();
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: handle.url,
      WEB_DIST_DIR: '/nonexistent',
    });
    const deps = { config, database, log: silentLog };
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latencies: number[] = [];
    for (let n = 0; n < incoming; n += 1) {
      const t0 = performance.now();
      const result = await receiveIncoming(deps, accountId, {
        channelId,
        externalChatId: 'bench-chat',
        externalMessageId: `bench-in-${n}`,
        text: `Ответ кандидата ${n}`,
        attachments: [],
        sentAt: new Date(),
        author: { name: 'Пётр' },
      });
      if (!result.stored) throw new Error(`incoming not stored: ${result.reason}`);
      const at =
        seen.get(result.messageId) ??
        (await new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), 5_000);
          waiting.set(result.messageId, () => {
            clearTimeout(timer);
            resolve(seen.get(result.messageId)!);
          });
        }));
      waiting.delete(result.messageId);
      latencies.push(at === null ? Infinity : at - t0);
    }
    abort.abort();
    const sorted = latencies.sort((a, b) => a - b);
    const lost = sorted.filter((ms) => ms === Infinity).length;
    const streamP95 = percentile(sorted, 95);

    const line = (label: string, r: (typeof results)['firstEndpoint']) =>
      `${fmt.rate(r.perSecond)}, p50 ${fmt.ms(r.p50Ms)}, p95 ${fmt.ms(r.p95Ms)} (${r.failures} failed)`;
    return {
      notes,
      rows: [
        {
          measurement: `GET …/applicant_chats_history (page 1) · endpoint`,
          value: line('', results.firstEndpoint),
        },
        {
          measurement: `GET …/applicant_chats_history (page 1) · raw SQL`,
          value: line('', results.firstRaw),
          note: 'session look-up + the endpoint’s statement (page of 31 with names, count, unread) in one read-only tenant trip',
        },
        {
          measurement: `GET …/applicant_chats_history?before_id (a random page) · endpoint`,
          value: line('', results.deepEndpoint),
        },
        {
          measurement: `GET …/applicant_chats_history?before_id (a random page) · raw SQL`,
          value: line('', results.deepRaw),
          note: 'the same, by keyset from a random message',
        },
        {
          measurement: 'receiveIncoming → the card’s event stream',
          value: `p50 ${fmt.ms(percentile(sorted, 50))}, p95 ${fmt.ms(streamP95)}, max ${fmt.ms(sorted.at(-1 - lost) ?? 0)}`,
          note: `${incoming} messages one by one; ${lost} never arrived (5 s)`,
        },
      ],
      verdicts: [
        {
          goal: `history of ${count.toLocaleString('en-US')} messages pages with p95 ≤ ${GOALS.historyP95} ms`,
          measured: `page 1 ${fmt.ms(results.firstEndpoint.p95Ms)}, deep ${fmt.ms(results.deepEndpoint.p95Ms)}`,
          pass:
            Math.max(results.firstEndpoint.p95Ms, results.deepEndpoint.p95Ms) <= GOALS.historyP95,
        },
        {
          goal: `an incoming message reaches an open card’s stream with p95 ≤ ${GOALS.streamP95} ms`,
          measured: fmt.ms(streamP95),
          pass: lost === 0 && streamP95 <= GOALS.streamP95,
        },
      ],
    };
  } finally {
    abort.abort();
    await database?.close();
    await api?.stop();
    await handle.stop();
  }
}

const silentLog = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLog,
} as unknown as Parameters<typeof receiveIncoming>[0]['log'];

export const messagingBenchmark: Benchmark = {
  name: 'messaging',
  summary: 'a 10,000-message conversation paged vs its SQL; incoming message → card stream',
  run,
};
