import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApplicants,
  insertSource,
  insertTag,
  tagApplicants,
} from '../../../test/applicant-factory.ts';
import { tenantRows } from '../../../test/db-helpers.ts';
import {
  addTeamMember,
  changeUserSettings,
  signUpCompany,
  type SignedUp,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { MAX_CELL_TEXT, XLSX_CONTENT_TYPE, readSheetRows } from '../../platform/spreadsheet.ts';

let t: TestApp;
let hr: SignedUp;
const id: Record<string, number> = {};
const tag: Record<string, number> = {};

const HEADER = [
  'ФИО',
  'Должность',
  'Компания',
  'Телефон',
  'Email',
  'Telegram',
  'Зарплата',
  'Валюта',
  'Возраст',
  'Теги',
  'Источник',
  'Добавлен',
];

/** A birthday that makes the applicant exactly `years` old today (a few days past it). */
const birthdayForAge = (years: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 10);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

type Download = {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
  json: () => { code: number; message: string; errors?: Record<string, string> };
};

async function download(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Download> {
  const response = await t.app.inject({
    method,
    url,
    headers: { 'x-dcrt-hrm-auth': options.token ?? hr.token },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

/** The file as a spreadsheet program reads it: every row of the first sheet, header first. */
async function sheetOf(file: Download) {
  expect(file.status, file.bytes.toString('utf8', 0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: sheet.name, header: rows[0] ?? [], rows: rows.slice(1) };
}

const exportList = (query = '', token = hr.token) =>
  download('GET', `/api/applicants/export${query ? `?${query}` : ''}`, { token });
const exportSelection = (ids: unknown[], token = hr.token) =>
  download('POST', '/api/applicants/bulk/export', { token, body: { applicant_ids: ids } });

const listOf = async (query: string) => {
  const response = await call(t.app, 'GET', `/api/applicants?${query}&per_page=100`, undefined, {
    token: hr.token,
  });
  expect(response.status).toBe(200);
  return response.body.message as {
    applicant_count: number;
    applicants: { last_name: string; first_name: string; middle_name: string | null }[];
  };
};

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
  const db = t.database;
  const hh = await insertSource(db, hr.accountId, 'hh.ru (тест)');
  tag.reserve = await insertTag(db, hr.accountId, 'Кадровый резерв');
  tag.hot = await insertTag(db, hr.accountId, 'Горячий');
  const ids = await insertApplicants(db, hr.accountId, [
    {
      lastName: 'Иванова',
      firstName: 'Мария',
      middleName: 'Петровна',
      position: 'HR-менеджер',
      company: 'ООО «Ромашка»',
      phone: '+7 (916) 123-45-67',
      email: 'maria.ivanova@example.ru',
      tg: '@ivanova_hr',
      money: '150 000',
      salaryAmount: 150000,
      currency: 'RUB',
      birthday: birthdayForAge(34),
      accountSourceId: hh,
      createdAt: new Date('2024-03-05T09:30:00Z'),
    },
    {
      lastName: 'Иванов',
      firstName: 'Иван',
      middleName: 'Иванович',
      position: 'Ёлочный дизайнер',
      money: 'от 200 000 на руки',
      salaryAmount: 200000,
      currency: 'RUB',
    },
    { lastName: 'Ivanov', firstName: 'Ivan', position: '=HYPERLINK("http://x","y")' },
    { lastName: 'Иваненко', firstName: 'Олег' },
    { lastName: 'Прохоров', firstName: 'Алексей', position: 'Аналитик' },
  ]);
  ['ivanova', 'ivanov', 'latin', 'ivanenko', 'prokhorov'].forEach((key, i) => (id[key] = ids[i]!));
  await tagApplicants(db, hr.accountId, tag.reserve, [id.ivanova!, id.ivanov!, id.latin!]);
  await tagApplicants(db, hr.accountId, tag.hot, [id.ivanova!, id.prokhorov!]);
});

afterAll(async () => {
  await t?.close();
});

describe('export of the list to Excel', () => {
  it('a Russian search with a tag filter: the same applicants as the list, in its order', async () => {
    const query = `search=${encodeURIComponent('Иванова')}&tags=${tag.reserve}`;
    const file = await exportList(query);

    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="applicants\.xlsx"; filename\*=UTF-8''/);
    const fileName = decodeURIComponent(disposition.split("UTF-8''")[1]!);
    expect(fileName).toMatch(/^Кандидаты \d{4}-\d{2}-\d{2}\.xlsx$/);

    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Кандидаты');
    expect(sheet.header).toEqual(HEADER);
    const list = await listOf(query);
    expect(list.applicant_count).toBe(3);
    expect(sheet.rows).toHaveLength(list.applicant_count);
    expect(sheet.rows.map((row) => row[0])).toEqual(
      list.applicants.map((a) =>
        [a.last_name, a.first_name, a.middle_name].filter(Boolean).join(' '),
      ),
    );
    expect(sheet.rows[0]).toEqual([
      'Иванова Мария Петровна',
      'HR-менеджер',
      'ООО «Ромашка»',
      // Stored as typed before phones were normalized: exported in the one display form.
      '+7 916 123-45-67',
      'maria.ivanova@example.ru',
      '@ivanova_hr',
      150000,
      'RUB',
      34,
      'Горячий, Кадровый резерв',
      'hh.ru (тест)',
      // Moscow time of 09:30 UTC, as the cell's date.
      new Date('2024-03-05T12:30:00Z'),
    ]);
  });

  it('keeps salary text that is not a bare number, and a formula-like text stays text', async () => {
    const sheet = await sheetOf(await exportList('sort=name_asc&search=Ivanov'));
    const byName = new Map(sheet.rows.map((row) => [row[0], row]));
    expect(byName.get('Иванов Иван Иванович')?.slice(1, 2)).toEqual(['Ёлочный дизайнер']);
    expect(byName.get('Иванов Иван Иванович')?.[6]).toBe('от 200 000 на руки');
    expect(byName.get('Ivanov Ivan')?.[1]).toBe('=HYPERLINK("http://x","y")');
  });

  it('without filters: the whole active base; paging parameters are ignored', async () => {
    const list = await listOf('');
    const sheet = await sheetOf(await exportList('page=2&per_page=1'));
    expect(sheet.rows).toHaveLength(list.applicant_count);
  });

  it('an empty result is a file with the header only; bad filters answer 400 in Russian', async () => {
    const empty = await sheetOf(await exportList(`search=${encodeURIComponent('Несуществующий')}`));
    expect(empty.header).toEqual(HEADER);
    expect(empty.rows).toEqual([]);

    const bad = await exportList('age_from=50&age_to=20');
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe('Возраст «от» больше, чем «до»');
  });

  it('columns follow the user’s download settings', async () => {
    const colleague = await addTeamMember(t.app, hr.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await changeUserSettings(t.app, hr.token, colleague.userId, {
      download_pdf: { is_phone: false, is_email: false, is_middle_name: false, is_tags: false },
    });
    const sheet = await sheetOf(
      await exportList(`search=${encodeURIComponent('Иванова Мария')}`, colleague.token),
    );
    expect(sheet.header).toEqual(HEADER.filter((h) => !['Телефон', 'Email', 'Теги'].includes(h)));
    expect(sheet.rows[0]!.slice(0, 3)).toEqual(['Иванова Мария', 'HR-менеджер', 'ООО «Ромашка»']);
  });

  it('a huge row is cut to what a cell holds, control characters dropped, the file intact', async () => {
    const huge = 'Очень длинная должность '.repeat(5000);
    const [bigId] = await insertApplicants(t.database, hr.accountId, [
      {
        lastName: 'Громов\u0001\u0007',
        firstName: 'Гром',
        position: huge,
        company: `${'😀'.repeat(20000)}`,
        money: '9'.repeat(90),
      },
    ]);
    const many = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        insertTag(t.database, hr.accountId, `Тег ${String(i).padStart(3, '0')} ${'ж'.repeat(80)}`),
      ),
    );
    for (const tagId of many) await tagApplicants(t.database, hr.accountId, tagId, [bigId!]);

    const sheet = await sheetOf(await exportSelection([bigId]));
    const [row] = sheet.rows;
    expect(row![0]).toBe('Громов Гром');
    expect(row![1]).toBe(huge.slice(0, MAX_CELL_TEXT));
    // Never half an emoji: cut before the pair rather than through it.
    expect((row![2] as string).length).toBeLessThanOrEqual(MAX_CELL_TEXT);
    expect((row![2] as string).length % 2).toBe(0);
    expect(row![6]).toBe('9'.repeat(90));
    expect((row![9] as string).startsWith('Тег 000 ж')).toBe(true);
    expect((row![9] as string).length).toBeGreaterThan(10_000);
  });
});

describe('export of a selection', () => {
  it('answers the selected applicants in the order of the selection, duplicates once', async () => {
    const file = await exportSelection([id.prokhorov, id.ivanova, id.prokhorov]);
    const sheet = await sheetOf(file);
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(sheet.header).toEqual(HEADER);
    expect(sheet.rows.map((row) => row[0])).toEqual(['Прохоров Алексей', 'Иванова Мария Петровна']);
    expect(sheet.rows[0]![9]).toBe('Горячий');
  });

  it('an empty or oversized selection answers 400', async () => {
    expect((await exportSelection([])).status).toBe(400);
    const tooMany = await exportSelection(Array.from({ length: 1001 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().message).toBe('Не больше 1000 за один раз');
  });
});

describe('who may export', () => {
  it("another account's applicants: 404 for a selection, never in a list export", async () => {
    const other = await signUpCompany(t.app);
    const [theirs] = await insertApplicants(t.database, other.accountId, [
      { lastName: 'Иванова', firstName: 'Чужая' },
    ]);

    const mixed = await exportSelection([id.ivanova, theirs]);
    expect(mixed.status).toBe(404);
    expect(mixed.json()).toMatchObject({
      code: 404,
      message: 'Некоторые кандидаты не найдены',
      errors: { applicant_ids: `Нет в базе: ${theirs}` },
    });
    expect((await exportSelection([id.ivanova], other.token)).status).toBe(404);

    const mine = await sheetOf(await exportList(`search=${encodeURIComponent('Иванова')}`));
    expect(mine.rows.map((row) => row[0])).not.toContain('Иванова Чужая');
    const theirList = await sheetOf(await exportList('', other.token));
    expect(theirList.rows.map((row) => row[0])).toEqual(['Иванова Чужая']);
  });

  it('a watcher is refused with 403, without a session 420', async () => {
    const watcher = await addTeamMember(t.app, hr.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    for (const file of [
      await exportList('', watcher.token),
      await exportSelection([id.ivanova], watcher.token),
    ]) {
      expect(file.status).toBe(403);
      expect(file.json()).toMatchObject({
        code: 403,
        message: 'Заказчику недоступна база кандидатов',
      });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/applicants/export' });
    expect(anonymous.statusCode).toBe(420);
  });
});

describe('the API document', () => {
  it('describes both exports', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/api/applicants/export']?.get?.summary).toMatch(/Excel/);
    expect(doc.paths['/api/applicants/bulk/export']?.post?.summary).toMatch(/Excel/);
  });
});

describe('the 100,000 limit', () => {
  it('100,001 matches answer 400 asking to narrow the filters; 100,000 export in full', async () => {
    const big = await signUpCompany(t.app);
    await tenantRows(
      t.database,
      big.accountId,
      sql`insert into applicants (account_id, last_name, first_name, position, created_at, updated_at)
          select ${big.accountId}::int, 'Сотрудник', 'Номер ' || n,
            case when n = 1 then 'Стажёр' else 'Оператор' end,
            now() - make_interval(secs => n), now()
          from generate_series(1, 100001) g(n)`,
    );
    // Statistics as a settled database has them (autovacuum's analyze; the bench does the same).
    await t.database.system.execute(sql`analyze applicants`);
    const tooMany = await exportList('', big.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().message).toBe(
      'В выгрузку попадает больше 100\u00a0000 кандидатов. Уточните фильтры, чтобы выгрузить список частями.',
    );

    const file = await exportList(`position=${encodeURIComponent('Оператор')}`, big.token);
    expect(file.status).toBe(200);
    let count = 0;
    let first: unknown[] = [];
    let last: unknown[] = [];
    for await (const row of readSheetRows(file.bytes)) {
      if (row.line === 2) first = row.cells;
      last = row.cells;
      count += 1;
    }
    expect(count).toBe(100_001);
    expect(first.slice(0, 2)).toEqual(['Сотрудник Номер 2', 'Оператор']);
    expect(last.slice(0, 2)).toEqual(['Сотрудник Номер 100001', 'Оператор']);
  }, 300_000); // 100,001 rows written and read back: ~70 s alone, more beside the parallel suite
});
