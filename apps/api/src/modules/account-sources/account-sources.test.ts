import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ACCOUNT_SOURCES } from '@ats/contracts/account-sources';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { dataUrl, tinyPng } from '../../../test/images.ts';
import { ROLES, type Role, signUpTeamOfEveryRole } from '../../../test/role-team.ts';
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

  describe('an SVG logo (it may carry a script)', () => {
    const SVG = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const NOT_IMAGE = 'Логотип — изображение JPEG, PNG, WebP или GIF в формате data URL';
    const post = (logo: unknown, name = 'Сайт с SVG') =>
      call(t.app, 'POST', '/api/account_sources', { name, logo }, { token: admin.token });

    it('is refused when created or changed, declared as SVG or hidden behind a PNG type', async () => {
      for (const logo of [
        dataUrl(SVG, 'image/svg+xml'),
        { photo: dataUrl(SVG, 'image/svg+xml') },
        dataUrl(SVG, 'image/png'),
      ]) {
        const response = await post(logo);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.message).toBe(NOT_IMAGE);
      }
      const source = await post(null, 'Без логотипа');
      expect(source.status).toBe(200);
      const changed = await call(
        t.app,
        'PATCH',
        `/api/account_sources/${source.body.message.id}`,
        { logo: dataUrl(SVG, 'image/png') },
        { token: admin.token },
      );
      expect(changed.status).toBe(400);
      expect(changed.body.errors).toEqual({ logo: NOT_IMAGE });
      const names = await systemRows<{ name: string }>(
        t.database,
        sql`select name from account_sources where logo like '%PHN2Zy%'`,
      );
      expect(names).toEqual([]);
    });

    it('a raster logo is kept under the type its bytes show, not the declared one', async () => {
      const png = tinyPng();
      const response = await post(dataUrl(png, 'image/webp'), 'PNG под видом WebP');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message.logo).toBe(dataUrl(png, 'image/png'));
    });

    it('one stored before the refusal is never handed out', async () => {
      const source = await post(null, 'Старый SVG');
      await systemRows(
        t.database,
        sql`update account_sources set logo = ${dataUrl(SVG, 'image/svg+xml')}
            where id = ${source.body.message.id}`,
      );
      const list = await call(t.app, 'GET', '/api/account_sources', undefined, {
        token: admin.token,
      });
      const stored = list.body.message.find((s: { id: number }) => s.id === source.body.message.id);
      expect(stored.logo).toBeNull();
    });

    it('migration 0032 removes the SVG logos already stored and renames image/jpg', async () => {
      const ids: Record<string, number> = {};
      const logos = {
        svg: dataUrl(SVG, 'image/svg+xml'),
        jpg: 'data:image/jpg;base64,/9j/4AAQ',
        png: LOGO,
      };
      for (const [kind, logo] of Object.entries(logos)) {
        ids[kind] = (await post(null, `До миграции ${kind}`)).body.message.id;
        await systemRows(
          t.database,
          sql`update account_sources set logo = ${logo} where id = ${ids[kind]}`,
        );
      }
      const migration = readFileSync(
        fileURLToPath(
          new URL(
            '../../../../../packages/db/migrations/0032_raster-source-logos.sql',
            import.meta.url,
          ),
        ),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) {
        await systemRows(t.database, sql.raw(statement));
      }
      const rows = await systemRows<{ id: number; logo: string | null }>(
        t.database,
        sql`select id, logo from account_sources
            where id in (${ids.svg}, ${ids.jpg}, ${ids.png}) order by id`,
      );
      expect(rows).toEqual([
        { id: ids.svg, logo: null },
        { id: ids.jpg, logo: 'data:image/jpeg;base64,/9j/4AAQ' },
        { id: ids.png, logo: LOGO },
      ]);
    });
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

type Source = { id: number; name: string; is_active: boolean; order: number };
const sources = async (token: string) =>
  (await call(t.app, 'GET', '/api/account_sources', undefined, { token })).body.message as Source[];
const reorder = (token: string, ids: unknown) =>
  call(t.app, 'POST', '/api/account_sources/reorder', { ids }, { token });

describe('the order of sources', () => {
  it('lists sources with their order; a new one goes last; a reorder is kept', async () => {
    const company = await signUpCompany(t.app);
    const before = await sources(company.token);
    expect(before.map((s) => s.order)).toEqual(before.map((_, i) => i + 1));
    const created = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: 'Ярмарка вакансий' },
      { token: company.token },
    );
    expect(created.body.message.order).toBe(before.length + 1);
    const ids = [created.body.message.id, ...before.map((s) => s.id)];
    const r = await reorder(company.token, ids);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message.map((s: Source) => s.id)).toEqual(ids);
    expect((await sources(company.token)).map((s) => [s.id, s.order])).toEqual(
      ids.map((id, i) => [id, i + 1]),
    );
  });

  it('refuses a list that misses or repeats a source, or names another account’s', async () => {
    const company = await signUpCompany(t.app);
    const list = await sources(company.token);
    const ids = list.map((s) => s.id);
    const missing = await reorder(company.token, ids.slice(1));
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('Список источников изменился: обновите страницу и повторите');
    const repeated = await reorder(company.token, [...ids, ids[0]]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe('Источники не должны повторяться');
    expect((await reorder(company.token, 'все')).status).toBe(400);
    const theirs = (await sources(admin.token)).map((s) => s.id);
    const foreign = await reorder(company.token, [...ids.slice(1), theirs[0]]);
    expect(foreign.status).toBe(404);
    const intruded = await reorder(company.token, [...theirs].reverse());
    expect(intruded.status).toBe(404);
    expect(await sources(company.token)).toEqual(list);
    expect((await sources(admin.token)).map((s) => s.id)).toEqual(theirs);
  });
});

describe('role × action over HTTP', () => {
  it('admins and recruiters with can_manage_account_source manage sources; watchers never', async () => {
    const { admin: owner, tokens } = await signUpTeamOfEveryRole(t, 'can_manage_account_source');
    const allowed: Role[] = ['admin', 'admin without the right', 'recruiter'];
    for (const [i, who] of ROLES.entries()) {
      const token = tokens[who];
      const expected = allowed.includes(who) ? 200 : 403;
      expect((await call(t.app, 'GET', '/api/account_sources', undefined, { token })).status).toBe(
        200,
      );
      const created = await call(
        t.app,
        'POST',
        '/api/account_sources',
        { name: `Источник роли ${i}` },
        { token },
      );
      expect(created.status, `${who} creates`).toBe(expected);
      const target = (
        await call(
          t.app,
          'POST',
          '/api/account_sources',
          { name: `Источник для роли ${i}` },
          { token: owner.token },
        )
      ).body.message;
      const deactivated = await call(
        t.app,
        'PATCH',
        `/api/account_sources/${target.id}`,
        { is_active: false },
        { token },
      );
      expect(deactivated.status, `${who} deactivates`).toBe(expected);
      const ids = (await sources(owner.token)).map((s) => s.id);
      expect((await reorder(token, [...ids].reverse())).status, `${who} reorders`).toBe(expected);
      const deleted = await call(t.app, 'DELETE', `/api/account_sources/${target.id}`, undefined, {
        token,
      });
      expect(deleted.status, `${who} deletes`).toBe(expected);
      if (expected === 403) {
        expect(deleted.body.message).toBe('Нет прав на управление источниками резюме');
        const kept = (await sources(owner.token)).find((s) => s.id === target.id);
        expect(kept?.is_active).toBe(true);
      }
    }
  });
});

describe('a source’s icon (SPEC.md §3)', () => {
  const UNKNOWN = 'Неизвестная иконка: выберите одну из 98 в списке';
  const get = (url: string) => call(t.app, 'GET', url, undefined, { token: admin.token });
  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    call(t.app, method, url, body, { token: admin.token });
  const listed = async (id: number) =>
    (await get('/api/account_sources')).body.message.find((s: { id: number }) => s.id === id);

  it('is set, read back on the list and on the applicant’s card and list row, and cleared', async () => {
    const created = await send('POST', '/api/account_sources', {
      name: 'Ярмарка',
      icon: 'megaphone',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id;
    expect(created.body.message.icon).toBe('megaphone');
    expect((await listed(id)).icon).toBe('megaphone');

    const applicant = await send('POST', '/api/applicants', {
      first_name: 'Источников',
      account_source_id: id,
    });
    const applicantId = applicant.body.message.id;
    const card = await get(`/api/applicants/${applicantId}`);
    expect(card.body.message).toMatchObject({ source_name: 'Ярмарка', source_icon: 'megaphone' });
    const rows = await get(`/api/applicants?search=${encodeURIComponent('Источников')}`);
    expect(
      rows.body.message.applicants.find((a: { id: number }) => a.id === applicantId),
    ).toMatchObject({ source_name: 'Ярмарка', source_icon: 'megaphone' });

    const changed = await send('PATCH', `/api/account_sources/${id}`, { icon: 'briefcase' });
    expect(changed.body.message).toMatchObject({ id, name: 'Ярмарка', icon: 'briefcase' });
    // Changing something else keeps the icon.
    await send('PATCH', `/api/account_sources/${id}`, { abbr: 'ЯР' });
    expect((await listed(id)).icon).toBe('briefcase');

    const cleared = await send('PATCH', `/api/account_sources/${id}`, { icon: null });
    expect(cleared.body.message.icon).toBeNull();
    expect((await listed(id)).icon).toBeNull();
    expect((await get(`/api/applicants/${applicantId}`)).body.message.source_icon).toBeNull();
  });

  it('the seeded sources answer icon null', async () => {
    const list = (await get('/api/account_sources')).body.message as { name: string }[];
    const hh = list.find((s) => s.name === 'hh.ru');
    expect(hh).toMatchObject({ abbr: 'HH', icon: null });
  });

  it('refuses a name outside the list of 98 in Russian', async () => {
    const source = await send('POST', '/api/account_sources', { name: 'Биржа', icon: 'wallet' });
    const id = source.body.message.id;
    for (const icon of ['wallets', 'Wallet', 7]) {
      const r = await send('PATCH', `/api/account_sources/${id}`, { icon });
      expect(r.status, JSON.stringify(icon)).toBe(400);
      expect(r.body).toMatchObject({
        status: 'error',
        message: UNKNOWN,
        errors: { icon: UNKNOWN },
      });
    }
    const refused = await send('POST', '/api/account_sources', { name: 'Ещё', icon: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(UNKNOWN);
    expect((await listed(id)).icon).toBe('wallet');
  });
});
