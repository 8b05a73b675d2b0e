import { DEFAULT_ACCOUNT_SOURCES } from '@ats/contracts/account-sources';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';
let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

describe('résumé sources of an account', () => {
  it('a new account starts with the usual sources, in order', async () => {
    const list = await call(t.app, 'GET', '/api/account_sources', undefined, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.message.map((s: { name: string; abbr: string }) => [s.name, s.abbr])).toEqual(
      DEFAULT_ACCOUNT_SOURCES.map((s) => [s.name, s.abbr]),
    );
    expect(list.body.message.every((s: { is_active: boolean }) => s.is_active)).toBe(true);
  });

  it('adds, edits and deletes a source; a logo may come wrapped as {photo}', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: 'Ярмарка вакансий', abbr: 'ЯВ', description: 'МГУ', logo: { photo: LOGO } },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      name: 'Ярмарка вакансий',
      logo: LOGO,
      is_active: true,
    });
    const id = created.body.message.id;
    const list = await call(t.app, 'GET', '/api/account_sources', undefined, {
      token: admin.token,
    });
    expect(list.body.message.at(-1).id).toBe(id);

    const patched = await call(
      t.app,
      'PATCH',
      `/api/account_sources/${id}`,
      { is_active: false },
      {
        token: admin.token,
      },
    );
    expect(patched.body.message).toMatchObject({ id, is_active: false, name: 'Ярмарка вакансий' });
    const twin = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: 'HH.RU' },
      { token: admin.token },
    );
    expect(twin.status).toBe(409);
    const deleted = await call(t.app, 'DELETE', `/api/account_sources/${id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    const again = await call(t.app, 'DELETE', `/api/account_sources/${id}`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });

  it('keeps a source that applicants name; it can be deactivated instead', async () => {
    const list = await call(t.app, 'GET', '/api/account_sources', undefined, {
      token: admin.token,
    });
    const hh = list.body.message[0];
    await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'С hh', account_source_id: hh.id },
      {
        token: admin.token,
      },
    );
    const deleted = await call(t.app, 'DELETE', `/api/account_sources/${hh.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toContain('можно сделать неактивным');
  });

  it('refuses a nameless source and a logo that is not an image', async () => {
    const nameless = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: '' },
      { token: admin.token },
    );
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe('Укажите название источника');
    const logo = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: 'X', logo: 'data:text/html;base64,AAAA' },
      {
        token: admin.token,
      },
    );
    expect(logo.status).toBe(400);
  });

  it('only recruiters with can_manage_account_source change sources; everyone reads them', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await call(
      t.app,
      'PATCH',
      `/api/users/${recruiter.userId}`,
      {
        admin_user: {
          admin_user_setting: { permissions_actions: { can_manage_account_source: false } },
        },
      },
      { token: admin.token },
    );
    for (const token of [watcher.token, recruiter.token]) {
      const created = await call(
        t.app,
        'POST',
        '/api/account_sources',
        { name: 'Нельзя' },
        { token },
      );
      expect(created.status).toBe(403);
      expect(created.body.message).toBe('Нет прав на управление источниками резюме');
      const list = await call(t.app, 'GET', '/api/account_sources', undefined, { token });
      expect(list.status).toBe(200);
    }
  });

  it('another account’s source answers 404 and stays unchanged', async () => {
    const intruder = await signUpCompany(t.app);
    const list = await call(t.app, 'GET', '/api/account_sources', undefined, {
      token: admin.token,
    });
    const target = list.body.message[1];
    const patched = await call(
      t.app,
      'PATCH',
      `/api/account_sources/${target.id}`,
      { name: 'Взлом' },
      {
        token: intruder.token,
      },
    );
    expect(patched.status).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/api/account_sources/${target.id}`, undefined, {
      token: intruder.token,
    });
    expect(deleted.status).toBe(404);
    const [row] = await systemRows<{ name: string }>(
      t.database,
      sql`select name from account_sources where id = ${target.id}`,
    );
    expect(row!.name).toBe(target.name);
  });
});
