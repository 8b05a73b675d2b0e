import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 18: the help centre reads the knowledge base (apps/api/content/faq), searches it in
// Russian with typos forgiven, and one configured account edits it at /admin-articles.

test('a visitor searches the FAQ with a misspelled word, opens the article and answers «Была ли статья полезна?»', async ({
  page,
}) => {
  await page.goto('/static/faq');
  await expect(page.getByRole('heading', { name: 'Кандидаты и импорт' })).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Поиск по справке' });
  await box.fill('дублик');
  await expect(page.getByRole('option', { name: 'Как система находит дубликаты' })).toBeVisible();

  await box.fill('импорт кандидтов');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/static\/faq\/search\?q=/);
  const results = page.getByRole('list', { name: 'Результаты поиска' });
  const hit = results.getByRole('link', { name: 'Импорт кандидатов из Excel и CSV' });
  await expect(hit).toBeVisible();
  await expect(results.locator('mark').first()).toBeVisible();

  await hit.click();
  await expect(page).toHaveURL(/\/static\/faq\/import-iz-excel$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Импорт кандидатов из Excel и CSV' }),
  ).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs).toContainText('Помощь');
  await expect(crumbs).toContainText('Кандидаты и импорт');
  await expect(
    page.getByRole('heading', { name: 'Совпадения с известными кандидатами' }),
  ).toBeVisible();

  await expect(page.getByText('Была ли статья полезна?')).toBeVisible();
  await page.getByRole('button', { name: 'Нет' }).click();
  const dialog = page.getByRole('dialog', { name: 'Остались вопросы?' });
  await expect(dialog.getByLabel('Сообщение')).toHaveValue(/Импорт кандидатов из Excel и CSV/);
  await dialog.getByLabel('Имя').fill('Ольга');
  await dialog.getByLabel('Телефон').fill('+7 900 000-00-00');
  await dialog.getByLabel('Email').fill('olga@example.ru');
  await dialog
    .getByLabel('Сообщение')
    .fill('Статья «Импорт кандидатов из Excel и CSV»: нет примера файла');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Сообщение успешно отправлено')).toBeVisible();
});

test('the FAQ editor writes a draft, previews it and publishes it; then a visitor finds it', async ({
  page,
  signedIn,
  control,
  browser,
}) => {
  await control.makeFaqEditor(signedIn.accountId);
  const slug = `teleport-${Date.now()}`;
  await page.goto('/admin-articles');
  await expect(page.getByRole('heading', { name: 'Статьи базы знаний' })).toBeVisible();
  await page.getByRole('button', { name: 'Новая статья' }).click();
  const form = page.getByRole('form', { name: 'Новая статья' });
  await form.getByLabel('Заголовок').fill('Телепортация кандидатов между вакансиями');
  await form.getByLabel('Адрес').fill(slug);
  await form
    .getByLabel('Текст (Markdown)')
    .fill('## Как телепортировать\n\nНажмите **Телепорт** на карточке кандидата.');
  await form.getByRole('tab', { name: 'Предпросмотр' }).click();
  const preview = form.getByRole('region', { name: 'Предпросмотр' });
  await expect(preview.getByRole('heading', { name: 'Как телепортировать' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Телепорт');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Статья сохранена')).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Телепортация кандидатов между вакансиями.*Черновик/ }),
  ).toBeVisible();

  // A draft is nobody's answer yet.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`/static/faq/search?q=${encodeURIComponent('телепортация')}`);
  await expect(reader.getByText('Ничего не найдено')).toBeVisible();

  const editForm = page.getByRole('form', { name: 'Статья' });
  await editForm.getByLabel(/Опубликована/).check();
  await editForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    page.getByRole('button', { name: /Черновик/ }).filter({ hasText: 'Телепортация' }),
  ).toHaveCount(0);

  await reader.goto(`/static/faq/search?q=${encodeURIComponent('телепартация')}`);
  await reader.getByRole('link', { name: 'Телепортация кандидатов между вакансиями' }).click();
  await expect(reader).toHaveURL(new RegExp(`/static/faq/${slug}$`));
  await expect(reader.getByRole('heading', { name: 'Как телепортировать' })).toBeVisible();
  await visitor.close();
});

test('another admin is refused /admin-articles and the editor calls', async ({
  page,
  signedIn,
  request,
}) => {
  // Whichever account the server names as the editor (another test may set one), it is not this
  // fresh one: its admin is refused on the route and on the server, whatever the body.
  await page.goto('/admin-articles');
  await expect(page.getByText('Нет доступа')).toBeVisible();
  await expect(page.getByText('Редактировать базу знаний может только её редактор')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Новая статья' })).toHaveCount(0);

  for (const [method, path] of [
    ['get', '/api/instructions/editor'],
    ['post', '/api/instructions'],
    ['put', '/api/instructions/order'],
  ] as const) {
    const response = await request[method](`${APP_URL}${path}`, {
      headers: { [AUTH_HEADER]: signedIn.token },
      ...(method === 'get' ? {} : { data: {} }),
    });
    expect(response.status(), path).toBe(403);
    expect((await response.json()).message).toBe(
      'Редактировать базу знаний может только её редактор',
    );
  }
});
