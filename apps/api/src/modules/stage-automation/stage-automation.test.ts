import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';
import { automationSweepJob } from './stage-automation.jobs.ts';
import { MAX_AUTOMATED_MOVES, RUN_FAILURES } from './stage-automation.runner.ts';
import { STAGE_NOT_FOUND } from './stage-automation.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: SignedUp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signUpCompany(t.app, { company: 'Ромашка' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Entry = { action: string; changes: Record<string, unknown> };

const ok = async <T = { id: number }>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token = admin.token,
) => {
  const response = await call(t.app, method, url, body, { token });
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.message as T;
};

const automationEntries = async (applicantId: number) =>
  (await ok<Entry[]>('GET', `/api/applicants/${applicantId}/worklog`)).filter(
    (e) => e.action === 'automation_run',
  );

/** Waits until the applicant's history holds `count` automation runs. */
async function waitForRuns(applicantId: number, count: number, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const entries = await automationEntries(applicantId);
    if (entries.length >= count) return entries;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`expected ${count} automation runs, got ${JSON.stringify(entries)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The letters to one address, with their text parts decoded (a letter has text and HTML). */
const mailsTo = (address: string) =>
  smtp.received
    .filter((m) => m.to.includes(address))
    .map((m) => ({
      subject: m.subject,
      text: [...m.raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
        .map((part) => Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'))
        .join('\n'),
    }));

async function waitForMail(address: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (mailsTo(address).length === 0) {
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailsTo(address);
}

async function person(email: string, lastName: string) {
  const [id] = await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Иван', lastName, email },
  ]);
  return id!;
}

describe('stage automation', () => {
  it('moving into a stage whose funnel stage has a rule sends the template and writes the history', async () => {
    const template = await ok('POST', '/api/account_mail_temps', {
      name: 'Приглашение',
      title: 'Приглашение на интервью, %applicant.name%',
      description: '<p>Ждём вас на интервью по вакансии «%vacancy.name%».</p>',
      is_shared: true,
    });
    const [funnel] = await ok<{ id: number; statuses: { id: number; name: string }[] }[]>(
      'GET',
      '/api/status_groups',
    );
    const funnelStage = funnel!.statuses.find((s) => s.name === 'Интервью с HR')!;
    const rule = await ok<{ id: number; status_group_id: number }>(
      'POST',
      '/api/stage_automation_rules',
      {
        status_id: funnelStage.id,
        trigger: 'enter',
        action: 'send_template',
        params: { mail_template_id: template.id },
      },
    );
    expect(rule.status_group_id).toBe(funnel!.id);
    const listed = await ok<{ id: number }[]>(
      'GET',
      `/api/stage_automation_rules?status_group_id=${funnel!.id}`,
    );
    expect(listed.map((r) => r.id)).toEqual([rule.id]);

    try {
      await moveIntoInterview();
    } finally {
      await ok('DELETE', `/api/stage_automation_rules/${rule.id}`);
    }

    async function moveIntoInterview() {
      const vacancy = await openVacancy(t.app, admin.token, { position: 'Бухгалтер' });
      const applicantId = await person('ivanov@example.com', 'Иванов');
      const application = await ok('POST', '/api/applications', {
        applicant_id: applicantId,
        vacancy_id: vacancy.id,
      });
      const interview = vacancy.statuses.find((s) => s.name === 'Интервью с HR')!;
      await ok('POST', `/api/applications/${application.id}/move`, { status_id: interview.id });

      const [mail] = await waitForMail('ivanov@example.com');
      expect(mail!.subject).toBe('Приглашение на интервью, Иванов Иван');
      expect(mail!.text).toContain('Ждём вас на интервью по вакансии «Бухгалтер».');
      const [entry] = await waitForRuns(applicantId, 1);
      expect(entry!.changes).toMatchObject({
        result: 'done',
        stage_name: 'Интервью с HR',
        vacancy_name: 'Бухгалтер',
        rule_id: rule.id,
      });
      // Placing on the first stage (no rule there) ran nothing; the move ran its rule once.
      await new Promise((r) => setTimeout(r, 600));
      expect(mailsTo('ivanov@example.com')).toHaveLength(1);
    }
  });

  it('a rule’s letter goes through the applicant’s conversation when the company has a mailbox', async () => {
    const company = await signUpCompany(t.app, { company: 'Переписка' });
    const as = <T = { id: number }>(method: 'GET' | 'POST', url: string, body?: unknown) =>
      ok<T>(method, url, body, company.token);
    await t.database.system.execute(sql`
      insert into msg_channels (account_id, kind, name, state, external_id, address, settings,
        webhook_key)
      values (${company.accountId}, 'email', 'hr@rule.example', 'active', 'hr@rule.example',
        'hr@rule.example', ${JSON.stringify({ email: 'hr@rule.example' })}::jsonb,
        ${`rule-conversation-${company.accountId}`})`);
    const [funnel] = await as<{ id: number; statuses: { id: number; name: string }[] }[]>(
      'GET',
      '/api/status_groups',
    );
    await as('POST', '/api/stage_automation_rules', {
      status_id: funnel!.statuses.find((s) => s.name === 'Интервью с HR')!.id,
      trigger: 'enter',
      action: 'send_message',
      params: { subject: 'Ждём на интервью', body: 'Приходите во вторник к 10:00.' },
    });
    const vacancy = await openVacancy(t.app, company.token, { position: 'Кассир' });
    const [applicantId] = (await insertApplicants(t.database, company.accountId, [
      { firstName: 'Ольга', lastName: 'Правилова', email: 'olga@rule.example' },
    ])) as [number];
    const application = await as('POST', '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
    });
    const interview = vacancy.statuses.find((s) => s.name === 'Интервью с HR')!;
    await as('POST', `/api/applications/${application.id}/move`, { status_id: interview.id });

    const started = Date.now();
    let history: { items: { state: string; subject: string; channel_kind: string }[] };
    for (;;) {
      history = await as(
        'GET',
        `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
      );
      if (history.items[0]?.state === 'sent' || Date.now() - started > 15_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      state: 'sent',
      channel_kind: 'email',
      subject: 'Ждём на интервью',
    });
    const entries = (await as<Entry[]>('GET', `/api/applicants/${applicantId}/worklog`)).filter(
      (e) => e.action === 'automation_run',
    );
    expect(entries[0]!.changes).toMatchObject({
      result: 'done',
      automation: 'сообщение «Ждём на интервью» в переписку на olga@rule.example',
    });
    await waitForMail('olga@rule.example');
    expect(mailsTo('olga@rule.example')).toHaveLength(1);
  });

  it('«stays longer than N days» fires once per entry into the stage, however often the check runs', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Кладовщик' });
    const stage = vacancy.statuses.find((s) => s.name === 'Первичный контакт')!;
    await ok('POST', '/api/stage_automation_rules', {
      status_id: stage.id,
      trigger: 'stay',
      stay_days: 2,
      action: 'send_message',
      params: { subject: 'Мы о вас помним', body: 'Здравствуйте, %applicant.first_name%!' },
    });
    const applicantId = await person('petrov@example.com', 'Петров');
    const application = await ok('POST', '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      status_id: stage.id,
    });
    const sweeps = async () =>
      (
        await systemRows<{ n: number }>(
          t.database,
          sql`select count(*)::int as n from pgboss.job
              where name = ${automationSweepJob.name} and state = 'completed'`,
        )
      )[0]!.n;
    const sweepOnce = async () => {
      const before = await sweeps();
      await t.queue.enqueue(automationSweepJob, {});
      const started = Date.now();
      while ((await sweeps()) === before) {
        if (Date.now() - started > 10_000) throw new Error('the sweep did not run');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // One day in: not yet.
    await systemRows(
      t.database,
      sql`update applications set entered_status_at = now() - interval '1 day'
          where id = ${application.id}`,
    );
    await sweepOnce();
    expect(mailsTo('petrov@example.com')).toHaveLength(0);
    // Three days in: once, however many checks follow.
    await systemRows(
      t.database,
      sql`update applications set entered_status_at = now() - interval '3 days'
          where id = ${application.id}`,
    );
    await sweepOnce();
    await sweepOnce();
    await sweepOnce();
    await waitForMail('petrov@example.com');
    const letters = mailsTo('petrov@example.com');
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe('Мы о вас помним');
    expect(letters[0]!.text).toContain('Здравствуйте, Иван!');
    const entries = await automationEntries(applicantId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toMatchObject({ result: 'done', trigger: 'stay' });
  });

  it('a chain of moving rules stops after a few moves, the stop in the history with its reason', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Курьер' });
    const a = vacancy.statuses.find((s) => s.name === 'Интервью с HR')!;
    const b = vacancy.statuses.find((s) => s.name === 'Интервью с заказчиком')!;
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      await ok('POST', '/api/stage_automation_rules', {
        status_id: from.id,
        trigger: 'enter',
        action: 'move_to_stage',
        params: { status_id: to.id },
      });
    }
    const applicantId = await person('sidorov@example.com', 'Сидоров');
    await ok('POST', '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      status_id: a.id,
    });
    const entries = await waitForRuns(applicantId, MAX_AUTOMATED_MOVES + 1);
    await new Promise((r) => setTimeout(r, 800));
    const all = await automationEntries(applicantId);
    expect(all).toHaveLength(MAX_AUTOMATED_MOVES + 1);
    expect(entries.filter((e) => e.changes.result === 'done')).toHaveLength(MAX_AUTOMATED_MOVES);
    expect(all.find((e) => e.changes.result === 'failed')!.changes.error).toBe(RUN_FAILURES.chain);
  });

  it('the actions stored on a stage run too; an unknown one is recorded as failed with why', async () => {
    const template = await ok('POST', '/api/account_mail_temps', {
      name: 'Оффер',
      title: 'Предложение о работе',
      description: '<p>Поздравляем!</p>',
    });
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Водитель' });
    const offer = vacancy.statuses.find((s) => s.name === 'Оффер')!;
    await ok('PATCH', `/api/statuses/${offer.id}`, {
      actions: [
        { name: 'send_template', action_params: { template_id: template.id } },
        { name: 'sites', action_params: { site: 2 } },
      ],
    });
    const applicantId = await person('orlov@example.com', 'Орлов');
    await ok('POST', '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      status_id: offer.id,
    });
    const entries = await waitForRuns(applicantId, 2);
    const byResult = Object.fromEntries(entries.map((e) => [e.changes.result, e.changes]));
    expect(byResult.done).toMatchObject({
      automation: 'письмо по шаблону «Оффер» на orlov@example.com',
    });
    expect(byResult.failed).toMatchObject({ error: RUN_FAILURES.unknown('sites') });
    expect(mailsTo('orlov@example.com').map((m) => m.subject)).toEqual(['Предложение о работе']);
  });

  it('a rule may put an action off for later: a delayed task for the applicant, in the history', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Повар' });
    const stage = vacancy.statuses.find((s) => s.name === 'Интервью с заказчиком')!;
    const offer = vacancy.statuses.find((s) => s.name === 'Оффер')!;
    await ok('POST', '/api/stage_automation_rules', {
      status_id: stage.id,
      trigger: 'enter',
      action: 'schedule_task',
      params: { kind: 'move_stage', workdays: 3, time: '10:00', status_id: offer.id },
    });
    const applicantId = await person('kozlov@example.com', 'Козлов');
    await ok('POST', '/api/applications', {
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      status_id: stage.id,
    });
    const [entry] = await waitForRuns(applicantId, 1);
    expect(entry!.changes).toMatchObject({ result: 'done' });
    const tasks = await ok<{ items: { kind: string; params: Record<string, unknown> }[] }>(
      'GET',
      `/api/delayed_tasks?applicant_id=${applicantId}`,
    );
    expect(tasks.items).toHaveLength(1);
    expect(tasks.items[0]).toMatchObject({
      kind: 'move_stage',
      params: { vacancy_id: vacancy.id, status_id: offer.id },
    });
    const missing = await call(
      t.app,
      'POST',
      '/api/stage_automation_rules',
      {
        status_id: stage.id,
        trigger: 'enter',
        action: 'schedule_task',
        params: { kind: 'send_letter', workdays: 1, time: '25:00' },
      },
      { token: admin.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.['params.time']).toBe('Время в формате ЧЧ:ММ, например 10:00');
  });

  it('answers in Russian for bad rules and 404 for another account’s stage or rule', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Юрист' });
    const stage = vacancy.statuses[1]!;
    const post = (body: unknown, token = admin.token) =>
      call(t.app, 'POST', '/api/stage_automation_rules', body, { token });

    const noDays = await post({
      status_id: stage.id,
      trigger: 'stay',
      action: 'send_message',
      params: { subject: 'Т', body: 'Т' },
    });
    expect(noDays.status).toBe(400);
    expect(noDays.body.errors?.stay_days).toBe('Укажите число дней от 1 до 365');
    const noTemplate = await post({
      status_id: stage.id,
      trigger: 'enter',
      action: 'send_template',
      params: {},
    });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.errors?.['params.mail_template_id']).toBe('Выберите шаблон письма');
    const badTrigger = await post({
      status_id: stage.id,
      trigger: 'soon',
      action: 'send_message',
      params: {},
    });
    expect(badTrigger.status).toBe(400);
    expect(badTrigger.body.errors?.trigger).toMatch(/^Условие/);

    const rule = await ok('POST', '/api/stage_automation_rules', {
      status_id: stage.id,
      trigger: 'enter',
      action: 'send_message',
      params: { subject: 'Привет', body: 'Текст' },
    });
    const other = await signUpCompany(t.app, { company: 'Василёк' });
    const foreign = await post(
      {
        status_id: stage.id,
        trigger: 'enter',
        action: 'send_message',
        params: { subject: 'Т', body: 'Т' },
      },
      other.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(STAGE_NOT_FOUND);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        t.app,
        method,
        `/api/stage_automation_rules/${rule.id}`,
        method === 'PATCH' ? { is_active: false } : undefined,
        { token: other.token },
      );
      expect(response.status, method).toBe(404);
    }
    const theirs = await ok<unknown[]>(
      'GET',
      `/api/stage_automation_rules?vacancy_id=${vacancy.id}`,
      undefined,
      other.token,
    );
    expect(theirs).toEqual([]);
    // A funnel stage's rule moves only within that funnel.
    const elsewhere = await post({
      status_id: stage.id,
      trigger: 'enter',
      action: 'move_to_stage',
      params: { status_id: (await openVacancy(t.app, admin.token)).statuses[2]!.id },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Этап перевода должен быть из той же воронки или вакансии');
  });
});
