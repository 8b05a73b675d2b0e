import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const SUPPORT_EMAIL = 'support@ats.example.ru';
const SENT = 'Сообщение успешно отправлено';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpClosed = false;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Алексей',
  phone: '+7 (912) 345-67-89',
  email: 'alexey@example.ru',
  comment: 'Не приходит письмо с приглашением',
  ...overrides,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL });
});
afterAll(async () => {
  await t?.close();
  if (!smtpClosed) await smtp?.close();
});

type FeedbackRow = {
  id: number;
  name: string;
  phone: string;
  email: string;
  comment: string;
  feedback_type: string;
  account_id: number | null;
  user_id: number | null;
};

describe('POST /api/feedbacks', () => {
  it('takes a visitor’s message: stored with type faq and mailed to support', async () => {
    const r = await call(t.app, 'POST', '/api/feedbacks', form());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, status: 'success', message: SENT });

    const rows = await systemRows<FeedbackRow>(
      t.database,
      sql`select * from feedbacks order by id`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Алексей',
      phone: '+7 (912) 345-67-89',
      email: 'alexey@example.ru',
      comment: 'Не приходит письмо с приглашением',
      feedback_type: 'faq',
      account_id: null,
      user_id: null,
    });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([SUPPORT_EMAIL]);
    expect(mail!.subject).toContain('Алексей');
    expect(mail!.text).toContain('Не приходит письмо с приглашением');
    expect(mail!.text).toContain('+7 (912) 345-67-89');
    expect(mail!.text).toContain('alexey@example.ru');
    const [outbox] = await systemRows<{ status: string; to_address: string }>(
      t.database,
      sql`select status, to_address from mail_outbox where kind = 'feedback'`,
    );
    expect(outbox).toEqual({ status: 'sent', to_address: SUPPORT_EMAIL });
  });

  it('keeps the given type and the signed-in author', async () => {
    const company = await signUpCompany(t.app);
    const r = await call(
      t.app,
      'POST',
      '/api/feedbacks',
      form({ feedback_type: 'deactivated', name: 'Борис' }),
      { token: company.token },
    );
    expect(r.status).toBe(200);
    const [row] = await systemRows<FeedbackRow>(
      t.database,
      sql`select * from feedbacks where name = 'Борис'`,
    );
    expect(row).toMatchObject({
      feedback_type: 'deactivated',
      account_id: company.accountId,
      user_id: company.userId,
    });
  });

  it('requires name, phone, email and comment and a valid email (400 with the field in errors)', async () => {
    const before = (await systemRows(t.database, sql`select id from feedbacks`)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [form({ name: undefined }), 'name', 'Укажите имя'],
      [form({ name: '   ' }), 'name', 'Укажите имя'],
      [form({ phone: undefined }), 'phone', 'Укажите телефон'],
      [form({ phone: '' }), 'phone', 'Укажите телефон'],
      [form({ email: undefined }), 'email', 'Укажите email'],
      [form({ email: ' ' }), 'email', 'Укажите email'],
      [form({ email: 'не почта' }), 'email', 'Некорректный email'],
      [form({ comment: undefined }), 'comment', 'Напишите сообщение'],
      [form({ comment: '\n\t ' }), 'comment', 'Напишите сообщение'],
    ];
    for (const [body, field, text] of cases) {
      const r = await call(t.app, 'POST', '/api/feedbacks', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.status).toBe('error');
      expect(r.body.errors?.[field], JSON.stringify(body)).toBe(text);
    }
    const wrongType = await call(t.app, 'POST', '/api/feedbacks', form({ feedback_type: 'spam' }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.feedback_type).toMatch(/[А-Яа-яЁё]/);
    const notObject = await call(t.app, 'POST', '/api/feedbacks', ['массив']);
    expect(notObject.status).toBe(400);
    expect((await systemRows(t.database, sql`select id from feedbacks`)).length).toBe(before);
  });

  it('with the mail server down still answers 200 and keeps the message in the outbox as failed', async () => {
    await smtp.close();
    smtpClosed = true;
    const r = await call(
      t.app,
      'POST',
      '/api/feedbacks',
      form({ name: 'Светлана', comment: 'Почта недоступна' }),
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(SENT);
    const [row] = await systemRows<FeedbackRow>(
      t.database,
      sql`select * from feedbacks where name = 'Светлана'`,
    );
    expect(row).toBeDefined();
    const outbox = await systemRows<{
      status: string;
      to_address: string;
      text_body: string;
      last_error: string | null;
    }>(
      t.database,
      sql`select status, to_address, text_body, last_error from mail_outbox where text_body like ${'%Почта недоступна%'}`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'failed', to_address: SUPPORT_EMAIL });
    expect(outbox[0]!.last_error).toBeTruthy();
  });
});

describe('POST /api/feedbacks from one address', () => {
  it('takes five an hour, then answers 429 with Retry-After and a Russian text; another address still gets through', async () => {
    const flood = '203.0.113.40';
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 40; i += 1) {
      const r = await call(t.app, 'POST', '/api/feedbacks', form({ comment: `№${i}` }), {
        remoteAddress: flood,
      });
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(refused!.body).toEqual({
      code: 429,
      status: 'error',
      message: 'Слишком много сообщений. Попробуйте отправить позже',
    });
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Only the accepted five reached the table (and support's mailbox).
    const stored = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from feedbacks where comment like '№%'`,
    );
    expect(stored[0]!.n).toBe(5);

    const other = await call(t.app, 'POST', '/api/feedbacks', form(), {
      remoteAddress: '203.0.113.41',
    });
    expect(other.status).toBe(200);
  });
});
