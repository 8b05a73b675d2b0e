// `delayed-tasks`: 10,000 delayed sub-tasks (one letter by template per applicant) due in the same
// minute, run by two pg-boss workers as `npm start` and `npm run worker` run them: how long from
// their moment until every one is done (its letter rendered and written to the outbox in the
// sub-task's own commit). PostgreSQL only. See bench/README.md.
import os from 'node:os';
import { type Database, openDatabase, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { startJobQueue } from '../apps/api/src/background-jobs.ts';
import { buildHttpServer } from '../apps/api/src/http-server.ts';
import { delayedTasksRunJob } from '../apps/api/src/modules/delayed-tasks/delayed-tasks.jobs.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { acquirePostgres } from './support/postgres.ts';
import { type Benchmark, type BenchReport, envNumber, fmt } from './support/report.ts';

const GOAL_SECONDS = 60;

type Inject = {
  inject: (options: {
    method: 'POST' | 'GET';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }) => Promise<{ statusCode: number; body: string }>;
};

async function post<T>(app: Inject, url: string, body: unknown, token?: string): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body,
    ...(token ? { headers: { 'x-dcrt-hrm-auth': token } } : {}),
  });
  const json = JSON.parse(response.body) as { message: T };
  if (response.statusCode !== 200) {
    throw new Error(`POST ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return json.message;
}

async function seedApplicants(database: Database, accountId: number, count: number) {
  const [row] = await database.withTenant(accountId, (tx) =>
    selectRows<{ first: number; last: number }>(
      tx,
      sql`with made as (
            insert into applicants (account_id, first_name, last_name, email)
            select ${accountId}::int, 'Кандидат' || n, 'Нагрузочный', 'bench' || n || '@example.com'
            from generate_series(1, ${count}::int) n
            returning id)
          select min(id)::int as first, max(id)::int as last from made`,
    ),
  );
  return Array.from({ length: row!.last - row!.first + 1 }, (_, i) => row!.first + i);
}

async function run(): Promise<BenchReport> {
  const count = envNumber('BENCH_DELAYED_SUBTASKS', 10_000);
  const workers = envNumber('BENCH_DELAYED_WORKERS', 2);
  const handle = await acquirePostgres();
  if ('skip' in handle) {
    return { rows: [], verdicts: [], notes: [`PostgreSQL skipped: ${handle.skip}`] };
  }
  const cpus = os.cpus();
  const notes = [
    `PostgreSQL: ${handle.source}`,
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, shared by the workers and PostgreSQL`,
    `${count.toLocaleString('en-US')} applicants, one task «Отправить письмо по шаблону» for all of them; ${workers} pg-boss workers in this process; no SMTP (letters stay in the outbox, as handed over by its retry)`,
  ];
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: handle.url,
    WEB_DIST_DIR: '/nonexistent',
  });
  const database = await openDatabase({ databaseUrl: handle.url, dataDir: 'unused', poolSize: 10 });
  const queues: Awaited<ReturnType<typeof startJobQueue>>[] = [];
  try {
    const enqueueOnly = await startJobQueue(config, database, { work: false });
    queues.push(enqueueOnly);
    const app = await buildHttpServer({ config, database, queue: enqueueOnly, logger: false });
    const signed = await post<{ auth_token: string; admin_user: { account_id: number } }>(
      app,
      '/api/sign_up',
      {
        admin_user: {
          email: `bench-delayed-${Date.now()}@example.com`,
          password: 'bench-Password-123',
          password_confirmation: 'bench-Password-123',
          name: 'Bench',
          company: 'Bench delayed tasks',
        },
      },
    );
    const token = signed.auth_token;
    const accountId = signed.admin_user.account_id;
    const seeded = performance.now();
    const applicantIds = await seedApplicants(database, accountId, count);
    await database.system.execute(sql`vacuum analyze`);
    notes.push(
      `seeding ${count.toLocaleString('en-US')} applicants: ${fmt.seconds((performance.now() - seeded) / 1000)}, then VACUUM ANALYZE`,
    );
    const template = await post<{ id: number }>(
      app,
      '/api/account_mail_temps',
      {
        name: 'Приглашение',
        title: 'Приглашение, %applicant.first_name%',
        description: '<p>Здравствуйте, %applicant.name%! Приглашаем на собеседование.</p>',
        is_shared: true,
      },
      token,
    );
    const runAt = new Date(Date.now() + 20_000);
    const created = performance.now();
    await post<{ id: number }>(
      app,
      '/api/delayed_tasks',
      {
        kind: 'send_letter',
        applicant_ids: applicantIds,
        template_id: template.id,
        schedule: { at: runAt.toISOString() },
      },
      token,
    );
    const createMs = performance.now() - created;
    // Each worker takes one run at the moment; the first was enqueued by the API's POST.
    for (let i = 1; i < workers; i += 1) {
      await enqueueOnly.enqueue(delayedTasksRunJob, {}, { startAfter: runAt });
    }
    for (let i = 0; i < workers; i += 1) {
      queues.push(
        await startJobQueue(config, database, { work: true, pollingIntervalSeconds: 0.5 }),
      );
    }
    const counts = async () => {
      const [row] = await selectRows<{ done: number; failed: number }>(
        database.system,
        sql`select count(*) filter (where state = 'done')::int as done,
                   count(*) filter (where state = 'failed')::int as failed
            from delayed_sub_tasks where account_id = ${accountId}`,
      );
      return { done: Number(row!.done), failed: Number(row!.failed) };
    };
    let last = { done: 0, failed: 0 };
    const deadline = runAt.getTime() + 5 * 60_000;
    while (Date.now() < deadline) {
      last = await counts();
      if (last.done + last.failed >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const finishedAt = Date.now();
    const [span] = await selectRows<{ first: Date | string; last: Date | string }>(
      database.system,
      sql`select min(started_at) as first, max(finished_at) as last
          from delayed_sub_tasks where account_id = ${accountId}`,
    );
    const seconds = (new Date(span!.last).getTime() - runAt.getTime()) / 1000;
    const allDone = last.done === count;
    await app.close();
    return {
      rows: [
        {
          measurement: 'POST /api/delayed_tasks (10,000 applicants)',
          value: fmt.ms(createMs),
        },
        {
          measurement: 'due moment → last sub-task done',
          value: fmt.seconds(seconds),
          note: `first started ${fmt.seconds((new Date(span!.first).getTime() - runAt.getTime()) / 1000)} after the moment (the workers' poll)`,
        },
        {
          measurement: 'sub-tasks done / failed',
          value: `${last.done} / ${last.failed}`,
          note: allDone ? 'each once' : `stopped waiting at ${new Date(finishedAt).toISOString()}`,
        },
        { measurement: 'throughput', value: fmt.rate(count / seconds) },
      ],
      verdicts: [
        {
          goal: `${count.toLocaleString('en-US')} delayed sub-tasks due in one minute all done ≤ ${GOAL_SECONDS} s`,
          measured: `${fmt.seconds(seconds)}${allDone ? '' : ` (${last.done} done)`}`,
          pass: allDone && seconds <= GOAL_SECONDS,
        },
      ],
      notes,
    };
  } finally {
    for (const queue of queues.reverse()) await queue.stop().catch(() => undefined);
    await database.close();
    await handle.stop();
  }
}

export const delayedTasksBenchmark: Benchmark = {
  name: 'delayed-tasks',
  summary: '10,000 delayed letters due in one minute, run by two pg-boss workers (PostgreSQL)',
  run,
};
