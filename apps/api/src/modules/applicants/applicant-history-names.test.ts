import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSource } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The history names what its entries hold by id (reason, vacancy, stage, source, user, country),
// so a reader sees «Не подходит по опыту», never `reason_id: 1`.

let t: TestApp;
let admin: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app, { name: 'Анна' });
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t.app, 'GET', url, undefined, { token });
const send = (method: 'POST' | 'PATCH', token: string, url: string, body?: unknown) =>
  call(t.app, method, url, body, { token });

type Entry = { action: string; changes: Record<string, unknown>; names?: Record<string, string> };

describe('the names in the history', () => {
  it('resolves the ids of every entry, old fields untouched', async () => {
    const vacancy = await insertVacancyWithStages(t.database, admin.accountId, {
      position: 'Бухгалтер',
    });
    const source = await insertSource(t.database, admin.accountId, 'Хедхантер');
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Борис',
    });
    const created = await send('POST', admin.token, '/api/applicants', {
      last_name: 'Соколова',
      first_name: 'Дарья',
      vacancy_id: vacancy.id,
      status_id: vacancy.stage('Новый').id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id as number;
    const patched = await send('PATCH', admin.token, `/api/applicants/${id}`, {
      admin_user_id: colleague.userId,
      account_source_id: source,
      country: 1,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const application = created.body.message.vacancies[0].application_id as number;
    const reasons = await get(admin.token, '/api/reasons?reason_type=reject');
    const reason = reasons.body.message[0] as { id: number; name: string };
    const rejected = await send('POST', admin.token, `/api/applications/${application}/reject`, {
      reason_id: reason.id,
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    const history = await get(admin.token, `/api/applicants/${id}/worklog`);
    expect(history.status).toBe(200);
    const entries = history.body.message as Entry[];
    const byAction = (action: string) => entries.find((e) => e.action === action)!;

    expect(byAction('create').changes).toMatchObject({ vacancy_id: vacancy.id });
    expect(byAction('create').names).toMatchObject({
      [`vacancy:${vacancy.id}`]: 'Бухгалтер',
      [`status:${vacancy.stage('Новый').id}`]: 'Новый',
    });
    expect(byAction('update').changes).toMatchObject({
      admin_user_id: { from: admin.userId, to: colleague.userId },
      account_source_id: { from: null, to: source },
    });
    expect(byAction('update').names).toMatchObject({
      [`user:${admin.userId}`]: 'Анна',
      [`user:${colleague.userId}`]: 'Борис',
      [`source:${source}`]: 'Хедхантер',
      'country:1': 'Россия',
    });
    expect(byAction('vacancy_reject').changes).toMatchObject({ reason_id: reason.id });
    expect(byAction('vacancy_reject').names).toMatchObject({
      [`reason:${reason.id}`]: reason.name,
    });

    // The card carries the same names.
    const card = await get(admin.token, `/api/applicants/${id}`);
    const cardReject = (card.body.message.worklog as Entry[]).find(
      (e) => e.action === 'vacancy_reject',
    );
    expect(cardReject?.names).toEqual(byAction('vacancy_reject').names);
  });

  it('never names another account’s rows', async () => {
    const theirs = await insertVacancyWithStages(t.database, stranger.accountId, {
      position: 'Секретная вакансия',
    });
    const mine = await send('POST', admin.token, '/api/applicants', { last_name: 'Орлов' });
    const id = mine.body.message.id as number;
    // An id of another account written straight into the history names nothing.
    await t.database.withTenant(admin.accountId, (tx) =>
      tx.execute(
        sql`insert into applicant_worklog (account_id, applicant_id, user_id, action, changes)
            values (${admin.accountId}, ${id}, ${admin.userId}, 'vacancy_move',
                    ${JSON.stringify({ vacancy_id: theirs.id, status_id: theirs.stage('Новый').id })}::jsonb)`,
      ),
    );
    const history = await get(admin.token, `/api/applicants/${id}/worklog`);
    const entry = (history.body.message as Entry[]).find((e) => e.action === 'vacancy_move')!;
    expect(entry.names).toEqual({});
  });
});
