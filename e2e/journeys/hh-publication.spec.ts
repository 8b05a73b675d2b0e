import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// Publishing a vacancy on hh.ru through the harness's fake (decision 0053): connect on /hh, open
// the form from the vacancy's card, hh.ru refuses a short description and the error shows on
// that field; fixed, the vacancy goes to moderation, the card shows the state, the site approves
// it; closing our vacancy archives the publication.

const LONG =
  'Мы ищем разработчика в команду платформы, работа над продуктом для рекрутеров. '.repeat(4);

test('hh.ru publication: site error on its field, moderation, published, archived with the vacancy', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  const position = `Публикуемый разработчик ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position });

  await page.goto('/hh');
  await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
  await expect(page).toHaveURL(/\/hh\?connected=1$/);

  await page.goto(`/vacancy/${ours.id}`);
  await page.getByRole('link', { name: 'Опубликовать на hh.ru' }).click();
  await expect(page.getByRole('heading', { name: 'Публикация на hh.ru' })).toBeVisible();
  await expect(page.getByLabel('Название')).toHaveValue(position);
  await page.getByLabel('Регион').selectOption({ label: 'Москва (Россия)' });
  await page
    .getByLabel('Профессиональная роль')
    .selectOption({ label: 'Программист, разработчик' });
  await page.getByLabel('Описание').fill('Коротко о вакансии');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText('Описание: слишком коротко')).toBeVisible();
  await expect(page.getByLabel('Описание')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Описание').fill(LONG);
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page).toHaveURL(new RegExp(`/vacancy/${ours.id}$`));
  const row = page.getByTestId('publication');
  await expect(row.getByTestId('publication-state')).toHaveText('На модерации');

  const list = await page.request.get(`/api/vacancies/${ours.id}/publications`, {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const [publication] = ((await list.json()) as { message: { external_id: string }[] }).message;
  await hh.approveVacancy(publication!.external_id);
  await page.reload();
  await expect(row.getByTestId('publication-state')).toHaveText('Опубликована');

  const reasons = await page.request.get('/api/reasons?reason_type=close', {
    headers: { [AUTH_HEADER]: signedIn.token },
  });
  const [reason] = ((await reasons.json()) as { message: { id: number }[] }).message;
  const closed = await page.request.post(`/api/vacancies/${ours.id}/close`, {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: { reason_id: reason!.id },
  });
  expect(closed.ok()).toBe(true);
  await page.reload();
  await expect(row.getByTestId('publication-state')).toHaveText('В архиве');
});
