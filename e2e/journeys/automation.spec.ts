import { AUTH_HEADER, uniqueEmail } from '../fixtures/api.ts';
import { cardSection, createApplicant } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  createVacancy,
  dragCard,
  placeApplicant,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';

// Issue 15, stage automation: a rule set on a vacancy's stage in Settings → Автоматизация sends
// its letter when an applicant is moved into that stage on the board, and the card's history
// shows the run with its result.

test.use({ viewport: { width: 1600, height: 900 } });

test('a rule on a stage mails the applicant moved there on the board, and the card shows the run', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  test.slow();
  const template = await request.post(`${APP_URL}/api/account_mail_temps`, {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: {
      name: 'Приглашение на интервью',
      title: 'Ждём вас на интервью, %applicant.first_name%',
      description: '<p>Вакансия «%vacancy.name%»: мы свяжемся с вами, чтобы выбрать время.</p>',
    },
  });
  expect(template.ok(), await template.text()).toBe(true);
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Бухгалтер' });
  const email = uniqueEmail('zhukova');
  const person = await createApplicant(request, signedIn.token, {
    last_name: 'Жукова',
    first_name: 'Жанна',
    email,
  });
  await placeApplicant(request, signedIn.token, person.id, vacancy.id);

  // The rule, by the keyboard where it can.
  await page.goto('/settings/automation');
  await expect(page.getByRole('heading', { name: 'Настройки — Автоматизация' })).toBeVisible();
  await page.getByLabel('Воронка или вакансия').selectOption({ label: 'Бухгалтер' });
  const stages = page.getByRole('list', { name: 'Этапы и их правила' });
  await expect(stages).toBeVisible();
  await expect(page.getByText('На этапах пока нет правил.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить правило на этап «Интервью с HR»' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Новое правило этапа «Интервью с HR»' });
  await expect(dialog.getByLabel('Когда')).toHaveValue('enter');
  await expect(dialog.getByLabel('Что сделать')).toHaveValue('send_template');
  // Saving without a template is refused in Russian.
  await dialog.getByRole('button', { name: 'Сохранить правило' }).click();
  await expect(dialog.getByText('Выберите шаблон письма')).toBeVisible();
  await dialog.getByLabel('Шаблон письма').selectOption({ label: 'Приглашение на интервью' });
  await dialog.getByRole('button', { name: 'Сохранить правило' }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByRole('list', { name: 'Правила этапа «Интервью с HR»' });
  await expect(rules.getByRole('listitem')).toHaveText([
    'Кандидат попал на этап → письмо по шаблону «Приглашение на интервью»',
  ]);

  // The board: Жукова goes from «Новый» to «Интервью с HR».
  await page.goto(`/vacancy/${vacancy.id}/candidates`);
  const hr = boardColumn(page, 'Интервью с HR');
  await dragCard(page, boardCard(boardColumn(page, 'Новый'), person.name), hr);
  await expect(boardCard(hr, person.name)).toBeVisible();

  const mail = await control.waitForMail(
    (m) => m.to.includes(email),
    'the rule’s letter to the applicant',
  );
  expect(mail.subject).toBe('Ждём вас на интервью, Жанна');
  expect(mail.text).toContain('Вакансия «Бухгалтер»: мы свяжемся с вами, чтобы выбрать время.');

  // The card's history: the run, with its result, newest first.
  await page.goto(`/applicant/${person.id}`);
  const history = cardSection(page, 'История изменений');
  await expect(history).toContainText(
    `${signedIn.name} запустил(а) автоматизацию этапа «Интервью с HR» по вакансии «Бухгалтер»: письмо по шаблону «Приглашение на интервью» на ${email} — выполнено`,
  );
  expect((await control.mails()).filter((m) => m.to.includes(email))).toHaveLength(1);
});
