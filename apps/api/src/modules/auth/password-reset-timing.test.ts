import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany, uniqueEmail } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

/**
 * "Who has an account" must not be readable from how long a reset request takes. Timing two
 * paths on a shared, noisy machine either needs thousands of samples or a bound so loose it
 * proves little; instead this asserts the cause of any difference away: the request runs the
 * very same statements, in the same order, for a registered and an unknown address, and none of
 * them reads the users. What differs (the look-up, the token, the mail) happens in a job after
 * the answer; here no worker runs, so nothing else touches the database meanwhile.
 */
describe('a password-reset request does the same work whoever asks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://ats.test' }, { work: false });
  });
  afterAll(async () => t.close());

  async function statementsOfReset(email: string) {
    const counter = countStatements(t.database);
    try {
      const r = await call(t.app, 'POST', '/api/auth/reset', { email });
      return { body: r.body, status: r.status, statements: counter.all() };
    } finally {
      counter.stop();
    }
  }

  it('runs the same statements for a registered and an unknown address, none on the users', async () => {
    const company = await signUpCompany(t.app);
    const unknown = uniqueEmail('nobody');
    // A first request prepares whatever is prepared once per process.
    await statementsOfReset(uniqueEmail('warm-up'));

    const registered = await statementsOfReset(company.email);
    const stranger = await statementsOfReset(unknown);

    expect(registered.status).toBe(200);
    expect(stranger.body).toEqual(registered.body);
    expect(registered.statements.length).toBeGreaterThan(0);
    expect(stranger.statements).toEqual(registered.statements);
    for (const statement of registered.statements) {
      expect(statement).not.toMatch(/\b(users|password_reset_tokens|mail_outbox)\b/i);
    }

    // The work is deferred, not dropped: both requests wait in the queue for the worker.
    const jobs = await selectRows<{ email: string }>(
      t.database.system,
      sql`select data->>'email' as email from pgboss.job where name = 'auth.password_reset'`,
    );
    expect(jobs.map((job) => job.email)).toEqual(expect.arrayContaining([company.email, unknown]));
  });
});
