import { readFile } from 'node:fs/promises';
import { cardSection, createApplicant, minimalPdf, searchBox } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { toast } from '../fixtures/ui.ts';

test.describe('files on the applicant card', () => {
  test('a résumé is uploaded, downloaded byte for byte and deleted; a fake PDF is refused', async ({
    page,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      last_name: 'Файлова',
      first_name: 'Ольга',
    });
    await page.goto(`/applicant/${applicant.id}`);
    const files = cardSection(page, 'Файлы');
    await expect(files.getByText('Файлов пока нет')).toBeVisible();

    const pdf = minimalPdf();
    const fileName = 'Резюме Файловой.pdf';
    await files
      .getByLabel('Файл для загрузки')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
    const link = files.getByRole('link', { name: fileName, exact: true });
    await expect(link).toBeVisible();
    await expect(files.getByText(/^Резюме · 1 КБ · /)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await download.path();
    expect((await readFile(saved)).equals(pdf)).toBe(true);

    // The name says PDF, the content does not: the server decides by content.
    await files.getByLabel('Файл для загрузки').setInputFiles({
      name: 'не-резюме.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Это просто текст, а не PDF.\n', 'utf8'),
    });
    await expect(toast(page, 'Файл должен быть PDF, DOCX, RTF или изображением')).toBeVisible();
    await expect(files.getByRole('link', { name: 'не-резюме.pdf' })).toHaveCount(0);

    await files.getByRole('button', { name: `Удалить файл ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить файл?' });
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toHaveCount(0);
    await expect(files.getByText('Файлов пока нет')).toBeVisible();
    await page.reload();
    await expect(cardSection(page, 'Файлы').getByText('Файлов пока нет')).toBeVisible();
  });
});

test.describe('the Excel export', () => {
  test('the filtered list and a selection download as xlsx', async ({
    page,
    request,
    signedIn,
  }) => {
    const wanted = await createApplicant(request, signedIn.token, {
      last_name: 'Экспортова',
      first_name: 'Вера',
      position: 'Аналитик',
    });
    await createApplicant(request, signedIn.token, { last_name: 'Другой', first_name: 'Пётр' });

    await page.goto('/applicants');
    await searchBox(page).fill('Экспортова');
    await expect(page.getByText('Найден 1 кандидат', { exact: true })).toBeVisible();

    const exportLink = page.getByRole('link', { name: 'Экспорт в Excel' });
    await expect(exportLink).toHaveAttribute('href', /search=/);
    const downloading = page.waitForEvent('download');
    await exportLink.click();
    const download = await downloading;
    expect(new URL(download.url()).searchParams.get('search')).toBe('Экспортова');
    expect(download.suggestedFilename()).toMatch(/^Кандидаты .*\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // The selection: POST /api/applicants/bulk/export, saved under the server's name.
    await page.getByRole('checkbox', { name: `Выбрать: ${wanted.name}` }).click();
    const bulk = page.getByRole('region', { name: 'Действия с выбранными' });
    const bulkDownloading = page.waitForEvent('download');
    await bulk.getByRole('button', { name: 'Экспорт' }).click();
    const bulkDownload = await bulkDownloading;
    expect(bulkDownload.suggestedFilename()).toMatch(/^Кандидаты .*\.xlsx$/);
    const bulkBytes = await readFile(await bulkDownload.path());
    expect(bulkBytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
