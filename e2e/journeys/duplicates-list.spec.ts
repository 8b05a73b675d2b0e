import { addMember, signInBrowser, signUpAccount } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { doubleGroup } from '../fixtures/duplicates.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation } from '../fixtures/ui.ts';

test('the doubles list shows a group with its reasons, and «Не дубль» takes it out for good', async ({
  page,
  request,
  signedIn,
}) => {
  const first = await createApplicant(request, signedIn.token, {
    last_name: 'Соколова',
    first_name: 'Дарья',
    phone: '+79001112233',
  });
  const second = await createApplicant(request, signedIn.token, {
    last_name: 'Sokolova',
    first_name: 'Daria',
    phone: '8 900 111-22-33',
  });

  await page.goto('/');
  await navigation(page).getByRole('link', { name: 'Дубликаты' }).click();
  await expectPath(page, '/applicant/doubles');
  await expect(page.getByRole('heading', { level: 1, name: 'Дубликаты' })).toBeVisible();
  const group = doubleGroup(page, first.name);
  await expect(group).toBeVisible();
  await expect(group.getByRole('link', { name: second.name })).toBeVisible();
  await expect(group.getByText('совпадает телефон')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Точные\s*1/ })).toBeVisible();

  const compare = group.getByRole('link', { name: 'Сравнить и объединить' });
  await expect(compare).toHaveAttribute('href', /\/applicant\/double\?first=\d+&second=\d+/);

  await group.getByRole('button', { name: /^Не дубль/ }).click();
  await expect(group).toHaveCount(0);
  await expect(page.getByText('Дубликатов не найдено')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Дубликатов не найдено')).toBeVisible();
  await expect(doubleGroup(page, first.name)).toHaveCount(0);
});

test('«Проверить всю базу» shows the scan running to the end, then the groups it found', async ({
  page,
  request,
  signedIn,
}) => {
  await createApplicant(request, signedIn.token, {
    last_name: 'Прохоров',
    first_name: 'Илья',
    email: 'prokhorov@example.ru',
  });
  await createApplicant(request, signedIn.token, {
    last_name: 'Prokhorov',
    first_name: 'Ilya',
    email: 'Prokhorov@Example.ru',
  });
  await createApplicant(request, signedIn.token, { last_name: 'Ветрова', first_name: 'Анна' });

  await page.goto('/applicant/doubles');
  await expect(page.getByRole('heading', { level: 1, name: 'Дубликаты' })).toBeVisible();
  await page.getByRole('button', { name: 'Проверить всю базу' }).click();
  const bar = page.getByRole('progressbar', { name: 'Проверка базы на дубли' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '3');
  await expect(bar).toHaveAttribute('aria-valuenow', '3', { timeout: 30_000 });
  await expect(page.getByText('Проверено 3 из 3')).toBeVisible();
  await expect(doubleGroup(page, 'Прохоров Илья')).toBeVisible();
  await expect(doubleGroup(page, 'Ветрова Анна')).toHaveCount(0);
});

test('a bad compare link explains itself, and a watcher never reaches the doubles', async ({
  page,
  context,
  request,
  account,
  signedIn,
}) => {
  const other = await signUpAccount(request);
  const stranger = await createApplicant(request, other.token, {
    last_name: 'Чужая',
    first_name: 'Ольга',
  });
  const own = await createApplicant(request, signedIn.token, {
    last_name: 'Своя',
    first_name: 'Ирина',
  });

  await page.goto('/applicant/double');
  await expect(page.getByRole('heading', { name: 'Не получается сравнить' })).toBeVisible();
  await expect(page.getByText(/должны быть два кандидата/)).toBeVisible();
  await page.goto(`/applicant/double?first=${own.id}&second=${own.id}`);
  await expect(page.getByText('Выбран один и тот же кандидат: сравнивать не с кем.')).toBeVisible();
  await page.goto(`/applicant/double?first=${own.id}&second=${stranger.id}`);
  await expect(page.getByRole('heading', { name: 'Кандидат не найден' })).toBeVisible();
  await expect(
    page.getByText(`Кандидата №${stranger.id} нет в вашей базе`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Чужая')).toHaveCount(0);

  const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
  await signInBrowser(context, watcher.token);
  await page.goto('/applicant/doubles');
  await expectPath(page, '/');
  await expect(navigation(page).getByRole('link', { name: 'Дубликаты' })).toHaveCount(0);
  await page.goto(`/applicant/double?first=${own.id}&second=${stranger.id}`);
  await expectPath(page, '/');
});
