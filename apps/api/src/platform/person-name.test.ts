import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpCompany } from '../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { openVacancy } from '../../test/vacancy-fixtures.ts';

/**
 * SPEC.md §3 "Person name": every answer that names a person composes the name by one rule —
 * last name, name, middle name, first name, else the e-mail — whatever module writes it.
 */
let t: TestApp;
let hr: SignedUp;
let applicantId: number;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app, { name: 'Анна' });
  const renamed = await call(
    t.app,
    'PATCH',
    `/api/users/${hr.userId}`,
    { admin_user: { last_name: 'Петрова', middle_name: 'Сергеевна' } },
    { token: hr.token },
  );
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  // Only a first name: the applicant is «Мария», not «Без имени» or the address.
  const applicant = await call(
    t.app,
    'POST',
    '/api/applicants',
    { first_name: 'Мария', email: 'maria@example.ru' },
    { token: hr.token },
  );
  expect(applicant.status, JSON.stringify(applicant.body)).toBe(200);
  applicantId = applicant.body.message.id;
});
afterAll(() => t.close());

const FULL_NAME = 'Петрова Анна Сергеевна';

describe('the display name in API answers', () => {
  it('fills %applicant.name% with an applicant’s only first name and %user.name% in SPEC order', async () => {
    const preview = await call(
      t.app,
      'POST',
      '/api/account_mail_temps/preview',
      {
        title: 'Письмо для %applicant.name%',
        description: '<p>%applicant.name%|%applicant.first_name%|%user.name%</p>',
        applicant_id: applicantId,
      },
      { token: hr.token },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.message.subject).toBe('Письмо для Мария');
    // The user's answer carries the name twice (name and first_name): it is printed once.
    expect(preview.body.message.body_text).toBe(`Мария|Мария|${FULL_NAME}`);
  });

  it('names the author of the history and of comments, and the user in the audit log', async () => {
    const comment = await call(
      t.app,
      'POST',
      `/api/applicants/${applicantId}/comments`,
      { description: 'Позвонить в понедельник' },
      { token: hr.token },
    );
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(comment.body.message.author_name).toBe(FULL_NAME);

    const worklog = await call(t.app, 'GET', `/api/applicants/${applicantId}/worklog`, undefined, {
      token: hr.token,
    });
    expect(worklog.status).toBe(200);
    expect(worklog.body.message.length).toBeGreaterThan(0);
    for (const entry of worklog.body.message) expect(entry.user_name).toBe(FULL_NAME);

    const card = await call(t.app, 'GET', `/api/applicants/${applicantId}`, undefined, {
      token: hr.token,
    });
    expect(card.body.message.worklog[0].user_name).toBe(FULL_NAME);
    expect(card.body.message.comments[0].author_name).toBe(FULL_NAME);

    const audit = await call(t.app, 'GET', '/api/audit_events', undefined, { token: hr.token });
    expect(audit.status).toBe(200);
    const mine = audit.body.message.audit_events.filter(
      (e: { actor: { id: number } | null }) => e.actor?.id === hr.userId,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const event of mine) expect(event.actor.name).toBe(FULL_NAME);
  });

  it('names a vacancy’s author and owner the same way, and by the e-mail when no part is left', async () => {
    const vacancy = await openVacancy(t.app, hr.token, { owners: [hr.userId] });
    const read = await call(t.app, 'GET', `/api/vacancies/${vacancy.id}`, undefined, {
      token: hr.token,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.message.author).toEqual({ id: hr.userId, name: FULL_NAME });
    expect(read.body.message.owners).toEqual([{ id: hr.userId, name: FULL_NAME }]);

    // A row from before names were required: no part at all, so the address names the user.
    await t.database.system.execute(
      sql`update users set name = null, middle_name = null, last_name = ' ' where id = ${hr.userId}`,
    );
    const again = await call(t.app, 'GET', `/api/vacancies/${vacancy.id}`, undefined, {
      token: hr.token,
    });
    expect(again.body.message.owners).toEqual([{ id: hr.userId, name: hr.email }]);
    const worklog = await call(t.app, 'GET', `/api/applicants/${applicantId}/worklog`, undefined, {
      token: hr.token,
    });
    expect(worklog.body.message[0].user_name).toBe(hr.email);
  });
});
