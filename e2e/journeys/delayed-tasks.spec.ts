import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant, createApplicants } from '../fixtures/applicants.ts';
import { boardCard, createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// A delayed letter from the list's bulk bar: scheduled for several applicants «in 1 working day at
// 10:00», seen among the upcoming tasks, run when its time comes (the harness moves the time),
// then seen done, applicant by applicant, with each letter caught by the test SMTP server.

test('a letter delayed from the bulk bar is upcoming, then sent at its time to each applicant', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const suffix = Date.now().toString(36);
  const template = await request.post(`${APP_URL}/api/account_mail_temps`, {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: {
      name: `Приглашение ${suffix}`,
      title: 'Приглашение на интервью, %applicant.first_name%',
      description: '<p>Здравствуйте! Приглашаем на интервью.</p>',
      is_shared: true,
    },
  });
  expect(template.ok(), await template.text()).toBe(true);
  const seeds = [
    { last_name: 'Громова', first_name: 'Ирина', email: `irina-${suffix}@e2e.test` },
    { last_name: 'Жуков', first_name: 'Кирилл', email: `kirill-${suffix}@e2e.test` },
    { last_name: 'Зимин', first_name: 'Лев', email: `lev-${suffix}@e2e.test` },
  ];
  const [first, second, third] = await createApplicants(request, signedIn.token, seeds);

  await page.goto('/applicants');
  await page.getByRole('checkbox', { name: `Выбрать: ${first!.name}` }).check();
  await page.getByRole('checkbox', { name: `Выбрать: ${second!.name}` }).check();
  await page.getByRole('checkbox', { name: `Выбрать: ${third!.name}` }).check();
  const bar = page.getByRole('region', { name: 'Действия с выбранными' });
  await bar.getByRole('button', { name: 'Отложить действие' }).click();

  const dialog = page.getByRole('dialog', { name: 'Отложить действие' });
  await expect(dialog).toContainText('Для: 3 кандидата');
  await expect(dialog.getByLabel('Действие')).toHaveValue('send_letter');
  // Without a template the form says what is missing, in Russian.
  await dialog.getByRole('button', { name: 'Запланировать' }).click();
  await expect(dialog).toContainText('Выберите шаблон письма');
  await dialog.getByLabel('Шаблон письма').selectOption({ label: `Приглашение ${suffix}` });
  await dialog.getByLabel('Рабочих дней').fill('1');
  await dialog.getByLabel('Время', { exact: true }).fill('10:00');
  await dialog.getByRole('button', { name: 'Запланировать' }).click();

  // The task's page: planned, nobody written to yet.
  await expect(page).toHaveURL(/\/delayed-tasks\/\d+$/);
  const taskUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Отправить письмо по шаблону',
  );
  await expect(page.getByText('Запланировано').first()).toBeVisible();
  const rows = page.getByRole('table', { name: 'Действия по кандидатам' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Ожидает' })).toHaveCount(3);

  // Among the upcoming tasks of /delayed-tasks, not among the done ones.
  await page.goto('/delayed-tasks');
  const list = page.getByRole('list', { name: 'Отложенные задачи' });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText('Запланировано');
  await page.getByRole('tab', { name: 'Выполнено' }).click();
  await expect(page.getByText('Задач нет')).toBeVisible();
  expect((await control.mails()).filter((mail) => mail.to.includes(seeds[0]!.email))).toHaveLength(
    0,
  );

  // Its time comes.
  expect(await control.runDelayedTasksNow(signedIn.accountId)).toBe(3);
  await page.goto('/delayed-tasks');
  await page.getByRole('tab', { name: 'Выполнено' }).click();
  await expect(page.getByRole('list', { name: 'Отложенные задачи' })).toContainText('Выполнено');
  await page.goto(taskUrl);
  await expect(rows.filter({ hasText: 'Выполнено' })).toHaveCount(3);
  await expect(rows.filter({ hasText: first!.name })).toContainText(
    `Письмо «Приглашение на интервью, Ирина» отправлено на ${seeds[0]!.email}`,
  );
  for (const seed of seeds) {
    const mail = await control.waitForMail(
      (m) => m.to.includes(seed.email),
      `the invitation to ${seed.email}`,
    );
    expect(mail.subject).toBe(`Приглашение на интервью, ${seed.first_name}`);
  }
  const sent = (await control.mails()).filter((m) => seeds.some((s) => m.to.includes(s.email)));
  expect(sent).toHaveLength(3);
});

test('«Отложить действие» from the board card’s own menu, by the keyboard', async ({
  page,
  request,
  signedIn,
}) => {
  const applicant = await createApplicant(request, signedIn.token, {
    last_name: 'Доскина',
    first_name: 'Вера',
    email: `vera-${Date.now().toString(36)}@e2e.test`,
  });
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Аналитик' });
  await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);

  await page.goto(`/vacancy/${vacancy.id}/candidates`);
  const menuButton = boardCard(page, applicant.name).getByRole('button', {
    name: `Действия: ${applicant.name}`,
  });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  const item = page.getByRole('menuitem', { name: 'Отложить действие' });
  await expect(item).toBeVisible();
  // The arrows reach it from the first item; Enter opens the same dialog as the card's button.
  for (let i = 0; i < 3 && !(await item.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Отложить действие' });
  await expect(dialog).toContainText('Для: 1 кандидат');
  await dialog.getByLabel('Действие').selectOption('send_message');
  await dialog.getByLabel('Тема').fill('Как вам наш офис?');
  await dialog.getByLabel('Текст').fill('Расскажите, пожалуйста.');
  await dialog.getByLabel('Рабочих дней').fill('1');
  await dialog.getByRole('button', { name: 'Запланировать' }).click();
  await expect(page).toHaveURL(/\/delayed-tasks\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Отправить сообщение');
});
