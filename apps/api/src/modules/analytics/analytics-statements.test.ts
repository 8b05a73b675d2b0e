import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERIOD,
  type AnalyticsFixture,
  seedAnalyticsFixture,
} from '../../../test/analytics-fixture.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// Each analytics call sends a small constant number of statements, whatever the number of
// recruiters, vacancies or stages (issue 13: recruiter_count_applicants sent one set per
// recruiter, 113 per request; company_base_indicators about 45; vacancy 31). The counts include
// the session look-up, the tenant's settings and the checks of the ids the query names.

let t: TestApp;
let admin: SignedUp;
let fx: AnalyticsFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  fx = await seedAnalyticsFixture(t, admin);
  // Five recruiters in all (the tariff's limit): a statement per recruiter would show as dozens.
  for (let i = 0; i < 4; i++) {
    await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  }
}, 120_000);
afterAll(() => t.close());

async function statementsOf(report: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(
    Object.entries({ ...PERIOD, ...params }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const counter = countStatements(t.database);
  try {
    const r = await call(t.app, 'GET', `/api/analytics/${report}?${query}`, undefined, {
      token: admin.token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  } finally {
    counter.stop();
  }
  return counter.dataStatements();
}

describe('statements per analytics call', () => {
  it('recruiter_count_applicants reads all recruiters at once', async () => {
    expect((await statementsOf('recruiter_count_applicants')).length).toBeLessThanOrEqual(6);
  });

  it('company_base_indicators reads its headline numbers together', async () => {
    expect((await statementsOf('company_base_indicators')).length).toBeLessThanOrEqual(10);
  });

  it('vacancy reads its counts in one statement', async () => {
    const statements = await statementsOf('vacancy', { vacancy_id: fx.vacancies.V1.id });
    expect(statements.length).toBeLessThanOrEqual(11);
  });

  it('company_count_applicants counts its six numbers in one statement of the rollups', async () => {
    expect((await statementsOf('company_count_applicants')).length).toBeLessThanOrEqual(2);
  });

  it('company_count_applicants_by_period counts its six kinds in one or two statements', async () => {
    // By week or month: one statement of the rollups; by day: the events and the applicants added.
    expect(
      (await statementsOf('company_count_applicants_by_period', { period: 'week' })).length,
    ).toBeLessThanOrEqual(2);
    expect(
      (await statementsOf('company_count_applicants_by_period', { period: 'day' })).length,
    ).toBeLessThanOrEqual(3);
  });
});
