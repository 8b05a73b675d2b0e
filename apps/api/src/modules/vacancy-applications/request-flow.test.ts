import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { registerStepStartedListener, type StepStartedEvent } from './request-flow.service.ts';

// The workflow of hiring requests through HTTP: submit, decisions along a two-step route (`any`
// of two users, then `all` of a user and the division's head), rejection, return and resubmit,
// take into work, the errors (twice, out of turn, wrong state, another's request) and two
// approvals at once.

let t: TestApp;
let admin: SignedUp;
type Member = { userId: number; token: string; email: string };
let recruiter: Member, a1: Member, a2: Member, b1: Member, head: Member;
let author: Member, otherManager: Member;
let divisionId: number;
let divisionWithoutHead: number;
let templateId: number;
let headTemplateId: number;
const started: StepStartedEvent[] = [];

const post = (token: string, url: string, body?: unknown) =>
  call(t.app, 'POST', url, body, { token });

async function member(type: 'owner' | 'watcher', name: string): Promise<Member> {
  return addTeamMember(t.app, admin.token, { member_type: type, is_admin: false, name });
}

/** A draft of `author`, as the create form leaves it. */
async function draft(fields: { template?: number | null; division?: number | null } = {}) {
  const template = fields.template === undefined ? templateId : fields.template;
  const created = await post(author.token, '/api/vacancy_applications', {
    template_id: template,
    account_division_id: fields.division === undefined ? divisionId : fields.division,
    position: 'Бухгалтер',
    salary_from: 100000,
    salary_to: 150000,
    currency: 'RUB',
    needed: 2,
    body: 'Ведение учёта',
    requirements: 'Опыт от 3 лет',
    date_will_close: '31.12.2026',
    priority: 2,
    additional_fields_list: [{ type: 'string', name: 'Отдел', value: 'Финансы' }],
    ...(template === templateId ? { template_values: { reason: 'Рост отдела' } } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.message.state).toBe('draft');
  return created.body.message.id as number;
}

async function ok(token: string, url: string, body?: unknown) {
  const response = await post(token, url, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const state = async (id: number) =>
  (
    await systemRows<{ state: string; current_step: number | null; route: unknown }>(
      t.database,
      sql`select state, current_step, route from vacancy_applications where id = ${id}`,
    )
  )[0]!;

const history = (id: number) =>
  systemRows<{
    action: string;
    actor_user_id: number | null;
    step: number | null;
    comment: string | null;
  }>(
    t.database,
    sql`select action, actor_user_id, step, comment from vacancy_application_events
        where application_id = ${id} order by id`,
  );

const letters = (to: string) =>
  systemRows<{ kind: string; subject: string; text_body: string }>(
    t.database,
    sql`select kind, subject, text_body from mail_outbox where to_address = ${to} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  registerStepStartedListener((event) => {
    started.push(event);
  });
  admin = await signUpCompany(t.app);
  await systemRows(
    t.database,
    sql`update account_tariffs set users_limit = 100 where account_id = ${admin.accountId}`,
  );
  recruiter = await member('owner', 'Рекрутер');
  a1 = await member('owner', 'Алексей');
  a2 = await member('owner', 'Аркадий');
  b1 = await member('owner', 'Борис');
  head = await member('owner', 'Глава');
  author = await member('watcher', 'Автор');
  otherManager = await member('watcher', 'Другой');
  const created = async (url: string, body: unknown) =>
    (await ok(admin.token, url, body)) as { id: number };
  divisionId = (await created('/api/account_divisions', { name: 'Финансы', head_id: head.userId }))
    .id;
  divisionWithoutHead = (await created('/api/account_divisions', { name: 'Склад' })).id;
  templateId = (
    await created('/api/vacancy_application_templates', {
      name: 'Стандартная',
      fields: [{ key: 'reason', name: 'Причина', type: 'text', required: true }],
      steps: [
        {
          name: 'Руководители',
          mode: 'any',
          approvers: [
            { type: 'user', user_id: a1.userId },
            { type: 'user', user_id: a2.userId },
          ],
        },
        {
          name: 'Финансы',
          mode: 'all',
          deadline_days: 2,
          approvers: [{ type: 'user', user_id: b1.userId }, { type: 'division_head' }],
        },
      ],
    })
  ).id;
  headTemplateId = (
    await created('/api/vacancy_application_templates', {
      name: 'Через руководителя',
      steps: [{ name: 'Руководитель', mode: 'any', approvers: [{ type: 'division_head' }] }],
    })
  ).id;
});
afterAll(() => t.close());

describe('the route of a hiring request', () => {
  it('goes `any` of two users, then `all` of a user and the division head, to approved', async () => {
    const id = await draft();
    const submitted = await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(submitted).toMatchObject({ state: 'pending', current_step: 0 });
    expect(submitted.steps.map((s: { state: string }) => s.state)).toEqual(['pending', 'waiting']);
    expect(submitted.steps[1].approvers.map((a: { user_id: number }) => a.user_id)).toEqual([
      b1.userId,
      head.userId,
    ]);
    expect(started).toContainEqual(
      expect.objectContaining({ accountId: admin.accountId, requestId: id, stepIndex: 0 }),
    );
    expect((await letters(a1.email)).map((l) => l.subject)).toContain(
      'Заявка «Бухгалтер» ждёт вашего согласования',
    );
    expect(await letters(b1.email)).toEqual([]);

    const first = await ok(a1.token, `/api/vacancy_applications/${id}/approve`, {
      comment: 'Нужен',
    });
    expect(first).toMatchObject({ state: 'pending', current_step: 1 });
    expect(started).toContainEqual(expect.objectContaining({ requestId: id, stepIndex: 1 }));
    expect((await letters(b1.email)).map((l) => l.kind)).toEqual(['vacancy_application_step']);
    expect((await letters(head.email)).map((l) => l.kind)).toEqual(['vacancy_application_step']);

    // Twice: 409; out of turn (a2 was on the passed step and never decided): 403; nothing changes.
    const before = await state(id);
    const twice = await post(a1.token, `/api/vacancy_applications/${id}/approve`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Вы уже приняли решение по этой заявке');
    const outOfTurn = await post(a2.token, `/api/vacancy_applications/${id}/approve`, {});
    expect(outOfTurn.status).toBe(403);
    expect(outOfTurn.body.message).toBe('Сейчас заявка не на вашем шаге согласования');
    expect(await state(id)).toEqual(before);

    const oneOfAll = await ok(b1.token, `/api/vacancy_applications/${id}/approve`);
    expect(oneOfAll).toMatchObject({ state: 'pending', current_step: 1 });
    const twiceOnAll = await post(b1.token, `/api/vacancy_applications/${id}/approve`);
    expect(twiceOnAll.status).toBe(409);
    const last = await ok(head.token, `/api/vacancy_applications/${id}/approve`);
    expect(last).toMatchObject({ state: 'approved', current_step: null });
    expect(last.steps.map((s: { state: string }) => s.state)).toEqual(['approved', 'approved']);

    expect((await history(id)).map((h) => [h.action, h.actor_user_id, h.step, h.comment])).toEqual([
      ['create', author.userId, null, null],
      ['submit', author.userId, null, null],
      ['approve', a1.userId, 0, 'Нужен'],
      ['approve', b1.userId, 1, null],
      ['approve', head.userId, 1, null],
    ]);
    expect(last.history).toHaveLength(5);
    const audit = await systemRows<{ action: string; actor_user_id: number }>(
      t.database,
      sql`select action, actor_user_id from audit_events
          where target_type = 'vacancy_application' and target_id = ${id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'vacancy_application.created',
      'vacancy_application.submitted',
      'vacancy_application.approved',
      'vacancy_application.approved',
      'vacancy_application.approved',
    ]);
    const mail = await letters(author.email);
    expect(mail.map((l) => l.subject).at(-1)).toBe('Заявка «Бухгалтер» согласована');
  });

  it('a rejection with a comment returns the request to its author, rejected', async () => {
    const id = await draft();
    await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    const noComment = await post(a2.token, `/api/vacancy_applications/${id}/reject`, {});
    expect(noComment.status).toBe(400);
    const rejected = await ok(a2.token, `/api/vacancy_applications/${id}/reject`, {
      comment: 'Нет бюджета',
    });
    expect(rejected).toMatchObject({ state: 'rejected', current_step: null });
    expect(rejected.steps[0]).toMatchObject({ state: 'rejected' });
    expect(rejected.history.at(-1)).toMatchObject({
      action: 'reject',
      actor: { user_id: a2.userId },
      step: 0,
      comment: 'Нет бюджета',
    });
    expect(rejected.can.approve).toBe(false);
    const mail = (await letters(author.email)).at(-1)!;
    expect(mail.subject).toBe('Заявка «Бухгалтер» отклонена');
    expect(mail.text_body).toContain('Нет бюджета');
    const after = await post(a1.token, `/api/vacancy_applications/${id}/approve`);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('Заявка в состоянии «Отклонена»: действие недоступно');
  });

  it('return → edit → submit restarts the route at its first step', async () => {
    const id = await draft();
    await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    await ok(a1.token, `/api/vacancy_applications/${id}/approve`);
    const returned = await ok(b1.token, `/api/vacancy_applications/${id}/return`, {
      comment: 'Уточните зарплату',
    });
    expect(returned).toMatchObject({ state: 'returned', current_step: null });
    expect(returned.can).toMatchObject({ approve: false });
    expect((await letters(author.email)).at(-1)!.subject).toBe(
      'Заявка «Бухгалтер» возвращена на доработку',
    );
    // The author edits it and sends it again.
    const edited = await call(
      t.app,
      'PATCH',
      `/api/vacancy_applications/${id}`,
      { salary_to: 160000 },
      { token: author.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(again).toMatchObject({ state: 'pending', current_step: 0 });
    expect(
      again.steps.flatMap((s: { approvers: { decision: string | null }[] }) =>
        s.approvers.map((a) => a.decision),
      ),
    ).toEqual([null, null, null, null]);
    // a1 approved in the first round; in the new round they decide again.
    await ok(a1.token, `/api/vacancy_applications/${id}/approve`);
    expect((await state(id)).current_step).toBe(1);
  });

  it('take into work creates the vacancy with the request fields, linked both ways', async () => {
    const id = await draft({ template: null });
    const approved = await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(approved.state).toBe('approved');
    const byWatcher = await post(author.token, `/api/vacancy_applications/${id}/take`);
    expect(byWatcher.status).toBe(403);
    // A recruiter of other divisions does not see it; an admin does.
    const stranger = await post(recruiter.token, `/api/vacancy_applications/${id}/take`);
    expect(stranger.status).toBe(404);
    const taken = await ok(admin.token, `/api/vacancy_applications/${id}/take`);
    expect(taken.request).toMatchObject({ state: 'in_work', vacancy_id: taken.vacancy_id });
    const vacancy = await call(t.app, 'GET', `/api/vacancies/${taken.vacancy_id}`, undefined, {
      token: admin.token,
    });
    expect(vacancy.status).toBe(200);
    expect(vacancy.body.message).toMatchObject({
      position: 'Бухгалтер',
      salary_from: 100000,
      salary_to: 150000,
      currency: 'RUB',
      needed: 2,
      priority: 2,
      body: 'Ведение учёта',
      requirements: 'Опыт от 3 лет',
      date_will_close: '2026-12-31',
      account_division: { id: divisionId },
      vacancy_application_id: id,
      additional_fields_list: [{ type: 'string', name: 'Отдел', value: 'Финансы' }],
    });
    const again = await post(admin.token, `/api/vacancy_applications/${id}/take`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Заявка в состоянии «В работе»: действие недоступно');
    const vacancies = await systemRows(
      t.database,
      sql`select id from vacancies where vacancy_application_id = ${id}`,
    );
    expect(vacancies).toHaveLength(1);
    const closed = await ok(admin.token, `/api/vacancy_applications/${id}/close`);
    expect(closed.state).toBe('closed');
  });

  it('an action in a wrong state is 409 naming the state, and changes nothing', async () => {
    const id = await draft();
    const before = await state(id);
    const response = await post(author.token, `/api/vacancy_applications/${id}/approve`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Заявка в состоянии «Черновик»: действие недоступно');
    const take = await post(admin.token, `/api/vacancy_applications/${id}/take`);
    expect(take.status).toBe(409);
    expect(await state(id)).toEqual(before);
    expect((await history(id)).map((h) => h.action)).toEqual(['create']);
  });

  it('a watcher cannot see nor approve another manager’s request', async () => {
    const id = await draft();
    await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    const response = await post(otherManager.token, `/api/vacancy_applications/${id}/approve`);
    expect(response.status).toBe(404);
    const withdraw = await post(otherManager.token, `/api/vacancy_applications/${id}/withdraw`);
    expect(withdraw.status).toBe(404);
    expect((await state(id)).state).toBe('pending');
  });

  it('the author withdraws a pending request: closed, «Отозвал заявку» in its history', async () => {
    const id = await draft();
    await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    const byApprover = await post(a1.token, `/api/vacancy_applications/${id}/withdraw`);
    expect(byApprover.status).toBe(403);
    const withdrawn = await ok(author.token, `/api/vacancy_applications/${id}/withdraw`);
    expect(withdrawn).toMatchObject({ state: 'closed', current_step: null });
    expect(withdrawn.history.at(-1)).toMatchObject({ action: 'withdraw' });
    const late = await post(a1.token, `/api/vacancy_applications/${id}/approve`);
    expect(late.status).toBe(409);
  });

  it('a division_head approver needs a division with a head', async () => {
    const id = await draft({ template: headTemplateId, division: divisionWithoutHead });
    const response = await post(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('У подразделения не указан руководитель');
    expect((await state(id)).state).toBe('draft');
  });

  it('a required field the template gained after the draft must be filled before submit', async () => {
    const id = await draft({ template: headTemplateId });
    const changed = await call(
      t.app,
      'PATCH',
      `/api/vacancy_application_templates/${headTemplateId}`,
      { fields: [{ key: 'reason', name: 'Причина', type: 'text', required: true }] },
      { token: admin.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const response = await post(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Заполните поле «Причина»');
    expect((await state(id)).state).toBe('draft');
  });

  it('a draft whose template was deleted is not approved by nobody', async () => {
    const gone = (await ok(admin.token, '/api/vacancy_application_templates', {
      name: 'Временный',
      steps: [{ name: 'Шаг', mode: 'any', approvers: [{ type: 'user', user_id: a1.userId }] }],
    })) as { id: number };
    const id = await draft({ template: gone.id });
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/vacancy_application_templates/${gone.id}`,
      undefined,
      { token: admin.token },
    );
    expect(deleted.status).toBe(200);
    const response = await post(author.token, `/api/vacancy_applications/${id}/submit`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Шаблон заявки удалён: выберите другой шаблон и отправьте заявку снова',
    );
    expect((await state(id)).state).toBe('draft');
  });

  // On PostgreSQL (DATABASE_URL) the two requests really overlap, and without the row lock both
  // count (checked: [200, 200]); embedded PGlite runs one transaction at a time.
  it('two approvals at once: one wins, the other is refused', async () => {
    const id = await draft();
    await ok(author.token, `/api/vacancy_applications/${id}/submit`);
    // Two approvers of an `any` step at the same moment: the step passes once.
    const both = await Promise.all([
      post(a1.token, `/api/vacancy_applications/${id}/approve`),
      post(a2.token, `/api/vacancy_applications/${id}/approve`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    // The same approver twice at once on an `all` step: one counts.
    const same = await Promise.all([
      post(b1.token, `/api/vacancy_applications/${id}/approve`),
      post(b1.token, `/api/vacancy_applications/${id}/approve`),
    ]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    const approvals = (await history(id)).filter((h) => h.action === 'approve');
    expect(approvals.map((h) => h.step)).toEqual([0, 1]);
    expect(await state(id)).toMatchObject({ state: 'pending', current_step: 1 });
  });
});
