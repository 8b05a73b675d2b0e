import type { APIRequestContext } from '@playwright/test';
import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// Talking to applicants (issue 14): a bot connected in the settings, the applicant reached by the
// card's link, their messages live on the open card, the answers delivered.

async function createTemplate(
  request: APIRequestContext,
  token: string,
  name: string,
  body: string,
) {
  const response = await request.post(`${APP_URL}/api/account_mail_temps`, {
    headers: { [AUTH_HEADER]: token },
    data: { name, title: 'Приглашение на интервью', description: body, is_shared: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a bot connected in the settings: the applicant starts it by the card’s link and writes, the message appears on the open card, the answer by a template is delivered', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const telegram = await control.telegram();
  const bot = await telegram.addBot(`hr_${suffix}_bot`, 'Рекрутер');
  await createTemplate(
    request,
    signedIn.token,
    `Приглашение ${suffix}`,
    '<p>Здравствуйте, %applicant.first_name%! Ждём вас на интервью.</p>',
  );
  const applicant = await createApplicant(request, signedIn.token, {
    last_name: 'Соколова',
    first_name: 'Анна',
    email: `anna-${suffix}@e2e.test`,
  });

  await test.step('connect the bot by its token', async () => {
    await page.goto('/settings/services');
    await page.getByRole('button', { name: 'Подключить Telegram-бота' }).click();
    const dialog = page.getByRole('dialog', { name: 'Подключить Telegram-бота' });
    await dialog.getByLabel('Токен бота').fill('123:not-a-token');
    await dialog.getByRole('button', { name: 'Подключить' }).click();
    await expect(dialog.getByText('Токен бота выглядит как 123456789:AA…')).toBeVisible();
    await dialog.getByLabel('Токен бота').fill(bot.token);
    await dialog.getByRole('button', { name: 'Подключить' }).click();
    await expect(dialog).toBeHidden();
    const channels = page.getByRole('list', { name: 'Каналы' });
    await expect(channels).toContainText(`@${bot.user.username}`);
    await expect(channels).toContainText('Работает');
  });

  const log = page.getByRole('log', { name: 'Сообщения' });
  let chatUser: { id: number };
  await test.step('the applicant starts the bot by the card’s link and writes', async () => {
    await page.goto(`/applicant/${applicant.id}`);
    await page.getByRole('tab', { name: 'Переписка' }).click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByText('Сообщений пока нет')).toBeVisible();
    const link = page.getByRole('region', { name: 'Ссылки на Telegram-ботов' }).getByRole('link');
    const url = new URL((await link.getAttribute('href'))!);
    expect(url.host).toBe('t.me');
    expect(url.pathname).toBe(`/${bot.user.username}`);
    chatUser = await telegram.addUser({ first_name: 'Анна', last_name: 'Соколова' });
    await telegram.start(bot.user.username, chatUser.id, url.searchParams.get('start')!);
    await telegram.sendText(bot.user.username, chatUser.id, 'Здравствуйте! Когда можно прийти?');
    // No reload: the card's event stream brings it.
    await expect(log).toContainText('Когда можно прийти?');
    await expect(page.getByRole('region', { name: 'Ссылки на Telegram-ботов' })).toBeHidden();
  });

  await test.step('the recruiter answers with a template, Ctrl+Enter, and it is delivered', async () => {
    await page.getByLabel('Шаблон').selectOption({ label: `Приглашение ${suffix}` });
    const text = page.getByLabel('Текст сообщения');
    await expect(text).toHaveValue(/Здравствуйте, Анна! Ждём вас на интервью\./);
    await text.press('Control+Enter');
    await expect(text).toHaveValue('');
    const sent = await telegram.waitForSent(
      bot.user.username,
      chatUser!.id,
      (message) => message.message.text?.includes('Ждём вас на интервью') ?? false,
      'the answer by the template',
    );
    expect(sent.message.text).toContain('Здравствуйте, Анна!');
    const answer = log.getByRole('article').filter({ hasText: 'Ждём вас на интервью' });
    await expect(answer).toContainText(/Отправлено|Доставлено/);
  });

  await test.step('a refused message is failed with the reason, and «Повторить» sends it', async () => {
    await telegram.failNext({
      bot: bot.user.username,
      method: 'sendMessage',
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    const text = page.getByLabel('Текст сообщения');
    await text.fill('Вы сможете прийти в пятницу?');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const failed = log.getByRole('article').filter({ hasText: 'Вы сможете прийти в пятницу?' });
    await expect(failed).toContainText('Не отправлено');
    await failed.getByRole('button', { name: 'Повторить' }).click();
    await expect(failed).toContainText(/Отправлено|Доставлено/);
    await expect(failed.getByRole('button', { name: 'Повторить' })).toBeHidden();
  });

  await test.step('the conversations list and the header count it', async () => {
    await telegram.sendText(bot.user.username, chatUser!.id, 'Да, смогу.');
    await page.goto('/messages');
    const row = page.getByRole('list', { name: 'Переписки' }).getByRole('link', {
      name: /Соколова Анна/,
    });
    await expect(row).toContainText('Да, смогу.');
  });
});
