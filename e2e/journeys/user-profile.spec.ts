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

test('a user moves their sign-in to a new address from /user: the password, a letter, the link', async ({
  page,
  signedIn,
  control,
}) => {
  const newEmail = `moved-${Date.now()}@example.ru`;
  await page.goto('/user');
  const form = page.getByRole('form', { name: 'Смена email' });
  await field(form, 'Новый email').fill(newEmail);
  await form.getByRole('button', { name: 'Сменить email' }).click();
  await expect(form.getByText('Чтобы сменить email, введите текущий пароль')).toBeVisible();

  await field(form, 'Текущий пароль').fill(signedIn.password);
  await form.getByRole('button', { name: 'Сменить email' }).click();
  await expect(
    page.getByText(
      `Мы отправили письмо для подтверждения на ${newEmail}. Email изменится, когда вы перейдёте по ссылке из письма`,
    ),
  ).toBeVisible();

  const notice = await control.waitForMail(
    (m) => m.to.includes(signedIn.email) && m.text.includes(newEmail),
    `the notice to the old address ${signedIn.email}`,
  );
  expect(notice.text).not.toContain('/auth/confirm-email');
  const letter = await control.waitForMail(
    (m) => m.to.includes(newEmail),
    `the confirmation to ${newEmail}`,
  );
  const link = /https?:\/\/\S+\/auth\/confirm-email\?token=[^\s]+/.exec(letter.text)?.[0];
  expect(link, `a confirmation link in the mail:\n${letter.text}`).toBeTruthy();

  // Until the link is opened the profile keeps the old address.
  await page.reload();
  await expect(page.getByText(signedIn.email).first()).toBeVisible();

  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Email подтверждён' })).toBeVisible();
  await expect(
    page.getByText(`Email подтверждён: теперь вы входите с адресом ${newEmail}`),
  ).toBeVisible();

  await page.goto('/user');
  await expect(page.getByText(newEmail).first()).toBeVisible();

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByText('Ссылка для подтверждения email недействительна или устарела'),
  ).toBeVisible();
});
