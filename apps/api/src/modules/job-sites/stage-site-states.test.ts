import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import { signUpCompany } from '../../../test/factories.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// States out (decision 0054) against the hh.ru fake: rejecting an applicant who came from a
// response discards the negotiation with the dialog's message; an «Интервью» stage invites with
// the default text; a state the site does not allow is refused in Russian on the card; a 500 is
// retried; the mapping is chosen per funnel stage.

let t: TestApp;
let fake: HhFake;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake());
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Connected = HhConnected;
const connected = () => connectedToHh(t.app);

async function sync(c: Connected) {
  await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, { token: c.token });
  for (let i = 0; i < 600; i += 1) {
    const now = (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body
      .message.connections[0];
    if (!now.sync_progress?.running) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

/** A linked vacancy with one response imported: its applicant, application and negotiation. */
async function imported(c: Connected, lastName = 'Смирнова') {
  const ours = await openVacancy(t.app, c.token, { position: 'Аналитик' });
  const external = fake.addVacancy('Аналитик');
  await call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: external, vacancy_id: ours.id },
    { token: c.token },
  );
  const nid = fake.addResponse(external, {
    first_name: 'Анна',
    last_name: lastName,
    email: `anna.${Math.random().toString(36).slice(2, 9)}@mail.example`,
  });
  expect((await sync(c)).last_sync_result).toMatchObject({ ok: true, imported: 1 });
  const [application] = await systemRows<{ id: number; applicant_id: number }>(
    t.database,
    sql`select id, applicant_id from applications
        where account_id = ${c.accountId} and vacancy_id = ${ours.id}`,
  );
  return { ours, nid, applicationId: application!.id, applicantId: application!.applicant_id };
}

async function rejectReason(token: string) {
  const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=reject', undefined, { token });
  return reasons.body.message[0].id as number;
}

/** Waits until the applicant's last state change is no longer queued. */
async function settled(c: Connected, applicantId: number, until = 20_000) {
  const end = Date.now() + until;
  for (;;) {
    const list = await call(
      t.app,
      'GET',
      `/api/applicants/${applicantId}/job_site_states`,
      undefined,
      {
        token: c.token,
      },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const last = list.body.message[0];
    if (last && last.status !== 'queued') return last;
    if (Date.now() > end) throw new Error(`still queued: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('states out to hh.ru', { timeout: 120_000 }, () => {
  it('discards the negotiation with the reject dialog’s message', async () => {
    const c = await connected();
    const { nid, applicationId, applicantId } = await imported(c);
    expect(fake.negotiation(nid)!.state).toBe('response');
    const rejected = await call(
      t.app,
      'POST',
      `/api/applications/${applicationId}/reject`,
      {
        reason_id: await rejectReason(c.token),
        comment: 'внутренний комментарий',
        site_message: 'Анна, спасибо! Мы выбрали другого кандидата.',
      },
      { token: c.token },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const last = await settled(c, applicantId);
    expect(last).toMatchObject({
      application_id: applicationId,
      site: 'hh',
      state: 'discard',
      status: 'sent',
      text: 'Отказ отправлен на hh.ru',
      error: null,
    });
    expect(fake.negotiation(nid)).toMatchObject({
      state: 'discard',
      employerState: 'discard_by_employer',
      messages: ['Анна, спасибо! Мы выбрали другого кандидата.'],
    });
    // The internal comment never reaches the site.
    const puts = fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/${nid}`));
    expect(puts.map((r) => r.path)).toEqual([`/negotiations/discard_by_employer/${nid}`]);
    expect(JSON.stringify(puts)).not.toContain('внутренний');
  });

  it('invites on an «Интервью» stage with the default text, and a forbidden action is refused in Russian', async () => {
    const c = await connected();
    const { ours, nid, applicationId, applicantId } = await imported(c, 'Орлова');
    const interview = ours.statuses.find((s) => s.name === 'Интервью с HR')!;
    const moved = await call(
      t.app,
      'POST',
      `/api/applications/${applicationId}/move`,
      { status_id: interview.id },
      { token: c.token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await settled(c, applicantId)).toMatchObject({
      state: 'invitation',
      status: 'sent',
      text: 'Приглашение отправлено на hh.ru',
    });
    expect(fake.negotiation(nid)!.state).toBe('invitation');
    expect(fake.negotiation(nid)!.messages[0]).toMatch(/^Здравствуйте! Приглашаем вас/);

    // Discarded on the site meanwhile: hh.ru offers no action any more.
    fake.setNegotiationState(nid, 'discard');
    const next = ours.statuses.find((s) => s.name === 'Интервью с заказчиком')!;
    await call(
      t.app,
      'POST',
      `/api/applications/${applicationId}/move`,
      { status_id: next.id },
      {
        token: c.token,
      },
    );
    expect(await settled(c, applicantId)).toMatchObject({
      state: 'invitation',
      status: 'failed',
      text: 'hh.ru не предлагает такого действия для этого отклика',
    });
  });

  it('retries after a 500 and sends once the site answers', async () => {
    const c = await connected();
    const { nid, applicationId, applicantId } = await imported(c, 'Белова');
    fake.failNext({ status: 500, times: 1, path: `/negotiations/${nid}` });
    await call(
      t.app,
      'POST',
      `/api/applications/${applicationId}/reject`,
      { reason_id: await rejectReason(c.token) },
      { token: c.token },
    );
    expect(await settled(c, applicantId, 60_000)).toMatchObject({ status: 'sent' });
    expect(fake.negotiation(nid)!.state).toBe('discard');
    expect(fake.negotiation(nid)!.messages[0]).toMatch(/^Здравствуйте! Спасибо за отклик/);
  });

  it('keeps the mapping per funnel stage: «Не менять» on a reject stage sends nothing', async () => {
    const c = await connected();
    const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, { token: c.token });
    const funnelId = funnels.body.message[0].id as number;
    const before = await call(
      t.app,
      'GET',
      `/api/job_sites/stage_states?status_group_id=${funnelId}`,
      undefined,
      { token: c.token },
    );
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const byName = (list: { name: string; status_id: number }[], name: string) =>
      list.find((s) => s.name === name)!;
    expect(byName(before.body.message, 'Отказ компании')).toMatchObject({
      state: 'discard',
      is_default: true,
    });
    expect(byName(before.body.message, 'Интервью с HR')).toMatchObject({ state: 'invitation' });
    expect(byName(before.body.message, 'Новый')).toMatchObject({ state: 'none' });

    const rejectStage = byName(before.body.message, 'Отказ компании');
    const saved = await call(
      t.app,
      'PUT',
      `/api/job_sites/stage_states/${rejectStage.status_id}`,
      { state: 'none' },
      { token: c.token },
    );
    expect(saved.body.message).toMatchObject({ state: 'none', is_default: false });
    const bad = await call(
      t.app,
      'PUT',
      `/api/job_sites/stage_states/${rejectStage.status_id}`,
      { state: 'hired' },
      { token: c.token },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Статус на hh.ru/);

    const { nid, applicationId, applicantId } = await imported(c, 'Егорова');
    await call(
      t.app,
      'POST',
      `/api/applications/${applicationId}/reject`,
      { reason_id: await rejectReason(c.token) },
      { token: c.token },
    );
    await new Promise((r) => setTimeout(r, 500));
    const list = await call(
      t.app,
      'GET',
      `/api/applicants/${applicantId}/job_site_states`,
      undefined,
      {
        token: c.token,
      },
    );
    expect(list.body.message).toEqual([]);
    expect(fake.negotiation(nid)!.state).toBe('response');

    // Another account's stage: not found.
    const other = await signUpCompany(t.app);
    const foreign = await call(
      t.app,
      'PUT',
      `/api/job_sites/stage_states/${rejectStage.status_id}`,
      { state: 'discard' },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
  });

  it('lists a vacancy’s own stages following its funnel until one is chosen for the vacancy', async () => {
    const c = await connected();
    const get = (query: string) =>
      call(t.app, 'GET', `/api/job_sites/stage_states?${query}`, undefined, { token: c.token });
    const put = (statusId: number, body: unknown) =>
      call(t.app, 'PUT', `/api/job_sites/stage_states/${statusId}`, body, { token: c.token });
    const byName = (list: { name: string; status_id: number }[], name: string) =>
      list.find((s) => s.name === name)!;
    const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, { token: c.token });
    const funnel = (await get(`status_group_id=${funnels.body.message[0].id}`)).body.message;
    const saved = await put(byName(funnel, 'Интервью с HR').status_id, {
      state: 'none',
      message: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const vacancy = await openVacancy(t.app, c.token, { position: 'Оператор' });
    const own = await get(`vacancy_id=${vacancy.id}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const interview = byName(own.body.message, 'Интервью с HR');
    // Its own stage, not the funnel's, with the funnel's choice.
    expect(interview.status_id).not.toBe(byName(funnel, 'Интервью с HR').status_id);
    expect(interview).toMatchObject({ state: 'none', is_default: false, from_funnel: true });
    expect(byName(own.body.message, 'Отказ компании')).toMatchObject({
      state: 'discard',
      is_default: true,
    });
    expect(byName(own.body.message, 'Отказ компании')).not.toHaveProperty('from_funnel');

    // Chosen for the vacancy: its own, and the funnel keeps its choice.
    const mine = await put(interview.status_id, {
      state: 'invitation',
      message: 'Ждём вас в офисе',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const after = await get(`vacancy_id=${vacancy.id}`);
    expect(byName(after.body.message, 'Интервью с HR')).toMatchObject({
      state: 'invitation',
      message: 'Ждём вас в офисе',
      is_default: false,
    });
    expect(byName(after.body.message, 'Интервью с HR')).not.toHaveProperty('from_funnel');
    const funnelAfter = (await get(`status_group_id=${funnels.body.message[0].id}`)).body.message;
    expect(byName(funnelAfter, 'Интервью с HR')).toMatchObject({ state: 'none' });

    // Another account's vacancy: not found.
    const other = await signUpCompany(t.app);
    const foreign = await call(
      t.app,
      'GET',
      `/api/job_sites/stage_states?vacancy_id=${vacancy.id}`,
      undefined,
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
  });
});
