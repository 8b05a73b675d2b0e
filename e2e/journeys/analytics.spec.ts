import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addMember, AUTH_HEADER, signInBrowser } from '../fixtures/api.ts';
import {
  analyticsCall,
  EXPECTED,
  moscowDaysAgo,
  seedAnalytics,
  STORIES,
  nameOf,
} from '../fixtures/analytics.ts';
import { applicantList, foundCount, renderedNames } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

// A recruiting lead reads the analytics of a company whose year of history the seed wrote by hand
// (e2e/fixtures/analytics.ts, with the expected numbers counted there): each tab, the period
// presets and the division filter change the numbers as counted; a count opens exactly the
// applicants behind it; the .xlsx export holds the same numbers as the screen.

const CHARTS_LOAD = { timeout: 20_000 };

/** A report table by its caption (the export's sheet holds the same table). */
const reportTable = (page: Page, caption: string | RegExp) =>
  page.getByRole('table', { name: caption, exact: true });

/** The cell of a report table in the row headed `row` and the column headed `column`. */
async function cell(table: Locator, row: string | RegExp, column: string): Promise<Locator> {
  await expect(table).toBeVisible(CHARTS_LOAD);
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(column);
  expect(index, `column «${column}» in ${headers.join(' | ')}`).toBeGreaterThan(0);
  // `has` is looked for inside each row, so it starts from the page, not from the table.
  const rowHeader = table.page().getByRole('rowheader', {
    name: typeof row === 'string' ? new RegExp(`^${row}`) : row,
  });
  // The first column is the row's header (th), the others are cells (td).
  return table
    .getByRole('row')
    .filter({ has: rowHeader })
    .getByRole('cell')
    .nth(index - 1);
}

/** «2026-11-27…» → «27.11.2026». */
const russianDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

const sortedNames = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b));

/** The period preset buttons («Неделя», «Месяц», …). */
const preset = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Период' }).getByRole('button', { name, exact: true });

async function choosePreset(page: Page, name: string) {
  await preset(page, name).click();
  await expect(preset(page, name)).toHaveAttribute('aria-pressed', 'true');
}

/** The rows of a sheet of the export, as arrays of plain values (1-based columns dropped). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    rows.push(
      values.slice(1).map((value) =>
        // A formula or a rich text cell answers an object; the tables are plain values.
        value && typeof value === 'object' && 'result' in value
          ? (value as { result: unknown }).result
          : value,
      ),
    );
  });
  return rows;
}

/** In the downloaded workbook, the value in the row labelled `row` under the header `column`. */
function workbookValue(workbook: ExcelJS.Workbook, row: string, column: string): unknown {
  const found: unknown[] = [];
  workbook.eachSheet((sheet) => {
    const rows = sheetRows(sheet);
    const headerRow = rows.find((r) => r.includes(column));
    if (!headerRow) return;
    const index = headerRow.indexOf(column);
    for (const r of rows) if (r[0] === row) found.push(r[index]);
  });
  expect(found, `«${row}» / «${column}» in the workbook`).toHaveLength(1);
  return found[0];
}

/** Clicks the export link of a report and opens the .xlsx it downloads. */
async function downloadWorkbook(page: Page, report: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Скачать в Excel: ${report}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${report}.*\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return { workbook, fileName: download.suggestedFilename() };
}

test.describe('analytics for a recruiting lead', () => {
  test('company: the period and the division change the numbers, a count opens exactly its applicants, the export holds the same', async ({
    page,
    request,
    control,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    await seedAnalytics(request, control, signedIn);

    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Аналитика' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Компания' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const indicators = reportTable(page, 'Основные показатели');
    const hired = () => cell(indicators, 'Вышли на работу', 'Значение');

    // The default period is the last 30 days: four hires, against one (Белов) the 30 days before.
    await expect(preset(page, 'Месяц')).toHaveAttribute('aria-pressed', 'true');
    await expect(await hired()).toHaveText(String(EXPECTED.hired.month.length));
    await expect(await cell(indicators, 'Вышли на работу', 'Прошлый период')).toHaveText('1');
    await expect(await cell(indicators, 'Вышли на работу', 'Изменение')).toHaveText('+3');
    await expect(await cell(indicators, 'Новые кандидаты', 'Значение')).toHaveText(
      String(EXPECTED.newInMonth.length),
    );
    await expect(await cell(indicators, 'Отказы компании', 'Значение')).toHaveText(
      String(EXPECTED.rejected.month.length),
    );
    await expect(await cell(indicators, 'Отказы кандидатов', 'Значение')).toHaveText(
      String(EXPECTED.refused.length),
    );

    // Each preset counts its own days.
    for (const [name, key] of [
      ['Неделя', 'week'],
      ['Квартал', 'quarter'],
      ['Год', 'year'],
    ] as const) {
      await choosePreset(page, name);
      await expect(await hired(), `hired, ${name}`).toHaveText(String(EXPECTED.hired[key].length));
    }
    await expect(await cell(indicators, 'Отказы компании', 'Значение')).toHaveText(
      String(EXPECTED.rejected.year.length),
    );

    // «Продажи» takes its sub-division «Продажи Москва» (where the sales vacancy is) along.
    await page.getByRole('combobox', { name: 'Подразделение' }).selectOption({ label: 'Продажи' });
    await expect(await hired()).toHaveText(String(EXPECTED.hiredInSales.year.length));
    await expect(page).toHaveURL(/division_id=\d+/);

    // The export of the same report, with the same period and division, holds the same numbers.
    const { workbook, fileName } = await downloadWorkbook(page, 'Основные показатели');
    // The file names the report and its period: the year up to today.
    expect(fileName).toContain(`${russianDay(moscowDaysAgo(364))}-${russianDay(moscowDaysAgo(0))}`);
    expect(Number(workbookValue(workbook, 'Вышли на работу', 'Значение'))).toBe(
      EXPECTED.hiredInSales.year.length,
    );
    expect(Number(workbookValue(workbook, 'Отказы компании', 'Значение'))).toBe(1);

    // The count is a link to exactly the applicants it counted.
    await (await hired()).getByRole('link').click();
    await expectPath(page, '/applicants/list');
    await expect(page).toHaveURL(/[?&]drill=/);
    // The chip says which count: the row and the column it was in.
    await expect(page.getByText('Из аналитики: Вышли на работу, Значение')).toBeVisible();
    await expect(
      foundCount(page, `Найдено ${EXPECTED.hiredInSales.year.length} кандидата`),
    ).toBeVisible();
    await expect
      .poll(async () => sortedNames(await renderedNames(page)))
      .toEqual(sortedNames(EXPECTED.hiredInSales.year));

    // A reload keeps the drill (it lives in the address); removing the chip lists everyone again.
    await page.reload();
    await expect(page.getByText(/^Из аналитики: /)).toBeVisible();
    await expect
      .poll(async () => sortedNames(await renderedNames(page)))
      .toEqual(sortedNames(EXPECTED.hiredInSales.year));
    await page.getByRole('button', { name: 'Убрать фильтр из аналитики' }).click();
    await expect(page.getByText(/^Из аналитики: /)).toHaveCount(0);
    await expect(page).not.toHaveURL(/drill=/);
    await expect(foundCount(page, `Найдено ${STORIES.length} кандидатов`)).toBeVisible();
    await expect(applicantList(page)).toBeVisible();
  });

  test('recruiters, vacancies and funnels: each tab counts the year as the seed says, and its export agrees', async ({
    page,
    request,
    control,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    const seed = await seedAnalytics(request, control, signedIn);
    await page.goto('/analytics?preset=year');
    await expect(preset(page, 'Год')).toHaveAttribute('aria-pressed', 'true');

    // Рекрутеры: the lead moved the sales hires, Олег the development ones.
    await page.getByRole('tab', { name: 'Рекрутеры' }).click();
    await expect(page.getByRole('tab', { name: 'Рекрутеры' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const recruiters = reportTable(page, 'Работа рекрутеров');
    await expect(await cell(recruiters, signedIn.name, 'Вышли на работу')).toHaveText(
      String(EXPECTED.hiredByRecruiterYear.lead),
    );
    await expect(await cell(recruiters, seed.recruiter.name, 'Вышли на работу')).toHaveText(
      String(EXPECTED.hiredByRecruiterYear.recruiter),
    );
    // Олег's hires open as exactly Жуков and Зайцев.
    await (
      await cell(recruiters, seed.recruiter.name, 'Вышли на работу')
    )
      .getByRole('link')
      .click();
    await expectPath(page, '/applicants/list');
    await expect(
      page.getByText(`Из аналитики: ${seed.recruiter.name}, Вышли на работу`),
    ).toBeVisible();
    await expect
      .poll(async () => sortedNames(await renderedNames(page)))
      .toEqual(['Жуков Захар', 'Зайцев Игорь']);
    await page.goBack();
    await expectPath(page, '/analytics');

    // Вакансии: one vacancy's funnel (a cohort: skips count as reached).
    await page.getByRole('tab', { name: 'Вакансии' }).click();
    await page
      .getByRole('combobox', { name: 'Вакансия' })
      .selectOption({ label: 'Менеджер по продажам' });
    const salesFunnel = reportTable(page, 'Воронка вакансии «Менеджер по продажам»');
    // Placed in the year: Агеев, Белов, Волков, Григорьев, Денисов, Егоров; Денисов reached
    // «Первичный контакт», the four hired reached every stage (Белов and Волков by skips).
    for (const [stage, reached] of [
      ['Новый', 6],
      ['Первичный контакт', 5],
      ['Интервью с HR', 4],
      ['Интервью с заказчиком', 4],
      ['Оффер', 4],
      ['Вышел на работу', 4],
    ] as const) {
      await expect(await cell(salesFunnel, stage, 'Дошли'), stage).toHaveText(String(reached));
    }
    await expect(
      await cell(
        reportTable(page, 'Причины отказов по вакансии'),
        'Не подходит по опыту',
        'Количество',
      ),
    ).toHaveText('1');

    // Воронки: the default funnel across both vacancies.
    await page.getByRole('tab', { name: 'Воронки' }).click();
    await page
      .getByRole('combobox', { name: 'Воронка' })
      .selectOption({ label: 'Основная воронка' });
    const funnel = reportTable(page, /^Воронка «Основная воронка»/);
    for (const { stage, reached } of EXPECTED.funnelYear) {
      await expect(await cell(funnel, stage, 'Дошли'), stage).toHaveText(String(reached));
    }
    // From «Новый» (10) to «Первичный контакт» (8): 80 %.
    await expect(await cell(funnel, 'Первичный контакт', 'Конверсия из предыдущего, %')).toHaveText(
      '80',
    );

    const { workbook } = await downloadWorkbook(page, 'Конверсия воронки');
    for (const { stage, reached } of EXPECTED.funnelYear) {
      expect(Number(workbookValue(workbook, stage, 'Дошли')), stage).toBe(reached);
    }

    // The funnel's first stage opens the cohort: the ten applicants placed in the year.
    await (await cell(funnel, 'Новый', 'Дошли')).getByRole('link').click();
    await expectPath(page, '/applicants/list');
    await expect(foundCount(page, 'Найдено 10 кандидатов')).toBeVisible();
    expect(await renderedNames(page)).not.toContain(nameOf(STORIES.at(-1)!));
  });

  test('the seed lands on the days it names: the log says when each move happened', async ({
    request,
    control,
    account,
  }) => {
    const seed = await seedAnalytics(request, control, account);
    // Агеев: placed 200 days ago, then four moves, the last (hired) 180 days ago.
    const response = await request.get(
      `${APP_URL}/api/applications/${seed.applications['Агеев Антон']}`,
      { headers: { [AUTH_HEADER]: account.token } },
    );
    const { transitions } = (await response.json()).message as {
      transitions: { moved_at: string; kind: string }[];
    };
    expect(transitions.map((t) => new Date(t.moved_at).toISOString())).toEqual(
      [200, 199, 195, 185, 180].map((n, i) => new Date(moscowDaysAgo(n, i)).toISOString()),
    );
  });

  test('a watcher is refused: the screen sends home, the calls answer 403 in Russian', async ({
    page,
    context,
    request,
    account,
  }) => {
    const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
    await signInBrowser(context, watcher.token);
    await page.goto('/analytics');
    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
    await expect(navigation(page).getByRole('link', { name: 'Аналитика' })).toHaveCount(0);

    for (const call of ['company_base_indicators', 'recruiter_count_applicants']) {
      const refused = await analyticsCall(request, watcher.token, call);
      expect(refused.status, call).toBe(403);
      expect(String(refused.body.message), call).toMatch(/[а-яё]/i);
    }
    const file = await request.get(`${APP_URL}/api/analytics/company_base_indicators/export`, {
      headers: { [AUTH_HEADER]: watcher.token },
    });
    expect(file.status()).toBe(403);
  });
});
