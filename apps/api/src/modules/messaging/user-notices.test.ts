import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { USER_TELEGRAM_TEXTS } from '@ats/contracts/messaging-telegram';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type SeededVacancy, insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import {
  type FakeTelegramUser,
  type TelegramBotFake,
  startTelegramBotFake,
} from '../../../test/telegram-bot-fake.ts';
import { call, createTestApp, type TestApp } from '../../../test/test-app.ts';

// The four events of /user → «Уведомления» besides an applicant's message, as the team lives
// them: applicants placed on a vacancy and moved on it reach its other owners, a mention reaches
// the colleague named, a delayed task's time reaches its author, each by the channels they chose
// (letters through a real SMTP server, Telegram through the fake Bot API); the author of a change
// is never told of it, nor anyone of another company.

type Member = { userId: number; email: string; token: string };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let fake: TelegramBotFake;
let t: TestApp;
let dataDir: string;
let admin: SignedUp;
let stranger: SignedUp;
let olga: Member;
let boris: Member;
let vera: Member;
let olgaTelegram: FakeTelegramUser;
let vacancy: SeededVacancy;
let theirVacancy: SeededVacancy;

const BOT = 'romashka_team_bot';

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, token: string) =>
  call(t.app, method, url, body, { token });

async function choose(token: string, settings: Record<string, Record<string, boolean>>) {
  const response = await api(
    'PUT',
    '/api/admin_user_notification_settings',
    { notification_settings: settings },
    token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The letters of `kind` stored for anyone since `sinceId`, oldest first. */
const lettersOf = (kind: string, sinceId = 0) =>
  systemRows<{ id: number; to_address: string; subject: string; text_body: string }>(
    t.database,
    sql`select id, to_address, subject, text_body from mail_outbox
        where kind = ${kind} and id > ${sinceId} order by id`,
  );

const lastLetterId = async () =>
  (
    await systemRows<{ id: number }>(
      t.database,
      sql`select coalesce(max(id), 0)::int as id from mail_outbox`,
    )
  )[0]!.id;

const telegramOf = (event: string) =>
  systemRows<{ user_id: number; text: string }>(
    t.database,
    sql`select user_id, text from user_telegram_notifications where event = ${event} order by id`,
  );

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  fake = await startTelegramBotFake({ webhookRetryMs: 100 });
  const botToken = fake.addBot({ username: BOT, first_name: 'Ромашка HR' }).token;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-user-notices-'));
  t = await createTestApp({
    SMTP_URL: smtp.url,
    TELEGRAM_API_BASE_URL: fake.baseUrl,
    PUBLIC_URL: 'http://127.0.0.1:9',
    DATA_DIR: dataDir,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.config.PUBLIC_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
  olga = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Ольга',
  });
  boris = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Борис',
  });
  vera = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
    name: 'Вера',
  });
  for (const [id, nick, token] of [
    [olga.userId, 'olga', admin.token],
    [vera.userId, 'vera', admin.token],
    [stranger.userId, 'olga', stranger.token],
  ] as const) {
    const named = await api('PATCH', `/api/users/${id}`, { admin_user: { nick } }, token);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
  }
  vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
    position: 'Повар',
    owners: [admin.userId, olga.userId, boris.userId],
    watchers: [vera.userId],
  });
  theirVacancy = await insertVacancyWithStages(t.database, stranger.accountId, {
    position: 'Повар',
    owners: [stranger.userId],
  });

  // Olga links her Telegram to the company's bot from /user.
  const bot = await api(
    'POST',
    '/api/msg_integrations/msg_channels',
    { kind: 'telegram', scope: 'account', token: botToken },
    admin.token,
  );
  expect(bot.status, JSON.stringify(bot.body)).toBe(200);
  const link = await api('POST', '/api/msg_integrations/user_telegram/link', {}, olga.token);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  olgaTelegram = fake.addUser({ first_name: 'Ольга', username: 'olga_hr' });
  fake.start(
    BOT,
    olgaTelegram,
    new URL(link.body.message.url as string).searchParams.get('start')!,
  );
  await fake.waitForSent(
    (m) => m.chat_id === olgaTelegram.id && m.message.text === USER_TELEGRAM_TEXTS.linked,
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a new applicant on my vacancy', () => {
  it('reaches the other owners who chose it, by e-mail with the card; not the author, not a watcher, not another company', async () => {
    await choose(olga.token, { new_applicant: { email: true } });
    await choose(admin.token, { new_applicant: { email: true } });
    await choose(vera.token, { new_applicant: { email: true } });
    await choose(stranger.token, { new_applicant: { email: true } });
    const since = await lastLetterId();
    const created = await api(
      'POST',
      '/api/applicants',
      { first_name: 'Пётр', last_name: 'Соколов', vacancy_id: vacancy.id },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id as number;

    const letters = await lettersOf('new_applicant', since);
    // Boris kept the default (in the app only), Vera follows the vacancy but owns none of it.
    expect(letters.map((l) => l.to_address)).toEqual([olga.email]);
    const letter = await smtp.waitForLetter((m) => m.to.includes(olga.email));
    expect(letter.subject).toBe('Новый кандидат на вакансии «Повар»: Соколов Пётр');
    expect(letter.text).toContain('Соколов Пётр, этап «Новый»');
    expect(letter.text).toContain(`${t.config.PUBLIC_URL}/applicant/${id}`);
  });

  it('a bulk placement of 25 is one letter listing 20 and counting the rest', async () => {
    const ids = await insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: 25 }, (_, i) => ({ firstName: 'Кандидат', lastName: `Номер${i + 1}` })),
    );
    const since = await lastLetterId();
    const placed = await api(
      'POST',
      '/api/applications/bulk',
      { vacancy_id: vacancy.id, applicant_ids: ids },
      boris.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message).toEqual({ placed: 25, skipped: 0 });
    const letters = await lettersOf('new_applicant', since);
    // Olga and the admin chose e-mail; Boris placed them.
    expect(letters.map((l) => l.to_address).sort()).toEqual([admin.email, olga.email].sort());
    expect(letters[0]!.subject).toBe('Новые кандидаты на вакансии «Повар»: 25');
    expect(letters[0]!.text_body).toContain('На вакансию «Повар» добавлены кандидаты (25):');
    expect(letters[0]!.text_body).toContain('Номер20 Кандидат');
    expect(letters[0]!.text_body).not.toContain('Номер21 Кандидат');
    expect(letters[0]!.text_body).toContain('…и ещё 5');
  });

  it("another company's vacancy tells only its own people", async () => {
    const since = await lastLetterId();
    const created = await api(
      'POST',
      '/api/applicants',
      { first_name: 'Иван', last_name: 'Чужой', vacancy_id: theirVacancy.id },
      stranger.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The stranger placed it and is its only owner: nobody is told, least of all our team.
    expect(await lettersOf('new_applicant', since)).toEqual([]);
  });
});

describe('an applicant moved on my vacancy', () => {
  it('reaches Telegram and e-mail as each owner chose; the one who moved is not told', async () => {
    await choose(olga.token, { applicant_moved: { telegram: true, email: false } });
    await choose(admin.token, { applicant_moved: { email: true } });
    await choose(boris.token, { applicant_moved: { email: true, telegram: true } });
    const [applicantId] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Анна', lastName: 'Перова' },
    ]);
    const placed = await api(
      'POST',
      '/api/applications',
      { applicant_id: applicantId, vacancy_id: vacancy.id },
      boris.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const since = await lastLetterId();
    const moved = await api(
      'POST',
      `/api/applications/${placed.body.message.id}/move`,
      { status_id: vacancy.stage('Оффер').id },
      boris.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const letters = await lettersOf('applicant_moved', since);
    expect(letters.map((l) => l.to_address)).toEqual([admin.email]);
    expect(letters[0]!.subject).toBe('Перова Анна: этап «Оффер» на вакансии «Повар»');
    expect(letters[0]!.text_body).toContain('Перова Анна: «Новый» → «Оффер»');
    const note = await fake.waitForSent(
      (m) => m.chat_id === olgaTelegram.id && (m.message.text ?? '').includes('Перова Анна'),
    );
    expect(note.message.text).toContain(`/applicant/${applicantId}`);
    // Boris has no Telegram linked and moved it himself: nothing queued for him.
    expect((await telegramOf('applicant_moved')).map((n) => n.user_id)).toEqual([olga.userId]);
  });

  it('a delayed task moving three is one letter per owner; its author hears that its time came', async () => {
    const ids = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Олег', lastName: 'Первый' },
      { firstName: 'Олег', lastName: 'Второй' },
      { firstName: 'Олег', lastName: 'Третий' },
    ]);
    const placed = await api(
      'POST',
      '/api/applications/bulk',
      { vacancy_id: vacancy.id, applicant_ids: ids },
      admin.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const since = await lastLetterId();
    const created = await api(
      'POST',
      '/api/delayed_tasks',
      {
        kind: 'move_stage',
        applicant_ids: ids,
        schedule: { at: new Date(Date.now() + 500).toISOString() },
        vacancy_id: vacancy.id,
        status_id: vacancy.stage('Оффер').id,
      },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.message.id as number;
    const due = await until(
      () => lettersOf('task_due', since),
      (rows) => rows.length > 0,
      'the task',
    );
    expect(due.map((l) => l.to_address)).toEqual([admin.email]);
    expect(due[0]!.subject).toContain('Наступил срок задачи «');
    expect(due[0]!.text_body).toContain(`/delayed-tasks/${taskId}`);
    const moves = await until(
      () => lettersOf('applicant_moved', since),
      (rows) => rows.length > 0,
      'the moves',
    );
    // The admin made the task: Boris alone is told, once, of all three.
    expect(moves.map((l) => l.to_address)).toEqual([boris.email]);
    expect(moves[0]!.subject).toBe('Кандидатов перевели на другие этапы вакансии «Повар»: 3');
    for (const name of ['Первый Олег', 'Второй Олег', 'Третий Олег']) {
      expect(moves[0]!.text_body).toContain(name);
    }
    await smtp.waitForLetter((m) => m.to.includes(boris.email) && m.subject === moves[0]!.subject);
  });
});

describe('an applicant moved by stage automation', () => {
  it('a rule moving a bulk placement of three is one letter per owner, as a person’s move is', async () => {
    // A vacancy of its own: its rule moves every applicant placed on it.
    const kitchen = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Официант',
      owners: [admin.userId, olga.userId, boris.userId],
    });
    const rule = await api(
      'POST',
      '/api/stage_automation_rules',
      {
        status_id: kitchen.stage('Новый').id,
        trigger: 'enter',
        action: 'move_to_stage',
        params: { status_id: kitchen.stage('Интервью с HR').id },
      },
      admin.token,
    );
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await choose(admin.token, { applicant_moved: { email: true } });
    await choose(olga.token, { applicant_moved: { email: true, telegram: false } });
    await choose(boris.token, { applicant_moved: { email: true } });
    const ids = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Нина', lastName: 'Авто' },
      { firstName: 'Нина', lastName: 'Робот' },
      { firstName: 'Нина', lastName: 'Правило' },
    ]);
    const since = await lastLetterId();
    const placed = await api(
      'POST',
      '/api/applications/bulk',
      { vacancy_id: kitchen.id, applicant_ids: ids },
      boris.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const moves = await until(
      () => lettersOf('applicant_moved', since),
      (rows) => rows.length >= 2,
      'the automated moves',
    );
    const stages = await systemRows<{ name: string }>(
      t.database,
      sql`select s.name from applications ap join statuses s on s.id = ap.status_id
          where ap.vacancy_id = ${kitchen.id}`,
    );
    expect(stages.map((row) => row.name)).toEqual(Array(3).fill('Интервью с HR'));
    // Boris placed them, so the rule acted for him: the admin and Olga are told, once each.
    expect(moves.map((l) => l.to_address).sort()).toEqual([admin.email, olga.email].sort());
    for (const letter of moves) {
      expect(letter.subject).toBe('Кандидатов перевели на другие этапы вакансии «Официант»: 3');
      for (const name of ['Авто Нина', 'Робот Нина', 'Правило Нина']) {
        expect(letter.text_body).toContain(`${name}: «Новый» → «Интервью с HR»`);
      }
    }
    await smtp.waitForLetter((m) => m.to.includes(olga.email) && m.subject === moves[0]!.subject);
    // Nothing more follows: a letter per applicant would come after the first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await lettersOf('applicant_moved', since)).toHaveLength(2);
  });
});

describe('a mention in a comment', () => {
  it('reaches the colleague named by nick or address who may open the card; never the author or another company', async () => {
    const [onVacancy, offVacancy] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Мария', lastName: 'Видимая' },
      { firstName: 'Глеб', lastName: 'Невидимый' },
    ]);
    const placed = await api(
      'POST',
      '/api/applications',
      { applicant_id: onVacancy, vacancy_id: vacancy.id },
      admin.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const since = await lastLetterId();
    const comment = await api(
      'POST',
      `/api/applicants/${onVacancy}/comments`,
      { description: `@olga, @Vera посмотрите. Копия: @${admin.email}, почта: petr@olga.ru` },
      admin.token,
    );
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    const letters = await lettersOf('comment_mention', since);
    // Mentions go by e-mail by default; Vera follows the vacancy the applicant is on.
    expect(letters.map((l) => l.to_address).sort()).toEqual([olga.email, vera.email].sort());
    expect(letters[0]!.subject).toBe('Анна упомянул(а) вас в комментарии: Видимая Мария');
    expect(letters[0]!.text_body).toContain('@olga, @Vera посмотрите.');
    expect(letters[0]!.text_body).toContain(`/applicant/${onVacancy}`);

    // On an applicant Vera cannot open, she is not told of it (nor of its name).
    const hidden = await lastLetterId();
    const offComment = await api(
      'POST',
      `/api/applicants/${offVacancy}/comments`,
      { description: '@vera @olga' },
      admin.token,
    );
    expect(offComment.status, JSON.stringify(offComment.body)).toBe(200);
    expect((await lettersOf('comment_mention', hidden)).map((l) => l.to_address)).toEqual([
      olga.email,
    ]);

    // An edit tells only the names it adds; the stranger's «olga» is of another company.
    const edited = await lastLetterId();
    const edit = await api(
      'PATCH',
      `/api/applicants/${offVacancy}/comments/${offComment.body.message.id}`,
      { description: '@vera @olga и @boris' },
      admin.token,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await lettersOf('comment_mention', edited)).toEqual([]);
    const leaked = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from mail_outbox where to_address = ${stranger.email}
          and kind = 'comment_mention'`,
    );
    expect(leaked[0]!.n).toBe(0);
    await smtp.waitForLetter((m) => m.to.includes(vera.email));
  });

  it('nobody who turned mentions off gets a letter', async () => {
    await choose(olga.token, { comment_mention: { email: false } });
    const [applicantId] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Тихон', lastName: 'Тихий' },
    ]);
    const since = await lastLetterId();
    const comment = await api(
      'POST',
      `/api/applicants/${applicantId}/comments`,
      { description: '@olga' },
      admin.token,
    );
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(await lettersOf('comment_mention', since)).toEqual([]);
  });
});
