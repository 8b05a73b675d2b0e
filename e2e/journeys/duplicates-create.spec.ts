import { cardSection, createApplicant } from '../fixtures/applicants.ts';
import { similarPanel } from '../fixtures/duplicates.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';

test('typing an applicant who is already in the base shows «Похожие кандидаты» before saving', async ({
  page,
  request,
  signedIn,
}) => {
  const existing = await createApplicant(request, signedIn.token, {
    last_name: 'Иванова',
    first_name: 'Мария',
    middle_name: 'Петровна',
    phone: '+79123456789',
    birthday: '1990-05-17',
  });

  await page.goto('/applicants');
  await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
  // The same person, typed in Latin with the phone as Russians write it.
  await field(dialog, 'Фамилия').fill('Ivanova');
  await field(dialog, 'Имя').fill('Maria');
  await field(dialog, 'Телефон').fill('8 (912) 345-67-89');

  const panel = similarPanel(dialog);
  await expect(panel).toBeVisible();
  const link = panel.getByRole('link', { name: existing.name });
  await expect(link).toHaveAttribute('href', `/applicant/${existing.id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(panel.getByText('Точный дубль')).toBeVisible();
  await expect(panel.getByText('совпадает телефон')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Создать кандидата' })).toHaveCount(0);

  // Saving stays the recruiter's call; afterwards the card offers to compare.
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/applicants',
  );
  await dialog.getByRole('button', { name: 'Всё равно создать' }).click();
  const { message } = (await (await created).json()) as {
    message: { id: number; doubles: Array<{ applicant: { id: number } }> };
  };
  expect(message.doubles.map((d) => d.applicant.id)).toContain(existing.id);
  await expectPath(page, `/applicant/${message.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ivanova Maria' })).toBeVisible();
  await expect(toast(page, /Похоже, кандидат уже был в базе/)).toBeVisible();
  const banner = page.getByRole('region', { name: 'Возможные дубли' });
  await expect(banner).toContainText('Возможные дубли: 1');
  await banner.getByRole('link', { name: `Сравнить с «${existing.name}»` }).click();
  await expectPath(page, '/applicant/double');
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение кандидатов' })).toBeVisible();
  await expect(cardSection(page, 'Результат объединения')).toBeVisible();
});

test('the city is typed on create, shown on the card and edited in place', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/applicants');
  await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
  await field(dialog, 'Фамилия').fill('Орлова');
  await field(dialog, 'Имя').fill('Вера');
  await field(dialog, 'Город').fill('Пермь');
  await dialog.getByRole('button', { name: /Создать кандидата|Всё равно создать/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Орлова Вера' })).toBeVisible();
  await expect(page.getByText('Пермь', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Изменить', exact: true }).click();
  const form = page.getByRole('form', { name: 'Основные данные' });
  await expect(field(form, 'Город')).toHaveValue('Пермь');
  await field(form, 'Город').fill('Казань');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Казань', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Казань', { exact: true })).toBeVisible();
  await expect(cardSection(page, 'История изменений')).toContainText('Город: Пермь → Казань');
});

test('editing a card to a phone another applicant has shows «Похожие кандидаты» before saving', async ({
  page,
  request,
  signedIn,
}) => {
  const existing = await createApplicant(request, signedIn.token, {
    last_name: 'Лебедева',
    first_name: 'Анна',
    phone: '+79031112233',
  });
  const edited = await createApplicant(request, signedIn.token, {
    last_name: 'Lebedeva',
    first_name: 'Anna',
    email: 'anna.l@example.ru',
  });

  await page.goto(`/applicant/${edited.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lebedeva Anna' })).toBeVisible();
  const contacts = cardSection(page, 'Контакты');
  await contacts.getByRole('button', { name: 'Изменить: Контакты' }).click();
  const form = page.getByRole('form', { name: 'Контакты' });
  // Opening the form asks nothing: only a changed contact can find someone new.
  await expect(similarPanel(form)).toHaveCount(0);
  await field(form, 'Телефон').fill('8 903 111-22-33');

  const panel = similarPanel(form);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('После сохранения их можно сравнить и объединить');
  await expect(panel.getByRole('link', { name: existing.name })).toHaveAttribute(
    'href',
    `/applicant/${existing.id}`,
  );
  // The card being edited is never its own double.
  await expect(panel.getByRole('link', { name: edited.name })).toHaveCount(0);
  await expect(panel.getByText('совпадает телефон')).toBeVisible();

  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toBeHidden();
  const banner = page.getByRole('region', { name: 'Возможные дубли' });
  await expect(banner.getByRole('link', { name: `Сравнить с «${existing.name}»` })).toBeVisible();
});
