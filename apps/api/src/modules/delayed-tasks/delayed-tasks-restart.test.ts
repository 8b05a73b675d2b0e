import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { sleep, workerProcesses, workerProcessSkipReason } from '../../../test/worker-process.ts';

/*
 * A delayed letter for 100 applicants, created through the API, is sent once each at its time
 * while the worker process (`npm run worker`, apps/api/src/worker.ts) is killed with SIGKILL at
 * that moment — twice — and started again. Counted at the SMTP server: 100 letters, none twice.
 *
 * The worker is a process of its own beside the API, which the embedded PGlite cannot serve (one
 * process opens it): the test runs in the PostgreSQL pass of the api suite (DATABASE_URL set).
 */
const skipReason = workerProcessSkipReason();
if (skipReason) console.warn(`delayed-tasks-restart.test.ts skipped: ${skipReason}`);

const SUBJECT = 'Приглашение на собеседование';
const COUNT = 100;

describe.skipIf(skipReason !== null)(
  `delayed letters through a worker killed and restarted${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let admin: SignedUp;
    const workers = workerProcesses(() => ({
      DATABASE_URL: (t.database as { url?: string }).url,
      SMTP_URL: smtp.url,
      WORKER_POLLING_SECONDS: '0.5',
      // The letter in flight when the worker died is taken again this soon.
      OUTBOX_STALE_CLAIM_SECONDS: '2',
      OUTBOX_RETRY_SECONDS: '1',
    }));

    const ours = () => smtp.received.filter((mail) => mail.subject === SUBJECT);
    const doneCount = async () => {
      const [row] = await systemRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from delayed_sub_tasks where state = 'done'`,
      );
      return Number(row!.n);
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // The API only enqueues: every run happens in the worker processes.
      t = await createTestApp({ SMTP_URL: smtp.url }, { work: false });
      admin = await signUpCompany(t.app);
    });
    afterAll(async () => {
      await workers.stopAll();
      await t.close();
      await smtp.close();
    });

    it('sends each of 100 letters once though the worker dies at that moment', async () => {
      const ids = await insertApplicants(
        t.database,
        admin.accountId,
        Array.from({ length: COUNT }, (_, i) => ({
          firstName: `Кандидат${i}`,
          email: `restart${i}@example.com`,
        })),
      );
      const template = await call(
        t.app,
        'POST',
        '/api/account_mail_temps',
        {
          name: 'Приглашение',
          title: SUBJECT,
          description: '<p>Здравствуйте, %applicant.first_name%!</p>',
          is_shared: true,
        },
        { token: admin.token },
      );
      expect(template.status, JSON.stringify(template.body)).toBe(200);
      const created = await call(
        t.app,
        'POST',
        '/api/delayed_tasks',
        {
          kind: 'send_letter',
          applicant_ids: ids,
          template_id: template.body.message.id,
          schedule: { at: new Date(Date.now() + 3000).toISOString() },
        },
        { token: admin.token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const taskId = created.body.message.id as number;

      // Killed the moment its letters start to leave…
      const first = await workers.start();
      await workers.until(() => ours().length > 0, 'the first letter');
      await workers.kill(first);
      const afterFirst = { letters: ours().length, done: await doneCount() };
      // …and again the moment the next one has taken up the work.
      const second = await workers.start();
      await workers.until(
        async () => ours().length > afterFirst.letters || (await doneCount()) > afterFirst.done,
        'the second worker at work',
      );
      await workers.kill(second);
      await workers.start();
      await workers.until(
        () => new Set(ours().map((mail) => mail.to[0])).size === COUNT,
        '100 letters',
      );
      // Time for a copy to show up, were one to be sent again (a stale claim is 2 s here).
      await sleep(5000);

      // SMTP has no way to take a letter twice as one: a letter handed over in the instant the
      // worker died, before its outbox row said so, goes again with the same Message-ID (the
      // outbox row's), which is how a receiver drops the copy. So letters are counted by it.
      const letters = ours();
      const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? raw;
      const distinct = new Map<string, Set<string>>();
      for (const mail of letters) {
        const ids = distinct.get(mail.to[0]!) ?? new Set<string>();
        ids.add(messageIdOf(mail.raw));
        distinct.set(mail.to[0]!, ids);
      }
      expect(distinct.size).toBe(COUNT);
      expect([...distinct.entries()].filter(([, ids]) => ids.size !== 1)).toEqual([]);
      // At most the one letter in flight at each kill was handed over again.
      expect(letters.length).toBeLessThanOrEqual(COUNT + 2);
      const task = await call(t.app, 'GET', `/api/delayed_tasks/${taskId}`, undefined, {
        token: admin.token,
      });
      expect(task.body.message).toMatchObject({ state: 'done', counts: { done: COUNT } });
      const outbox = await systemRows<{ status: string; n: number }>(
        t.database,
        sql`select status, count(*)::int as n from mail_outbox where subject = ${SUBJECT} group by status`,
      );
      expect(outbox.map((row) => ({ status: row.status, n: Number(row.n) }))).toEqual([
        { status: 'sent', n: COUNT },
      ]);
      console.log(
        `killed after ${afterFirst.letters} letters (${afterFirst.done} sub-tasks done), then once more; ${distinct.size} distinct letters, ${letters.length} handed over`,
      );
    }, 180_000);
  },
);
