import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const SUPPORT_EMAIL = 'support@ats.example.ru';
const INACTIVE = 'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.';
const DAY_MS = 86_400_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET /api/account', () => {
  it('describes the account and its current tariff', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Альфа»' });
    await addTeamMember(t.app, company.token, { member_type: 'watcher', is_admin: false });
    const r = await call(t.app, 'GET', '/api/account', undefined, { token: company.token });
    expect(r.status).toBe(200);
    const a = r.body.message;
    expect(Object.keys(a).sort()).toEqual(
      [
        'created_at',
        'currency',
        'id',
        'inn',
        'is_active',
        'logo_url',
        'name',
        'tariff_end_at',
        'tariff_is_active',
        'tariff_name',
        'tariff_start_at',
        'tariff_users',
        'time_zone',
        'users_count',
      ].sort(),
    );
    expect(a).toMatchObject({
      id: company.accountId,
      name: 'ООО «Альфа»',
      inn: null,
      currency: 'RUB',
      is_active: true,
      tariff_name: 'trial',
      tariff_is_active: true,
      tariff_users: 5,
      users_count: 2,
      logo_url: null,
    });
    expect(Date.parse(a.tariff_end_at) - Date.parse(a.tariff_start_at)).toBe(14 * DAY_MS);
    expect(Math.abs(Date.parse(a.created_at) - Date.now())).toBeLessThan(60_000);
    expect(a.time_zone).toEqual(expect.any(String));
  });

  it('requires a session', async () => {
    expect((await call(t.app, 'GET', '/api/account')).status).toBe(420);
  });
});

describe('POST /api/tariffs/send_letter_about_extension_tariff', () => {
  it('mails support naming the company', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Бета»' });
    const before = smtp.received.length;
    const r = await call(
      t.app,
      'POST',
      '/api/tariffs/send_letter_about_extension_tariff',
      undefined,
      { token: company.token },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      code: 200,
      status: 'success',
      message: 'Заявка на продление тарифа отправлена',
    });
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.find(
      (m) => m.to.includes(SUPPORT_EMAIL) && m.subject.includes('ООО «Бета»'),
    );
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('ООО «Бета»');
    expect(mail!.text).toContain(company.email);
  });

  it('works for a deactivated account while other calls answer 419', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Гамма»' });
    await t.database.system.execute(
      sql`update account_tariffs set end_at = now() - interval '2 days' where account_id = ${company.accountId}`,
    );
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['GET', '/api/users'],
    ] as const) {
      const r = await call(t.app, method, url, undefined, { token: company.token });
      expect(r.status, url).toBe(419);
      expect(r.body).toEqual({ code: 419, status: 'error', message: INACTIVE });
    }
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(me.status).toBe(200);
    expect(me.body.message.tariff_is_active).toBe(false);

    const before = smtp.received.length;
    const r = await call(
      t.app,
      'POST',
      '/api/tariffs/send_letter_about_extension_tariff',
      undefined,
      { token: company.token },
    );
    expect(r.status).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.find((m) => m.subject.includes('ООО «Гамма»'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual([SUPPORT_EMAIL]);
    expect(mail!.text).toContain('ООО «Гамма»');
    const [outbox] = await systemRows<{ status: string }>(
      t.database,
      sql`select status from mail_outbox where kind = 'tariff_extension' and account_id = ${company.accountId}`,
    );
    expect(outbox).toEqual({ status: 'sent' });
  });

  it('also works for an account switched off by the operator (accounts.is_active false)', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Дельта»' });
    await t.database.system.execute(
      sql`update accounts set is_active = false where id = ${company.accountId}`,
    );
    expect(
      (await call(t.app, 'GET', '/api/account', undefined, { token: company.token })).status,
    ).toBe(419);
    const r = await call(
      t.app,
      'POST',
      '/api/tariffs/send_letter_about_extension_tariff',
      {},
      { token: company.token },
    );
    expect(r.status).toBe(200);
  });

  it('requires a session', async () => {
    expect(
      (await call(t.app, 'POST', '/api/tariffs/send_letter_about_extension_tariff')).status,
    ).toBe(420);
  });
});
