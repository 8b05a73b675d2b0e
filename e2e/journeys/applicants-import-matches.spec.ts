import ExcelJS from 'exceljs';
import { applicantRow, createApplicant, foundCount, searchBox } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// Item 12 of issue 20: a row matching an applicant already in the base is shown before the
// import, and the recruiter merges it instead of getting a second person; salaries keep currency.

async function workbook(rows: (string | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Кандидаты');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a row matching an applicant: seen before the import, merged, the salary with its currency', async ({
  page,
  request,
  signedIn,
}) => {
  const existing = await createApplicant(request, signedIn.token, {
    last_name: 'Сорокина',
    first_name: 'Вера',
    phone: '+7 (916) 700-11-22',
    email: 'vera.sorokina@example.ru',
    position: 'Кассир',
  });

  await page.goto('/applicants');
  await page.getByRole('button', { name: 'Импорт' }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт кандидатов' });
  await dialog.getByLabel('Файл для импорта').setInputFiles({
    name: 'Выгрузка.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      ['ФИО', 'Телефон', 'E-mail', 'Должность', 'Зарплата'],
      [
        'Сорокина Вера',
        '8 916 700 11 22',
        'vera.sorokina@example.ru',
        'Старший кассир',
        '150 000 руб.',
      ],
      ['Новикова Инна', null, 'inna.novikova@example.ru', 'Продавец', '2000 USD'],
    ]),
  });
  await expect(dialog.getByLabel('Поле для столбца «Зарплата»')).toHaveValue('money');
  await dialog.getByRole('button', { name: 'Начать импорт' }).click();

  // The match, with the applicant in the base and why, before anything is imported.
  const matches = dialog.getByRole('list', { name: 'Совпадения с базой' });
  await expect(matches.getByRole('listitem', { name: /^Строка/ })).toHaveCount(1);
  const row = matches.getByRole('listitem', { name: 'Строка 2: Сорокина Вера' });
  await expect(row.getByRole('link', { name: existing.name })).toBeVisible();
  await expect(row).toContainText(/телефон/i);
  // One choice for all first, then the row's own, by keyboard-reachable selects.
  await dialog.getByLabel('Для всех совпадений').selectOption({ label: 'Пропустить строку' });
  await expect(row.getByLabel('Что сделать со строкой 2')).toHaveValue('skip');
  await row
    .getByLabel('Что сделать со строкой 2')
    .selectOption({ label: 'Объединить с найденным' });
  await dialog.getByRole('button', { name: 'Импортировать' }).click();

  await expect(dialog.getByText('Импорт завершён')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('Объединено с кандидатами в базе')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();

  // One Сорокина, with the imported position and the salary in roubles.
  await searchBox(page).fill('Сорокина');
  await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
  const merged = applicantRow(page, existing.name);
  await expect(merged).toContainText('Старший кассир');
  await expect(merged).toContainText('150 000\u00a0₽');

  // The other row became a new applicant, its salary in dollars.
  await searchBox(page).fill('Новикова');
  await expect(applicantRow(page, 'Новикова Инна')).toContainText('2 000\u00a0$');
});
