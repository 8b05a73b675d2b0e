import ExcelJS from 'exceljs';
import { applicantRow, searchBox } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

const ROWS = 240;
const BAD_LINE = 5;

/** The workbook a recruiter exports from an old system: a header, then one applicant per line. */
async function applicantsWorkbook() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Кандидаты');
  sheet.addRow(['ФИО', 'E-mail', 'Должность', 'Примечание для себя']);
  for (let i = 1; i <= ROWS; i += 1) {
    const line = i + 1;
    sheet.addRow([
      `Импортов${i} Иван Петрович`,
      line === BAD_LINE ? 'это не почта' : `ivan${i}@example.ru`,
      'Грузчик',
      'не нужно',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe('import of applicants from Excel', () => {
  test('an xlsx with a bad row: columns mapped, progress watched, the bad line reported', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const polled: { processed: number; total: number }[] = [];
    page.on('response', async (response) => {
      if (!/\/api\/applicants\/imports\/\d+$/.test(new URL(response.url()).pathname)) return;
      const body = (await response.json().catch(() => null)) as {
        message?: { processed: number; total: number };
      } | null;
      if (body?.message) polled.push(body.message);
    });

    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Импорт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Импорт кандидатов' });
    await dialog.getByLabel('Файл для импорта').setInputFiles({
      name: 'База кандидатов.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await applicantsWorkbook(),
    });

    // The mapping: fields suggested by the Russian headers, an unknown column left out.
    await expect(dialog.getByText(`строк с данными — ${ROWS}`)).toBeVisible();
    await expect(dialog.getByLabel('Поле для столбца «ФИО»')).toHaveValue('full_name');
    await expect(dialog.getByLabel('Поле для столбца «E-mail»')).toHaveValue('email');
    await expect(dialog.getByLabel('Поле для столбца «Должность»')).toHaveValue('position');
    const note = dialog.getByLabel('Поле для столбца «Примечание для себя»');
    await expect(note).toHaveValue('');
    await expect(dialog.getByRole('row', { name: /ФИО/ })).toContainText('Импортов1 Иван Петрович');

    // Leaving out the name column is caught before anything is sent.
    await dialog.getByLabel('Поле для столбца «ФИО»').selectOption({ label: 'не импортировать' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Сопоставьте столбец с ФИО, фамилией или именем кандидата',
    );
    await expect(dialog.getByRole('button', { name: 'Начать импорт' })).toBeDisabled();
    await dialog.getByLabel('Поле для столбца «ФИО»').selectOption({ label: 'ФИО' });
    await dialog.getByRole('button', { name: 'Начать импорт' }).click();

    // The progress bar follows the job to the end.
    const bar = dialog.getByRole('progressbar', { name: 'Ход импорта' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuemax', String(ROWS));
    await expect(bar).toHaveAttribute('aria-valuenow', String(ROWS), { timeout: 60_000 });
    await expect(dialog.getByText('Импорт завершён')).toBeVisible();
    // The dialog asks for the progress until the job is done; with the file read in a worker
    // thread 240 rows may well be done by the first question, so count only that it asked.
    expect(polled.length).toBeGreaterThan(0);
    const seen = polled.map((p) => p.processed);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(ROWS);

    const summary = dialog.getByRole('definition');
    await expect(summary.nth(0)).toHaveText(String(ROWS - 1));
    await expect(summary.nth(1)).toHaveText('1');
    await expect(dialog.getByRole('list', { name: 'Строки с ошибками' })).toHaveText(
      `Строка ${BAD_LINE}: E-mail: Некорректный email`,
    );

    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Найдено ${ROWS - 1}`, { exact: false })).toBeVisible();

    await searchBox(page).fill('Импортов7');
    await expect(applicantRow(page, 'Импортов7 Иван Петрович')).toBeVisible();
  });
});
