import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

test.describe('mail templates', () => {
  test('a recruiter writes a shared template with a variable, previews it on a real applicant, downloads the PDF and deletes it', async ({
    page,
    request,
    signedIn,
  }) => {
    await createApplicant(request, signedIn.token, {
      last_name: 'Волкова',
      first_name: 'Дарья',
      position: 'Маркетолог',
    });
    await page.goto('/settings/mail-templates');
    await expect(page.getByText('Шаблонов пока нет')).toBeVisible();

    await page.getByRole('button', { name: 'Создать шаблон' }).click();
    await expect(page.getByRole('dialog', { name: 'Новый шаблон письма' })).toBeVisible();
    // Once saved, the same dialog is titled «Шаблон письма».
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название').fill('Приглашение на интервью');
    await dialog.getByLabel('Тема письма').fill('Приглашение, %applicant.first_name%');
    const body = dialog.getByRole('textbox', { name: 'Текст письма' });
    await body.click();
    await body.pressSequentially('Здравствуйте, ');
    await dialog.getByRole('button', { name: 'Вставить переменную' }).click();
    await dialog.getByRole('button', { name: /ФИО кандидата/ }).click();
    await body.pressSequentially('!');
    await expect(body).toContainText('Здравствуйте, %applicant.name%!');
    await expect(dialog.getByLabel('Общий шаблон (виден всей команде)')).toBeChecked();

    await dialog.getByRole('searchbox', { name: 'Кандидат для предпросмотра' }).fill('Волкова');
    await dialog.getByRole('button', { name: /Волкова Дарья/ }).click();
    const preview = dialog.getByTestId('letter-preview');
    await expect(preview).toContainText('Приглашение, Дарья');
    await expect(preview).toContainText('Здравствуйте, Волкова Дарья!');

    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Шаблон создан')).toBeVisible();
    // Saved means done: the dialog closes on the list, which shows the new template.
    await expect(page.getByRole('dialog')).toBeHidden();
    const shared = page.getByRole('region', { name: 'Общие шаблоны' });
    await expect(shared.getByText('Приглашение на интервью')).toBeVisible();

    // The saved template, opened again, is downloaded filled in for an applicant.
    await shared.getByRole('button', { name: 'Изменить шаблон «Приглашение на интервью»' }).click();
    const reopened = page.getByRole('dialog', { name: 'Шаблон письма' });
    await expect(reopened.getByRole('textbox', { name: 'Текст письма' })).toContainText(
      'Здравствуйте, %applicant.name%!',
    );
    await reopened.getByRole('searchbox', { name: 'Кандидат для предпросмотра' }).fill('Волкова');
    await reopened.getByRole('button', { name: /Волкова Дарья/ }).click();
    const downloading = page.waitForEvent('download');
    await reopened.getByRole('link', { name: 'Скачать PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Приглашение на интервью — Волкова Дарья.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Приглашение, Дарья');
    expect(text).toContain('Здравствуйте, Волкова Дарья!');

    // Saving a change closes the dialog too.
    await reopened.getByLabel('Название').fill('Приглашение на собеседование');
    await reopened.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Шаблон сохранён')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.reload();
    await expect(shared.getByText('Приглашение на собеседование')).toBeVisible();

    await shared
      .getByRole('button', { name: 'Удалить шаблон «Приглашение на собеседование»' })
      .click();
    await page
      .getByRole('dialog', { name: 'Удалить шаблон?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect(page.getByText('Шаблонов пока нет')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Шаблонов пока нет')).toBeVisible();
  });
});
