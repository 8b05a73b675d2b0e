import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { tenantRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import {
  backdateApplication,
  insertVacancyWithStages,
  setStageRight,
} from '../../../test/pipeline-factory.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const post = (token: string, url: string, body?: unknown) =>
  call(t.app, 'POST', url, body, { token });

async function applicant(accountId: number, lastName = 'Петров') {
  const [id] = await insertApplicants(t.database, accountId, [{ lastName, firstName: 'Пётр' }]);
  return id!;
}

async function reasonOf(token: string, type: 'reject' | 'refuse' | 'close') {
  const reasons = await get(token, `/api/reasons?reason_type=${type}`);
  return reasons.body.message[0] as { id: number; name: string };
}

describe('placing an applicant on a vacancy', () => {
  it('puts them at the first stage, logs the placement, and shows the vacancy on the card', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Бариста',
    });
    const applicantId = await applicant(admin.accountId);
    const placed = await post(admin.token, '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message).toMatchObject({
      vacancy_id: vacancy.id,
      applicant_id: applicantId,
      status_id: vacancy.stage('Новый').id,
      reject_kind: null,
      created_by: admin.userId,
    });
    const history = await get(admin.token, `/api/applications/${placed.body.message.id}`);
    expect(history.body.message.transitions).toEqual([
      expect.objectContaining({
        kind: 'place',
        from_status_id: null,
        to_status_id: vacancy.stage('Новый').id,
        moved_by: admin.userId,
        seconds_in_from: null,
      }),
    ]);
    const card = await get(admin.token, `/api/applicants/${applicantId}`);
    expect(card.body.message.vacancies).toEqual([
      expect.objectContaining({
        application_id: placed.body.message.id,
        vacancy_id: vacancy.id,
        vacancy_name: 'Бариста',
        status_id: vacancy.stage('Новый').id,
        status_name: 'Новый',
        status_color: '#3B82F6',
        reject_kind: null,
      }),
    ]);
    expect(card.body.message.worklog[0]).toMatchObject({
      action: 'vacancy_add',
      changes: { vacancy_id: vacancy.id, status: { from: null, to: 'Новый' } },
    });
  });

  it('places the same person on several vacancies, once per vacancy', async () => {
    const first = await insertVacancyWithStages(t.database, admin.accountId, { position: 'Повар' });
    const second = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Официант',
    });
    const applicantId = await applicant(admin.accountId);
    const body = { applicant_id: applicantId, vacancy_id: first.id };
    expect((await post(admin.token, '/api/applications', body)).status).toBe(200);
    const again = await post(admin.token, '/api/applications', body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Кандидат уже добавлен на эту вакансию');
    const elsewhere = await post(admin.token, '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: second.id,
      status_id: second.stage('Интервью с HR').id,
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.message.status_id).toBe(second.stage('Интервью с HR').id);
    const card = await get(admin.token, `/api/applicants/${applicantId}`);
    expect(
      card.body.message.vacancies.map((v: { vacancy_name: string; status_name: string }) => [
        v.vacancy_name,
        v.status_name,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Повар', 'Новый'],
        ['Официант', 'Интервью с HR'],
      ]),
    );
  });

  it('places up to 1000 applicants at once, skipping those already on the vacancy', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const ids = await insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: 5 }, (_, n) => ({ lastName: `Массов${n}` })),
    );
    await post(admin.token, '/api/applications', { applicant_id: ids[0], vacancy_id: vacancy.id });
    const [theirs] = await insertApplicants(t.database, stranger.accountId, [
      { lastName: 'Чужой' },
    ]);
    const bulk = await post(admin.token, '/api/applications/bulk', {
      applicant_ids: [...ids, theirs],
      vacancy_id: vacancy.id,
      status_id: vacancy.stage('Первичный контакт').id,
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.message).toEqual({ placed: 4, skipped: 2 });
    const rows = await tenantRows<{ applicant_id: number; kind: string }>(
      t.database,
      admin.accountId,
      sql`select applicant_id, kind from application_transitions
          where vacancy_id = ${vacancy.id} order by applicant_id`,
    );
    expect(rows.map((r) => r.applicant_id)).toEqual(ids);
    const tooMany = await post(admin.token, '/api/applications/bulk', {
      applicant_ids: Array.from({ length: 1001 }, (_, n) => n + 1),
      vacancy_id: vacancy.id,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Не больше 1000 кандидатов за раз');
  });

  it('creating an applicant with vacancy_id and status_id places them there', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Курьер',
    });
    const created = await post(admin.token, '/api/applicants', {
      first_name: 'Олег',
      vacancy_id: vacancy.id,
      status_id: vacancy.stage('Интервью с HR').id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message.vacancies).toEqual([
      expect.objectContaining({ vacancy_id: vacancy.id, status_name: 'Интервью с HR' }),
    ]);
    const listed = await get(
      admin.token,
      `/api/applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Интервью с HR').id}`,
    );
    expect(listed.body.message.applicants.map((a: { id: number }) => a.id)).toEqual([
      created.body.message.id,
    ]);
    const otherStage = await get(
      admin.token,
      `/api/applicants?vacancy_id=${vacancy.id}&status_id=${vacancy.stage('Новый').id}`,
    );
    expect(otherStage.body.message.applicants).toEqual([]);
    const wrongStage = await post(admin.token, '/api/applicants', {
      first_name: 'Олег',
      vacancy_id: vacancy.id,
      status_id: 999_999,
    });
    expect(wrongStage.status).toBe(400);
    expect(wrongStage.body.message).toBe('Этап не относится к этой вакансии');
  });
});

describe('moving between stages', () => {
  it('moves the card, records who, from, to and how long it stayed, and writes the worklog', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Кассир',
    });
    const applicantId = await applicant(admin.accountId, 'Сидоров');
    const placed = await post(admin.token, '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
    });
    const id = placed.body.message.id;
    await backdateApplication(t.database, admin.accountId, id, 2);
    const moved = await post(admin.token, `/api/applications/${id}/move`, {
      status_id: vacancy.stage('Интервью с HR').id,
      comment: 'Созвонились',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message.status_id).toBe(vacancy.stage('Интервью с HR').id);
    expect(Date.now() - Date.parse(moved.body.message.entered_status_at)).toBeLessThan(60_000);
    const history = (await get(admin.token, `/api/applications/${id}`)).body.message;
    expect(history.transitions).toHaveLength(2);
    const move = history.transitions[1];
    expect(move).toMatchObject({
      kind: 'move',
      from_status_id: vacancy.stage('Новый').id,
      to_status_id: vacancy.stage('Интервью с HR').id,
      moved_by: admin.userId,
      comment: 'Созвонились',
      reason_id: null,
    });
    expect(move.seconds_in_from).toBeGreaterThanOrEqual(2 * 86_400);
    expect(move.seconds_in_from).toBeLessThan(2 * 86_400 + 120);
    const card = (await get(admin.token, `/api/applicants/${applicantId}`)).body.message;
    expect(card.worklog[0]).toMatchObject({
      action: 'vacancy_move',
      user_id: admin.userId,
      changes: {
        vacancy_id: vacancy.id,
        vacancy_name: 'Кассир',
        status: { from: 'Новый', to: 'Интервью с HR' },
      },
    });
  });

  it('refuses a stage of another vacancy, a rejection stage without a reason, and the same stage', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const other = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const foreign = await post(admin.token, `/api/applications/${id}/move`, {
      status_id: other.stage('Оффер').id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Этап не относится к этой вакансии');
    const toReject = await post(admin.token, `/api/applications/${id}/move`, {
      status_id: vacancy.stage('Отказ компании').id,
    });
    expect(toReject.status).toBe(400);
    expect(toReject.body.message).toMatch(/отказом с причиной/);
    const same = await post(admin.token, `/api/applications/${id}/move`, {
      status_id: vacancy.stage('Новый').id,
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Кандидат уже на этом этапе');
    const history = (await get(admin.token, `/api/applications/${id}`)).body.message;
    expect(history.transitions).toHaveLength(1);
  });

  it('a closed or held vacancy refuses moves and placements with 409', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    for (const [state, message] of [
      ['hold', 'Вакансия на паузе: кандидатов на ней не переводят'],
      ['closed', 'Вакансия закрыта: кандидатов на ней не переводят'],
    ] as const) {
      await tenantRows(
        t.database,
        admin.accountId,
        sql`update vacancies set state = ${state} where id = ${vacancy.id}`,
      );
      const move = await post(admin.token, `/api/applications/${id}/move`, {
        status_id: vacancy.stage('Оффер').id,
      });
      expect(move.status).toBe(409);
      expect(move.body.message).toBe(message);
      const place = await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      });
      expect(place.status).toBe(409);
    }
  });

  it('two moves of one card at once run one after the other and both are logged', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const targets = ['Первичный контакт', 'Интервью с HR', 'Интервью с заказчиком', 'Оффер'];
    const results = await Promise.all(
      targets.map((name) =>
        post(admin.token, `/api/applications/${id}/move`, { status_id: vacancy.stage(name).id }),
      ),
    );
    expect(
      results.map((r) => r.status),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual([200, 200, 200, 200]);
    const history = (await get(admin.token, `/api/applications/${id}`)).body.message;
    const moves = history.transitions.slice(1);
    expect(moves).toHaveLength(4);
    // Each move starts where the one before it ended: no move read a stale stage.
    for (let n = 1; n < moves.length; n++) {
      expect(moves[n].from_status_id).toBe(moves[n - 1].to_status_id);
    }
    expect(moves[0].from_status_id).toBe(vacancy.stage('Новый').id);
    expect(history.status_id).toBe(moves[3].to_status_id);
  });
});

describe('the cost of a move', () => {
  it('locks the card with its vacancy’s stages in one statement, then moves it and writes the history', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const counter = countStatements(t.database);
    let moved;
    try {
      moved = await post(admin.token, `/api/applications/${id}/move`, {
        status_id: vacancy.stage('Оффер').id,
      });
    } finally {
      counter.stop();
    }
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const statements = counter.dataStatements().filter((s) => !/from sessions s/.test(s));
    // Then the listeners of the entry: job sites read the stage entered and whether a site's
    // response brought the applicant (one statement each however many moved, decision 0054), and
    // the stage automation writes its runs (its outbox, decision 0041).
    expect(statements, statements.join('\n---\n')).toHaveLength(6);
    expect(statements[3]).toMatch(/join statuses s/);
    expect(statements[4]).toMatch(/from "job_site_responses"/);
    expect(statements[5]).toMatch(/insert into stage_automation_runs/);
    expect(statements[0]).toMatch(/for update/);
    expect(statements.filter((s) => /from statuses/.test(s))).toHaveLength(1);
  });

  it('tells the vacancy’s other owners in one more statement when none of them chose a channel', async () => {
    // A company of its own: the others' teams are at their tariff's user limit.
    const boss = await signUpCompany(t.app, { company: 'ООО «Двое»' });
    const colleague = await addTeamMember(t.app, boss.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, boss.accountId, {
      owners: [boss.userId, colleague.userId],
    });
    const id = (
      await post(boss.token, '/api/applications', {
        applicant_id: await applicant(boss.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const counter = countStatements(t.database);
    let moved;
    try {
      moved = await post(boss.token, `/api/applications/${id}/move`, {
        status_id: vacancy.stage('Оффер').id,
      });
    } finally {
      counter.stop();
    }
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const statements = counter.dataStatements().filter((s) => !/from sessions s/.test(s));
    // The lock read the owners (the mover is left out); the colleague's choices are read, and by
    // default a move is shown in the app only: no letter, no Telegram message (decision 0066).
    expect(statements, statements.join('\n---\n')).toHaveLength(7);
    expect(statements[6]).toMatch(/from "user_notification_settings"/);
  });
});

describe('rejecting and refusing', () => {
  it('reject moves to the company’s rejection stage with a reason; refuse to the applicant’s', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const applicantId = await applicant(admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: applicantId,
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const reject = await reasonOf(admin.token, 'reject');
    const refuse = await reasonOf(admin.token, 'refuse');
    const rejected = await post(admin.token, `/api/applications/${id}/reject`, {
      reason_id: reject.id,
      comment: 'Мало опыта',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.message).toMatchObject({
      status_id: vacancy.stage('Отказ компании').id,
      reject_kind: 'reject',
      reject_reason_id: reject.id,
      reject_comment: 'Мало опыта',
    });
    const card = (await get(admin.token, `/api/applicants/${applicantId}`)).body.message;
    expect(card.vacancies[0]).toMatchObject({
      status_name: 'Отказ компании',
      reject_kind: 'reject',
      reject_reason_name: reject.name,
      reject_comment: 'Мало опыта',
    });
    expect(card.worklog[0]).toMatchObject({ action: 'vacancy_reject' });
    const refused = await post(admin.token, `/api/applications/${id}/refuse`, {
      reason_id: refuse.id,
    });
    expect(refused.body.message).toMatchObject({
      status_id: vacancy.stage('Отказ кандидата').id,
      reject_kind: 'refuse',
      reject_reason_id: refuse.id,
    });
    const back = await post(admin.token, `/api/applications/${id}/move`, {
      status_id: vacancy.stage('Интервью с HR').id,
    });
    expect(back.body.message).toMatchObject({
      reject_kind: null,
      reject_reason_id: null,
      reject_comment: null,
    });
    const kinds = (await get(admin.token, `/api/applications/${id}`)).body.message.transitions.map(
      (tr: { kind: string; reason_id: number | null }) => [tr.kind, tr.reason_id],
    );
    expect(kinds).toEqual([
      ['place', null],
      ['reject', reject.id],
      ['refuse', refuse.id],
      ['move', null],
    ]);
  });

  it('a reason of another type or another account is refused with a Russian message', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const refuse = await reasonOf(admin.token, 'refuse');
    const close = await reasonOf(admin.token, 'close');
    const theirs = await reasonOf(stranger.token, 'reject');
    for (const reasonId of [refuse.id, close.id, theirs.id]) {
      const r = await post(admin.token, `/api/applications/${id}/reject`, { reason_id: reasonId });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Причина не найдена среди причин отказа компании');
    }
    const noReason = await post(admin.token, `/api/applications/${id}/refuse`, {});
    expect(noReason.status).toBe(400);
    const wrongStage = await post(admin.token, `/api/applications/${id}/refuse`, {
      reason_id: refuse.id,
      status_id: vacancy.stage('Отказ компании').id,
    });
    expect(wrongStage.status).toBe(400);
    expect(wrongStage.body.message).toBe('Этап не является этапом отказа кандидата этой вакансии');
  });
});

describe('removing from a vacancy', () => {
  it('recruiters remove, watchers may not; the history stays', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      watchers: [watcher.userId],
    });
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const byWatcher = await call(t.app, 'DELETE', `/api/applications/${id}`, undefined, {
      token: watcher.token,
    });
    expect(byWatcher.status).toBe(403);
    expect(byWatcher.body.message).toMatch(/рекрутеры и администраторы/);
    const removed = await call(t.app, 'DELETE', `/api/applications/${id}`, undefined, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await get(admin.token, `/api/applications/${id}`)).status).toBe(404);
    const kept = await tenantRows<{ n: number }>(
      t.database,
      admin.accountId,
      sql`select count(*)::int as n from application_transitions where application_id = ${id}`,
    );
    expect(kept[0]!.n).toBe(1);
  });
});

describe('per-stage rights', () => {
  it('a recruiter denied writing a stage cannot move into or out of it; a watcher moves only where granted', async () => {
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      watchers: [watcher.userId],
    });
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    const offer = vacancy.stage('Оффер').id;
    const hr = vacancy.stage('Интервью с HR').id;
    const fresh = vacancy.stage('Новый').id;
    await setStageRight(t.database, admin.accountId, {
      userId: recruiter.userId,
      statusId: offer,
      isRead: true,
      isWrite: false,
    });
    const denied = await post(recruiter.token, `/api/applications/${id}/move`, {
      status_id: offer,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Нет прав на перевод кандидатов на этом этапе');
    expect(
      (await post(recruiter.token, `/api/applications/${id}/move`, { status_id: hr })).status,
    ).toBe(200);

    const byWatcher = await post(watcher.token, `/api/applications/${id}/move`, {
      status_id: fresh,
    });
    expect(byWatcher.status).toBe(403);
    for (const statusId of [hr, fresh]) {
      await setStageRight(t.database, admin.accountId, {
        userId: watcher.userId,
        statusId,
        isRead: true,
        isWrite: true,
      });
    }
    const granted = await post(watcher.token, `/api/applications/${id}/move`, {
      status_id: fresh,
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    await post(admin.token, `/api/applications/${id}/move`, { status_id: offer });
    const outOfOffer = await post(recruiter.token, `/api/applications/${id}/move`, {
      status_id: hr,
    });
    expect(outOfOffer.status).toBe(403);
  });

  it('a watcher does not see a vacancy they do not follow', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId);
    const id = (
      await post(admin.token, '/api/applications', {
        applicant_id: await applicant(admin.accountId),
        vacancy_id: vacancy.id,
      })
    ).body.message.id;
    expect((await get(watcher.token, `/api/applications/${id}`)).status).toBe(404);
    const move = await post(watcher.token, `/api/applications/${id}/move`, {
      status_id: vacancy.stage('Оффер').id,
    });
    expect(move.status).toBe(404);
    expect(move.body.message).toBe('Вакансия не найдена');
  });
});

describe('another account’s ids', () => {
  it('answer 404 or 400 and change nothing', async () => {
    const mine = await insertVacancyWithStages(t.database, admin.accountId);
    const theirs = await insertVacancyWithStages(t.database, stranger.accountId);
    const theirApplicant = await applicant(stranger.accountId);
    const theirApplication = (
      await post(stranger.token, '/api/applications', {
        applicant_id: theirApplicant,
        vacancy_id: theirs.id,
      })
    ).body.message.id;
    const myApplicant = await applicant(admin.accountId);
    const myApplication = (
      await post(admin.token, '/api/applications', {
        applicant_id: myApplicant,
        vacancy_id: mine.id,
      })
    ).body.message.id;
    const reject = await reasonOf(admin.token, 'reject');
    const cases = [
      await get(admin.token, `/api/applications/${theirApplication}`),
      await post(admin.token, `/api/applications/${theirApplication}/move`, {
        status_id: theirs.stage('Оффер').id,
      }),
      await post(admin.token, `/api/applications/${theirApplication}/reject`, {
        reason_id: reject.id,
      }),
      await call(t.app, 'DELETE', `/api/applications/${theirApplication}`, undefined, {
        token: admin.token,
      }),
      await post(admin.token, '/api/applications', {
        applicant_id: theirApplicant,
        vacancy_id: mine.id,
      }),
      await post(admin.token, '/api/applications', {
        applicant_id: myApplicant,
        vacancy_id: theirs.id,
      }),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const foreignStage = await post(admin.token, `/api/applications/${myApplication}/move`, {
      status_id: theirs.stage('Оффер').id,
    });
    expect(foreignStage.status).toBe(400);
    const bulk = await post(admin.token, '/api/applications/bulk', {
      applicant_ids: [myApplicant],
      vacancy_id: theirs.id,
    });
    expect(bulk.status).toBe(404);
    const theirView = (await get(stranger.token, `/api/applications/${theirApplication}`)).body
      .message;
    expect(theirView.status_id).toBe(theirs.stage('Новый').id);
    expect(theirView.transitions).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers 400 with a Russian message', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/applications', { vacancy_id: 1 }, 'applicant_id'],
      ['/api/applications', { applicant_id: 'x', vacancy_id: 1 }, 'Некорректный идентификатор'],
      ['/api/applications/bulk', { applicant_ids: [], vacancy_id: 1 }, 'Выберите кандидатов'],
      ['/api/applications/1/move', {}, 'status_id'],
      ['/api/applications/1/move', { status_id: -5 }, 'Некорректный идентификатор'],
      ['/api/applications/1/reject', { reason_id: 0 }, 'Некорректный идентификатор'],
    ];
    for (const [url, body, message] of cases) {
      const r = await post(admin.token, url, body);
      expect(r.status, url).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect((await get(admin.token, '/api/applications/abc')).status).toBe(400);
  });
});
