import type { Request } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { field } from '../fixtures/ui.ts';

const LINK_INVALID = 'Введите корректную ссылку, например https://example.ru';

const isCreate = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/applicants';

test('the create form checks a résumé link (SPEC.md §5) and a photo’s size (§9) before anything is sent', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  const creates: Request[] = [];
  page.on('request', (r) => {
    if (isCreate(r)) creates.push(r);
  });

  await page.goto('/applicants');
  await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
  await field(dialog, 'Фамилия').fill('Ссылкина');

  // A link that is no link: said when the box is left, and again on submit, with nothing sent.
  const link = field(dialog, 'Ссылка на резюме');
  await link.fill('моё резюме на хх');
  await expect(dialog.getByText(LINK_INVALID)).toHaveCount(0);
  await link.blur();
  await expect(dialog.getByText(LINK_INVALID)).toBeVisible();
  await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(LINK_INVALID)).toBeVisible();

  // A 6 MB photo: refused by its size before the crop opens.
  await dialog.getByLabel('Загрузить фото').setInputFiles({
    name: 'огромное.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(6 * 1024 * 1024),
  });
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Фото 6 МБ больше допустимых 5 МБ' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Кадрирование фото' })).toHaveCount(0);
  expect(creates).toHaveLength(0);

  // A bare domain with a path passes, and the applicant is created with it.
  await link.fill('hh.ru/resume/0a1b2c3d');
  await link.blur();
  await expect(dialog.getByText(LINK_INVALID)).toHaveCount(0);
  const created = page.waitForRequest(isCreate);
  await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
  expect((await created).postDataJSON()).toMatchObject({
    last_name: 'Ссылкина',
    resume_urls: ['hh.ru/resume/0a1b2c3d'],
  });
  expect(creates).toHaveLength(1);
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/applicant\/\d+$/);
});
