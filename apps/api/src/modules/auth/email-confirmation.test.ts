import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { postMultipart } from '../../../test/documents.ts';
import { signUpCompany } from '../../../test/factories.ts';
import { resumePdf } from '../../../test/resume-documents.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// THROTTLE_SCALE 0.04: the trial quotas of 50 parses and 20 import files a day become 2 and 1.
let t: TestApp;
let pdf: Buffer;
beforeAll(async () => {
  t = await createTestApp({ THROTTLE_SCALE: '0.04', PUBLIC_URL: 'http://ats.test' });
  pdf = await resumePdf();
});
afterAll(async () => {
  await t?.close();
});

const CONFIRM_TEXT = /Подтвердите адрес электронной почты по ссылке из письма/;

const parse = (token: string) =>
  postMultipart(
    t.app,
    '/api/applicants/parse_resume',
    [{ name: 'file', filename: 'Резюме.pdf', content: pdf }],
    token,
  );

const uploadImport = (token: string) =>
  postMultipart(
    t.app,
    '/api/applicants/imports',
    [
      {
        name: 'file',
        filename: 'кандидаты.csv',
        content: Buffer.from('ФИО;Телефон\nИван Петров;+79120000000\n'),
      },
    ],
    token,
  );

/** The token of the latest confirmation link mailed to `email`. */
async function mailedToken(email: string) {
  const rows = await systemRows<{ text_body: string }>(
    t.database,
    sql`select text_body from mail_outbox where to_address = ${email} and kind = 'email_confirmation'
        order by id desc limit 1`,
  );
  const match = /http:\/\/ats\.test\/auth\/confirm-account\?token=([\w-]+)/.exec(
    rows[0]?.text_body ?? '',
  );
  expect(match, 'a confirmation link in the mail').not.toBeNull();
  return match![1]!;
}

describe('a company that has not confirmed its e-mail', () => {
  it('parses résumés within the quota, gets 429 asking to confirm, and parses again once confirmed', async () => {
    const company = await signUpCompany(t.app);
    const confirmedInMe = async () =>
      (await call(t.app, 'GET', '/api/me', undefined, { token: company.token })).body.message
        .email_confirmed;
    expect(await confirmedInMe()).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const r = await parse(company.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const over = await parse(company.token);
    expect(over.status).toBe(429);
    expect(over.body.status).toBe('error');
    expect(over.body.code).toBe(429);
    expect(over.body.message).toMatch(/Лимит разбора резюме/);
    expect(over.body.message).toMatch(CONFIRM_TEXT);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const confirmed = await call(t.app, 'POST', '/api/auth/confirm_email', {
      token: await mailedToken(company.email),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Адрес электронной почты подтверждён');
    expect((await parse(company.token)).status).toBe(200);
    expect(await confirmedInMe()).toBe(true);
  }, 60_000);

  it('uploads import files within the quota, then gets 429 asking to confirm', async () => {
    const company = await signUpCompany(t.app);
    expect((await uploadImport(company.token)).status).toBe(200);
    const over = await uploadImport(company.token);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Лимит импорта/);
    expect(over.body.message).toMatch(CONFIRM_TEXT);
    // Another company's quota is its own.
    const other = await signUpCompany(t.app);
    expect((await uploadImport(other.token)).status).toBe(200);
  });

  it('a link works once; a resent link replaces the first', async () => {
    const company = await signUpCompany(t.app);
    const first = await mailedToken(company.email);
    const resent = await call(t.app, 'POST', '/api/auth/confirm_email/resend', undefined, {
      token: company.token,
    });
    expect(resent.status).toBe(200);
    const second = await mailedToken(company.email);
    expect(second).not.toBe(first);
    const stale = await call(t.app, 'POST', '/api/auth/confirm_email', { token: first });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(
      'Ссылка для подтверждения недействительна или уже использована',
    );
    expect((await call(t.app, 'POST', '/api/auth/confirm_email', { token: second })).status).toBe(
      200,
    );
    expect((await call(t.app, 'POST', '/api/auth/confirm_email', { token: second })).status).toBe(
      400,
    );
    const again = await call(t.app, 'POST', '/api/auth/confirm_email/resend', undefined, {
      token: company.token,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Адрес электронной почты уже подтверждён');
  });
});
