import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { runDueDelayedTasks } from './delayed-tasks.runner.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: SignedUp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://ats.example' },
    process.env.DT_DEBUG ? { logger: { level: 'error' } } : {},
  );
  admin = await signUpCompany(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  token = admin.token,
) => call(t.app, method, path, body, { token });

const soon = (ms = 500) => new Date(Date.now() + ms).toISOString();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    }
    await sleep(100);
  }
}

async function template(subject: string, body: string) {
  const created = await api('POST', '/api/account_mail_temps', {
    name: `Шаблон ${subject}`,
    title: subject,
    description: body,
    is_shared: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message.id as number;
}

const taskOf = (id: number) => api('GET', `/api/delayed_tasks/${id}`).then((r) => r.body.message);
const subTasksOf = (id: number) =>
  api('GET', `/api/delayed_tasks/${id}/sub_tasks`).then((r) => r.body.message);

describe('the kinds a user may schedule', () => {
  it('offers a recruiter every kind built here and a hiring manager only a reminder', async () => {
    const own = await api('GET', '/api/delayed_tasks/menu_items');
    expect(own.status).toBe(200);
    expect(own.body.message.map((item: { kind: string }) => item.kind)).toEqual([
      'send_letter',
      'send_message',
      'move_stage',
      'remind_user',
      'create_event',
    ]);
    expect(own.body.message[0].name).toBe('Отправить письмо по шаблону');
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const theirs = await api('GET', '/api/delayed_tasks/menu_items', undefined, watcher.token);
    expect(theirs.body.message).toEqual([{ kind: 'remind_user', name: 'Напомнить пользователю' }]);
    const refused = await api(
      'POST',
      '/api/delayed_tasks',
      {
        kind: 'send_message',
        applicant_ids: [1],
        schedule: { at: inAnHour() },
        subject: 'a',
        text: 'b',
      },
      watcher.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Это отложенное действие вам недоступно');
  });
});

describe('bad input answers in Russian', () => {
  it('names the missing field, a time past, a time badly written and applicants not in the base', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Иван', email: 'ivan@example.com' },
    ]);
    const noTemplate = await api('POST', '/api/delayed_tasks', {
      kind: 'send_letter',
      applicant_ids: [id],
      schedule: { at: inAnHour() },
    });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.errors?.template_id ?? JSON.stringify(noTemplate.body)).toContain(
      'Выберите шаблон письма',
    );

    const past = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { at: '2020-01-01T10:00:00+03:00' },
      subject: 'Тема',
      text: 'Текст',
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Это время уже прошло: выберите время в будущем');

    const badTime = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { workdays: 2, time: '25:00' },
      subject: 'Тема',
      text: 'Текст',
    });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain('Время в формате ЧЧ:ММ');

    const stranger = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id, 99_999_999],
      schedule: { at: inAnHour() },
      subject: 'Тема',
      text: 'Текст',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Кандидаты не найдены: 99999999');
  });

  it('keeps another account’s tasks out of sight', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Ольга', email: 'olga@example.com' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { at: inAnHour() },
      subject: 'Тема',
      text: 'Текст',
    });
    const other = await signUpCompany(t.app);
    const seen = await api(
      'GET',
      `/api/delayed_tasks/${created.body.message.id}`,
      undefined,
      other.token,
    );
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe('Отложенная задача не найдена');
    const list = await api('GET', '/api/delayed_tasks', undefined, other.token);
    expect(list.body.message.total).toBe(0);
    const cancel = await api(
      'DELETE',
      `/api/delayed_tasks/${created.body.message.id}`,
      undefined,
      other.token,
    );
    expect(cancel.status).toBe(404);
  });
});

describe('a delayed letter by template', () => {
  it('is sent at its time to each applicant, records who had no address, and retries the failures', async () => {
    const templateId = await template(
      'Приглашение, %applicant.first_name%',
      '<p>Ждём вас, %applicant.name%</p>',
    );
    const ids = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Пётр', lastName: 'Петров', email: 'petr@example.com' },
      { firstName: 'Мария', lastName: 'Сидорова', email: 'maria@example.com' },
      { firstName: 'Глеб', lastName: 'Безадресный' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_letter',
      applicant_ids: ids,
      schedule: { at: soon(1500) },
      template_id: templateId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = created.body.message;
    expect(task).toMatchObject({
      kind: 'send_letter',
      state: 'upcoming',
      counts: { total: 3, queued: 3 },
    });
    expect(task.title).toBe(
      'Отправить письмо по шаблону — Шаблон Приглашение, %applicant.first_name%',
    );
    const upcoming = await api('GET', '/api/delayed_tasks?state=upcoming');
    expect(upcoming.body.message.items.map((x: { id: number }) => x.id)).toContain(task.id);
    // Not before its time.
    expect(smtp.received.filter((m) => m.to.includes('petr@example.com'))).toHaveLength(0);

    const after = await until(
      () => taskOf(task.id),
      (x) => x.counts.queued === 0,
      'the run',
    );
    expect(after).toMatchObject({ state: 'failed', counts: { done: 2, failed: 1 } });
    const letter = await smtp.waitForLetter((m) => m.to.includes('petr@example.com'));
    expect(letter.subject).toBe('Приглашение, Пётр');
    const [stored] = await systemRows<{ text_body: string }>(
      t.database,
      sql`select text_body from mail_outbox where to_address = 'petr@example.com'`,
    );
    expect(stored!.text_body).toContain('Ждём вас, Петров Пётр');
    await smtp.waitForLetter((m) => m.to.includes('maria@example.com'));

    const subs = await subTasksOf(task.id);
    expect(subs.map((s: { state: string }) => s.state)).toEqual(['done', 'done', 'failed']);
    expect(subs[0].result).toBe('Письмо «Приглашение, Пётр» отправлено на petr@example.com');
    expect(subs[2]).toMatchObject({
      applicant_name: 'Безадресный Глеб',
      state_name: 'Ошибка',
      reason: 'У кандидата не указан e-mail',
    });
    const failed = await api('GET', '/api/delayed_tasks?state=failed');
    expect(failed.body.message.items.map((x: { id: number }) => x.id)).toContain(task.id);

    // Done ones are not editable or cancellable; the failure is retried once the address exists.
    const edit = await api('PATCH', `/api/delayed_tasks/${task.id}`, {
      schedule: { at: inAnHour() },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Задача уже началась: изменить её нельзя');
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(sql`update applicants set email = 'gleb@example.com' where id = ${ids[2]!}`),
    );
    const retried = await api('POST', `/api/delayed_tasks/${task.id}/retry`);
    expect(retried.status).toBe(200);
    const done = await until(
      () => taskOf(task.id),
      (x) => x.state === 'done',
      'the retry',
    );
    expect(done.counts).toMatchObject({ done: 3, failed: 0 });
    await smtp.waitForLetter((m) => m.to.includes('gleb@example.com'));
    const again = await api('POST', `/api/delayed_tasks/${task.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('В задаче нет действий с ошибкой');
    expect(smtp.received.filter((m) => m.to.includes('petr@example.com'))).toHaveLength(1);
  });
});

describe('a delayed letter through the applicant’s conversation', () => {
  it('goes by the company’s mailbox channel, once, and is in the card’s «Переписка» with its delivery state', async () => {
    const company = await signUpCompany(t.app);
    const as = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(t.app, method, path, body, { token: company.token });
    // A connected company mailbox (its IMAP side plays no part in sending: the server's SMTP).
    await t.database.system.execute(sql`
      insert into msg_channels (account_id, kind, name, state, external_id, address, settings,
        webhook_key)
      values (${company.accountId}, 'email', 'hr@conversation.example', 'active',
        'hr@conversation.example', 'hr@conversation.example',
        ${JSON.stringify({ email: 'hr@conversation.example' })}::jsonb,
        ${`dt-conversation-${company.accountId}`})`);
    const created = await as('POST', '/api/account_mail_temps', {
      name: 'Приглашение в переписку',
      title: 'Ждём вас, %applicant.first_name%',
      description: '<p>Приходите во вторник</p>',
      is_shared: true,
    });
    const [applicantId] = (await insertApplicants(t.database, company.accountId, [
      { firstName: 'Вера', lastName: 'Перепискина', email: 'vera@conversation.example' },
    ])) as [number];
    const task = await as('POST', '/api/delayed_tasks', {
      kind: 'send_letter',
      applicant_ids: [applicantId],
      schedule: { at: soon(800) },
      template_id: created.body.message.id,
    });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    await until(
      () => as('GET', `/api/delayed_tasks/${task.body.message.id}`).then((r) => r.body.message),
      (x) => x.state === 'done',
      'the run',
    );
    const [sub] = (await as('GET', `/api/delayed_tasks/${task.body.message.id}/sub_tasks`)).body
      .message;
    expect(sub.result).toBe(
      'Письмо «Ждём вас, Вера» отправлено в переписку с кандидатом (e-mail, vera@conversation.example)',
    );
    const history = await until(
      () =>
        as('GET', `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`).then(
          (r) => r.body.message,
        ),
      (x) => x.items.length === 1 && x.items[0].state === 'sent',
      'the message sent',
    );
    expect(history.items[0]).toMatchObject({
      direction: 'out',
      channel_kind: 'email',
      subject: 'Ждём вас, Вера',
      author: { type: 'user', user_id: company.userId },
      can_retry: false,
    });
    const letter = await smtp.waitForLetter((m) => m.to.includes('vera@conversation.example'));
    expect(letter.subject).toBe('Ждём вас, Вера');
    expect(letter.raw).toContain('hr@conversation.example');
    // Not through the server's mail as well: one letter, and no row of the mail outbox.
    await sleep(300);
    expect(smtp.received.filter((m) => m.to.includes('vera@conversation.example'))).toHaveLength(1);
    const mailed = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from mail_outbox where to_address = 'vera@conversation.example'`,
    );
    expect(mailed[0]!.n).toBe(0);
  });
});

describe('time on the production calendar', () => {
  it('puts «in 3 working days at 10:00» on the calendar’s third working day, at 10:00 in Moscow', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Анна', email: 'anna@example.com' },
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
      new Date(),
    );
    const expected = await api(
      'GET',
      `/api/account_calendar/date_by_workdays?date=${today}&days=3`,
    );
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { workdays: 3, time: '10:00' },
      subject: 'Тема',
      text: 'Текст',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message.run_at).toBe(
      new Date(`${expected.body.message.date}T10:00:00+03:00`).toISOString(),
    );
    expect(created.body.message.schedule).toEqual({ workdays: 3, time: '10:00' });
  });
});

describe('the channel of a delayed message', () => {
  it('keeps «Канал» Telegram given on create (the runner reads it)', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Вера', email: 'vera-channel@example.com' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { at: inAnHour() },
      subject: 'Тема',
      text: 'Текст',
      channel: 'telegram',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message.params).toMatchObject({ channel: 'telegram' });
    const read = await api('GET', `/api/delayed_tasks/${created.body.message.id}`);
    expect(read.body.message.params).toMatchObject({ channel: 'telegram' });
  });
});

describe('edit and cancel until the task starts', () => {
  it('moves the time, changes the text, then cancels; a cancelled task stays cancelled', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Денис', email: 'denis@example.com' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { at: inAnHour() },
      subject: 'Тема',
      text: 'Текст',
    });
    const taskId = created.body.message.id;
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const edited = await api('PATCH', `/api/delayed_tasks/${taskId}`, {
      schedule: { at: later },
      text: 'Новый текст',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message.run_at).toBe(new Date(later).toISOString());
    expect(edited.body.message.params).toMatchObject({ subject: 'Тема', text: 'Новый текст' });
    const cancelled = await api('DELETE', `/api/delayed_tasks/${taskId}`);
    expect(cancelled.body.message).toMatchObject({ state: 'cancelled', counts: { cancelled: 1 } });
    const twice = await api('DELETE', `/api/delayed_tasks/${taskId}`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Задача уже выполнена или отменена: отменять нечего');
    const editCancelled = await api('PATCH', `/api/delayed_tasks/${taskId}`, { text: 'x' });
    expect(editCancelled.status).toBe(409);
    const list = await api('GET', '/api/delayed_tasks?state=cancelled');
    expect(list.body.message.items.map((x: { id: number }) => x.id)).toContain(taskId);
  });

  it('a task cancelled before its moment sends nothing', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Вера', email: 'vera@example.com' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: [id],
      schedule: { at: soon(1500) },
      subject: 'Отменённое',
      text: 'Текст',
    });
    await api('DELETE', `/api/delayed_tasks/${created.body.message.id}`);
    await sleep(2500);
    expect(smtp.received.filter((m) => m.to.includes('vera@example.com'))).toHaveLength(0);
    expect((await taskOf(created.body.message.id)).state).toBe('cancelled');
  });
});

describe('moving to a stage and reminding a user', () => {
  it('moves each applicant on the vacancy and tells who was not on it', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      owners: [admin.userId],
    });
    const [on, off] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Лев', email: 'lev@example.com' },
      { firstName: 'Ян', email: 'yan@example.com' },
    ]);
    const placed = await api('POST', '/api/applications', {
      applicant_id: on,
      vacancy_id: vacancy.id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const target = vacancy.stages.find(
      (s) => !s.is_reject && s.id !== placed.body.message.status_id,
    )!;
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'move_stage',
      applicant_ids: [on, off],
      schedule: { at: soon() },
      vacancy_id: vacancy.id,
      status_id: target.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await until(
      () => taskOf(created.body.message.id),
      (x) => x.counts.queued === 0,
      'the move',
    );
    const subs = await subTasksOf(created.body.message.id);
    expect(subs[0]).toMatchObject({ state: 'done', result: `Переведён на этап «${target.name}»` });
    expect(subs[1]).toMatchObject({ state: 'failed', reason: 'Кандидат не на этой вакансии' });
    const app = await api('GET', `/api/applications/${placed.body.message.id}`);
    expect(app.body.message.status_id).toBe(target.id);
  });

  it('reminds a colleague by mail with the applicant’s name and link', async () => {
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Борис',
    });
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Эмма', lastName: 'Кац' },
    ]);
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'remind_user',
      applicant_ids: [id],
      schedule: { at: soon() },
      user_id: colleague.userId,
      text: 'Перезвонить кандидату',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const letter = await smtp.waitForLetter((m) => m.to.includes(colleague.email));
    expect(letter.subject).toBe('Напоминание: Напомнить пользователю — Борис');
    expect(letter.text).toContain('Перезвонить кандидату');
    expect(letter.text).toContain(`Кандидат: Кац Эмма`);
    expect(letter.text).toContain(`https://ats.example/applicants/${id}`);
  });
});

describe('each sub-task runs once', () => {
  it('with several runners at once, 60 letters go out once each', async () => {
    const ids = await insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: 60 }, (_, i) => ({
        firstName: `Гонка${i}`,
        email: `race${i}@example.com`,
      })),
    );
    // Due in the past by the database's clock, with the queue's own runs racing these three.
    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      applicant_ids: ids,
      schedule: { at: soon(0) },
      subject: 'Гонка',
      text: 'Один раз',
    });
    const context = { config: t.config, database: t.database, log: pino({ level: 'silent' }) };
    await Promise.all([
      runDueDelayedTasks(context),
      runDueDelayedTasks(context),
      runDueDelayedTasks(context),
    ]);
    await until(
      () => taskOf(created.body.message.id),
      (x) => x.state === 'done',
      'all done',
    );
    await until(
      async () => smtp.received.filter((m) => m.subject === 'Гонка').length,
      (n) => n >= 60,
      '60 letters',
    );
    await sleep(500);
    const letters = smtp.received.filter((m) => m.subject === 'Гонка');
    expect(letters).toHaveLength(60);
    expect(new Set(letters.map((m) => m.to[0])).size).toBe(60);
    const outbox = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from mail_outbox where subject = 'Гонка'`,
    );
    expect(Number(outbox[0]!.n)).toBe(60);
  });
});

describe('«Создать встречу»', () => {
  it('creates each applicant’s event with invitations at the task’s moment; a busy slot fails that sub-task with the reason', async () => {
    const [first, second] = (await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Вера', lastName: 'Встречина', email: 'vera.meet@example.ru' },
      { firstName: 'Глеб', lastName: 'Встречин', email: 'gleb.meet@example.ru' },
    ])) as [number, number];
    const missing = await api('POST', '/api/delayed_tasks', {
      kind: 'create_event',
      applicant_ids: [first],
      schedule: { at: inAnHour() },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.event).toBe('Укажите дату и время встречи');
    const reversed = await api('POST', '/api/delayed_tasks', {
      kind: 'create_event',
      applicant_ids: [first],
      schedule: { at: inAnHour() },
      event: { date: '2031-04-10', time_begin: '11:00', time_end: '10:00' },
    });
    expect(reversed.status).toBe(400);

    const created = await api('POST', '/api/delayed_tasks', {
      kind: 'create_event',
      title: 'Собеседование по задаче',
      applicant_ids: [first, second],
      schedule: { at: soon() },
      event: {
        date: '2031-04-10',
        time_begin: '10:00',
        time_end: '11:00',
        link: 'https://telemost.yandex.ru/j/42',
        admin_user_ids: [admin.userId],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await until(
      () => taskOf(created.body.message.id),
      (x) => x.state === 'done' || x.state === 'failed',
      'the task finished',
    );
    expect(task.counts).toMatchObject({ done: 1, failed: 1 });
    const subs = (await subTasksOf(created.body.message.id)) as {
      applicant_id: number;
      state: string;
      result: string | null;
      reason: string | null;
    }[];
    const done = subs.find((sub) => sub.state === 'done')!;
    const failed = subs.find((sub) => sub.state === 'failed')!;
    expect(done.result).toBe(
      'Встреча «Собеседование по задаче» назначена на 10.04.2031 10:00–11:00',
    );
    expect(failed.reason).toBe('У участника уже есть встреча в это время');

    const events = await api('GET', `/api/events?applicant_id=${done.applicant_id}`);
    expect(events.body.message).toHaveLength(1);
    expect(events.body.message[0]).toMatchObject({
      title: 'Собеседование по задаче',
      date: '2031-04-10',
      time_begin: '10:00',
      admin_user_ids: [admin.userId],
      applicant_id: done.applicant_id,
    });
    const none = await api('GET', `/api/events?applicant_id=${failed.applicant_id}`);
    expect(none.body.message).toHaveLength(0);
    const doneEmail = done.applicant_id === first ? 'vera.meet@example.ru' : 'gleb.meet@example.ru';
    const invitation = await until(
      async () => smtp.received.find((m) => m.to.includes(doneEmail)),
      (m) => m !== undefined,
      'the applicant’s invitation',
    );
    expect(invitation!.subject).toBe('Приглашение: Собеседование по задаче, 10.04.2031 10:00');
    expect(invitation!.raw).toContain('METHOD:REQUEST');
  });
});
