import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// One sync of a connection at a time (decision 0077), raced on purpose against the hh.ru fake:
// the button's sync is held on its page of responses while another sync is asked for (hh.ru's
// webhook for the same vacancy, or for a vacancy the company has not linked). What /hh shows —
// polled as the page polls it, until the sync stops running — must be the truth: running until
// the work is done, and the result counting the candidates that came in.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake({ publicUrl: 'http://ats.test' }));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type Shown = {
  sync_progress: { running: boolean } | null;
  last_sync_result: { imported: number; matched: number; skipped: number } | null;
};

const shown = async (c: HhConnected): Promise<Shown> =>
  (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body.message
    .connections[0];

/** «Синхронизировать сейчас», then /hh polled as the page polls it: until it stops running. */
async function pressSync(c: HhConnected) {
  const asked = await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, {
    token: c.token,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body.message.sync_progress.running).toBe(true);
  let stoppedAt: Shown | null = null;
  const watching = (async () => {
    for (let i = 0; i < 1200 && stoppedAt === null; i += 1) {
      const now = await shown(c);
      if (!now.sync_progress?.running) stoppedAt = now;
      else await sleep(50);
    }
  })();
  return {
    /** What the page shows once it stops polling. */
    stopped: async () => {
      await watching;
      if (stoppedAt === null) throw new Error('the sync did not stop running');
      return stoppedAt;
    },
    seenStopped: () => stoppedAt !== null,
  };
}

/** What /hh shows stays `expected` and idle for `ms`: no other sync runs after to overwrite it. */
async function staysShown(c: HhConnected, expected: Record<string, number>, ms = 4_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const now = await shown(c);
    expect(now.sync_progress?.running).toBe(false);
    expect(now.last_sync_result).toMatchObject(expected);
    await sleep(100);
  }
}

const applications = async (c: HhConnected, vacancyId: number) =>
  (
    await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from applications
          where account_id = ${c.accountId} and vacancy_id = ${vacancyId}`,
    )
  )[0]!.n;

const resume = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  email: `${last.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@mail.example`,
});

/**
 * An hh.ru vacancy with one response (made before the company subscribes to webhooks, so no
 * sync starts by itself), linked to ours on /hh.
 */
async function linkedWithResponse(name: string) {
  const external = fake.addVacancy(name);
  fake.addResponse(external, resume('Анна', 'Первая'));
  const c = await connectedToHh(t.app);
  const ours = await openVacancy(t.app, c.token, { position: name });
  const linked = await call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: external, vacancy_id: ours.id },
    { token: c.token },
  );
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return { c, ours, external };
}

describe('one sync of a connection at a time', { timeout: 120_000 }, () => {
  it('a sync asked for while the button’s runs is answered by it: the result counts the work', async () => {
    const { c, ours, external } = await linkedWithResponse('Гонка синхронизаций');
    const held = fake.holdNext('/negotiations/response', external);
    const press = await pressSync(c);
    await held.reached;
    // A second response: hh.ru's webhook asks for a sync of the vacancy while the first is held.
    fake.addResponse(external, resume('Борис', 'Второй'));
    await fake.flushWebhooks();
    // A sync of its own (beside the held one, or right after it) would bring them in and write
    // its own result over the one that did the work; answered by the held one, it leaves its
    // wish on the connection and nothing is brought in until the release.
    await until(async () => {
      if ((await applications(c, ours.id)) >= 2) return true;
      const [row] = await systemRows<{ wishes: unknown }>(
        t.database,
        sql`select sync_progress -> 'wishes' as wishes from job_site_connections
            where account_id = ${c.accountId} and id = ${c.connectionId}`,
      );
      return row?.wishes != null;
    }, 'the webhook’s sync to run or to leave its wish');
    held.release();

    const stopped = await press.stopped();
    expect(stopped.last_sync_result).toMatchObject({ imported: 2, matched: 0, skipped: 0 });
    expect(await applications(c, ours.id)).toBe(2);
    await staysShown(c, { imported: 2, skipped: 0 });
  });

  it('hh.ru telling of a vacancy not linked here neither stops nor overwrites the running sync', async () => {
    const { c, ours, external } = await linkedWithResponse('Своя вакансия');
    const foreign = fake.addVacancy('Вакансия, не связанная здесь');
    const held = fake.holdNext('/negotiations/response', external);
    const press = await pressSync(c);
    await held.reached;
    fake.addResponse(foreign, resume('Вера', 'Чужая'));
    await fake.flushWebhooks();
    // Time for a sync of that vacancy to end and say so, were one to run.
    await until(async () => press.seenStopped(), 'a sync of the foreign vacancy', 3_000).catch(
      () => undefined,
    );
    held.release();

    const stopped = await press.stopped();
    expect(stopped.last_sync_result).toMatchObject({ imported: 1, matched: 0, skipped: 0 });
    expect(await applications(c, ours.id)).toBe(1);
    await staysShown(c, { imported: 1, skipped: 0 });
  });

  it('a sync whose process died is taken over by the next one asked for', async () => {
    const { c, ours } = await linkedWithResponse('Оборванная синхронизация');
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await systemRows(
      t.database,
      sql`update job_site_connections set sync_progress = ${JSON.stringify({
        running: true,
        vacancies_done: 0,
        vacancies_total: 1,
        responses_seen: 0,
        started_at: long,
        run_id: 'a-process-that-died',
        alive_at: long,
        wishes: { all: true, vacancies: [] },
      })}::jsonb
          where account_id = ${c.accountId} and id = ${c.connectionId}`,
    );
    // /hh does not show the dead one running.
    expect((await shown(c)).sync_progress?.running).toBe(false);
    const press = await pressSync(c);
    const stopped = await press.stopped();
    expect(stopped.last_sync_result).toMatchObject({ imported: 1 });
    expect(await applications(c, ours.id)).toBe(1);
  });
});
