import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMultipart, tinyPdf } from '../../../test/documents.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { setStageRight } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy, type VacancyStage } from '../../../test/vacancy-fixtures.ts';

// Issue 20, item 1: the hiring manager (a watcher) works with the applicants of the vacancies they
// watch — the card, its files, the vacancy's history, evaluations, comments and moves within
// their stage rights — and never reaches anyone else (404, as another account's applicant).

const NOT_FOUND = 'Кандидат не найден';
const NO_BASE = 'Заказчику недоступна база кандидатов';

let t: TestApp;
let admin: SignedUp;
let manager: { userId: number; token: string };
let otherManager: { userId: number; token: string };
let managerAdmin: { userId: number; token: string };
let watched: { id: number; statuses: VacancyStage[] };
let elsewhere: { id: number; statuses: VacancyStage[] };
/** On the watched vacancy and on another one. */
let candidate: number;
let candidateApplication: number;
/** On the other vacancy only. */
let outsider: number;
/** On no vacancy at all. */
let unplaced: number;

const as = (token: string) => ({
  get: (url: string) => call(t.app, 'GET', url, undefined, { token }),
  post: (url: string, body?: unknown) => call(t.app, 'POST', url, body, { token }),
  patch: (url: string, body: unknown) => call(t.app, 'PATCH', url, body, { token }),
  delete: (url: string) => call(t.app, 'DELETE', url, undefined, { token }),
});

async function newApplicant(first_name: string, last_name: string) {
  const created = await as(admin.token).post('/api/applicants', { first_name, last_name });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message.id as number;
}

async function place(applicantId: number, vacancyId: number) {
  const placed = await as(admin.token).post('/api/applications', {
    applicant_id: applicantId,
    vacancy_id: vacancyId,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.message.id as number;
}

const stage = (vacancy: { statuses: VacancyStage[] }, name: string) =>
  vacancy.statuses.find((s) => s.name === name)!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  manager = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
    name: 'Заказчик',
  });
  otherManager = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
  });
  managerAdmin = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: true,
  });
  watched = await openVacancy(t.app, admin.token, {
    position: 'Юрист',
    watchers: [manager.userId, managerAdmin.userId],
  });
  elsewhere = await openVacancy(t.app, admin.token, {
    position: 'Бухгалтер',
    watchers: [otherManager.userId],
  });
  candidate = await newApplicant('Инна', 'Смирнова');
  outsider = await newApplicant('Олег', 'Чужой');
  unplaced = await newApplicant('Борис', 'Никакой');
  candidateApplication = await place(candidate, watched.id);
  await place(candidate, elsewhere.id);
  await place(outsider, elsewhere.id);
});
afterAll(() => t.close());

describe('a hiring manager reads the card of an applicant on the vacancy they watch', () => {
  it('reads the card seen through their vacancy: its place there and its history only', async () => {
    // The recruiter's card, read first, is kept in memory: the manager must not be given it.
    const full = await as(admin.token).get(`/api/applicants/${candidate}`);
    expect(full.status).toBe(200);
    expect(
      full.body.message.vacancies.map((v: { vacancy_id: number }) => v.vacancy_id).sort(),
    ).toEqual([watched.id, elsewhere.id].sort());

    const card = await as(manager.token).get(`/api/applicants/${candidate}`);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.message).toMatchObject({ id: candidate, last_name: 'Смирнова' });
    expect(card.body.message.vacancies).toEqual([
      expect.objectContaining({ vacancy_id: watched.id, vacancy_name: 'Юрист' }),
    ]);
    const worklog = card.body.message.worklog as { changes: { vacancy_id?: number } }[];
    expect(worklog.length).toBeGreaterThan(0);
    expect(worklog.every((e) => e.changes.vacancy_id === watched.id)).toBe(true);

    // Seen from the vacancy, and again: the same manager's answer, never the recruiter's.
    const fromBoard = await as(manager.token).get(
      `/api/applicants/${candidate}?vacancy_id=${watched.id}`,
    );
    expect(fromBoard.body.message.vacancies).toHaveLength(1);
    const again = await as(manager.token).get(`/api/applicants/${candidate}`);
    expect(again.body.message.vacancies).toHaveLength(1);
    // …and the recruiter still gets the whole card after the manager's was stored.
    const fullAgain = await as(admin.token).get(`/api/applicants/${candidate}`);
    expect(fullAgain.body.message.vacancies).toHaveLength(2);

    const history = await as(manager.token).get(`/api/applicants/${candidate}/worklog`);
    expect(history.status).toBe(200);
    expect(history.body.message.length).toBeGreaterThan(0);
    expect(
      history.body.message.every(
        (e: { changes: { vacancy_id?: number } }) => e.changes.vacancy_id === watched.id,
      ),
    ).toBe(true);
  });

  it('is not found an applicant outside their vacancies, nor is another manager given theirs', async () => {
    for (const id of [outsider, unplaced]) {
      for (const url of [
        `/api/applicants/${id}`,
        `/api/applicants/${id}?vacancy_id=${elsewhere.id}`,
        `/api/applicants/${id}/worklog`,
        `/api/applicants/${id}/comments`,
        `/api/applicants/${id}/files`,
      ]) {
        const refused = await as(manager.token).get(url);
        expect(refused.status, url).toBe(404);
        expect(refused.body.message, url).toBe(NOT_FOUND);
      }
      const comment = await as(manager.token).post(`/api/applicants/${id}/comments`, {
        description: 'Посмотрю',
      });
      expect(comment.status).toBe(404);
    }
    // The manager of the other vacancy reads the candidate through it, not through ours.
    const theirs = await as(otherManager.token).get(`/api/applicants/${candidate}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.message.vacancies).toEqual([
      expect.objectContaining({ vacancy_id: elsewhere.id }),
    ]);
  });

  it('reads the résumé file and the photo-less card’s files; never another applicant’s file', async () => {
    const mine = await postMultipart(
      t.app,
      `/api/applicants/${candidate}/files`,
      [{ name: 'file', filename: 'Резюме Смирновой.pdf', content: tinyPdf() }],
      admin.token,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const theirs = await postMultipart(
      t.app,
      `/api/applicants/${outsider}/files`,
      [{ name: 'file', filename: 'Резюме.pdf', content: tinyPdf() }],
      admin.token,
    );
    const files = await as(manager.token).get(`/api/applicants/${candidate}/files`);
    expect(files.status).toBe(200);
    expect(files.body.message.map((f: { id: number }) => f.id)).toContain(mine.body.message.id);

    const download = (id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/files/${id}`,
        headers: { 'x-dcrt-hrm-auth': manager.token },
      });
    const got = await download(mine.body.message.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(tinyPdf())).toBe(true);
    const refused = await download(theirs.body.message.id);
    expect(refused.statusCode).toBe(404);

    // Reading is not editing: uploads and removals stay the recruiters'.
    const upload = await postMultipart(
      t.app,
      `/api/applicants/${candidate}/files`,
      [{ name: 'file', filename: 'cv.pdf', content: tinyPdf() }],
      manager.token,
    );
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe(NO_BASE);
    const edit = await as(manager.token).patch(`/api/applicants/${candidate}`, {
      first_name: 'Не Инна',
    });
    expect(edit.status).toBe(403);
  });

  it('comments, changes their own comment, and reads the recruiters’ comments', async () => {
    await as(admin.token).post(`/api/applicants/${candidate}/comments`, {
      description: 'Сильное резюме',
    });
    const added = await as(manager.token).post(`/api/applicants/${candidate}/comments`, {
      description: 'Хочу встретиться',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toMatchObject({
      description: 'Хочу встретиться',
      author_id: manager.userId,
    });
    const changed = await as(manager.token).patch(
      `/api/applicants/${candidate}/comments/${added.body.message.id}`,
      { description: 'Хочу встретиться в пятницу' },
    );
    expect(changed.status).toBe(200);
    const list = await as(manager.token).get(`/api/applicants/${candidate}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.message.map((c: { description: string }) => c.description)).toEqual(
      expect.arrayContaining(['Сильное резюме', 'Хочу встретиться в пятницу']),
    );
  });

  it('evaluates the applicant for the watched vacancy and reads the evaluation', async () => {
    const form = await as(admin.token).post('/api/evaluations', {
      name: 'Встреча с заказчиком',
      criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const criterion = form.body.message.criterions[0].id as number;
    const evaluated = await as(manager.token).post('/api/applicant_evaluations', {
      evaluation_id: form.body.message.id,
      applicant_id: candidate,
      recommendation: 'yes',
      criterions: [
        { criterion_id: criterion, result: { criterion_type: 'text', result: 'Подходит' } },
      ],
    });
    expect(evaluated.status, JSON.stringify(evaluated.body)).toBe(200);
    expect(evaluated.body.message.vacancy_id).toBe(watched.id);
    const read = await as(manager.token).get(
      `/api/applicant_evaluations?applicant_id=${candidate}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.message.applicant_evaluation_count).toBe(1);
  });

  it('moves only with write rights on the stages; a stage hidden from them hides the applicant', async () => {
    const from = stage(watched, 'Новый');
    const to = stage(watched, 'Интервью с HR');
    const refused = await as(manager.token).post(`/api/applications/${candidateApplication}/move`, {
      status_id: to,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Нет прав на перевод кандидатов на этом этапе');

    for (const statusId of [from, to]) {
      await setStageRight(t.database, admin.accountId, {
        userId: manager.userId,
        statusId,
        isRead: true,
        isWrite: true,
      });
    }
    const moved = await as(manager.token).post(`/api/applications/${candidateApplication}/move`, {
      status_id: to,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const card = await as(manager.token).get(`/api/applicants/${candidate}`);
    expect(card.body.message.vacancies[0]).toMatchObject({ status_id: to });

    await setStageRight(t.database, admin.accountId, {
      userId: manager.userId,
      statusId: to,
      isRead: false,
      isWrite: false,
    });
    const hidden = await as(manager.token).get(`/api/applicants/${candidate}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(NOT_FOUND);
    await setStageRight(t.database, admin.accountId, {
      userId: manager.userId,
      statusId: to,
      isRead: true,
      isWrite: true,
    });
  });
});

describe('the applicant list for a watcher', () => {
  it('shows a watcher-admin the applicants of the vacancies they watch, and nobody else', async () => {
    const list = await as(managerAdmin.token).get('/api/applicants');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.message.applicants.map((a: { id: number }) => a.id)).toEqual([candidate]);
    expect(list.body.message.applicant_count).toBe(1);
    const searched = await as(managerAdmin.token).get(
      `/api/applicants?search=${encodeURIComponent('Чужой')}`,
    );
    expect(searched.status).toBe(200);
    expect(searched.body.message.applicants).toEqual([]);
    // The recruiter's list of the same page is the whole base.
    const everyone = await as(admin.token).get('/api/applicants');
    expect(everyone.body.message.applicant_count).toBe(3);
  });

  it('still refuses the list to a watcher who is not an admin (SPEC §6)', async () => {
    const refused = await as(manager.token).get('/api/applicants');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NO_BASE);
  });
});
