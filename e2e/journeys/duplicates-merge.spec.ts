import {
  cardSection,
  createApplicant,
  createTag,
  setApplicantTags,
} from '../fixtures/applicants.ts';
import { addComment, fetchApplicant } from '../fixtures/duplicates.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, toast } from '../fixtures/ui.ts';

test('two cards merged field by field from /applicant/double, then the merge undone from the history', async ({
  page,
  request,
  signedIn,
}) => {
  const token = signedIn.token;
  const cyrillic = await createApplicant(request, token, {
    last_name: 'Иванова',
    first_name: 'Мария',
    middle_name: 'Петровна',
    phone: '+79123456789',
    email: 'maria.ivanova@example.ru',
    birthday: '1990-05-17',
  });
  const latin = await createApplicant(request, token, {
    last_name: 'Ivanova',
    first_name: 'Maria',
    phone: '+79990001122',
    email: 'maria.ivanova@example.ru',
    birthday: '1990-05-18',
  });
  const hot = await createTag(request, token, 'Горячий');
  const accounting = await createTag(request, token, 'Бухгалтерия', '#16A34A');
  await setApplicantTags(request, token, cyrillic.id, [hot.id]);
  await setApplicantTags(request, token, latin.id, [accounting.id]);
  await addComment(request, token, cyrillic.id, 'Первый звонок в понедельник');
  await addComment(request, token, latin.id, 'Прислала резюме с hh.ru');

  await page.goto(`/applicant/double?first=${cyrillic.id}&second=${latin.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение кандидатов' })).toBeVisible();
  const preview = page.getByLabel('Карточка после объединения');
  await expect(preview).toContainText('+7 912 345-67-89');
  await expect(preview).toContainText('17.05.1990');
  // Equal e-mails need no choice: no radio in that row.
  await expect(page.getByRole('radio', { name: /^Email:/ })).toHaveCount(0);

  const latinPhone = page.getByRole('radio', {
    name: 'Телефон: взять у «Ivanova Maria» — +7 999 000-11-22',
  });
  await latinPhone.check();
  await expect(preview).toContainText('+7 999 000-11-22');
  await expect(preview).not.toContainText('+7 912 345-67-89');
  await page
    .getByRole('radio', { name: 'Дата рождения: взять у «Ivanova Maria» — 18.05.1990' })
    .check();
  await expect(preview).toContainText('18.05.1990');

  await page.getByRole('button', { name: 'Объединить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Объединить кандидатов?' });
  await confirm.getByRole('button', { name: 'Объединить' }).click();

  await expectPath(page, `/applicant/${cyrillic.id}`);
  await expect(toast(page, `«Ivanova Maria» объединён с «${cyrillic.name}»`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Уведомления/ }).getByRole('button', { name: 'Отменить' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: cyrillic.name })).toBeVisible();
  await expect(
    cardSection(page, 'Контакты').getByRole('link', { name: '+7 999 000-11-22' }),
  ).toBeVisible();
  await expect(page.getByText(/\(18\.05\.1990\)/)).toBeVisible();
  const comments = cardSection(page, 'Комментарии');
  await expect(comments.getByText('Первый звонок в понедельник', { exact: true })).toBeVisible();
  await expect(comments.getByText('Прислала резюме с hh.ru', { exact: true })).toBeVisible();
  const tags = cardSection(page, 'Теги');
  await expect(tags.getByText('Горячий')).toBeVisible();
  await expect(tags.getByText('Бухгалтерия')).toBeVisible();
  expect(await fetchApplicant(request, token, latin.id)).toBeNull();

  const history = cardSection(page, 'История изменений');
  await expect(history.getByText('Объединён с «Ivanova Maria»')).toBeVisible();
  await history.getByRole('button', { name: 'Отменить объединение' }).click();
  const undo = page.getByRole('dialog', { name: 'Отменить объединение?' });
  await undo.getByRole('button', { name: 'Отменить объединение' }).click();
  await expect(undo).toBeHidden();

  // Both are back as they were.
  await expect(history.getByText('Объединение отменено')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Отменить объединение' })).toHaveCount(0);
  await expect(
    cardSection(page, 'Контакты').getByRole('link', { name: '+7 912 345-67-89' }),
  ).toBeVisible();
  await expect(comments.getByText('Прислала резюме с hh.ru', { exact: true })).toHaveCount(0);
  await expect(cardSection(page, 'Теги').getByText('Бухгалтерия')).toHaveCount(0);
  expect(await fetchApplicant(request, token, latin.id)).toMatchObject({
    phone: '+79990001122',
    birthday: '1990-05-18',
  });
  await page.goto(`/applicant/${latin.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ivanova Maria' })).toBeVisible();
  await expect(comments.getByText('Прислала резюме с hh.ru', { exact: true })).toBeVisible();
  await expect(cardSection(page, 'Теги').getByText('Бухгалтерия')).toBeVisible();
});
