import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { postMultipart } from '../../../test/documents.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { workerProcesses, workerProcessSkipReason } from '../../../test/worker-process.ts';

/*
 * Applicants created by the worker process (`npm run worker`: here a file import it runs) are
 * asked for consent as those the API creates are, when the company asked for it (decision 0046).
 * The API only enqueues; the letter can come from the worker alone. The worker is a process of
 * its own beside the API, so the test runs in the PostgreSQL pass (DATABASE_URL set).
 */
const skipReason = workerProcessSkipReason();
if (skipReason) console.warn(`consent-worker.test.ts skipped: ${skipReason}`);

const PUBLIC_URL = 'https://ats.example.ru';

describe.skipIf(skipReason !== null)(
  `the consent request of applicants the worker creates${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let admin: SignedUp;
    const workers = workerProcesses(() => ({
      DATABASE_URL: (t.database as { url?: string }).url,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      WORKER_POLLING_SECONDS: '0.5',
      // An import's batch commits after the applicant's hand-over: its letter leaves by the retry.
      OUTBOX_RETRY_SECONDS: '1',
    }));

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url }, { work: false });
      admin = await signUpCompany(t.app);
    });
    afterAll(async () => {
      await workers.stopAll();
      await t?.close();
      await smtp?.close();
    });

    it('sends the request to an applicant a file import creates in the worker', async () => {
      const settings = await call(
        t.app,
        'PATCH',
        '/api/account/privacy_letter_settings',
        { text: 'Я даю согласие ООО «Ромашка» на обработку моих данных.', auto_send: true },
        { token: admin.token },
      );
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      expect(settings.body.message.auto_send).toBe(true);

      const content = Buffer.from('ФИО;E-mail\r\nВоркерова Анна;anna.worker@example.ru\r\n');
      const uploaded = await postMultipart(
        t.app,
        '/api/applicants/imports',
        [{ name: 'file', filename: 'кандидаты.csv', content }],
        admin.token,
      );
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const importId = uploaded.body.message.id as number;
      const started = await call(
        t.app,
        'POST',
        `/api/applicants/imports/${importId}/start`,
        { fields: uploaded.body.message.fields },
        { token: admin.token },
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);

      await workers.start();
      const importDone = async () => {
        const r = await call(t.app, 'GET', `/api/applicants/imports/${importId}`, undefined, {
          token: admin.token,
        });
        return r.body.message?.status === 'done';
      };
      await workers.until(importDone, 'the import in the worker');
      const letter = await smtp
        .waitForLetter((mail) => mail.to.includes('anna.worker@example.ru'))
        .catch(async (error: unknown) => {
          const rows = await systemRows(
            t.database,
            sql`select a.email, e.state from applicants a
                left join applicant_consent_events e on e.applicant_id = a.id
                where a.account_id = ${admin.accountId}`,
          );
          throw new Error(`${String(error)}\n${JSON.stringify(rows)}\n${workers.logs()}`);
        });
      expect(letter.text).toMatch(new RegExp(`${PUBLIC_URL}/consent/[A-Za-z0-9_-]+`));

      // The letter is the request the card shows: asked, by the applicant's own change.
      const [event] = await systemRows<{ state: string }>(
        t.database,
        sql`select e.state from applicant_consent_events e join applicants a on a.id = e.applicant_id
            where a.account_id = ${admin.accountId} and a.email = 'anna.worker@example.ru'`,
      );
      expect(event?.state).toBe('asked');
    }, 120_000);
  },
);
