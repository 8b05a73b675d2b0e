import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_CALLS, type TAnalyticsCall } from '@ats/contracts/analytics';
import { analyticsTables } from '@ats/contracts/analytics-tables';
import {
  type AnalyticsFixture,
  PERIOD,
  seedAnalyticsFixture,
} from '../../../test/analytics-fixture.ts';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.ts';

let t: TestApp;
let admin: SignedUp;
let fx: AnalyticsFixture;
let funnelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  fx = await seedAnalyticsFixture(t, admin);
  const funnels = await call(t.app, 'GET', '/api/status_groups', undefined, {
    token: admin.token,
  });
  funnelId = (funnels.body.message as { id: number }[])[0]!.id;
}, 180_000);
afterAll(() => t.close());

/** The query each call is asked with: the fixture's period and the parameter it cannot do without. */
function queryOf(call: TAnalyticsCall): string {
  const query: Record<string, string | number> = { ...PERIOD };
  if (call.startsWith('vacancy')) query.vacancy_id = fx.vacancies.V1.id;
  if (call === 'status_group_conversion') query.status_group_id = funnelId;
  return new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

async function download(url: string, token = admin.token) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'x-dcrt-hrm-auth': token },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json<{ code: number; message: string }>(),
  };
}

/** Every sheet of the file as a spreadsheet program reads it: its name and rows, header first. */
async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      // Empty trailing cells are absent from an Excel row: a null column reads as undefined.
      rows.push(
        Array.from(
          { length: sheet.columnCount },
          (_, i) => (row.values as unknown[])[i + 1] ?? null,
        ),
      );
    });
    return { name: sheet.name, rows };
  });
}

describe('GET /api/analytics/<call>/export', () => {
  it.each(Object.keys(ANALYTICS_CALLS) as TAnalyticsCall[])(
    '%s: the file holds the numbers the call answers, a sheet per table of the screen',
    async (name) => {
      const answer = await call(
        t.app,
        'GET',
        `/api/analytics/${name}?${queryOf(name)}`,
        undefined,
        {
          token: admin.token,
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const tables = analyticsTables(name, answer.body.message);

      const file = await download(`/api/analytics/${name}/export?${queryOf(name)}`);
      expect(file.status, file.bytes.toString('utf8', 0, 300)).toBe(200);
      expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(String(file.headers['content-disposition'])).toContain(
        encodeURIComponent('01.01.2025-31.01.2025.xlsx'),
      );
      const sheets = await workbookOf(file.bytes);
      expect(sheets).toHaveLength(tables.length);
      tables.forEach((table, index) => {
        expect(sheets[index]!.rows[0]).toEqual(table.columns.map((column) => column.header));
        expect(sheets[index]!.rows.slice(1)).toEqual(
          table.rows.map((row) => row.map((cell) => cell.value)),
        );
      });
    },
  );

  it('writes the fixture’s rejections by reason with their counts', async () => {
    const file = await download(
      `/api/analytics/company_reasons_rejection/export?${queryOf('company_reasons_rejection')}`,
    );
    const [sheet] = await workbookOf(file.bytes);
    expect(sheet!.name).toBe('Причины отказов');
    expect(sheet!.rows[0]).toEqual(['Причина', 'Вид', 'Количество', 'Доля, %']);
    // The fixture has rejections of the company and refusals of applicants in January.
    const kinds = new Set(sheet!.rows.slice(1).map((row) => row[1]));
    expect(kinds).toEqual(new Set(['Отказ компании', 'Отказ кандидата']));
    expect(sheet!.rows.slice(1).every((row) => typeof row[2] === 'number' && row[2] > 0)).toBe(
      true,
    );
  });

  it('refuses a watcher, a bad period and another account’s vacancy in Russian', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const refused = await download(
      `/api/analytics/company_base_indicators/export?${queryOf('company_base_indicators')}`,
      watcher.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe('Аналитика недоступна наблюдателям');

    const backwards = await download(
      '/api/analytics/company_count_applicants/export?date_from=2025-02-01&date_to=2025-01-01',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.json().message).toContain('Дата окончания периода раньше даты начала');

    const other = await signUpCompany(t.app);
    const foreign = await download(
      `/api/analytics/vacancy/export?${queryOf('vacancy')}`,
      other.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json().message).toMatch(/[а-яё]/i);
  });
});
