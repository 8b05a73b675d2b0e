import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation } from '../fixtures/ui.ts';

test('a watcher never reaches the applicant base: sent home in the browser, 403 for the list, 404 for a card', async ({
  page,
  context,
  request,
  account,
}) => {
  const applicant = await createApplicant(request, account.token, {
    last_name: 'Скрытая',
    first_name: 'Вероника',
  });
  const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
  await signInBrowser(context, watcher.token);

  await page.goto('/applicants');
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Кандидаты' })).toHaveCount(0);
  await expect(page.getByText(applicant.name)).toHaveCount(0);

  // A direct link to the card of an applicant on none of their vacancies: it does not exist for
  // them (issue 20), so the card reveals nothing.
  await page.goto(`/applicant/${applicant.id}`);
  await expect(page.getByText('Кандидат не найден')).toBeVisible();
  await expect(page.getByText(applicant.name)).toHaveCount(0);
  const card = await request.get(`/api/applicants/${applicant.id}`, {
    headers: { [AUTH_HEADER]: watcher.token },
  });
  expect(card.status()).toBe(404);

  for (const path of [
    '/api/applicants',
    `/api/applicants?search=${encodeURIComponent('Скрытая')}`,
  ]) {
    const response = await request.get(path, { headers: { [AUTH_HEADER]: watcher.token } });
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 403,
      message: 'Заказчику недоступна база кандидатов',
    });
  }
  // The same request as the account's owner is answered: the refusal is the role's, not the data's.
  const asOwner = await request.get('/api/applicants', {
    headers: { [AUTH_HEADER]: account.token },
  });
  expect(asOwner.status()).toBe(200);
});
