import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { openVacancy, placeThroughStages } from '../../../test/vacancy-fixtures.ts';

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;
let recruiter: { userId: number; token: string };
let manager: { userId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
  recruiter = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Ольга',
  });
  manager = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
    name: 'Пётр',
  });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const send = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });

async function reasonOf(token: string, type: string) {
  const r = await get(token, `/api/reasons?reason_type=${type}`);
  return r.body.message[0].id as number;
}
async function funnelOf(token: string) {
  const r = await get(token, '/api/status_groups');
  return r.body.message[0] as { id: number; statuses: { id: number; name: string }[] };
}
async function divisionOf(token: string, name: string, parent_id?: number) {
  const r = await send(token, 'POST', '/api/account_divisions', { name, parent_id });
  expect(r.status).toBe(200);
  return r.body.message.id as number;
}

describe('a vacancy with every field of the product', () => {
  it('opens with the default funnel copied as its own stages, members, a safe description and both date forms', async () => {
    const division = await divisionOf(admin.token, 'Продажи');
    const vacancy = await openVacancy(t.app, admin.token, {
      position: 'Руководитель отдела продаж',
      salary_from: 150000,
      salary_to: 250000,
      currency: 'rub',
      needed: 2,
      priority: 3,
      is_hidden: true,
      body: '<p>Ищем <strong>лидера</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://example.ru" onclick="x()">сайт</a>',
      requirements: '<ul><li>Опыт от 5 лет</li></ul><img src="x" onerror="alert(1)">',
      conditions: '<h2>Условия</h2><blockquote>ДМС</blockquote><table><tr><td>т</td></tr></table>',
      information: '<script>only()</script>',
      regions: [{ site: 'HH', name: 'Москва' }],
      owners: [recruiter.userId],
      watchers: [manager.userId],
      country: 113,
      city: 'Москва',
      account_division_id: division,
      date_will_close: '31.12.2030',
      days_until_deadline: 10,
      additional_fields_list: [{ type: 'number', name: 'Бюджет', value: 5 }],
    });

    expect(vacancy).toMatchObject({
      position: 'Руководитель отдела продаж',
      name: 'Руководитель отдела продаж',
      salary_from: 150000,
      salary_to: 250000,
      currency: 'RUB',
      needed: 2,
      priority: 3,
      is_hidden: true,
      regions: [{ site: 'HH', name: 'Москва' }],
      owners: [{ id: recruiter.userId, name: 'Ольга' }],
      watchers: [{ id: manager.userId, name: 'Пётр' }],
      country: 113,
      city: 'Москва',
      account_division: { id: division, name: 'Продажи' },
      date_will_close: '2030-12-31',
      days_until_deadline: 10,
      additional_fields_list: [{ type: 'number', name: 'Бюджет', value: 5 }],
      state: 'open',
      count_applicants: 0,
      hired: 0,
      days_failed: 0,
      days_on_status: 0,
      avg_close_time: null,
      author: { id: admin.userId, name: 'Анна' },
      closed_at: null,
    });
    expect(vacancy.days_will_close).toBeGreaterThan(1000);
    expect(vacancy.body).toBe(
      '<p>Ищем <strong>лидера</strong></p><a>x</a><a href="https://example.ru">сайт</a>',
    );
    expect(vacancy.requirements).toBe('<ul><li>Опыт от 5 лет</li></ul>');
    expect(vacancy.conditions).toBe('<h2>Условия</h2><blockquote>ДМС</blockquote>т');
    expect(vacancy.information).toBeNull();

    const funnel = await funnelOf(admin.token);
    expect(vacancy.status_group).toBe(funnel.id);
    expect(vacancy.statuses.map((s) => s.name)).toEqual(funnel.statuses.map((s) => s.name));
    // Own copies, not the funnel's rows: editing the funnel never rewrites a running vacancy.
    expect(vacancy.statuses.map((s) => s.id)).not.toContain(funnel.statuses[0]!.id);
    expect(vacancy.statuses.every((s) => s.vacancy_id === vacancy.id)).toBe(true);

    const read = await get(admin.token, `/api/vacancies/${vacancy.id}`);
    expect(read.body.message).toEqual(vacancy);
  });

  it('takes the stages named in `statuses`, in that order, instead of the whole funnel', async () => {
    const funnel = await funnelOf(admin.token);
    const [first, , third] = funnel.statuses;
    const vacancy = await openVacancy(t.app, admin.token, {
      position: 'Курьер',
      statuses: [third!.id, first!.id],
    });
    expect(vacancy.statuses.map((s) => s.name)).toEqual([third!.name, first!.name]);
  });

  it('changes by PATCH and PUT: fields, members, stage order; the recruiter who opened it owns it', async () => {
    const vacancy = await openVacancy(t.app, recruiter.token, { position: 'Бухгалтер' });
    expect(vacancy.owners).toEqual([{ id: recruiter.userId, name: 'Ольга' }]);

    const patched = await send(recruiter.token, 'PATCH', `/api/vacancies/${vacancy.id}`, {
      position: 'Главный бухгалтер',
      salary_to: 90000,
      watchers: [manager.userId],
      date_will_close: '2031-01-15',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.message).toMatchObject({
      position: 'Главный бухгалтер',
      salary_to: 90000,
      date_will_close: '2031-01-15',
      owners: [{ id: recruiter.userId }],
      watchers: [{ id: manager.userId }],
    });

    const reversed = [...vacancy.statuses].reverse().map((s) => s.id);
    const put = await send(recruiter.token, 'PUT', `/api/vacancies/${vacancy.id}`, {
      statuses: reversed,
      salary_from: 50000,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message.statuses.map((s: { id: number }) => s.id)).toEqual(reversed);

    const upsideDown = await send(recruiter.token, 'PUT', `/api/vacancies/${vacancy.id}`, {
      salary_from: 100000,
    });
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body.message).toBe('Зарплата «от» больше, чем «до»');

    const partial = await send(recruiter.token, 'PUT', `/api/vacancies/${vacancy.id}`, {
      statuses: reversed.slice(1),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe('Передайте все этапы этой вакансии, каждый по одному разу');
  });

  it('is owned by its author when no owner is named (absent or an empty list) and shows in «Мои вакансии»; named owners take it', async () => {
    const absent = await openVacancy(t.app, recruiter.token, { position: 'Кладовщик' });
    const empty = await openVacancy(t.app, recruiter.token, {
      position: 'Комплектовщик',
      owners: [],
      watchers: [manager.userId],
    });
    const handed = await openVacancy(t.app, recruiter.token, {
      position: 'Водитель погрузчика',
      owners: [admin.userId],
    });
    expect(absent.owners).toEqual([{ id: recruiter.userId, name: 'Ольга' }]);
    expect(empty.owners).toEqual([{ id: recruiter.userId, name: 'Ольга' }]);
    expect(empty.watchers).toEqual([{ id: manager.userId, name: 'Пётр' }]);
    expect(handed.owners).toEqual([{ id: admin.userId, name: expect.any(String) }]);

    const mine = await get(recruiter.token, '/api/home');
    expect(mine.status).toBe(200);
    const ids = (mine.body.message.vacancies as { id: number }[]).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining([absent.id, empty.id]));
    expect(ids).not.toContain(handed.id);
  });

  it('deletes a vacancy with its stages; it is gone afterwards', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Временная' });
    const removed = await send(admin.token, 'DELETE', `/api/vacancies/${vacancy.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message.id).toBe(vacancy.id);
    expect((await get(admin.token, `/api/vacancies/${vacancy.id}`)).status).toBe(404);
    const stages = await systemRows(
      t.database,
      sql`select id from statuses where vacancy_id = ${vacancy.id}`,
    );
    expect(stages).toEqual([]);
  });
});

describe('bad input answers 4xx in Russian', () => {
  it('refuses a date that is not a date, a missing title, owners who are not recruiters, a user twice', async () => {
    const badDate = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Юрист',
      date_will_close: '31.02.2030',
    });
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain(
      'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ',
    );

    const noTitle = await send(admin.token, 'POST', '/api/vacancies', { position: '  ' });
    expect(noTitle.status).toBe(400);
    expect(JSON.stringify(noTitle.body)).toContain('Укажите название вакансии');

    const watcherOwner = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Юрист',
      owners: [manager.userId],
    });
    expect(watcherOwner.status).toBe(400);
    expect(watcherOwner.body.message).toBe('Ответственным за вакансию может быть только рекрутер');

    const both = await send(admin.token, 'POST', '/api/vacancies', {
      position: 'Юрист',
      owners: [recruiter.userId],
      watchers: [recruiter.userId],
    });
    expect(both.status).toBe(400);

    const badId = await get(admin.token, '/api/vacancies/abc');
    expect(badId.status).toBe(400);
    expect(badId.body.status).toBe('error');
  });

  it('treats every id of another account as unknown: funnel, division, users, stages, reasons, the vacancy', async () => {
    const theirs = await openVacancy(t.app, stranger.token, { position: 'Их вакансия' });
    const theirFunnel = await funnelOf(stranger.token);
    const theirDivision = await divisionOf(stranger.token, 'Их отдел');
    const theirHold = await reasonOf(stranger.token, 'hold');
    const cases: [string, Record<string, unknown>, string][] = [
      ['funnel', { status_group: theirFunnel.id }, 'Воронка не найдена'],
      ['division', { account_division_id: theirDivision }, 'Подразделение не найдено'],
      ['owner', { owners: [stranger.userId] }, 'Пользователь не найден'],
      ['watcher', { watchers: [stranger.userId] }, 'Пользователь не найден'],
      ['stages', { statuses: [theirFunnel.statuses[0]!.id] }, 'Этап не найден'],
    ];
    for (const [what, body, message] of cases) {
      const r = await send(admin.token, 'POST', '/api/vacancies', { position: 'Юрист', ...body });
      expect(r.status, what).toBe(404);
      expect(r.body.message, what).toBe(message);
    }
    const mine = await openVacancy(t.app, admin.token, { position: 'Моя' });
    const patch = await send(admin.token, 'PATCH', `/api/vacancies/${mine.id}`, {
      account_division_id: theirDivision,
    });
    expect(patch.status).toBe(404);
    const hold = await send(admin.token, 'POST', `/api/vacancies/${mine.id}/hold`, {
      reason_id: theirHold,
    });
    expect(hold.status).toBe(404);
    expect(hold.body.message).toBe('Причина не найдена');

    for (const [method, url] of [
      ['GET', `/api/vacancies/${theirs.id}`],
      ['PATCH', `/api/vacancies/${theirs.id}`],
      ['PUT', `/api/vacancies/${theirs.id}`],
      ['DELETE', `/api/vacancies/${theirs.id}`],
      ['POST', `/api/vacancies/${theirs.id}/reopen`],
      ['GET', `/api/vacancies/${theirs.id}/statistics`],
      ['GET', `/api/vacancies/${theirs.id}/state_log`],
      ['POST', `/api/vacancy_templates/from_vacancy/${theirs.id}`],
    ] as const) {
      const r = await call(t.app, method, url, method === 'GET' ? undefined : {}, {
        token: admin.token,
      });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.message, `${method} ${url}`).toBe('Вакансия не найдена');
    }
    const list = await get(admin.token, '/api/vacancies?per_page=100');
    expect(list.body.message.vacancies.map((v: { id: number }) => v.id)).not.toContain(theirs.id);
  });
});

describe('close, hold and reopen', () => {
  it('needs a reason of the matching type, logs every change and keeps moves off a closed vacancy', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Дизайнер' });
    const url = (action: string) => `/api/vacancies/${vacancy.id}/${action}`;
    const closeReason = await reasonOf(admin.token, 'close');
    const holdReason = await reasonOf(admin.token, 'hold');

    const noReason = await send(admin.token, 'POST', url('hold'), {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Укажите причину');
    const wrongType = await send(admin.token, 'POST', url('hold'), { reason_id: closeReason });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Нужна причина типа «Пауза вакансии»');

    const held = await send(admin.token, 'POST', url('hold'), {
      reason_id: holdReason,
      comment: 'Бюджет на следующий квартал',
    });
    expect(held.status).toBe(200);
    expect(held.body.message).toMatchObject({ state: 'hold', state_reason_id: holdReason });

    const heldAgain = await send(admin.token, 'POST', url('hold'), { reason_id: holdReason });
    expect(heldAgain.status).toBe(409);
    expect(heldAgain.body.message).toBe('Вакансия уже на паузе');

    const closed = await send(admin.token, 'POST', url('close'), { reason_id: closeReason });
    expect(closed.body.message).toMatchObject({ state: 'closed', state_reason_id: closeReason });
    expect(closed.body.message.closed_at).not.toBeNull();

    const closedList = await get(admin.token, '/api/vacancies_with_filters?state=closed');
    expect(closedList.body.message.vacancies.map((v: { id: number }) => v.id)).toContain(
      vacancy.id,
    );

    const reopened = await send(admin.token, 'POST', url('reopen'));
    expect(reopened.body.message).toMatchObject({
      state: 'open',
      state_reason_id: null,
      closed_at: null,
    });
    const reopenedAgain = await send(admin.token, 'POST', url('reopen'));
    expect(reopenedAgain.status).toBe(409);
    expect(reopenedAgain.body.message).toBe('Вакансия уже открыта');

    const log = await get(admin.token, `/api/vacancies/${vacancy.id}/state_log`);
    expect(
      log.body.message.map((e: Record<string, unknown>) => [e.from_state, e.to_state, e.comment]),
    ).toEqual([
      [null, 'open', null],
      ['open', 'hold', 'Бюджет на следующий квартал'],
      ['hold', 'closed', null],
      ['closed', 'open', null],
    ]);
    expect(log.body.message[1].reason_name).toBe('Заморожен бюджет');
  });
});

describe('the vacancy list with filters', () => {
  it('filters by state, division (with sub-divisions), owner, priority and a title with a typo; counts each state', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Список»' });
    const colleague = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const it_ = await divisionOf(company.token, 'ИТ');
    const dev = await divisionOf(company.token, 'Разработка', it_);
    const backend = await openVacancy(t.app, company.token, {
      position: 'Backend-разработчик',
      account_division_id: dev,
      priority: 2,
    });
    const admin_ = await openVacancy(t.app, company.token, {
      position: 'Системный администратор',
      account_division_id: it_,
      owners: [colleague.userId],
    });
    const sales = await openVacancy(t.app, company.token, { position: 'Продавец-консультант' });
    const reason = await reasonOf(company.token, 'close');
    await send(company.token, 'POST', `/api/vacancies/${sales.id}/close`, { reason_id: reason });

    const ids = async (query: string) => {
      const r = await get(company.token, `/api/vacancies_with_filters?${query}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.message;
    };
    const all = await ids('');
    expect(all.vacancies.map((v: { id: number }) => v.id)).toEqual([
      sales.id,
      admin_.id,
      backend.id,
    ]);
    expect(all.state_counts).toEqual({ open: 2, hold: 0, closed: 1 });
    expect(all.vacancy_count).toBe(3);

    const open = await ids('state=open');
    expect(open.vacancy_count).toBe(2);
    expect(open.state_counts).toEqual({ open: 2, hold: 0, closed: 1 });

    const inIt = await ids(`division_id=${it_}`);
    expect(inIt.vacancies.map((v: { id: number }) => v.id)).toEqual([admin_.id, backend.id]);
    const inDev = await ids(`division_id=${dev}`);
    expect(inDev.vacancies.map((v: { id: number }) => v.id)).toEqual([backend.id]);

    const colleagues = await ids(`owner_id=${colleague.userId}`);
    expect(colleagues.vacancies.map((v: { id: number }) => v.id)).toEqual([admin_.id]);
    expect((await ids('priority=2')).vacancies.map((v: { id: number }) => v.id)).toEqual([
      backend.id,
    ]);
    expect((await ids('search=backend')).vacancies.map((v: { id: number }) => v.id)).toEqual([
      backend.id,
    ]);
    expect((await ids('search=админстратор')).vacancies.map((v: { id: number }) => v.id)).toEqual([
      admin_.id,
    ]);
    expect((await ids('search=100%25')).vacancies).toEqual([]);

    const page2 = await ids('per_page=2&page=2');
    expect(page2.vacancies.map((v: { id: number }) => v.id)).toEqual([backend.id]);
    expect(page2.vacancy_count).toBe(3);

    const bad = await get(company.token, '/api/vacancies_with_filters?state=archived');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Состояние вакансии: open, hold или closed');
  });

  it('reads a page in two statements whatever its size (rows with members, stages and their counts, state counts)', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Много»' });
    const opened = [];
    for (let i = 0; i < 6; i++) {
      opened.push(await openVacancy(t.app, company.token, { position: `Вакансия ${i}` }));
    }
    const applicantIds = await insertApplicants(
      t.database,
      company.accountId,
      opened.map((_, i) => ({ lastName: `Кандидат ${i}` })),
    );
    for (const [i, vacancy] of opened.entries()) {
      await placeThroughStages(t.database, company.accountId, vacancy.id, [
        { applicantId: applicantIds[i]!, path: [vacancy.statuses[i % 3]!.id] },
      ]);
    }
    const counter = countStatements(t.database);
    let page;
    try {
      page = await get(company.token, '/api/vacancies?per_page=30');
    } finally {
      counter.stop();
    }
    expect(page.body.message.vacancies).toHaveLength(6);
    expect(page.body.message.vacancies[0].statuses).toHaveLength(8);
    for (const vacancy of page.body.message.vacancies as {
      statuses: { id: number }[];
      stage_counts: { status_id: number; count: number }[];
    }[]) {
      expect(vacancy.stage_counts.map((c) => c.status_id)).toEqual(
        vacancy.statuses.map((s) => s.id),
      );
      expect(vacancy.stage_counts.reduce((sum, c) => sum + c.count, 0)).toBe(1);
    }
    const statements = counter.dataStatements().filter((s) => !/from sessions s/.test(s));
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
  });
});

describe('applications per stage on every vacancy read', () => {
  it('counts the applications at each stage the reader may read, in stage order, in the list, the filtered list and the card', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Этапы»' });
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const vacancy = await openVacancy(t.app, company.token, {
      position: 'Кладовщик',
      watchers: [watcher.userId],
    });
    const other = await openVacancy(t.app, company.token, { position: 'Водитель' });
    const [fresh, contact, hr, , , , rejected] = vacancy.statuses.map((s) => s.id);
    const people = await insertApplicants(t.database, company.accountId, [
      { lastName: 'Первый' },
      { lastName: 'Второй' },
      { lastName: 'Третий' },
      { lastName: 'Четвёртый' },
      { lastName: 'Пятый' },
    ]);
    const reason = await reasonOf(company.token, 'reject');
    await placeThroughStages(t.database, company.accountId, vacancy.id, [
      { applicantId: people[0]!, path: [fresh!] },
      { applicantId: people[1]!, path: [fresh!] },
      { applicantId: people[2]!, path: [fresh!, contact!, hr!] },
      {
        applicantId: people[3]!,
        path: [fresh!, rejected!],
        reject: { kind: 'reject', reasonId: reason },
      },
    ]);
    // Another vacancy's application is not counted on this one.
    await placeThroughStages(t.database, company.accountId, other.id, [
      { applicantId: people[0]!, path: [other.statuses[1]!.id] },
    ]);
    const hide = await send(company.token, 'PATCH', `/api/statuses/${rejected}`, {
      admin_user_statuses: [{ admin_user_id: watcher.userId, is_read: false }],
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);

    const full = vacancy.statuses.map((s) => ({
      status_id: s.id,
      count: s.id === fresh ? 2 : s.id === hr || s.id === rejected ? 1 : 0,
    }));
    const withoutRejected = full.filter((c) => c.status_id !== rejected);

    const inList = async (token: string, url: string) => {
      const r = await get(token, url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.message.vacancies as { id: number; stage_counts: unknown }[]).find(
        (v) => v.id === vacancy.id,
      )!;
    };
    for (const url of ['/api/vacancies', '/api/vacancies_with_filters?state=open']) {
      expect((await inList(company.token, url)).stage_counts).toEqual(full);
      expect((await inList(watcher.token, url)).stage_counts).toEqual(withoutRejected);
    }
    const card = await get(company.token, `/api/vacancies/${vacancy.id}`);
    expect(card.body.message.stage_counts).toEqual(full);
    expect(card.body.message.count_applicants).toBe(4);
    const watched = await get(watcher.token, `/api/vacancies/${vacancy.id}`);
    expect(watched.body.message.stage_counts).toEqual(withoutRejected);
    expect(watched.body.message.count_applicants).toBe(3);

    const otherCard = await get(company.token, `/api/vacancies/${other.id}`);
    expect(otherCard.body.message.stage_counts).toEqual(
      other.statuses.map((s, i) => ({ status_id: s.id, count: i === 1 ? 1 : 0 })),
    );
  });
});
