import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { openBoardStream } from '../../../test/board-stream.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

/** An open event stream as a browser's EventSource holds it: the events it has received. */
const openStream = (token: string, vacancyId: number) => openBoardStream(base, token, vacancyId);

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the event');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function placedApplication(who: SignedUp, vacancyId: number) {
  const [applicantId] = await insertApplicants(t.database, who.accountId, [{ lastName: 'Живой' }]);
  const placed = await call(
    t.app,
    'POST',
    '/api/applications',
    { applicant_id: applicantId, vacancy_id: vacancyId },
    { token: who.token },
  );
  expect(placed.status).toBe(200);
  return placed.body.message.id as number;
}

describe('live board events', () => {
  it('a move through the API reaches both open boards of the vacancy, with from and to stages', async () => {
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const other = await insertVacancyWithStages(t.database, admin.accountId);
    const mine = openStream(admin.token, vacancy.id);
    const theirs = openStream(colleague.token, vacancy.id);
    const elsewhere = openStream(admin.token, other.id);
    await Promise.all([mine.opened, theirs.opened, elsewhere.opened]);
    expect(mine.status).toBe(200);
    expect(mine.contentType).toMatch(/^text\/event-stream/);

    const id = await placedApplication(admin, vacancy.id);
    const moved = await call(
      t.app,
      'POST',
      `/api/applications/${id}/move`,
      { status_id: vacancy.stage('Интервью с HR').id },
      { token: admin.token },
    );
    expect(moved.status).toBe(200);
    await until(() => mine.events.length >= 2 && theirs.events.length >= 2);
    const expected = [
      {
        vacancy_id: vacancy.id,
        application_id: id,
        op: 'insert',
        from_status_id: null,
        to_status_id: vacancy.stage('Новый').id,
      },
      {
        vacancy_id: vacancy.id,
        application_id: id,
        op: 'update',
        from_status_id: vacancy.stage('Новый').id,
        to_status_id: vacancy.stage('Интервью с HR').id,
      },
    ];
    expect(mine.events).toEqual(expected);
    expect(theirs.events).toEqual(expected);
    expect(elsewhere.events).toEqual([]);
    for (const s of [mine, theirs, elsewhere]) s.close();
  });

  it('names the stage each of two quick consecutive moves left, back to a stage already visited and off the vacancy', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const board = openStream(admin.token, vacancy.id);
    await board.opened;
    const [fresh, contact, hr] = ['Новый', 'Первичный контакт', 'Интервью с HR'].map(
      (name) => vacancy.stage(name).id,
    );
    const id = await placedApplication(admin, vacancy.id);
    // Each move is sent as soon as the previous one answers, before its event has arrived.
    for (const to of [hr, contact, hr]) {
      const moved = await call(
        t.app,
        'POST',
        `/api/applications/${id}/move`,
        { status_id: to },
        { token: admin.token },
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const removed = await call(t.app, 'DELETE', `/api/applications/${id}`, undefined, {
      token: admin.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await until(() => board.events.length >= 5);
    expect(board.events.map((e) => [e.op, e.from_status_id, e.to_status_id])).toEqual([
      ['insert', null, fresh],
      ['update', fresh, hr],
      ['update', hr, contact],
      ['update', contact, hr],
      ['delete', hr, null],
    ]);
    board.close();
  });

  it('takes the stage left from the changed row, even for two moves committed together', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const board = openStream(admin.token, vacancy.id);
    await board.opened;
    const [fresh, contact, hr] = ['Новый', 'Первичный контакт', 'Интервью с HR'].map(
      (name) => vacancy.stage(name).id,
    );
    const id = await placedApplication(admin, vacancy.id);
    // Two updates in one transaction: both notifications arrive at its commit, and the
    // transition log has no row for either, so only the row itself can tell where the card was.
    await t.database.withTenant(admin.accountId, async (tx) => {
      for (const to of [hr, contact]) {
        await tx.execute(sql`update applications set status_id = ${to}::int
                             where account_id = ${admin.accountId}::int and id = ${id}::int`);
      }
    });
    await until(() => board.events.length >= 3);
    expect(board.events.map((e) => [e.op, e.from_status_id, e.to_status_id])).toEqual([
      ['insert', null, fresh],
      ['update', fresh, hr],
      ['update', hr, contact],
    ]);
    board.close();
  });

  it('never forwards another account’s changes, and refuses a board the caller may not read', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const theirVacancy = await insertVacancyWithStages(t.database, stranger.accountId);
    const mine = openStream(admin.token, vacancy.id);
    await mine.opened;
    // A change in the other account is announced on the same channel; it must not reach us.
    await placedApplication(stranger, theirVacancy.id);
    const own = await placedApplication(admin, vacancy.id);
    await until(() => mine.events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mine.events.map((e) => e.application_id)).toEqual([own]);
    mine.close();

    const foreign = await call(
      t.app,
      'GET',
      `/api/vacancies/${theirVacancy.id}/events`,
      undefined,
      { token: admin.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Вакансия не найдена');
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const notFollowed = await call(t.app, 'GET', `/api/vacancies/${vacancy.id}/events`, undefined, {
      token: watcher.token,
    });
    expect(notFollowed.status).toBe(404);
    const anonymous = await call(t.app, 'GET', `/api/vacancies/${vacancy.id}/events`);
    expect(anonymous.status).toBe(420);
  });
});
