import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRows } from '../../../test/db-helpers.ts';
import { fakeExe, postMultipart, tinyPdf } from '../../../test/documents.ts';
import { addTeamMember, signUpCompany, type SignedUp } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { JobContext } from '../../platform/queue.ts';
import { readSheetRows } from '../../platform/spreadsheet.ts';
import { runApplicantImport } from './applicant-import.runner.ts';

let t: TestApp;
let anna: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  anna = await signUpCompany(t.app, { company: 'ООО «Импорт»' });
});
afterAll(async () => {
  await t.close();
});

/** A workbook built the way Excel users fill one: a header line, then a line per applicant. */
async function workbook(rows: (string | number | Date | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Кандидаты');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (token: string, content: Buffer, filename = 'кандидаты.xlsx') =>
  postMultipart(t.app, '/api/applicants/imports', [{ name: 'file', filename, content }], token);

/** Polls the import as the web app does, until the job has finished with it. */
async function finished(token: string, id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const r = await call(t.app, 'GET', `/api/applicants/imports/${id}`, undefined, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.message.status === 'done' || r.body.message.status === 'failed') {
      return r.body.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

async function importFile(token: string, content: Buffer, filename?: string) {
  const uploaded = await upload(token, content, filename);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const started = await call(
    t.app,
    'POST',
    `/api/applicants/imports/${uploaded.body.message.id}/start`,
    { fields: uploaded.body.message.fields },
    { token },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return finished(token, uploaded.body.message.id);
}

const applicantsNamed = (account: SignedUp, lastName: string) =>
  tenantRows<{
    first_name: string;
    last_name: string;
    middle_name: string | null;
    phone: string | null;
    email: string | null;
    birthday: string | null;
    created_via: string;
    id: number;
  }>(
    t.database,
    account.accountId,
    sql`select id, first_name, last_name, middle_name, phone, email, birthday::text, created_via
        from applicants where account_id = ${account.accountId} and last_name = ${lastName}`,
  );

describe('import of applicants from a file', () => {
  it('reads an xlsx, suggests the fields by the Russian headers and imports every row', async () => {
    const file = await workbook([
      ['ФИО', 'Телефон', 'E-mail', 'Должность', 'Дата рождения', 'Теги', 'Что-то своё'],
      [
        'Лебедева Ольга Петровна',
        79161234567,
        'olga@example.ru',
        'Бухгалтер',
        new Date(Date.UTC(1990, 4, 17)),
        'Финансы, Москва',
        'x',
      ],
      ['Лебедев Игорь', '+7 903 000-00-00', null, 'Кладовщик', '01.02.1985', null, null],
    ]);
    const uploaded = await upload(anna.token, file);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.message).toMatchObject({
      status: 'pending',
      format: 'xlsx',
      total: 2,
      processed: 0,
      started_at: null,
      columns: ['ФИО', 'Телефон', 'E-mail', 'Должность', 'Дата рождения', 'Теги', 'Что-то своё'],
      fields: ['full_name', 'phone', 'email', 'position', 'birthday', 'tags', null],
    });
    expect(uploaded.body.message.sample_rows[0]).toEqual([
      'Лебедева Ольга Петровна',
      '79161234567',
      'olga@example.ru',
      'Бухгалтер',
      '1990-05-17',
      'Финансы, Москва',
      'x',
    ]);

    const id = uploaded.body.message.id;
    const started = await call(
      t.app,
      'POST',
      `/api/applicants/imports/${id}/start`,
      { fields: uploaded.body.message.fields },
      { token: anna.token },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const result = await finished(anna.token, id);
    expect(result).toMatchObject({
      status: 'done',
      total: 2,
      processed: 2,
      imported: 2,
      failed: 0,
    });
    expect(result.failures).toEqual([]);

    const [olga] = await applicantsNamed(anna, 'Лебедева');
    expect(olga).toMatchObject({
      first_name: 'Ольга',
      middle_name: 'Петровна',
      phone: '+79161234567',
      email: 'olga@example.ru',
      birthday: '1990-05-17',
      created_via: 'import',
    });
    const [igor] = await applicantsNamed(anna, 'Лебедев');
    expect(igor).toMatchObject({
      first_name: 'Игорь',
      middle_name: null,
      birthday: '1985-02-01',
      phone: '+79030000000',
    });

    // Through the same service as the create form: tags, history and search work at once.
    const card = await call(t.app, 'GET', `/api/applicants/${olga!.id}`, undefined, {
      token: anna.token,
    });
    expect(card.body.message.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([
      'Москва',
      'Финансы',
    ]);
    expect(card.body.message.worklog.map((w: { action: string }) => w.action)).toContain('create');
    const found = await call(t.app, 'GET', '/api/applicants?search=Лебедева', undefined, {
      token: anna.token,
    });
    expect(found.body.message.applicants.map((a: { id: number }) => a.id)).toContain(olga!.id);
  });

  it('reads a CSV saved by Russian Excel: Windows-1251, split by semicolons', async () => {
    const text =
      'Фамилия;Имя;Отчество;Компания;Зарплата;Город\r\n' +
      'Ёлкина;Дарья;Сергеевна;"ООО ""Вектор""";120 000;Казань\r\n' +
      '\r\n' +
      'Ёлкин;Павел;;ИП Ёлкин;;\r\n';
    const cp1251 = encodeWindows1251(text);
    const uploaded = await upload(anna.token, cp1251, 'выгрузка.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.message).toMatchObject({
      format: 'csv',
      total: 2,
      columns: ['Фамилия', 'Имя', 'Отчество', 'Компания', 'Зарплата', 'Город'],
      fields: ['last_name', 'first_name', 'middle_name', 'company', 'money', 'city'],
    });
    expect(uploaded.body.message.sample_rows[0][3]).toBe('ООО "Вектор"');

    const result = await importFile(anna.token, cp1251, 'выгрузка.csv');
    expect(result).toMatchObject({ status: 'done', imported: 2, failed: 0 });
    const [darya] = await tenantRows<{
      first_name: string;
      money: string;
      company: string;
      unidentified_info: string;
    }>(
      t.database,
      anna.accountId,
      sql`select first_name, money, company, unidentified_info from applicants where last_name = 'Ёлкина'`,
    );
    expect(darya).toEqual({
      first_name: 'Дарья',
      money: '120 000',
      company: 'ООО "Вектор"',
      unidentified_info: 'Город: Казань',
    });
  });

  it('reports a bad row by its Excel line and reason, and imports the others', async () => {
    const file = await workbook([
      ['Фамилия', 'Имя', 'Email', 'Дата рождения'],
      ['Соколов', 'Артём', 'artem@example.ru', null],
      ['Соколова', 'Мария', 'не-почта', null],
      [null, null, 'nobody@example.ru', null],
      ['Соколовский', 'Ян', null, '31.02.1990'],
      ['Сокол', 'Вера', null, null],
    ]);
    const result = await importFile(anna.token, file);
    expect(result).toMatchObject({
      status: 'done',
      total: 5,
      processed: 5,
      imported: 2,
      failed: 3,
    });
    expect(result.failures).toEqual([
      { line: 3, reason: 'E-mail: Некорректный email' },
      { line: 4, reason: 'Укажите имя или фамилию кандидата' },
      { line: 5, reason: 'Дата рождения: Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' },
    ]);
    expect(await applicantsNamed(anna, 'Соколов')).toHaveLength(1);
    expect(await applicantsNamed(anna, 'Сокол')).toHaveLength(1);
    expect(await applicantsNamed(anna, 'Соколова')).toHaveLength(0);

    // The report: line, reason and the row as it was, to fix and import again.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/imports/${result.id}/failures.xlsx`,
      headers: { 'x-dcrt-hrm-auth': anna.token },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const rows = [];
    for await (const row of readSheetRows(report.rawPayload)) rows.push(row.cells);
    expect(rows[0]).toEqual(['Строка', 'Причина', 'Фамилия', 'Имя', 'Email', 'Дата рождения']);
    expect(rows[1]!.slice(0, 5)).toEqual([
      3,
      'E-mail: Некорректный email',
      'Соколова',
      'Мария',
      'не-почта',
    ]);
    expect(rows).toHaveLength(4);
  });

  it('answers 400 in Russian for a damaged xlsx and 415 for a file of another type', async () => {
    const good = await workbook([['ФИО'], ['Петров Пётр']]);
    const damaged = Buffer.concat([good.subarray(0, 200), Buffer.alloc(300, 7)]);
    const broken = await upload(anna.token, damaged);
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      status: 'error',
      message: 'Не удалось прочитать файл Excel: он повреждён или это не .xlsx',
    });

    for (const [content, name] of [
      [tinyPdf(), 'кандидаты.xlsx'],
      [fakeExe(), 'кандидаты.csv'],
    ] as const) {
      const refused = await upload(anna.token, content, name);
      expect(refused.status, name).toBe(415);
      expect(refused.body.message).toBe('Загрузите таблицу Excel (.xlsx) или CSV');
    }

    const empty = await upload(anna.token, Buffer.alloc(0), 'пусто.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Файл пустой');
  });

  it('refuses a mapping that names an unknown field, leaves out every name, or repeats a field', async () => {
    const uploaded = await upload(
      anna.token,
      await workbook([
        ['ФИО', 'Телефон'],
        ['Орлов Олег', '1'],
      ]),
    );
    const id = uploaded.body.message.id;
    const attempts = [
      [['full_name', 'salary_expectation'], 'Неизвестное поле «salary_expectation»'],
      [['phone', null], 'Сопоставьте столбец с ФИО, фамилией или именем кандидата'],
      [['full_name', 'full_name'], 'Одно поле выбрано для нескольких столбцов'],
      [['full_name'], 'Укажите поле для каждого столбца файла'],
    ] as const;
    for (const [fields, message] of attempts) {
      const r = await call(
        t.app,
        'POST',
        `/api/applicants/imports/${id}/start`,
        { fields },
        { token: anna.token },
      );
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    const untouched = await call(t.app, 'GET', `/api/applicants/imports/${id}`, undefined, {
      token: anna.token,
    });
    expect(untouched.body.message).toMatchObject({ status: 'pending', started_at: null });
  });

  it('lets only admins and users with the upload right import', async () => {
    const recruiter = await addTeamMember(t.app, anna.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const file = await workbook([['ФИО'], ['Зайцев Заур']]);
    expect((await upload(recruiter.token, file)).status).toBe(200);

    const revoke = await call(
      t.app,
      'PATCH',
      `/api/users/${recruiter.userId}`,
      { admin_user: { admin_user_setting: { permissions_actions: { can_upload_data: false } } } },
      { token: anna.token },
    );
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    const refused = await upload(recruiter.token, file);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Нет прав на загрузку данных');

    const watcher = await addTeamMember(t.app, anna.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const watcherTry = await upload(watcher.token, file);
    expect(watcherTry.status).toBe(403);
    expect(watcherTry.body.message).toBe('Заказчику недоступна база кандидатов');
  });

  it("answers 404 for another account's import, whatever is asked of it", async () => {
    const uploaded = await upload(anna.token, await workbook([['ФИО'], ['Тайный Тимур']]));
    const id = uploaded.body.message.id;
    const boris = await signUpCompany(t.app, { company: 'ООО «Соседи»' });
    const requests = [
      ['GET', `/api/applicants/imports/${id}`, undefined],
      ['POST', `/api/applicants/imports/${id}/start`, { fields: ['full_name'] }],
      ['GET', `/api/applicants/imports/${id}/failures.xlsx`, undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      const r = await call(t.app, method, url, body, { token: boris.token });
      expect(r.status, url).toBe(404);
      expect(r.body.message).toBe('Импорт не найден');
    }
    const still = await call(t.app, 'GET', `/api/applicants/imports/${id}`, undefined, {
      token: anna.token,
    });
    expect(still.body.message.started_at).toBeNull();
  });

  it('carries on after the last committed batch when a run dies and the job runs again', async () => {
    const rows: string[][] = [['Фамилия', 'Имя']];
    for (let i = 1; i <= 120; i += 1) rows.push([`Повтор${i}`, 'Иван']);
    const uploaded = await upload(anna.token, await workbook(rows));
    const id = uploaded.body.message.id;
    // What a run that died after its first batch leaves behind: started, running, 50 processed.
    await t.database.withTenant(anna.accountId, (tx) =>
      tx.execute(sql`update applicant_imports
        set mapping = '["last_name","first_name"]'::jsonb, started_at = now(), status = 'running',
            processed = 50, imported = 50
        where account_id = ${anna.accountId} and id = ${id}`),
    );
    const context: JobContext = { config: t.config, database: t.database, log: silentLog };
    await runApplicantImport({ accountId: anna.accountId, importId: id }, context);
    const result = await finished(anna.token, id);
    expect(result).toMatchObject({ status: 'done', processed: 120, imported: 120, failed: 0 });
    const [{ n }] = (await tenantRows<{ n: number }>(
      t.database,
      anna.accountId,
      sql`select count(*)::int as n from applicants where last_name like 'Повтор%'`,
    )) as [{ n: number }];
    // Rows 1–50 belonged to the batch already committed; only 51–120 were imported now.
    expect(n).toBe(70);

    // The job delivered once more (a retry after a crash) finds nothing left to do.
    await runApplicantImport({ accountId: anna.accountId, importId: id }, context);
    expect(await finished(anna.token, id)).toMatchObject({ imported: 120 });
  });
});

const silentLog = pino({ level: 'silent' });

/** Windows-1251 bytes of Russian text (Node's TextEncoder writes only UTF-8). */
function encodeWindows1251(text: string) {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from([...text].map((char) => table.get(char) ?? 0x3f));
}

describe('rows that match applicants already in the base (issue 20, item 12)', () => {
  let boss: SignedUp;
  let existing: number;
  beforeAll(async () => {
    boss = await signUpCompany(t.app, { company: 'ООО «Совпадения»' });
    const created = await call(
      t.app,
      'POST',
      '/api/applicants',
      {
        last_name: 'Сорокина',
        first_name: 'Вера',
        phone: '+7 (916) 700-11-22',
        email: 'vera.sorokina@example.ru',
        position: 'Кассир',
        skills: ['1С'],
      },
      { token: boss.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    existing = created.body.message.id;
  });

  const matchingFile = () =>
    workbook([
      ['ФИО', 'Телефон', 'E-mail', 'Должность', 'Зарплата', 'Навыки'],
      ['Сорокина Вера', '8 916 700 11 22', null, 'Старший кассир', '150 000 руб.', 'Excel'],
      ['Новикова Инна', null, 'inna@example.ru', 'Продавец', '2000 USD', null],
    ]);

  const uploadAndMatch = async (content: Buffer) => {
    const uploaded = await upload(boss.token, content);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { id, fields } = uploaded.body.message;
    const matches = await call(
      t.app,
      'POST',
      `/api/applicants/imports/${id}/matches`,
      { fields },
      { token: boss.token },
    );
    expect(matches.status, JSON.stringify(matches.body)).toBe(200);
    return { id, fields, rows: matches.body.message.rows };
  };

  const start = async (id: number, body: Record<string, unknown>) => {
    const started = await call(t.app, 'POST', `/api/applicants/imports/${id}/start`, body, {
      token: boss.token,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return finished(boss.token, id);
  };

  const sorokinas = () =>
    tenantRows<{ id: number; position: string; money: string; currency: string; phone: string }>(
      t.database,
      boss.accountId,
      sql`select id, position, money, currency, phone from applicants
          where account_id = ${boss.accountId} and last_name = 'Сорокина' order by id`,
    );

  it('shows the matching row before the start: its line, the applicant it matches and why', async () => {
    const { rows } = await uploadAndMatch(await matchingFile());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      line: 2,
      name: 'Сорокина Вера',
      phone: '8 916 700 11 22',
      email: null,
      matches: [{ applicant: { id: existing, last_name: 'Сорокина' } }],
    });
    expect(rows[0].matches[0].reasons.join(' ')).toMatch(/телефон/i);
  });

  it('skip: the matching row is left out, the other one imported with its currency', async () => {
    const { id, fields } = await uploadAndMatch(await matchingFile());
    const result = await start(id, {
      fields,
      row_actions: [{ line: 2, action: 'skip', applicant_id: existing }],
    });
    expect(result).toMatchObject({ status: 'done', imported: 1, skipped: 1, merged: 0 });
    expect(await sorokinas()).toHaveLength(1);
    const [inna] = await tenantRows<{ money: string; currency: string }>(
      t.database,
      boss.accountId,
      sql`select money, currency from applicants where last_name = 'Новикова'`,
    );
    expect(inna).toEqual({ money: '2000', currency: 'USD' });
  });

  it('merge: one applicant with the imported fields, the salary with its currency, skills joined', async () => {
    const { id, fields } = await uploadAndMatch(await matchingFile());
    const result = await start(id, {
      fields,
      on_match: 'skip',
      row_actions: [{ line: 2, action: 'merge', applicant_id: existing }],
    });
    expect(result).toMatchObject({ status: 'done', merged: 1, failed: 0 });
    const rows = await sorokinas();
    expect(rows).toEqual([
      {
        id: existing,
        position: 'Старший кассир',
        money: '150 000',
        currency: 'RUB',
        phone: '+79167001122',
      },
    ]);
    const card = await call(t.app, 'GET', `/api/applicants/${existing}`, undefined, {
      token: boss.token,
    });
    expect(card.body.message.skills).toEqual(['1С', 'Excel']);
  });

  it('create anyway, and without any choice every row is created as before', async () => {
    const before = (await sorokinas()).length;
    const { id, fields } = await uploadAndMatch(await matchingFile());
    await start(id, { fields, on_match: 'create' });
    expect(await sorokinas()).toHaveLength(before + 1);
    const plain = await importFile(boss.token, await matchingFile());
    expect(plain).toMatchObject({ imported: 2, merged: 0, skipped: 0 });
    expect(await sorokinas()).toHaveLength(before + 2);
  });

  it('a merge into an applicant the row does not match is refused for that row', async () => {
    const other = await call(
      t.app,
      'POST',
      '/api/applicants',
      { last_name: 'Посторонний', first_name: 'Пётр' },
      { token: boss.token },
    );
    const { id, fields } = await uploadAndMatch(await matchingFile());
    const result = await start(id, {
      fields,
      row_actions: [{ line: 2, action: 'merge', applicant_id: other.body.message.id }],
    });
    expect(result).toMatchObject({ failed: 1, merged: 0 });
    expect(result.failures[0].reason).toMatch(/объединение/);
  });

  it('a currency column wins; «руб.», «$» and codes in any case are understood', async () => {
    const file = await workbook([
      ['Фамилия', 'Имя', 'Зарплата', 'Валюта'],
      ['Валютов', 'Андрей', '3000', 'usd'],
      ['Валютова', 'Анна', '$2500', null],
      ['Рублёв', 'Иван', '90 000 р.', 'руб.'],
    ]);
    const result = await importFile(boss.token, file);
    expect(result).toMatchObject({ imported: 3, failed: 0 });
    const rows = await tenantRows<{ last_name: string; money: string; currency: string }>(
      t.database,
      boss.accountId,
      sql`select last_name, money, currency from applicants
          where last_name in ('Валютов', 'Валютова', 'Рублёв') order by last_name`,
    );
    expect(rows).toEqual([
      { last_name: 'Валютов', money: '3000', currency: 'USD' },
      { last_name: 'Валютова', money: '2500', currency: 'USD' },
      { last_name: 'Рублёв', money: '90 000', currency: 'RUB' },
    ]);
  });

  it('the matches of another account’s import: 404', async () => {
    const uploaded = await upload(boss.token, await matchingFile());
    const r = await call(
      t.app,
      'POST',
      `/api/applicants/imports/${uploaded.body.message.id}/matches`,
      { fields: uploaded.body.message.fields },
      { token: anna.token },
    );
    expect(r.status).toBe(404);
  });
});
