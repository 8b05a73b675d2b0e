import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant, createTag, setApplicantTags } from '../fixtures/applicants.ts';
import { boardColumn, createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

// SPEC.md §3 «Icon choice»: a user labels a tag and a résumé source with one of the 98 icons in
// their settings, and sees it beside the name on the applicant's card.

test('a tag’s and a source’s icon, picked in settings, shows on the applicant’s card', async ({
  page,
  request,
  signedIn,
}) => {
  const sources = await request.get(`${APP_URL}/api/account_sources`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const hh = ((await sources.json()).message as { id: number; name: string }[]).find(
    (s) => s.name === 'hh.ru',
  )!;
  const applicant = await createApplicant(request, signedIn.token, {
    last_name: 'Иконкина',
    first_name: 'Вера',
    account_source_id: hh.id,
  });
  const tag = await createTag(request, signedIn.token, 'Запуск');
  await setApplicantTags(request, signedIn.token, applicant.id, [tag.id]);

  // The tag: found by typing, chosen with the keyboard alone.
  await page.goto('/settings/tags');
  await page.getByRole('button', { name: 'Изменить тег «Запуск»' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Изменить тег' });
  await tagDialog.getByRole('button', { name: 'Выбрать иконку' }).click();
  await tagDialog.getByLabel('Найти иконку').fill('rocket');
  await page.keyboard.press('Tab');
  const rocket = tagDialog.getByRole('radio', { name: 'rocket-launch' });
  await expect(rocket).toBeFocused();
  await page.keyboard.press('Space');
  await expect(rocket).toHaveAttribute('aria-checked', 'true');
  await tagDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Тег сохранён')).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Запуск' }).locator('svg[data-icon="rocket-launch"]'),
  ).toBeVisible();

  // The source: picked from the grid with arrow keys from the first icon.
  await page.goto('/settings/resume/sources');
  await page.getByRole('button', { name: 'Изменить «hh.ru»' }).click();
  const sourceDialog = page.getByRole('dialog', { name: 'Изменить источник' });
  await sourceDialog.getByRole('button', { name: 'Выбрать иконку' }).click();
  await sourceDialog.getByRole('radio', { name: 'academic-cap' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(sourceDialog.getByRole('radio', { name: 'adjustments-horizontal' })).toBeFocused();
  await sourceDialog.getByRole('radio', { name: 'briefcase' }).click();
  await sourceDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Источник сохранён')).toBeVisible();

  await page.goto(`/applicant/${applicant.id}`);
  const chip = page.getByTitle('Запуск');
  await expect(chip).toBeVisible();
  await expect(chip.locator('svg[data-icon="rocket-launch"]')).toBeVisible();
  const sourceFact = page.getByText('hh.ru', { exact: true }).locator('..');
  await expect(sourceFact.locator('svg[data-icon="briefcase"]')).toBeVisible();

  // Taking the tag's icon off leaves the chip with its name alone.
  await page.goto('/settings/tags');
  await page.getByRole('button', { name: 'Изменить тег «Запуск»' }).click();
  await page
    .getByRole('dialog', { name: 'Изменить тег' })
    .getByRole('button', { name: 'Убрать иконку' })
    .click();
  await page
    .getByRole('dialog', { name: 'Изменить тег' })
    .getByRole('button', { name: 'Сохранить' })
    .click();
  await expect(toast(page, 'Тег сохранён')).toBeVisible();
  await page.goto(`/applicant/${applicant.id}`);
  await expect(page.getByTitle('Запуск')).toBeVisible();
  await expect(page.getByTitle('Запуск').locator('svg')).toHaveCount(0);
});

test('a stage’s icon, picked on the board, heads its column and marks the card’s vacancy row', async ({
  page,
  request,
  signedIn,
}) => {
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Бариста' });
  const applicant = await createApplicant(request, signedIn.token, {
    last_name: 'Этапова',
    first_name: 'Анна',
  });
  await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);

  await page.goto(`/vacancy/${vacancy.id}/candidates`);
  const column = boardColumn(page, 'Новый');
  await column.getByRole('button', { name: 'Иконка этапа «Новый»' }).click();
  const dialog = page.getByRole('dialog', { name: 'Иконка этапа «Новый»' });
  await dialog.getByRole('button', { name: 'Выбрать иконку' }).click();
  await dialog.getByRole('radio', { name: 'inbox' }).click();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Иконка этапа сохранена')).toBeVisible();
  await expect(column.getByRole('heading').locator('svg[data-icon="inbox"]')).toBeVisible();

  await page.goto(`/applicant/${applicant.id}`);
  await expect(
    page.getByText('Новый', { exact: true }).locator('..').locator('svg[data-icon="inbox"]'),
  ).toBeVisible();
});
