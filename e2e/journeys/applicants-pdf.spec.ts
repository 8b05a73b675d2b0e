import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

/** The text of every page of a PDF, as a reader would copy it. */
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

test.describe('the printable card', () => {
  test('«Скачать PDF» on the card saves a PDF named after the applicant, with the card in Russian', async ({
    page,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      last_name: 'Щербакова',
      first_name: 'Юлия',
      middle_name: 'Сергеевна',
      position: 'Главный бухгалтер',
      phone: '+7 921 555-44-33',
      skills: ['1С:Бухгалтерия', 'МСФО'],
    });
    await page.goto(`/applicant/${applicant.id}`);
    await expect(page.getByRole('heading', { name: applicant.name })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Скачать PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Щербакова Юлия Сергеевна.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain('Щербакова Юлия Сергеевна');
    expect(text).toContain('Главный бухгалтер');
    expect(text).toContain('+7 921 555-44-33');
    expect(text).toContain('1С:Бухгалтерия, МСФО');
  });
});
