import { MESSAGES } from '@ats/contracts/envelope';
import { TARIFF_MESSAGES } from '@ats/contracts/tariffs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import {
  PASSWORD,
  type SignedUp,
  addTeamMember,
  signUpCompany,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/factories.ts';
import { BILLING_OFF, type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { type YooKassaFake, startYooKassaFake } from '../../../test/yookassa-fake.ts';
import type { MailMessage } from '../../platform/mailer.ts';
import { recheckOpenPayments } from './billing.service.ts';
import { sendTariffLetters } from './tariff-letters.ts';

const YOOKASSA_ADDRESS = '185.71.76.7';
const SHOP = { shopId: '506751', secretKey: 'test_secret' };

let t: TestApp;
let fake: YooKassaFake;
/** Where the next notification comes from, as the server sees it. */
let notificationFrom = YOOKASSA_ADDRESS;

beforeAll(async () => {
  fake = await startYooKassaFake({
    ...SHOP,
    deliver: async (notification) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/notification',
        payload: notification,
        remoteAddress: notificationFrom,
      });
      return r.statusCode;
    },
  });
  t = await createTestApp({
    YOOKASSA_SHOP_ID: SHOP.shopId,
    YOOKASSA_SECRET_KEY: SHOP.secretKey,
    YOOKASSA_API_BASE: fake.apiBase,
    YOOKASSA_NOTIFICATION_SOURCES: '185.71.76.0/27,77.75.156.11',
    YOOKASSA_RECEIPT_VAT_CODE: '1',
    PUBLIC_URL: 'https://ats.example.ru',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const me = async (token: string) =>
  (await call(t.app, 'GET', '/api/me', undefined, { token })).body.message;

const tariffRows = (accountId: number) =>
  systemRows<{ name: string }>(
    t.database,
    sql`select name from account_tariffs where account_id = ${accountId} order by id`,
  );

const pay = (token: string, body: unknown = { tariff_name: 'subscriber' }) =>
  call(t.app, 'POST', '/api/tariffs/activate_tariff', body, { token });

describe('the catalogue and bad input', () => {
  it('lists the trial and the paid tariffs with users and prices', async () => {
    const company = await signUpCompany(t.app);
    const r = await call(t.app, 'GET', '/api/tariffs', undefined, { token: company.token });
    expect(r.status).toBe(200);
    expect(r.body.message.billing_enabled).toBe(true);
    const names = r.body.message.tariffs.map((x: { name: string }) => x.name);
    expect(names).toEqual(['trial', 'subscriber', 'business']);
    expect(r.body.message.tariffs[1]).toMatchObject({ users: 10, price_month: '2990.00' });
  });

  it('an unknown tariff is answered 400 in Russian and sends nothing to YooKassa', async () => {
    const company = await signUpCompany(t.app);
    const before = fake.requests.length;
    const r = await pay(company.token, { tariff_name: 'платиновый' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(TARIFF_MESSAGES.unknownTariff);
    expect(r.body.errors).toEqual({ tariff_name: TARIFF_MESSAGES.unknownTariff });
    const empty = await pay(company.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.status).toBe('error');
    expect(empty.body.message).toMatch(/[а-я]/i);
    const period = await pay(company.token, { tariff_name: 'subscriber', period: 'week' });
    expect(period.status).toBe(400);
    expect(JSON.stringify(period.body)).toContain(TARIFF_MESSAGES.unknownPeriod);
    expect(fake.requests.length).toBe(before);
  });

  it('only an admin pays and sees payments', async () => {
    const company = await signUpCompany(t.app);
    const recruiter = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await pay(recruiter.token)).status).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/payments', undefined, { token: recruiter.token })).status,
    ).toBe(403);
  });
});

describe('a payment through YooKassa', () => {
  let company: SignedUp;
  beforeAll(async () => {
    company = await signUpCompany(t.app);
  });

  it('is created with Basic auth, an Idempotence-Key, the return URL and a 54-FZ receipt', async () => {
    const r = await pay(company.token, { tariff_name: 'subscriber', period: 'year' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const payment = r.body.message;
    expect(payment).toMatchObject({ status: 'pending', amount: '29900.00', period: 'year' });
    expect(payment.confirmation_url).toBe(
      `${fake.baseUrl}/checkout/${payment.provider_payment_id}`,
    );
    const sent = fake.requests
      .filter((x) => x.method === 'POST' && x.path === '/v3/payments')
      .at(-1)!;
    expect(sent.authorized).toBe(true);
    expect(sent.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body).toMatchObject({
      amount: { value: '29900.00', currency: 'RUB' },
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: `https://ats.example.ru/payment/success?payment=${payment.id}`,
      },
      metadata: { accountId: String(company.accountId), paymentId: String(payment.id) },
      receipt: {
        customer: { email: company.email },
        items: [
          { quantity: 1, vat_code: 1, payment_subject: 'service', payment_mode: 'full_payment' },
        ],
      },
    });
    // Still the trial until YooKassa says the payment succeeded.
    expect((await me(company.token)).tariff_name).toBe('trial');
  });

  it('succeeded and notified: the tariff is active in /me; a second delivery activates nothing twice', async () => {
    const created = (await pay(company.token)).body.message;
    await fake.settle(created.provider_payment_id, 'succeeded');
    expect(fake.deliveries.at(-1)).toMatchObject({ event: 'payment.succeeded', status: 200 });
    const after = await me(company.token);
    expect(after.tariff_name).toBe('subscriber');
    expect(after.tariff_users).toBe(10);
    expect(after.tariff_is_active).toBe(true);
    expect(after.balance).toBe(2990);
    const rows = (await tariffRows(company.accountId)).length;

    await fake.redeliver(created.provider_payment_id);
    await fake.redeliver(created.provider_payment_id);
    expect(fake.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect((await tariffRows(company.accountId)).length).toBe(rows);

    const shown = await call(t.app, 'GET', `/api/payments/${created.id}`, undefined, {
      token: company.token,
    });
    expect(shown.body.message).toMatchObject({ status: 'succeeded', confirmation_url: null });
    expect(shown.body.message.paid_at).not.toBeNull();
    const list = await call(t.app, 'GET', '/api/payments', undefined, { token: company.token });
    expect(list.body.message.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it('a notification from a foreign address, or one that lies, activates nothing', async () => {
    const other = await signUpCompany(t.app);
    const created = (await pay(other.token)).body.message;
    await fake.settle(created.provider_payment_id, 'succeeded', false);
    const payment = fake.payments.get(created.provider_payment_id)!;

    notificationFrom = '10.1.2.3';
    try {
      await fake.redeliver(created.provider_payment_id);
    } finally {
      notificationFrom = YOOKASSA_ADDRESS;
    }
    expect(fake.deliveries.at(-1)!.status).toBe(403);
    expect((await me(other.token)).tariff_name).toBe('trial');

    // From the right address but about a payment YooKassa still has pending: re-fetched, ignored.
    const third = (await pay(other.token)).body.message;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/notification',
      remoteAddress: YOOKASSA_ADDRESS,
      payload: {
        type: 'notification',
        event: 'payment.succeeded',
        object: { ...payment, id: third.provider_payment_id, status: 'succeeded', paid: true },
      },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().message).toEqual({ activated: false });
    expect((await me(other.token)).tariff_name).toBe('trial');
  });

  it('a lost notification is caught by the re-check of pending payments', async () => {
    const other = await signUpCompany(t.app);
    const created = (await pay(other.token)).body.message;
    fake.dropNotifications(true);
    try {
      await fake.settle(created.provider_payment_id, 'succeeded');
    } finally {
      fake.dropNotifications(false);
    }
    expect((await me(other.token)).tariff_name).toBe('trial');
    const result = await recheckOpenPayments({ config: t.config, database: t.database }, 0);
    expect(result.activated).toBeGreaterThanOrEqual(1);
    expect((await me(other.token)).tariff_name).toBe('subscriber');
    // Run again: nothing is activated twice.
    const rows = (await tariffRows(other.accountId)).length;
    await recheckOpenPayments({ config: t.config, database: t.database }, 0);
    expect((await tariffRows(other.accountId)).length).toBe(rows);
  });

  it('a cancelled payment changes nothing and reads as canceled', async () => {
    const other = await signUpCompany(t.app);
    const created = (await pay(other.token)).body.message;
    await fake.settle(created.provider_payment_id, 'canceled');
    const shown = await call(t.app, 'GET', `/api/payments/${created.id}`, undefined, {
      token: other.token,
    });
    expect(shown.body.message.status).toBe('canceled');
    expect((await me(other.token)).tariff_name).toBe('trial');
    expect(await tariffRows(other.accountId)).toHaveLength(1);
  });

  it('another account cannot read the payment', async () => {
    const created = (await pay(company.token)).body.message;
    const other = await signUpCompany(t.app);
    const r = await call(t.app, 'GET', `/api/payments/${created.id}`, undefined, {
      token: other.token,
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(TARIFF_MESSAGES.paymentNotFound);
  });
});

describe('YooKassa failing', () => {
  it('a 500 is retried with the same Idempotence-Key: one payment at YooKassa', async () => {
    const company = await signUpCompany(t.app);
    const before = fake.requests.length;
    const paymentsBefore = fake.payments.size;
    fake.failNext(500);
    fake.failNext(429);
    const r = await pay(company.token);
    expect(r.status).toBe(200);
    const sent = fake.requests.slice(before).filter((x) => x.path === '/v3/payments');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((x) => x.idempotenceKey)).size).toBe(1);
    expect(fake.payments.size).toBe(paymentsBefore + 1);
  });

  it('a 401 is answered 503 in Russian and the payment is closed', async () => {
    const company = await signUpCompany(t.app);
    fake.failNext(401);
    const r = await pay(company.token);
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(TARIFF_MESSAGES.providerDown);
    const list = await call(t.app, 'GET', '/api/payments', undefined, { token: company.token });
    expect(list.body.message[0].status).toBe('canceled');
  });
});

describe('a tariff that has ended', () => {
  it('deactivates the account (419) and a payment brings it back', async () => {
    const company = await signUpCompany(t.app);
    await t.database.system.execute(
      sql`update account_tariffs set end_at = now() - interval '1 day' where account_id = ${company.accountId}`,
    );
    const blocked = await call(t.app, 'GET', '/api/account', undefined, { token: company.token });
    expect(blocked.status).toBe(419);
    expect(blocked.body.message).toBe(MESSAGES.accountInactive);

    const created = await pay(company.token);
    expect(created.status).toBe(200);
    await fake.settle(created.body.message.provider_payment_id, 'succeeded');
    const back = await call(t.app, 'GET', '/api/account', undefined, { token: company.token });
    expect(back.status).toBe(200);
    expect(back.body.message).toMatchObject({ tariff_name: 'subscriber', tariff_is_active: true });
  });
});

describe('the letters about the end of a tariff', () => {
  it('reminds 7 and 1 days before, tells of the deactivation once, and starts afresh after a payment', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Заря»' });
    const mails: MailMessage[] = [];
    const mailer = {
      send: async (m: MailMessage) => {
        mails.push(m);
        return { outboxId: mails.length, delivered: true };
      },
    };
    const run = async () => {
      await sendTariffLetters({ config: t.config, database: t.database, mailer });
      return mails.filter((m) => m.to === company.email).map((m) => m.subject);
    };
    const endIn = (interval: string) =>
      t.database.system.execute(
        sql`update account_tariffs set end_at = now() + ${interval}::interval where account_id = ${company.accountId}`,
      );

    expect(await run()).toEqual([]); // 14 days of trial left
    await endIn('6 days');
    expect(await run()).toEqual(['Тариф «Пробный» закончится через 7 дней']);
    expect(await run()).toHaveLength(1);
    await endIn('20 hours');
    expect((await run()).at(-1)).toBe('Тариф «Пробный» закончится через 1 день');
    expect(await run()).toHaveLength(2);
    await endIn('-1 hour');
    expect((await run()).at(-1)).toBe('Тариф «Пробный» закончился — аккаунт отключён');
    expect(await run()).toHaveLength(3);
    const letter = mails.filter((m) => m.to === company.email).at(-1)!;
    expect(letter.text).toContain('ООО «Заря»');
    expect(letter.text).toContain('https://ats.example.ru/settings/account');
    expect(
      (await call(t.app, 'GET', '/api/vacancies', undefined, { token: company.token })).status,
    ).toBe(419);

    // Paid again: a month ahead, nothing to say.
    const created = (await pay(company.token)).body.message;
    await fake.settle(created.provider_payment_id, 'succeeded');
    expect(await run()).toHaveLength(3);
  });
});

describe('the affiliate program', () => {
  const signUpBy = async (company: string, referralCode: string) => {
    const email = uniqueEmail('ref');
    const r = await call(
      t.app,
      'POST',
      '/api/sign_up',
      {
        admin_user: {
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          name: 'Ольга',
          company,
          referral_code: referralCode,
        },
      },
      { remoteAddress: uniqueAddress() },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.message.auth_token as string;
  };

  it('attributes sign-ups through the link and shows the referrer their payments', async () => {
    const referrer = await signUpCompany(t.app);
    const mine = await call(t.app, 'GET', '/api/affiliate', undefined, { token: referrer.token });
    expect(mine.status).toBe(200);
    const code = mine.body.message.referral_code as string;
    expect(code).toMatch(/^[0-9a-f]{12}$/);
    expect(mine.body.message.referral_link).toBe(`https://ats.example.ru/auth/signup?ref=${code}`);
    expect(mine.body.message.referrals).toEqual([]);

    const referred = await signUpBy('ООО «Приглашённая»', code);
    await signUpBy('ООО «Сама по себе»', 'nosuchcode00');
    const created = (await pay(referred)).body.message;
    await fake.settle(created.provider_payment_id, 'succeeded');
    await pay(referred); // still pending: not counted

    const after = await call(t.app, 'GET', '/api/affiliate', undefined, { token: referrer.token });
    expect(after.body.message.referrals).toEqual([
      expect.objectContaining({
        company: 'ООО «Приглашённая»',
        payments_count: 1,
        paid_total: '2990.00',
      }),
    ]);
    // The referred company sees its own link, not its referrer's list.
    const theirs = await call(t.app, 'GET', '/api/affiliate', undefined, { token: referred });
    expect(theirs.body.message.referral_code).not.toBe(code);
    expect(theirs.body.message.referrals).toEqual([]);

    const recruiter = await addTeamMember(t.app, referrer.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect(
      (await call(t.app, 'GET', '/api/affiliate', undefined, { token: recruiter.token })).status,
    ).toBe(403);
  });
});

describe('a self-hosted install without YOOKASSA_*', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp(BILLING_OFF);
  });
  afterAll(async () => {
    await plain?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a new company a tariff without end and without user limit', async () => {
    const company = await signUpCompany(plain.app);
    const me = await call(plain.app, 'GET', '/api/me', undefined, { token: company.token });
    expect(me.body.message).toMatchObject({
      tariff_name: 'self_hosted',
      tariff_end_at: '',
      tariff_is_active: true,
      tariff_users: 0,
    });
    // More users than the trial's five: no seat is refused.
    for (let i = 0; i < 6; i += 1) {
      await addTeamMember(plain.app, company.token, { member_type: 'owner', is_admin: false });
    }
    const seats = await call(plain.app, 'GET', '/api/users/seats', undefined, {
      token: company.token,
    });
    expect(seats.body.message).toEqual({ active_users: 7, users_limit: 0 });
    const account = await call(plain.app, 'GET', '/api/account', undefined, {
      token: company.token,
    });
    expect(account.body.message).toMatchObject({ tariff_end_at: '', tariff_users: 0 });
  });

  it('does not deactivate the account when the trial days have passed', async () => {
    const company = await signUpCompany(plain.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 86_400_000);
    // The week-long session has run out by then: sign in afresh.
    const login = await call(plain.app, 'POST', '/api/auth/login', {
      email: company.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = login.body.message.auth_token as string;
    const later = await call(plain.app, 'GET', '/api/account', undefined, { token });
    expect(later.status).toBe(200);
    expect(later.body.message.tariff_is_active).toBe(true);
    const me = await call(plain.app, 'GET', '/api/me', undefined, { token });
    expect(me.body.message.tariff_is_active).toBe(true);
  });

  it('has nothing to pay, and says so', async () => {
    const company = await signUpCompany(plain.app);
    const catalogue = await call(plain.app, 'GET', '/api/tariffs', undefined, {
      token: company.token,
    });
    expect(catalogue.body.message.billing_enabled).toBe(false);
    const r = await call(
      plain.app,
      'POST',
      '/api/tariffs/activate_tariff',
      { tariff_name: 'subscriber' },
      {
        token: company.token,
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(TARIFF_MESSAGES.billingOff);
    const forged = await plain.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/notification',
      remoteAddress: YOOKASSA_ADDRESS,
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: 'x' } },
    });
    expect(forged.json().message).toEqual({ activated: false });
  });
});
