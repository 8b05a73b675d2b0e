import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants, insertTag, tagApplicants } from '../../../test/applicant-factory.ts';
import { tenantRows } from '../../../test/db-helpers.ts';
import { addTeamMember, signUpCompany, type SignedUp } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let hr: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
});
afterAll(async () => {
  await t?.close();
});

const bulk = (action: 'tags' | 'archive', body: unknown, token = hr.token) =>
  call(t.app, 'POST', `/api/applicants/bulk/${action}`, body, { token });
const tagsOf = async (accountId: number, applicantId: number) =>
  (
    await tenantRows<{ tag_id: number }>(
      t.database,
      accountId,
      sql`select tag_id from applicant_tags where applicant_id = ${applicantId} order by tag_id`,
    )
  ).map((r) => r.tag_id);
const worklog = (accountId: number, ids: number[]) =>
  tenantRows<{
    applicant_id: number;
    action: string;
    user_id: number;
    changes: Record<string, unknown>;
  }>(
    t.database,
    accountId,
    sql`select applicant_id, action, user_id, changes from applicant_worklog
        where applicant_id in ${ids} order by applicant_id, id`,
  );

describe('bulk actions on a selection', () => {
  it('adds and removes tags on every selected applicant, logging only real changes', async () => {
    const [a, b, c] = await insertApplicants(t.database, hr.accountId, [
      { lastName: 'Орлов', firstName: 'Игорь' },
      { lastName: 'Белова', firstName: 'Ирина' },
      { lastName: 'Титов', firstName: 'Глеб' },
    ]);
    const hot = await insertTag(t.database, hr.accountId, 'Горячий');
    const cold = await insertTag(t.database, hr.accountId, 'Холодный');
    await tagApplicants(t.database, hr.accountId, cold, [a!, b!]);
    await tagApplicants(t.database, hr.accountId, hot, [b!]);

    const response = await bulk('tags', {
      applicant_ids: [a, b, c, a],
      add_tag_ids: [hot],
      remove_tag_ids: [cold],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toEqual({ applicant_ids: [a, b, c], changed_count: 3 });
    expect(await tagsOf(hr.accountId, a!)).toEqual([hot]);
    expect(await tagsOf(hr.accountId, b!)).toEqual([hot]);
    expect(await tagsOf(hr.accountId, c!)).toEqual([hot]);
    const log = await worklog(hr.accountId, [a!, b!, c!]);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      applicant_id: a,
      action: 'tags_changed',
      user_id: hr.userId,
      changes: {
        tags: { added: [{ id: hot, name: 'Горячий' }], removed: [{ id: cold, name: 'Холодный' }] },
      },
    });
    expect(log[1]!.changes).toMatchObject({
      tags: { added: [], removed: [{ id: cold, name: 'Холодный' }] },
    });

    const again = await bulk('tags', { applicant_ids: [a], add_tag_ids: [hot] });
    expect(again.body.message.changed_count).toBe(0);
    expect(await worklog(hr.accountId, [a!])).toHaveLength(1);
  });

  it('archives a selection: gone from the list, kept in the database, worklog written', async () => {
    const ids = await insertApplicants(t.database, hr.accountId, [
      { lastName: 'Архипова', firstName: 'Вера' },
      { lastName: 'Жуков', firstName: 'Олег' },
    ]);
    const before = (await call(t.app, 'GET', '/api/applicants', undefined, { token: hr.token }))
      .body.message.applicant_count;
    const response = await bulk('archive', { applicant_ids: ids });
    expect(response.status).toBe(200);
    expect(response.body.message).toEqual({ applicant_ids: ids, changed_count: 2 });
    const after = (await call(t.app, 'GET', '/api/applicants', undefined, { token: hr.token })).body
      .message;
    expect(after.applicant_count).toBe(before - 2);
    const rows = await tenantRows<{ archived_by: number }>(
      t.database,
      hr.accountId,
      sql`select archived_by from applicants where id in ${ids} and archived_at is not null`,
    );
    expect(rows).toEqual([{ archived_by: hr.userId }, { archived_by: hr.userId }]);
    expect((await worklog(hr.accountId, ids)).map((r) => r.action)).toEqual([
      'archived',
      'archived',
    ]);
    expect((await bulk('archive', { applicant_ids: ids })).body.message.changed_count).toBe(0);
  });

  it('all or nothing: one id of another account answers 404 and changes nothing', async () => {
    const other = await signUpCompany(t.app);
    const [theirs] = await insertApplicants(t.database, other.accountId, [
      { lastName: 'Чужой', firstName: 'Кандидат' },
    ]);
    const theirTag = await insertTag(t.database, other.accountId, 'Чужой тег');
    const [mine] = await insertApplicants(t.database, hr.accountId, [
      { lastName: 'Свой', firstName: 'Кандидат' },
    ]);
    const myTag = await insertTag(t.database, hr.accountId, 'Свой тег');

    const mixed = await bulk('archive', { applicant_ids: [mine, theirs] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toBe('Некоторые кандидаты не найдены');
    const tagged = await bulk('tags', { applicant_ids: [mine, theirs], add_tag_ids: [myTag] });
    expect(tagged.status).toBe(404);
    const foreignTag = await bulk('tags', { applicant_ids: [mine], add_tag_ids: [theirTag] });
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.message).toBe('Некоторые теги не найдены');

    expect(await tagsOf(hr.accountId, mine!)).toEqual([]);
    expect(await worklog(hr.accountId, [mine!])).toEqual([]);
    const stillActive = await tenantRows(
      t.database,
      other.accountId,
      sql`select 1 from applicants where id = ${theirs} and archived_at is null`,
    );
    expect(stillActive).toHaveLength(1);
    const mineActive = await tenantRows(
      t.database,
      hr.accountId,
      sql`select 1 from applicants where id = ${mine} and archived_at is null`,
    );
    expect(mineActive).toHaveLength(1);
  });

  it('refuses empty or oversized selections and contradictory tags with 400', async () => {
    const tooMany = await bulk('archive', {
      applicant_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ applicant_ids: 'Не больше 1000 за один раз' });
    expect((await bulk('archive', { applicant_ids: [] })).body.message).toBe('Выберите кандидатов');
    expect((await bulk('tags', { applicant_ids: [1] })).body.message).toBe(
      'Укажите теги, которые нужно добавить или снять',
    );
    expect(
      (await bulk('tags', { applicant_ids: [1], add_tag_ids: [2], remove_tag_ids: [2] })).status,
    ).toBe(400);
    expect((await bulk('archive', { applicant_ids: ['x'] })).status).toBe(400);
  });

  it('a watcher may not touch the base: 403', async () => {
    const watcher = await addTeamMember(t.app, hr.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    const response = await bulk('archive', { applicant_ids: [1] }, watcher.token);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Заказчику недоступна база кандидатов');
  });
});
