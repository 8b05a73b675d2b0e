import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { cardSection, createApplicant } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  createVacancy,
  moveApplication,
  placeApplicant,
  stageOf,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

/** A minimal one-page PDF: enough for the card to keep it as a résumé. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('the history reads as Russian sentences with names: who, when and what, no raw keys', async ({
  page,
  request,
  signedIn,
}) => {
  const headers = { [AUTH_HEADER]: signedIn.token };
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Бухгалтер' });
  const person = await createApplicant(request, signedIn.token, {
    last_name: 'Историева',
    first_name: 'Ирина',
    phone: '+7 900 111-22-33',
  });
  const source = (await (
    await request.post(`${APP_URL}/api/account_sources`, { headers, data: { name: 'Хедхантер' } })
  ).json()) as { message: { id: number } };
  const application = await placeApplicant(request, signedIn.token, person.id, vacancy.id);
  await moveApplication(
    request,
    signedIn.token,
    application.id,
    stageOf(vacancy, 'Интервью с HR').id,
  );
  const patched = await request.patch(`${APP_URL}/api/applicants/${person.id}`, {
    headers,
    data: { phone: '+7 900 444-55-66', account_source_id: source.message.id },
  });
  expect(patched.status()).toBe(200);

  // In the browser: a résumé on the card, and a rejection with a reason from the board.
  await page.goto(`/applicant/${person.id}`);
  await cardSection(page, 'Файлы')
    .getByLabel('Файл для загрузки')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(
    cardSection(page, 'Файлы').getByRole('link', { name: 'cv.pdf', exact: true }),
  ).toBeVisible();
  await page.goto(`/vacancy/${vacancy.id}/candidates`);
  await boardCard(boardColumn(page, 'Интервью с HR'), person.name)
    .getByRole('button', { name: `Действия: ${person.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Отказать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
  await dialog.getByLabel('Не прошёл интервью').check();
  await dialog.getByRole('button', { name: 'Отказать' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/applicant/${person.id}`);
  const history = cardSection(page, 'История изменений');
  const entries = history.getByRole('list').first().locator(':scope > li');
  const who = signedIn.name;
  // Newest first.
  await expect(entries).toHaveCount(6);
  await expect(entries.nth(0)).toContainText(
    `${who} отказал(а) по вакансии «Бухгалтер»: причина «Не прошёл интервью»`,
  );
  await expect(entries.nth(1)).toContainText(`${who} добавил(а) файл резюме «cv.pdf»`);
  await expect(entries.nth(2)).toContainText(`${who} изменил(а) данные`);
  await expect(entries.nth(2)).toContainText('Телефон: +7 900 111-22-33 → +7 900 444-55-66');
  await expect(entries.nth(2)).toContainText('Источник: — → Хедхантер');
  await expect(entries.nth(3)).toContainText(
    `${who} перевёл(а) по вакансии «Бухгалтер» с этапа «Новый» на этап «Интервью с HR»`,
  );
  await expect(entries.nth(4)).toContainText(
    `${who} добавил(а) на вакансию «Бухгалтер» на этап «Новый»`,
  );
  await expect(entries.nth(5)).toContainText(`${who} создал(а) кандидата`);
  await expect(entries.nth(5)).toContainText('Способ: через API');
  // Each says when: a date in words and a time.
  await expect(entries.nth(0)).toContainText(/\d{1,2} [а-я]+ \d{4} г\.,? (в )?\d{2}:\d{2}/);

  const text = await history.innerText();
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toMatch(/\b(resume|reason|kind|vacancy|status)\b/);
});
