import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { ROLES, type Role, signUpTeamOfEveryRole } from '../../../test/role-team.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const CANNOT = 'Нет прав на управление тегами';
let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

const post = (token: string, body: unknown) => call(t.app, 'POST', '/api/tags', body, { token });

describe('a recruiter keeps the account’s tags', () => {
  it('creates tags with a colour written with or without #, and lists them as a plain array by name', async () => {
    const red = await post(admin.token, { name: 'Срочно', color: 'ff0000', description: 'горит' });
    expect(red.status, JSON.stringify(red.body)).toBe(200);
    expect(red.body.message).toMatchObject({
      name: 'Срочно',
      color: '#FF0000',
      description: 'горит',
    });
    const gold = await post(admin.token, { name: 'Архитектор', color: '#d7b100' });
    expect(gold.body.message.color).toBe('#D7B100');
    const plain = await post(admin.token, { name: 'Без цвета' });
    expect(plain.body.message).toMatchObject({ color: '#6366F1', description: null });

    const list = await call(t.app, 'GET', '/api/tags', undefined, { token: admin.token });
    expect(Array.isArray(list.body.message)).toBe(true);
    expect(list.body.message.map((x: { name: string }) => x.name)).toEqual([
      'Архитектор',
      'Без цвета',
      'Срочно',
    ]);
  });

  it('refuses a second tag with the same name in any case', async () => {
    await post(admin.token, { name: 'Remote' });
    const twin = await post(admin.token, { name: 'rEMOTE' });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('Тег с таким названием уже есть');
    const other = await post(admin.token, { name: 'Офис' });
    const renamed = await call(
      t.app,
      'PATCH',
      `/api/tags/${other.body.message.id}`,
      { name: 'REMOTE' },
      {
        token: admin.token,
      },
    );
    expect(renamed.status).toBe(409);
  });

  it('renames, recolours and deletes a tag; deleting takes it off applicants', async () => {
    const tag = await post(admin.token, { name: 'Java' });
    const id = tag.body.message.id;
    const patched = await call(
      t.app,
      'PATCH',
      `/api/tags/${id}`,
      { name: 'Kotlin', color: '00ff00' },
      {
        token: admin.token,
      },
    );
    expect(patched.body.message).toMatchObject({ id, name: 'Kotlin', color: '#00FF00' });
    const applicant = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Тег' },
      {
        token: admin.token,
      },
    );
    await call(
      t.app,
      'POST',
      `/api/applicants/${applicant.body.message.id}/update_tags`,
      { tags: [id] },
      {
        token: admin.token,
      },
    );
    const deleted = await call(t.app, 'DELETE', `/api/tags/${id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    const card = await call(
      t.app,
      'GET',
      `/api/applicants/${applicant.body.message.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(card.body.message.tags).toEqual([]);
    const again = await call(t.app, 'DELETE', `/api/tags/${id}`, undefined, { token: admin.token });
    expect(again.status).toBe(404);
  });

  it('refuses bad input in Russian', async () => {
    const noName = await post(admin.token, { name: '  ', color: '#FF0000' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Укажите название тега');
    const badColour = await post(admin.token, { name: 'Цвет', color: 'red' });
    expect(badColour.status).toBe(400);
    expect(badColour.body.message).toContain('шестнадцатеричных');
  });
});

describe('only recruiters with can_manage_tag change tags; everyone reads them', () => {
  it('refuses a watcher and a recruiter without the right, and lets both read', async () => {
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
      { admin_user: { admin_user_setting: { permissions_actions: { can_manage_tag: false } } } },
      { token: admin.token },
    );
    const tag = await post(admin.token, { name: 'Чужими руками' });
    for (const token of [watcher.token, recruiter.token]) {
      const created = await post(token, { name: 'Нельзя' });
      expect(created.status).toBe(403);
      expect(created.body.message).toBe(CANNOT);
      const patched = await call(
        t.app,
        'PATCH',
        `/api/tags/${tag.body.message.id}`,
        { name: 'X' },
        { token },
      );
      expect(patched.status).toBe(403);
      const deleted = await call(t.app, 'DELETE', `/api/tags/${tag.body.message.id}`, undefined, {
        token,
      });
      expect(deleted.status).toBe(403);
      const list = await call(t.app, 'GET', '/api/tags', undefined, { token });
      expect(list.status).toBe(200);
    }
    const [row] = await systemRows<{ name: string }>(
      t.database,
      sql`select name from tags where id = ${tag.body.message.id}`,
    );
    expect(row!.name).toBe('Чужими руками');
  });
});

describe('another account’s tag answers 404 and stays unchanged', () => {
  it('cannot be seen, renamed, deleted or put on an applicant', async () => {
    const intruder = await signUpCompany(t.app);
    const tag = await post(admin.token, { name: 'Секретный тег' });
    const id = tag.body.message.id;
    const list = await call(t.app, 'GET', '/api/tags', undefined, { token: intruder.token });
    expect(list.body.message).toEqual([]);
    const patched = await call(
      t.app,
      'PATCH',
      `/api/tags/${id}`,
      { name: 'Взлом' },
      { token: intruder.token },
    );
    expect(patched.status).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/api/tags/${id}`, undefined, {
      token: intruder.token,
    });
    expect(deleted.status).toBe(404);
    const applicant = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Чужак' },
      {
        token: intruder.token,
      },
    );
    const tagged = await call(
      t.app,
      'POST',
      `/api/applicants/${applicant.body.message.id}/update_tags`,
      { tags: [id] },
      { token: intruder.token },
    );
    expect(tagged.status).toBe(404);
    const [row] = await systemRows<{ name: string }>(
      t.database,
      sql`select name from tags where id = ${id}`,
    );
    expect(row!.name).toBe('Секретный тег');
  });
});

describe('how much each tag is used', () => {
  it('counts the applicants carrying each tag, for managers only', async () => {
    const company = await signUpCompany(t.app);
    const used = (await post(company.token, { name: 'Используется' })).body.message;
    const unused = (await post(company.token, { name: 'Пустой' })).body.message;
    for (const first_name of ['Один', 'Два']) {
      const applicant = await call(
        t.app,
        'POST',
        '/api/applicants',
        { first_name },
        { token: company.token },
      );
      await call(
        t.app,
        'POST',
        `/api/applicants/${applicant.body.message.id}/update_tags`,
        { tags: [used.id] },
        { token: company.token },
      );
    }
    const usage = await call(t.app, 'GET', '/api/tags/usage', undefined, {
      token: company.token,
    });
    expect(usage.status).toBe(200);
    expect(usage.body.message).toEqual([{ tag_id: used.id, applicants_count: 2 }]);
    expect(usage.body.message.some((u: { tag_id: number }) => u.tag_id === unused.id)).toBe(false);
    // Another account sees only its own counts.
    const other = await call(t.app, 'GET', '/api/tags/usage', undefined, { token: admin.token });
    expect(other.body.message.some((u: { tag_id: number }) => u.tag_id === used.id)).toBe(false);
  });
});

describe('role × action over HTTP', () => {
  it('only owners with can_manage_tag create, change, delete and count tags (SPEC.md §6)', async () => {
    const { admin: owner, tokens } = await signUpTeamOfEveryRole(t, 'can_manage_tag');
    const allowed: Role[] = ['admin', 'recruiter'];
    for (const [i, who] of ROLES.entries()) {
      const token = tokens[who];
      const expected = allowed.includes(who) ? 200 : 403;
      expect((await call(t.app, 'GET', '/api/tags', undefined, { token })).status).toBe(200);
      expect((await post(token, { name: `Тег роли ${i}` })).status, `${who} creates`).toBe(
        expected,
      );
      const target = (await post(owner.token, { name: `Тег для роли ${i}` })).body.message;
      const patched = await call(
        t.app,
        'PATCH',
        `/api/tags/${target.id}`,
        { color: '#000000' },
        {
          token,
        },
      );
      expect(patched.status, `${who} recolours`).toBe(expected);
      const usage = await call(t.app, 'GET', '/api/tags/usage', undefined, { token });
      expect(usage.status, `${who} counts`).toBe(expected);
      const deleted = await call(t.app, 'DELETE', `/api/tags/${target.id}`, undefined, { token });
      expect(deleted.status, `${who} deletes`).toBe(expected);
      if (expected === 403) {
        expect(deleted.body.message).toBe(CANNOT);
        const [row] = await systemRows<{ color: string }>(
          t.database,
          sql`select color from tags where id = ${target.id}`,
        );
        expect(row!.color).not.toBe('#000000');
      }
    }
  });
});

describe('a tag’s icon (SPEC.md §3)', () => {
  const get = (url: string) => call(t.app, 'GET', url, undefined, { token: admin.token });
  const patch = (id: number, body: unknown) =>
    call(t.app, 'PATCH', `/api/tags/${id}`, body, { token: admin.token });

  it('is set, read back on the list and on the applicant’s tags, and cleared with null', async () => {
    const created = await post(admin.token, { name: 'С иконкой', icon: 'rocket-launch' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id;
    expect(created.body.message.icon).toBe('rocket-launch');

    const applicant = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Икон' },
      {
        token: admin.token,
      },
    );
    const applicantId = applicant.body.message.id;
    await call(
      t.app,
      'POST',
      `/api/applicants/${applicantId}/update_tags`,
      { tags: [id] },
      {
        token: admin.token,
      },
    );

    const changed = await patch(id, { icon: 'trophy' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toMatchObject({ id, name: 'С иконкой', icon: 'trophy' });
    const listed = (await get('/api/tags')).body.message.find((x: { id: number }) => x.id === id);
    expect(listed.icon).toBe('trophy');
    const card = await get(`/api/applicants/${applicantId}`);
    expect(card.body.message.tags).toEqual([expect.objectContaining({ id, icon: 'trophy' })]);
    const rows = await get(`/api/applicants?search=${encodeURIComponent('Икон')}`);
    const row = rows.body.message.applicants.find((a: { id: number }) => a.id === applicantId);
    expect(row.tags).toEqual([expect.objectContaining({ id, icon: 'trophy' })]);

    // A change that does not name the icon keeps it.
    expect((await patch(id, { color: '#00FF00' })).body.message.icon).toBe('trophy');
    const cleared = await patch(id, { icon: null });
    expect(cleared.body.message.icon).toBeNull();
    expect(
      (await get('/api/tags')).body.message.find((x: { id: number }) => x.id === id).icon,
    ).toBeNull();
  });

  it('answers null for a tag made without one, as old clients make them', async () => {
    const plain = await post(admin.token, { name: 'Без иконки' });
    expect(plain.body.message).toEqual({
      id: plain.body.message.id,
      name: 'Без иконки',
      color: '#6366F1',
      description: null,
      icon: null,
    });
  });

  it('refuses a name outside the list of 98 in Russian and keeps the tag as it was', async () => {
    const tag = await post(admin.token, { name: 'Проверка иконки', icon: 'star' });
    for (const icon of ['rocket', 'STAR', '', 5]) {
      const r = await patch(tag.body.message.id, { icon });
      expect(r.status, JSON.stringify(icon)).toBe(400);
      expect(r.body).toMatchObject({
        status: 'error',
        message: 'Неизвестная иконка: выберите одну из 98 в списке',
        errors: { icon: 'Неизвестная иконка: выберите одну из 98 в списке' },
      });
    }
    const refused = await post(admin.token, { name: 'Другая', icon: 'unicorn' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Неизвестная иконка: выберите одну из 98 в списке');
    const tags = (await get('/api/tags')).body.message as { name: string; icon: string }[];
    expect(tags.find((x) => x.name === 'Проверка иконки')?.icon).toBe('star');
    expect(tags.some((x) => x.name === 'Другая')).toBe(false);
  });
});
