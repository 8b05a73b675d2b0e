import { CONSENT_MESSAGES } from '@ats/contracts/consent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// Consent to personal data (152-FZ) through HTTP: the company's versioned text and settings, the
// request letter with its link, the applicant's public page (give, refuse, withdraw), the state
// on the card, the card's history and the audit log, and the request sent to new applicants.

const PUBLIC_URL = 'https://ats.example.ru';
const TEXT_V1 = 'Я даю согласие ООО «Ромашка» на обработку моих персональных данных.';
const TEXT_V2 = 'Я даю согласие ООО «Ромашка» на обработку и хранение моих данных 3 года.';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
  admin = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const settings = (token = admin.token) =>
  call(t.app, 'GET', '/api/account/privacy_letter_settings', undefined, { token });
const patchSettings = (body: Record<string, unknown>, token = admin.token) =>
  call(t.app, 'PATCH', '/api/account/privacy_letter_settings', body, { token });
const consentOf = (id: number, token = admin.token) =>
  call(t.app, 'GET', `/api/applicants/${id}/consent`, undefined, { token });
const requestFor = (id: number, token = admin.token) =>
  call(t.app, 'POST', `/api/applicants/${id}/consent/request`, undefined, { token });
const publicPage = (token: string) => call(t.app, 'GET', `/api/public/consents/${token}`);
const answer = (token: string, decision: string) =>
  call(t.app, 'POST', `/api/public/consents/${token}`, { decision });

/** The token of the newest consent letter to `email`. */
async function letterTokenTo(email: string, nth = 1) {
  const letter = await smtp.waitForLetter((mail) => mail.to.includes(email), nth);
  const match = new RegExp(`${PUBLIC_URL}/consent/([A-Za-z0-9_-]+)`).exec(letter.text);
  expect(match, letter.text).not.toBeNull();
  return { token: match![1]!, letter };
}

async function historyActions(applicantId: number) {
  const rows = await systemRows<{ action: string; user_id: number | null }>(
    t.database,
    sql`select action, user_id from applicant_worklog
        where applicant_id = ${applicantId} and action like 'consent_%' order by id`,
  );
  return rows;
}

async function auditActions(accountId: number) {
  const rows = await systemRows<{ action: string }>(
    t.database,
    sql`select action from audit_events
        where account_id = ${accountId} and (action like 'applicant.consent_%'
          or action = 'account.privacy_settings_changed') order by id`,
  );
  return rows.map((r) => r.action);
}

describe('the company’s consent text and settings', () => {
  it('starts empty, and a changed text is a new version (the same text is not)', async () => {
    const empty = await settings();
    expect(empty.status).toBe(200);
    expect(empty.body.message).toMatchObject({
      text: '',
      version: 0,
      auto_send: false,
      channel: 'email',
    });

    const first = await patchSettings({ text: TEXT_V1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatchObject({ text: TEXT_V1, version: 1 });
    const same = await patchSettings({ text: `  ${TEXT_V1} ` });
    expect(same.body.message.version).toBe(1);
    expect(await auditActions(admin.accountId)).toEqual(['account.privacy_settings_changed']);
  });

  it('answers bad input in Russian, and only an admin changes it', async () => {
    const blank = await patchSettings({ text: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain(CONSENT_MESSAGES.textRequired);
    const long = await patchSettings({ text: 'я'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(CONSENT_MESSAGES.textTooLong);
    const channel = await patchSettings({ channel: 'pigeon' });
    expect(channel.status).toBe(400);
    expect(JSON.stringify(channel.body)).toContain(CONSENT_MESSAGES.channel);

    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    expect((await settings(recruiter.token)).status).toBe(200);
    const refused = await patchSettings({ auto_send: true }, recruiter.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CONSENT_MESSAGES.onlyAdmins);

    const noText = await patchSettings({ auto_send: true }, other.token);
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe(CONSENT_MESSAGES.autoSendWithoutText);
  });
});

describe('asking an applicant and the answers on the public page', () => {
  it('mails a link; the applicant gives consent, the card, history and audit say so', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Иван', lastName: 'Петров', email: 'ivan.consent@example.ru' },
    ]);
    expect((await consentOf(id!)).body.message).toMatchObject({
      state: 'not_asked',
      version: null,
      current_version: 1,
    });

    const asked = await requestFor(id!);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toMatchObject({ state: 'asked', version: 1 });
    const { token, letter } = await letterTokenTo('ivan.consent@example.ru');
    expect(letter.subject).toContain('Согласие на обработку персональных данных');
    expect(letter.text).toContain('Здравствуйте, Иван!');

    const page = await publicPage(token);
    expect(page.status).toBe(200);
    expect(page.body.message).toMatchObject({
      text: TEXT_V1,
      version: 1,
      state: 'asked',
      applicant_name: 'Иван',
    });
    expect(JSON.stringify(page.body)).not.toContain('Петров');

    const given = await answer(token, 'give');
    expect(given.status).toBe(200);
    expect(given.body.message).toBe(CONSENT_MESSAGES.given);
    const card = (await consentOf(id!)).body.message;
    expect(card).toMatchObject({ state: 'given', version: 1 });
    expect(Date.parse(card.at)).toBeGreaterThan(Date.now() - 60_000);

    // The same answer twice changes nothing; asking again for the same version is refused.
    expect((await answer(token, 'give')).status).toBe(200);
    const again = await requestFor(id!);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONSENT_MESSAGES.alreadyGiven);

    // Withdrawn later through the same link.
    const withdrawn = await answer(token, 'withdraw');
    expect(withdrawn.body.message).toBe(CONSENT_MESSAGES.withdrawn);
    expect((await consentOf(id!)).body.message).toMatchObject({ state: 'withdrawn', version: 1 });

    expect(await historyActions(id!)).toEqual([
      { action: 'consent_requested', user_id: admin.userId },
      { action: 'consent_given', user_id: null },
      { action: 'consent_withdrawn', user_id: null },
    ]);
    const history = await call(t.app, 'GET', `/api/applicants/${id}/worklog`, undefined, {
      token: admin.token,
    });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('consent_given');
    expect(await auditActions(admin.accountId)).toEqual([
      'account.privacy_settings_changed',
      'applicant.consent_requested',
      'applicant.consent_given',
      'applicant.consent_withdrawn',
    ]);
  });

  it('takes a refusal, and a new text version may be asked again', async () => {
    const [id] = await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Ольга', email: 'olga.consent@example.ru' },
    ]);
    await requestFor(id!);
    const { token } = await letterTokenTo('olga.consent@example.ru');
    const notGiven = await answer(token, 'withdraw');
    expect(notGiven.status).toBe(409);
    expect(notGiven.body.message).toBe(CONSENT_MESSAGES.notWithdrawable);
    expect((await answer(token, 'refuse')).body.message).toBe(CONSENT_MESSAGES.refused);
    expect((await consentOf(id!)).body.message.state).toBe('refused');

    expect((await patchSettings({ text: TEXT_V2 })).body.message.version).toBe(2);
    expect((await requestFor(id!)).body.message).toMatchObject({ state: 'asked', version: 2 });
    const second = await letterTokenTo('olga.consent@example.ru', 2);
    expect((await publicPage(second.token)).body.message.text).toBe(TEXT_V2);
    // The first letter still shows the text it asked about.
    expect((await publicPage(token)).body.message.text).toBe(TEXT_V1);
    await answer(second.token, 'give');
    expect((await consentOf(id!)).body.message).toMatchObject({ state: 'given', version: 2 });
  });

  it('refuses in Russian: no address, no text, an unknown applicant or link, another account', async () => {
    const [noMail] = await insertApplicants(t.database, admin.accountId, [{ firstName: 'Без' }]);
    const none = await requestFor(noMail!);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(CONSENT_MESSAGES.noEmail);

    const [otherOne] = await insertApplicants(t.database, other.accountId, [
      { firstName: 'Чужой', email: 'stranger@example.ru' },
    ]);
    const noText = await requestFor(otherOne!, other.token);
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe(CONSENT_MESSAGES.noText);

    expect((await requestFor(otherOne!)).status).toBe(404);
    expect((await consentOf(otherOne!)).status).toBe(404);
    expect((await requestFor(99_999_999)).status).toBe(404);

    const unknown = await publicPage('no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CONSENT_MESSAGES.invalid);
    const bad = await answer('no-such-token', 'maybe');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CONSENT_MESSAGES.decision);
  });
});

describe('the request sent to new applicants', () => {
  it('goes out when the company asked for it, and not otherwise', async () => {
    const off = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Пётр', email: 'petr.manual@example.ru' },
      { token: admin.token },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await consentOf(off.body.message.id)).body.message.state).toBe('not_asked');

    expect((await patchSettings({ auto_send: true })).body.message.auto_send).toBe(true);
    const on = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Мария', email: 'maria.auto@example.ru' },
      { token: admin.token },
    );
    expect(on.status).toBe(200);
    expect((await consentOf(on.body.message.id)).body.message).toMatchObject({
      state: 'asked',
      version: 2,
    });
    const { token } = await letterTokenTo('maria.auto@example.ru');
    expect((await publicPage(token)).body.message.text).toBe(TEXT_V2);

    const noAddress = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Безадреса' },
      { token: admin.token },
    );
    expect(noAddress.status).toBe(200);
    expect((await consentOf(noAddress.body.message.id)).body.message.state).toBe('not_asked');
    expect(smtp.received.filter((mail) => mail.to.includes('petr.manual@example.ru'))).toHaveLength(
      0,
    );
  });
});
