import { addMember, logIn, signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';

test('a user changes their name and notifications on /user, and both are kept after a reload', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();

  const profile = page.getByRole('form', { name: 'Профиль' });
  await field(profile, 'Фамилия').fill('Петрова');
  await field(profile, 'Имя').fill('Анна');
  await field(profile, 'Отчество').fill('Сергеевна');
  await field(profile, 'Ник').fill('anna.hr');
  await profile.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Операция выполнена успешно')).toBeVisible();

  const notifications = page.getByRole('table', { name: 'Уведомления' });
  const newApplicantByMail = notifications.getByRole('checkbox', {
    name: 'Новый кандидат на моей вакансии: Email',
  });
  const dueTaskInApp = notifications.getByRole('checkbox', {
    name: 'Наступил срок задачи: В приложении',
  });
  await expect(newApplicantByMail).not.toBeChecked();
  await expect(dueTaskInApp).toBeChecked();
  await newApplicantByMail.check();
  await expect(newApplicantByMail).toBeEnabled();
  await dueTaskInApp.uncheck();
  await expect(dueTaskInApp).toBeEnabled();
  await expect(toast(page, 'Настройки уведомлений сохранены').first()).toBeVisible();

  await page.reload();
  await expect(field(profile, 'Фамилия')).toHaveValue('Петрова');
  await expect(field(profile, 'Отчество')).toHaveValue('Сергеевна');
  await expect(field(profile, 'Ник')).toHaveValue('anna.hr');
  await expect(newApplicantByMail).toBeChecked();
  await expect(dueTaskInApp).not.toBeChecked();
  await expect(
    notifications.getByRole('checkbox', { name: 'Меня упомянули в комментарии: Email' }),
  ).toBeChecked();
});

test('a hiring manager, kept out of the settings, changes the password on /user', async ({
  page,
  context,
  request,
  account,
}) => {
  const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
  await signInBrowser(context, watcher.token);
  await page.goto('/settings/safety');
  await expectPath(page, '/');

  await page.goto('/user');
  const form = page.getByRole('form', { name: 'Смена пароля' });
  await field(form, 'Текущий пароль').fill(watcher.password);
  await field(form, 'Новый пароль').fill('Watcher-New-456');
  await field(form, 'Повторите новый пароль').fill('Watcher-New-456');
  await form.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(toast(page, 'Пароль изменён. Другие сессии завершены')).toBeVisible();

  expect(await logIn(request, watcher.email, 'Watcher-New-456')).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
});
