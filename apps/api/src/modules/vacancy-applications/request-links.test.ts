import { Writable } from 'node:stream';
import { PUBLIC_APPROVAL_ERRORS } from '@ats/contracts/vacancy-applications';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import {
  type SignedUp,
  addTeamMember,
  signUpCompany,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../platform/config.ts';
import { loggerOptions } from '../../platform/logger.ts';
import { createMailer } from '../../platform/mailer.ts';
import { REQUEST_APPROVAL_LIMIT } from './request-links.routes.ts';
import { remindOverdueApprovers, remindOverdueJob } from './request-reminders.ts';

// Approvers without an account (issue 17): the letter with a single-use, expiring link, the
// public page and decision by it, and the reminders of overdue steps — through HTTP, with the
// letters caught by a real SMTP server.

const PUBLIC_URL = 'https://ats.example.ru';
const DAY_MS = 86_400_000;
const LINK = new RegExp(`${PUBLIC_URL}/request-approval/([A-Za-z0-9_-]+)`);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logLines: string[] = [];
const tokensSeen: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions(loadConfig({ LOG_LEVEL: 'trace' })) as object;
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { logger: { ...options, stream } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const approvalUrl = (token: string) => `/api/public/request_approvals/${token}`;

/** Waits for the n-th letter to `email` and answers it with the token of its link. */
async function linkLetter(email: string, nth = 1) {
  const mail = await smtp.waitForLetter((m) => m.to.includes(email), nth);
  const match = LINK.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  tokensSeen.push(match![1]!);
  return { mail, token: match![1]! };
}

const lettersTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const REMINDER = 'Напоминание: согласование заявки: Аналитик';
/** The reminders to `email` (users also get the workflow's own letter when a step starts). */
const remindersTo = (email: string) => lettersTo(email).filter((m) => m.subject === REMINDER);

type Approver = { type: 'user'; user_id: number } | { type: 'email'; email: string; name?: string };

/** A template of the account, as an admin makes it in the editor. */
async function template(
  admin: SignedUp,
  steps: { name: string; mode?: 'any' | 'all'; approvers: Approver[]; deadline_days?: number }[],
) {
  const created = await call(
    t.app,
    'POST',
    '/api/vacancy_application_templates',
    {
      name: `Шаблон ${Math.random()}`,
      fields: [{ key: 'reason', name: 'Причина', type: 'text', required: true }],
      steps,
    },
    { token: admin.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message.id as number;
}

/** A request filled from the template and submitted by its author. */
async function submittedRequest(author: SignedUp, templateId: number, position: string) {
  const created = await call(
    t.app,
    'POST',
    '/api/vacancy_applications',
    {
      template_id: templateId,
      position,
      salary_from: 150000,
      salary_to: 200000,
      needed: 2,
      requirements: 'Опыт от 3 лет',
      template_values: { reason: 'Расширение отдела' },
    },
    { token: author.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.message.id as number;
  const submitted = await call(
    t.app,
    'POST',
    `/api/vacancy_applications/${id}/submit`,
    {},
    { token: author.token },
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return id;
}

type RouteApprover = { email: string | null; decision: string | null; comment: string | null };

/** The request as stored: its state, step, route with decisions and history. */
async function readRequest(id: number) {
  const [row] = await systemRows<{
    state: string;
    current_step: number | null;
    route: { approvers: RouteApprover[] }[];
  }>(t.database, sql`select state, current_step, route from vacancy_applications where id = ${id}`);
  const history = await systemRows<{
    action: string;
    actor_user_id: number | null;
    actor_email: string | null;
    comment: string | null;
  }>(
    t.database,
    sql`select action, actor_user_id, actor_email, comment from vacancy_application_events
        where application_id = ${id} order by id`,
  );
  return { ...row!, history };
}

const linksOf = (requestId: number) =>
  systemRows<{
    email: string;
    step: number;
    used_at: string | null;
    token_hash: string;
    expires_at: string;
  }>(
    t.database,
    sql`select email, step, used_at, token_hash, expires_at from vacancy_application_links
        where application_id = ${requestId} order by id`,
  );

describe('an approver without an account decides by the link in the letter', () => {
  let admin: SignedUp;
  const outside = uniqueEmail('cfo');

  beforeAll(async () => {
    admin = await signUpCompany(t.app, { name: 'Анна', company: 'ООО «Вектор»' });
  });

  it('gets a Russian letter with the link, opens the request without signing in and approves once', async () => {
    const templateId = await template(admin, [
      { name: 'Финансы', approvers: [{ type: 'email', email: outside, name: 'Олег Петров' }] },
    ]);
    const id = await submittedRequest(admin, templateId, 'Бухгалтер');
    const { mail, token } = await linkLetter(outside);
    expect(mail.subject).toBe('Согласование заявки: Бухгалтер');
    expect(mail.text).toContain('Олег Петров');
    expect(mail.text).toContain('ООО «Вектор»');
    // Only the hash is stored.
    const [stored] = await linksOf(id);
    expect(stored).toMatchObject({ email: outside, step: 0, used_at: null });
    // A step without a deadline: the link lives 14 days.
    expect(new Date(stored!.expires_at).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
    expect(new Date(stored!.expires_at).getTime() - Date.now()).toBeLessThan(14.1 * DAY_MS);
    expect(stored!.token_hash).not.toContain(token);

    const page = await call(t.app, 'GET', approvalUrl(token));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.message).toEqual({
      company: 'ООО «Вектор»',
      approver: { name: 'Олег Петров', email: outside },
      step: { index: 0, name: 'Финансы' },
      request: expect.objectContaining({
        position: 'Бухгалтер',
        salary_from: 150000,
        salary_to: 200000,
        needed: 2,
        requirements: 'Опыт от 3 лет',
        state: 'pending',
        author: 'Анна',
        template_values: [{ name: 'Причина', value: 'Расширение отдела' }],
        steps: [{ index: 0, name: 'Финансы', state: 'pending' }],
      }),
    });
    // Nothing but what the approver needs: no ids of the account, the request or its users.
    expect(JSON.stringify(page.body.message)).not.toMatch(/"[a-z_]*id"/);

    const decided = await call(t.app, 'POST', approvalUrl(token), {
      decision: 'approve',
      comment: 'Бюджет есть',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const request = await readRequest(id);
    expect(request.state).toBe('approved');
    expect(request.route[0]!.approvers[0]).toMatchObject({
      email: outside,
      decision: 'approved',
      comment: 'Бюджет есть',
    });
    expect(request.history.at(-1)).toMatchObject({
      action: 'approve',
      actor_user_id: null,
      actor_email: outside,
    });
    // The author sees who approved, as the app shows it.
    const seen = await call(t.app, 'GET', `/api/vacancy_applications/${id}`, undefined, {
      token: admin.token,
    });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.message.steps[0].approvers[0]).toMatchObject({
      type: 'email',
      email: outside,
      name: 'Олег Петров',
      decision: 'approved',
    });
    expect(seen.body.message.history.at(-1)).toMatchObject({
      action: 'approve',
      actor: { user_id: null, name: 'Олег Петров', email: outside },
    });

    for (const again of [
      await call(t.app, 'POST', approvalUrl(token), { decision: 'reject', comment: 'Передумал' }),
      await call(t.app, 'GET', approvalUrl(token)),
    ]) {
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PUBLIC_APPROVAL_ERRORS.used);
    }
    expect((await readRequest(id)).state).toBe('approved');
  });

  it('rejects with a comment (a rejection without one is refused) and the author sees it', async () => {
    const email = uniqueEmail('hr-director');
    const templateId = await template(admin, [
      { name: 'HR-директор', approvers: [{ type: 'email', email }], deadline_days: 30 },
    ]);
    const id = await submittedRequest(admin, templateId, 'Кладовщик');
    const { token } = await linkLetter(email);
    // A long deadline: the link lives until a week after it.
    const [link] = await linksOf(id);
    expect(new Date(link!.expires_at).getTime() - Date.now()).toBeGreaterThan(36.9 * DAY_MS);
    expect(new Date(link!.expires_at).getTime() - Date.now()).toBeLessThan(37.1 * DAY_MS);

    const bare = await call(t.app, 'POST', approvalUrl(token), { decision: 'reject' });
    expect(bare.status).toBe(400);
    expect((await readRequest(id)).state).toBe('pending');

    const rejected = await call(t.app, 'POST', approvalUrl(token), {
      decision: 'reject',
      comment: 'Нет бюджета до весны',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const request = await readRequest(id);
    expect(request.state).toBe('rejected');
    expect(request.history.at(-1)).toMatchObject({
      action: 'reject',
      comment: 'Нет бюджета до весны',
    });
  });

  it('an expired link answers 410 and changes nothing; an unknown one 404', async () => {
    const email = uniqueEmail('late');
    const templateId = await template(admin, [
      { name: 'Финансы', approvers: [{ type: 'email', email }] },
    ]);
    const id = await submittedRequest(admin, templateId, 'Курьер');
    const { token } = await linkLetter(email);
    await systemRows(
      t.database,
      sql`update vacancy_application_links set expires_at = now() - interval '1 minute'
          where application_id = ${id} returning id`,
    );
    for (const answer of [
      await call(t.app, 'GET', approvalUrl(token)),
      await call(t.app, 'POST', approvalUrl(token), { decision: 'approve' }),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body.message).toBe(PUBLIC_APPROVAL_ERRORS.expired);
    }
    const request = await readRequest(id);
    expect(request.state).toBe('pending');
    expect(request.route[0]!.approvers[0]!.decision).toBeNull();
    expect((await linksOf(id))[0]!.used_at).toBeNull();

    for (const unknown of [
      'x'.repeat(43),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const answer = await call(t.app, 'POST', approvalUrl(unknown), { decision: 'approve' });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(PUBLIC_APPROVAL_ERRORS.invalid);
    }
  });

  it('a link of a step the request has left is refused and changes nothing', async () => {
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Ирина',
    });
    const first = uniqueEmail('deputy');
    const second = uniqueEmail('ceo');
    const templateId = await template(admin, [
      {
        name: 'Руководитель',
        mode: 'any',
        approvers: [
          { type: 'user', user_id: colleague.userId },
          { type: 'email', email: first },
        ],
      },
      { name: 'Генеральный', approvers: [{ type: 'email', email: second }] },
    ]);
    const id = await submittedRequest(admin, templateId, 'Юрист');
    const { token: firstToken } = await linkLetter(first);
    expect(lettersTo(second)).toHaveLength(0);

    const approved = await call(
      t.app,
      'POST',
      `/api/vacancy_applications/${id}/approve`,
      {},
      {
        token: colleague.token,
      },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const { token: secondToken } = await linkLetter(second);
    const before = await readRequest(id);
    expect(before.current_step).toBe(1);

    for (const answer of [
      await call(t.app, 'GET', approvalUrl(firstToken)),
      await call(t.app, 'POST', approvalUrl(firstToken), { decision: 'approve' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Сейчас заявка не на вашем шаге согласования');
    }
    const after = await readRequest(id);
    expect(after.current_step).toBe(1);
    expect(after.route).toEqual(before.route);
    expect(after.history).toEqual(before.history);
    expect((await linksOf(id)).map((l) => l.used_at)).toEqual([null, null]);

    // The current step's link still works.
    const decided = await call(t.app, 'POST', approvalUrl(secondToken), { decision: 'approve' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await readRequest(id)).state).toBe('approved');
  });
});

describe('an overdue step reminds its approvers once a day', () => {
  it('mails the user and a fresh link to the outside approver, not twice in a day', async () => {
    const admin = await signUpCompany(t.app, { company: 'ООО «Сроки»' });
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Пётр',
    });
    const outside = uniqueEmail('slow');
    const templateId = await template(admin, [
      {
        name: 'Согласование',
        mode: 'all',
        deadline_days: 2,
        approvers: [
          { type: 'user', user_id: colleague.userId },
          { type: 'email', email: outside },
        ],
      },
    ]);
    const id = await submittedRequest(admin, templateId, 'Аналитик');
    const { token: firstToken } = await linkLetter(outside);
    const log = pino({ level: 'silent' });
    const deps = {
      database: t.database,
      config: t.config,
      log,
      mailer: createMailer(t.config, t.database.system, log),
    };
    const start = Date.now();

    await remindOverdueApprovers(deps, new Date(start + 1 * DAY_MS));
    expect(remindersTo(colleague.email)).toHaveLength(0);
    expect(lettersTo(outside)).toHaveLength(1);

    await remindOverdueApprovers(deps, new Date(start + 2 * DAY_MS + 60_000));
    const userReminder = remindersTo(colleague.email);
    expect(userReminder).toHaveLength(1);
    expect(userReminder[0]!.text).toContain(`${PUBLIC_URL}/requests/${id}`);
    const { mail, token: freshToken } = await linkLetter(outside, 2);
    expect(mail.subject).toBe(REMINDER);
    expect(freshToken).not.toBe(firstToken);

    // The same day again: nobody is reminded twice.
    await remindOverdueApprovers(deps, new Date(start + 2 * DAY_MS + 3_600_000));
    expect(remindersTo(colleague.email)).toHaveLength(1);
    expect(lettersTo(outside)).toHaveLength(2);

    // The fresh link works; the outside approver, having decided, is reminded no more.
    const decided = await call(t.app, 'POST', approvalUrl(freshToken), { decision: 'approve' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await remindOverdueApprovers(deps, new Date(start + 3 * DAY_MS + 120_000));
    expect(remindersTo(colleague.email)).toHaveLength(2);
    expect(lettersTo(outside)).toHaveLength(2);
  });
});

describe('the reminders run as a background job', () => {
  it('the job enqueued on the queue reminds an approver of a step overdue by the real clock', async () => {
    const admin = await signUpCompany(t.app, { company: 'ООО «Очередь»' });
    const outside = uniqueEmail('queued');
    const templateId = await template(admin, [
      { name: 'Финансы', deadline_days: 1, approvers: [{ type: 'email', email: outside }] },
    ]);
    const id = await submittedRequest(admin, templateId, 'Оператор');
    await linkLetter(outside);
    // The step began two days ago.
    await systemRows(
      t.database,
      sql`update vacancy_applications
          set step_started_at = now() - interval '2 days',
              route = jsonb_set(route, '{0,started_at}',
                                to_jsonb(to_char((now() - interval '2 days') at time zone 'UTC',
                                                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          where id = ${id} returning id`,
    );
    await systemRows(
      t.database,
      sql`update vacancy_application_links set created_at = now() - interval '2 days'
          where application_id = ${id} returning id`,
    );
    await t.queue.enqueue(remindOverdueJob, {});
    const { mail, token } = await linkLetter(outside, 2);
    expect(mail.subject).toBe('Напоминание: согласование заявки: Оператор');
    expect((await call(t.app, 'GET', approvalUrl(token))).status).toBe(200);
  });
});

describe('the public link is rate-limited like every anonymous call', () => {
  it('an address that keeps trying tokens gets 429 in Russian', async () => {
    const remoteAddress = uniqueAddress();
    const guess = (n: number) =>
      call(t.app, 'GET', approvalUrl(`guess-${n}`), undefined, { remoteAddress });
    for (let n = 0; n < REQUEST_APPROVAL_LIMIT.perClient; n++) {
      expect((await guess(n)).status).toBe(404);
    }
    const refused = await guess(-1);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(REQUEST_APPROVAL_LIMIT.message);
    // Another address is not affected.
    const other = await call(t.app, 'GET', approvalUrl('guess'), undefined, {
      remoteAddress: uniqueAddress(),
    });
    expect(other.status).toBe(404);
  });
});

describe('the token never reaches the log', () => {
  it('no request line or letter log names a link token', () => {
    expect(tokensSeen.length).toBeGreaterThan(3);
    const log = logLines.join('\n');
    expect(log).toContain('/api/public/request_approvals/');
    for (const token of tokensSeen) expect(log).not.toContain(token);
  });
});
