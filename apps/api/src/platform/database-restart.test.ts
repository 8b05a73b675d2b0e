import type { AddressInfo } from 'node:net';
import { type Database, openDatabase } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closedPort, systemRows } from '../../test/db-helpers.ts';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { openBoardStream } from '../../test/board-stream.ts';
import { signUpCompany } from '../../test/factories.ts';
import { insertVacancyWithStages } from '../../test/pipeline-factory.ts';
import { call } from '../../test/test-app.ts';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../test/throwaway-postgres.ts';
import { BACKGROUND_JOBS } from '../background-jobs.ts';
import { buildHttpServer } from '../http-server.ts';
import { loadConfig } from './config.ts';
import { type JobDefinition, type Queue, startQueue } from './queue.ts';

/*
 * The database server dies under load (its postmaster killed with SIGKILL) and comes back: the
 * API keeps running, answers 503 in the envelope meanwhile, and afterwards serves, hears
 * notifications and runs jobs again, with every acknowledged write kept.
 *
 * It starts a PostgreSQL cluster of its own (it has to kill it), so it runs once: in the
 * PostgreSQL pass of the api suite (.ci/run sets DATABASE_URL), where the server binaries are.
 */
const skipReason = !process.env.DATABASE_URL
  ? 'runs in the PostgreSQL pass of the api suite (DATABASE_URL set)'
  : !postgresBinDir()
    ? 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin'
    : null;
if (skipReason) console.warn(`database-restart.test.ts skipped: ${skipReason}`);

type Answer = {
  status: number;
  body: { code?: number; status?: string; message?: unknown };
  /** performance.now() when the request was sent and when its answer came. */
  sentAt: number;
  answeredAt: number;
  name?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.skipIf(skipReason !== null)(
  `a PostgreSQL restart under load${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: ThrowawayPostgres;
    let database: Database;
    let queue: Queue;
    let server: FastifyInstance;
    let base: string;
    const ran: string[] = [];
    const probe: JobDefinition<{ note: string }> = {
      name: 'test.after-restart',
      payload: z.object({ note: z.string() }),
      handle: async ({ note }) => {
        ran.push(note);
      },
    };
    beforeAll(async () => {
      cluster = await startThrowawayPostgres(await closedPort());
      database = await openDatabase({ databaseUrl: cluster.url, dataDir: 'unused', poolSize: 5 });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        DATABASE_URL: cluster.url,
      });
      queue = await startQueue({
        database,
        databaseUrl: cluster.url,
        jobs: [...BACKGROUND_JOBS, probe],
        work: true,
        pollingIntervalSeconds: 0.5,
        context: { config, database, log: pino({ level: 'silent' }) },
        stopTimeoutMs: 1000,
      });
      server = await buildHttpServer({ config, database, queue, logger: false });
      await server.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    }, 90_000);
    afterAll(async () => {
      await server?.close();
      await queue?.stop();
      await database?.close();
      await cluster?.destroy();
    });

    it('answers 503 in the envelope while it is down, then serves, listens and runs jobs again, losing no acknowledged write', async () => {
      const admin = await signUpCompany(server);
      const vacancy = await insertVacancyWithStages(database, admin.accountId);
      const board = openBoardStream(base, admin.token, vacancy.id);
      expect(await board.opened).toBe(200);

      // The load: four writers creating applicants and a reader of the session (/api/me), all
      // the time, before, during and after the outage.
      const answers: Answer[] = [];
      let running = true;
      let written = 0;
      const writer = async (w: number) => {
        for (let i = 0; running; i += 1) {
          const name = `Писатель-${w}-${i}`;
          const sentAt = performance.now();
          const response = await call(
            server,
            'POST',
            '/api/applicants',
            { first_name: name },
            { token: admin.token },
          );
          answers.push({ ...response, sentAt, answeredAt: performance.now(), name });
          if (response.status === 200) written += 1;
          else await sleep(20);
        }
      };
      const reader = async () => {
        while (running) {
          const sentAt = performance.now();
          const response = await call(server, 'GET', '/api/me', undefined, { token: admin.token });
          answers.push({ ...response, sentAt, answeredAt: performance.now() });
          await sleep(10);
        }
      };
      const load = Promise.all([writer(1), writer(2), writer(3), writer(4), reader()]);

      await until(() => written >= 20, 'writes before the outage');
      await cluster.kill();
      const downAt = performance.now();
      await sleep(1500);
      const restartAt = performance.now();
      await cluster.start();
      const writtenBefore = written;
      await until(() => written >= writtenBefore + 20, 'writes after the restart');
      running = false;
      await load;

      // Every answer is the envelope, with its code as the HTTP status: 200, or 503 while the
      // database is away; never a 500 and never something else.
      for (const answer of answers) {
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(answer.status);
        if (answer.status !== 200) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(503);
          expect(answer.body).toMatchObject({
            status: 'error',
            message: 'База данных недоступна, повторите попытку',
          });
        }
      }
      const duringOutage = answers.filter((a) => a.sentAt > downAt && a.answeredAt < restartAt);
      expect(duringOutage.length).toBeGreaterThan(10);
      expect(new Set(duringOutage.map((a) => a.status))).toEqual(new Set([503]));
      expect(
        answers.filter((a) => a.sentAt > restartAt && a.status === 200).length,
      ).toBeGreaterThan(0);

      // Every write that was acknowledged is there.
      const acknowledged = answers.filter((a) => a.name && a.status === 200).map((a) => a.name!);
      const stored = new Set(
        (
          await systemRows<{ first_name: string }>(
            database,
            sql`select first_name from applicants where account_id = ${admin.accountId}`,
          )
        ).map((row) => row.first_name),
      );
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      const health = await call(server, 'GET', '/api/health');
      expect(health.status, JSON.stringify(health.body)).toBe(200);

      // The board open through the outage may have missed changes: once the server listens
      // again it ends the stream (the browser reconnects and reloads the board), and the stream
      // opened again hears a placement made now (LISTEN resumed).
      await until(() => board.ended(), 'the board stream to be ended after the restart');
      const reopened = openBoardStream(base, admin.token, vacancy.id);
      expect(await reopened.opened).toBe(200);
      const created = await call(
        server,
        'POST',
        '/api/applicants',
        { first_name: 'После перезапуска' },
        { token: admin.token },
      );
      expect(created.status).toBe(200);
      const placed = await call(
        server,
        'POST',
        '/api/applications',
        { applicant_id: created.body.message.id, vacancy_id: vacancy.id },
        { token: admin.token },
      );
      expect(placed.status).toBe(200);
      await until(
        () => reopened.events.some((event) => event.application_id === placed.body.message.id),
        'the board event after the restart',
        5000,
      );
      reopened.close();

      // The queue takes and runs a job again.
      await queue.enqueue(probe, { note: 'после перезапуска' });
      await until(() => ran.includes('после перезапуска'), 'the job after the restart');
    }, 90_000);

    it('forgets what it kept in memory: announcements may have been missed while the database was away', async () => {
      // An account reads its card and its session (kept in memory from then on), then both
      // change without an announcement, as if it were missed: memory still answers the old ones.
      const other = await signUpCompany(server, { company: 'ООО «Память»' });
      const login = await call(server, 'POST', '/api/auth/login', {
        email: other.email,
        password: other.password,
      });
      expect(login.status).toBe(200);
      const secondToken = login.body.message.auth_token as string;
      // Written straight into the database: creating it through the API would enqueue a scan for
      // doubles, whose writes would change the account again at a moment of their own.
      const [cardId] = await insertApplicants(database, other.accountId, [
        { firstName: 'Прежнее' },
      ]);
      const cardUrl = `/api/applicants/${cardId}`;
      await sleep(300); // the insert's own announcement, heard by now
      const readCard = async () =>
        (await call(server, 'GET', cardUrl, undefined, { token: other.token })).body.message
          ?.first_name;
      const readMe = async () =>
        (await call(server, 'GET', '/api/me', undefined, { token: secondToken })).status;
      expect(await readCard()).toBe('Прежнее');
      expect(await readMe()).toBe(200);
      await database.system.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update applicants set first_name = 'Новое' where id = ${cardId}`);
        await tx.execute(
          sql`delete from sessions where id = (select max(id) from sessions where user_id = ${other.userId})`,
        );
      });
      expect(await readCard()).toBe('Прежнее');
      expect(await readMe()).toBe(200);

      // A quiet restart: nothing else here would drop that memory.
      await cluster.kill();
      await sleep(500);
      await cluster.start();
      await until(
        async () => (await call(server, 'GET', '/api/health')).status === 200,
        'the server to answer again',
      );
      expect(await readCard()).toBe('Новое');
      expect(await readMe()).toBe(420);
    }, 60_000);
  },
);
