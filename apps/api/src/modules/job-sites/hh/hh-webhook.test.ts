import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../../test/db-helpers.ts';
import type { HhFake } from '../../../../test/fakes/hh-fake.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../../test/test-app.ts';
import { openVacancy } from '../../../../test/vacancy-fixtures.ts';

// hh.ru's webhooks (decision 0054) against the fake: subscribed on connect at PUBLIC_URL with an
// unguessable token, a delivery syncs its vacancy, a re-delivery is 409 and imports nothing
// twice, an unknown token is 404, another account's token imports nothing of ours.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake({ publicUrl: 'http://ats.test' }));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Connected = HhConnected;
const connected = () => connectedToHh(t.app);

const tokenOf = async (c: Connected) =>
  (
    await systemRows<{ webhook_token: string }>(
      t.database,
      sql`select webhook_token from job_site_connections
          where account_id = ${c.accountId} and id = ${c.connectionId}`,
    )
  )[0]!.webhook_token;

const applicationsOf = (c: Connected) =>
  systemRows<{ applicant_id: number }>(
    t.database,
    sql`select applicant_id from applications where account_id = ${c.accountId}`,
  );

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('hh.ru webhooks', { timeout: 120_000 }, () => {
  it('subscribes on connect; a delivery imports the response once though delivered twice', async () => {
    const c = await connected();
    const token = await tokenOf(c);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fake.subscriptions().map((s) => s.url)).toContain(
      `http://ats.test/api/job_sites/webhooks/hh/${token}`,
    );
    const ours = await openVacancy(t.app, c.token, { position: 'Тестировщик' });
    const external = fake.addVacancy('Тестировщик');
    await call(
      t.app,
      'POST',
      `/api/job_sites/${c.connectionId}/links`,
      { external_id: external, vacancy_id: ours.id },
      { token: c.token },
    );
    const seen = fake.deliveries.length;
    fake.setDeliverTwice(true);
    try {
      fake.addResponse(external, { first_name: 'Ирина', last_name: 'Волкова' });
      await fake.flushWebhooks();
    } finally {
      fake.setDeliverTwice(false);
    }
    const mine = fake.deliveries
      .slice(seen)
      .filter((d) => d.url.endsWith(token))
      .map((d) => d.status);
    expect(mine).toEqual([200, 409]);
    await until(async () => (await applicationsOf(c)).length === 1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await applicationsOf(c)).toHaveLength(1);
    const responses = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from job_site_responses where account_id = ${c.accountId}`,
    );
    expect(responses[0]!.n).toBe(1);
  });

  it('answers 404 to an unknown token and imports nothing for another account’s token', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/job_sites/webhooks/hh/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      payload: { id: 'x1', action_type: 'NEW_NEGOTIATION_VACANCY', payload: { vacancy_id: '1' } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Адрес уведомлений не найден' });

    const a = await connected();
    const b = await connected();
    const ours = await openVacancy(t.app, a.token, { position: 'Дизайнер' });
    const external = fake.addVacancy('Дизайнер');
    await call(
      t.app,
      'POST',
      `/api/job_sites/${a.connectionId}/links`,
      { external_id: external, vacancy_id: ours.id },
      { token: a.token },
    );
    const nid = fake.addResponse(external, { first_name: 'Олег', last_name: 'Кузнецов' });
    await fake.flushWebhooks();
    await until(async () => (await applicationsOf(a)).length === 1);
    // B's token with A's vacancy: B has no such link, nothing is imported into B.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/job_sites/webhooks/hh/${await tokenOf(b)}`,
      payload: {
        id: 'forged-1',
        action_type: 'NEW_NEGOTIATION_VACANCY',
        payload: { vacancy_id: external, topic_id: nid },
      },
    });
    expect(foreign.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await applicationsOf(b)).toHaveLength(0);
    expect(await applicationsOf(a)).toHaveLength(1);

    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/job_sites/webhooks/hh/${await tokenOf(a)}`,
      payload: { nothing: true },
    });
    expect(garbage.statusCode).toBe(400);
  });
});
