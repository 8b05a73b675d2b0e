import { expect, test } from '../fixtures/test.ts';
import { field } from '../fixtures/ui.ts';

// Issue 20, item 10: a new vacancy is never left without a responsible person; the recruiter
// who opens it owns it unless they name someone else, so it is in their «Мои вакансии».

test('a vacancy created in the form has its author as responsible and shows in «Мои вакансии»', async ({
  page,
  signedIn,
}) => {
  await page.goto('/');
  const mine = page.getByRole('region', { name: 'Мои вакансии' });
  await expect(mine).toContainText('Вы пока не ответственный');
  await page.getByRole('button', { name: 'Новая вакансия' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новая вакансия' });
  // The author is already chosen as responsible, and may be removed or joined by others.
  await expect(
    dialog.getByRole('button', { name: new RegExp(`^Убрать: .*${signedIn.name}`) }),
  ).toBeVisible();
  await field(dialog, 'Должность').fill('Инженер-сметчик');
  await dialog.getByRole('button', { name: 'Создать вакансию' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Инженер-сметчик' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ответственные' })).toContainText(signedIn.name);

  await page.goto('/');
  await expect(mine.getByRole('link', { name: 'Инженер-сметчик' })).toBeVisible();
});
