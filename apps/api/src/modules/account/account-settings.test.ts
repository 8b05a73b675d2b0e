import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { postMultipart, tinyPdf } from '../../../test/documents.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { tinyPng } from '../../../test/images.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const ONLY_ADMINS = 'Изменять данные компании может только администратор';
const INN_FORMAT = 'ИНН состоит из 10 или 12 цифр';
const INN_CHECKSUM = 'ИНН с ошибкой: не сходится контрольное число';
// Real numbers with valid check digits: a company (10 digits) and a sole trader (12 digits).
const COMPANY_INN = '7707083893';
const PERSON_INN = '500100732259';

let t: TestApp;
let dataDir: string;
let admin: SignedUp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-account-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await signUpCompany(t.app, { company: 'ООО «Старое имя»' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const patch = (token: string, body: unknown) =>
  call(t.app, 'PATCH', '/api/account/account_settings', body, { token });
const me = async (token: string) =>
  (await call(t.app, 'GET', '/api/me', undefined, { token })).body.message;
const account = async (token: string) =>
  (await call(t.app, 'GET', '/api/account', undefined, { token })).body.message;
const uploadLogo = (token: string, content: Buffer, filename = 'logo.png') =>
  postMultipart(t.app, '/api/account/logo', [{ name: 'file', filename, content }], token);
const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-dcrt-hrm-auth': token } });

describe('an admin keeps the company’s name, ИНН and time zone', () => {
  it('saves them, answers the account, and /me shows the new company at once', async () => {
    const saved = await patch(admin.token, {
      company_name: '  ООО   «Новое имя» ',
      inn: COMPANY_INN,
      time_zone: 'Asia/Yekaterinburg',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toMatchObject({
      id: admin.accountId,
      name: 'ООО «Новое имя»',
      inn: COMPANY_INN,
      time_zone: 'Asia/Yekaterinburg',
    });
    expect((await me(admin.token)).account_setting).toMatchObject({
      company_name: 'ООО «Новое имя»',
      inn: COMPANY_INN,
      time_zone: 'Asia/Yekaterinburg',
    });
  });

  it('takes the fields wrapped in settings, and a 12-digit ИНН; an empty ИНН clears it', async () => {
    const wrapped = await patch(admin.token, { settings: { name: 'ИП Иванов', inn: PERSON_INN } });
    expect(wrapped.status, JSON.stringify(wrapped.body)).toBe(200);
    expect(wrapped.body.message).toMatchObject({ name: 'ИП Иванов', inn: PERSON_INN });
    const cleared = await patch(admin.token, { inn: '' });
    expect(cleared.body.message.inn).toBeNull();
    // What was not sent stays.
    expect(cleared.body.message).toMatchObject({
      name: 'ИП Иванов',
      time_zone: 'Asia/Yekaterinburg',
    });
  });

  it('refuses a wrong ИНН, an empty name and an unknown zone in Russian, at the field', async () => {
    await patch(admin.token, { company_name: 'ООО «Проверка»', inn: COMPANY_INN });
    const cases: [unknown, string, string][] = [
      [{ inn: '12345' }, 'inn', INN_FORMAT],
      [{ inn: '77070838ab' }, 'inn', INN_FORMAT],
      [{ inn: '7707083894' }, 'inn', INN_CHECKSUM],
      [{ inn: '500100732258' }, 'inn', INN_CHECKSUM],
      [{ company_name: '   ' }, 'company_name', 'Укажите название компании'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'Неизвестный часовой пояс'],
    ];
    for (const [body, field, message] of cases) {
      const r = await patch(admin.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
      expect(r.body.errors?.[field]).toBe(message);
    }
    for (const body of [{ settings: 'всё' }, { inn: 7707083893 }, { time_zone: 3 }, [1]]) {
      const r = await patch(admin.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toMatch(/[А-Яа-яЁё]/);
      expect(r.body.message).not.toMatch(/Invalid|expected/);
    }
    const bad = await call(t.app, 'PATCH', '/api/account/account_settings', 'не json', {
      token: admin.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await account(admin.token)).toMatchObject({ name: 'ООО «Проверка»', inn: COMPANY_INN });
  });
});

describe('who may change the company', () => {
  it('only an admin recruiter: a recruiter, a watcher and a watcher-admin get 403, nothing changes', async () => {
    await patch(admin.token, { company_name: 'ООО «Как было»' });
    const members = await Promise.all([
      addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false }),
      addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false }),
      addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: true }),
    ]);
    for (const member of members) {
      const r = await patch(member.token, { company_name: 'Захват' });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(ONLY_ADMINS);
      const logo = await uploadLogo(member.token, tinyPng());
      expect(logo.status).toBe(403);
      expect(logo.body.message).toBe(ONLY_ADMINS);
      const removed = await call(t.app, 'DELETE', '/api/account/logo', undefined, {
        token: member.token,
      });
      expect(removed.status).toBe(403);
      // Reading stays open to every member: the header shows the company.
      expect((await account(member.token)).name).toBe('ООО «Как было»');
    }
    const second = await signUpCompany(t.app);
    const other = await patch(second.token, { company_name: 'ООО «Соседи»' });
    expect(other.status).toBe(200);
    expect(other.body.message.id).toBe(second.accountId);
    expect((await account(admin.token)).name).toBe('ООО «Как было»');
  });

  it('requires a session', async () => {
    expect((await call(t.app, 'PATCH', '/api/account/account_settings', {})).status).toBe(420);
    expect((await uploadLogo('', tinyPng())).status).toBe(420);
  });
});

describe('the company logo', () => {
  it('is an image checked by its bytes, served to every member, replaced and removed', async () => {
    const red = tinyPng([200, 0, 0]);
    const first = await uploadLogo(admin.token, red, 'логотип.png');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstUrl: string = first.body.message.logo_url;
    expect(firstUrl).toMatch(/^\/api\/files\/\d+$/);
    expect((await account(admin.token)).logo_url).toBe(firstUrl);

    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const served = await download(watcher.token, firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(red)).toBe(true);

    const second = await uploadLogo(admin.token, tinyPng([0, 0, 200]));
    const secondUrl: string = second.body.message.logo_url;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await download(admin.token, firstUrl)).statusCode).toBe(404);

    const removed = await call(t.app, 'DELETE', '/api/account/logo', undefined, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message.logo_url).toBeNull();
    expect((await download(admin.token, secondUrl)).statusCode).toBe(404);
    const left = await systemRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from files where account_id = ${admin.accountId} and applicant_id is null`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('refuses a document named .png, an SVG, an empty file and one over 2 MB', async () => {
    const pdf = await uploadLogo(admin.token, tinyPdf(), 'logo.png');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('Логотип должен быть изображением JPEG, PNG, WebP или GIF');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await uploadLogo(admin.token, svg, 'logo.svg')).status).toBe(400);
    const empty = await uploadLogo(admin.token, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    const large = await uploadLogo(admin.token, huge);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Логотип больше 2 МБ');
    expect((await account(admin.token)).logo_url).toBeNull();
  });

  it('another account’s logo answers 404 to a stranger', async () => {
    const uploaded = await uploadLogo(admin.token, tinyPng());
    const stranger = await signUpCompany(t.app);
    const r = await download(stranger.token, uploaded.body.message.logo_url);
    expect(r.statusCode).toBe(404);
    expect((await account(stranger.token)).logo_url).toBeNull();
  });
});
