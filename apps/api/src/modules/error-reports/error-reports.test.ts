import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { startTelegramFake } from '../../../test/telegram-fake.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const BOT_TOKEN = '123456:test-token';
const CHAT_ID = '-1001234567890';
const THANKS = 'Спасибо! Ваше сообщение отправлено, постараемся исправить ошибку как можно быстрее';
const EMPTY = 'Пожалуйста, введите сообщение';
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/;

type ReportRow = {
  id: number;
  account_id: number | null;
  user_id: number | null;
  email: string | null;
  tariff_name: string | null;
  message: string;
  code: number | null;
  path: string | null;
  delivered_at: Date | string | null;
  delivery_error: string | null;
};

let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let t: TestApp;
let user: SignedUp;

beforeAll(async () => {
  telegram = await startTelegramFake({ knownChatId: CHAT_ID, token: BOT_TOKEN });
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    ERROR_REPORT_CHAT_ID: CHAT_ID,
    TELEGRAM_API_BASE_URL: telegram.baseUrl,
  });
  user = await signUpCompany(t.app);
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

const reports = (database: TestApp['database']) =>
  systemRows<ReportRow>(database, sql`select * from error_reports order by id`);

describe('POST /api/error_reports with the support chat configured', () => {
  it('stores a signed-in user’s report and posts it with time, user id, email and tariff', async () => {
    const r = await call(
      t.app,
      'POST',
      '/api/error_reports',
      { message: 'Кнопка «Сохранить» не работает', code: 500, path: '/vacancies/3' },
      { token: user.token },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, status: 'success', message: THANKS });

    const [row] = await reports(t.database);
    expect(row).toMatchObject({
      account_id: user.accountId,
      user_id: user.userId,
      email: user.email,
      tariff_name: 'trial',
      message: 'Кнопка «Сохранить» не работает',
      code: 500,
      path: '/vacancies/3',
      delivery_error: null,
    });
    expect(row!.delivered_at).not.toBeNull();

    expect(telegram.sent).toHaveLength(1);
    const sent = telegram.sent[0]!;
    expect(String(sent.chat_id)).toBe(CHAT_ID);
    expect(sent.text).toContain('Кнопка «Сохранить» не работает');
    expect(sent.text).toMatch(ISO);
    expect(sent.text).toContain(String(user.userId));
    expect(sent.text).toContain(user.email);
    expect(sent.text).toContain('trial');
    expect(sent.text).toContain('/vacancies/3');
  });

  it('stores and posts an anonymous report without user data', async () => {
    const r = await call(t.app, 'POST', '/api/error_reports', {
      message: 'Страница входа не открывается',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(THANKS);
    const row = (await reports(t.database)).at(-1)!;
    expect(row).toMatchObject({
      account_id: null,
      user_id: null,
      email: null,
      tariff_name: null,
      message: 'Страница входа не открывается',
    });
    const sent = telegram.sent.at(-1)!;
    expect(sent.text).toContain('Страница входа не открывается');
    expect(sent.text).toMatch(ISO);
    expect(sent.text).not.toContain('Пользователь');
    expect(sent.text).not.toContain('@');
  });

  it('a stale token does not block an anonymous report', async () => {
    const r = await call(
      t.app,
      'POST',
      '/api/error_reports',
      { message: 'После выхода' },
      { token: 'stale-token' },
    );
    expect(r.status).toBe(200);
    expect((await reports(t.database)).at(-1)).toMatchObject({
      message: 'После выхода',
      user_id: null,
    });
  });

  it('refuses an empty or blank message with 400 «Пожалуйста, введите сообщение»', async () => {
    const before = (await reports(t.database)).length;
    const sentBefore = telegram.sent.length;
    for (const body of [{ message: '' }, { message: '   \n\t' }, {}, { message: null }]) {
      const r = await call(t.app, 'POST', '/api/error_reports', body, { token: user.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.status).toBe('error');
      expect(r.body.message, JSON.stringify(body)).toBe(EMPTY);
      expect(r.body.errors?.message).toBe(EMPTY);
    }
    const badCode = await call(t.app, 'POST', '/api/error_reports', {
      message: 'Ошибка',
      code: 'пятьсот',
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors?.code).toMatch(/[А-Яа-яЁё]/);
    expect((await reports(t.database)).length).toBe(before);
    expect(telegram.sent.length).toBe(sentBefore);
  });
});

describe('POST /api/error_reports when the chat is not available', () => {
  it('without a bot token or chat id the report is stored and nothing is posted', async () => {
    const bare = await createTestApp({ TELEGRAM_API_BASE_URL: telegram.baseUrl });
    try {
      const sentBefore = telegram.sent.length;
      const r = await call(bare.app, 'POST', '/api/error_reports', { message: 'Без чата' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(THANKS);
      const rows = await reports(bare.database);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ message: 'Без чата', delivered_at: null });
      expect(telegram.sent.length).toBe(sentBefore);
    } finally {
      await bare.close();
    }
  });

  it('when Telegram answers «chat not found» the report is stored with the delivery error and the API answers 200', async () => {
    const wrongChat = await createTestApp({
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      ERROR_REPORT_CHAT_ID: '-100999',
      TELEGRAM_API_BASE_URL: telegram.baseUrl,
    });
    try {
      const sentBefore = telegram.sent.length;
      const r = await call(wrongChat.app, 'POST', '/api/error_reports', {
        message: 'Чат потерялся',
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(THANKS);
      const [row] = await reports(wrongChat.database);
      expect(row).toMatchObject({ message: 'Чат потерялся', delivered_at: null });
      expect(row!.delivery_error).toContain('chat not found');
      expect(telegram.sent.length).toBe(sentBefore);
    } finally {
      await wrongChat.close();
    }
  });
});

describe('POST /api/error_reports from one address', () => {
  it('takes twenty in ten minutes, then answers 429 with Retry-After; another address still gets through', async () => {
    const flood = '203.0.113.50';
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 40; i += 1) {
      const r = await call(
        t.app,
        'POST',
        '/api/error_reports',
        { message: `Поток №${i}` },
        { remoteAddress: flood },
      );
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(refused!.body).toEqual({
      code: 429,
      status: 'error',
      message: 'Слишком много сообщений об ошибках. Попробуйте отправить позже',
    });
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const flooded = (await reports(t.database)).filter((row) => row.message.startsWith('Поток'));
    expect(flooded).toHaveLength(20);

    const other = await call(
      t.app,
      'POST',
      '/api/error_reports',
      { message: 'Не открывается карточка' },
      { remoteAddress: '203.0.113.51' },
    );
    expect(other.status).toBe(200);
  });
});
