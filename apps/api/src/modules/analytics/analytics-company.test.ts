import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsFixture,
  PERIOD,
  seedAnalyticsFixture,
} from '../../../test/analytics-fixture.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: SignedUp;
let fx: AnalyticsFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  fx = await seedAnalyticsFixture(t, admin);
}, 120_000);
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const q = (extra: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(PERIOD);
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return params.toString();
};

describe('smoke', () => {
  it('answers', async () => {
    for (const call of [
      'company_base_indicators',
      'company_count_applicants',
      'company_reasons_rejection',
      'company_count_applicants_by_period',
    ]) {
      const r = await get(admin.token, `/api/analytics/${call}?${q({ period: 'week' })}`);
      console.log(call, r.status, JSON.stringify(r.body, null, 0).slice(0, 3000));
    }
    expect(fx.applicants.a01).toBeGreaterThan(0);
  });
});
