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

test('a bot and a mailbox connected: the bot’s link sent by e-mail, the applicant starts the bot and writes, the message appears on the open card, the template answer is delivered, «Повторить» resends, the e-mail reply joins the timeline', async ({
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

  const imap = await control.imap();
  const mailbox = `${imap.user}@e2e.test`;
  await test.step('connect the mailbox by its IMAP settings', async () => {
    await page.getByRole('button', { name: 'Подключить почтовый ящик' }).click();
    const dialog = page.getByRole('dialog', { name: 'Подключить почтовый ящик' });
    await dialog.getByLabel('Адрес ящика').fill(mailbox);
    await dialog.getByLabel('Сервер IMAP').fill(imap.host);
    await dialog.getByLabel('Порт').fill(String(imap.port));
    await dialog.getByLabel('Шифрование TLS').uncheck();
    await dialog.getByLabel('Логин (если не совпадает с адресом)').fill(imap.user);
    await dialog.getByLabel('Пароль').fill(imap.password);
    await dialog.getByRole('button', { name: 'Подключить' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Каналы' })).toContainText(mailbox);
  });

  const log = page.getByRole('log', { name: 'Сообщения' });
  let chatUser: { id: number };
  await test.step('the recruiter sends the bot’s link by e-mail from the card', async () => {
    await page.goto(`/applicant/${applicant.id}`);
    await page.getByRole('tab', { name: 'Переписка' }).click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByText('Сообщений пока нет')).toBeVisible();
    await page.getByRole('group', { name: 'Канал' }).getByText('Почта').click();
    await expect(page.getByRole('radio', { name: /Почта/ })).toBeChecked();
    await page.getByLabel('Тема письма').fill('Наш Telegram');
    await page.getByLabel('Текст сообщения').fill('Анна, напишите нам в Telegram:');
    await page
      .getByRole('region', { name: 'Ссылки на Telegram-ботов' })
      .getByRole('button', { name: 'Вставить в сообщение' })
      .click();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(log.getByRole('article').filter({ hasText: 'Наш Telegram' })).toContainText(
      /Отправлено|Доставлено/,
    );
  });

  await test.step('the applicant starts the bot by the link in the letter and writes', async () => {
    const letter = await control.waitForMail(
      (mail) => mail.to.includes(`anna-${suffix}@e2e.test`) && mail.subject === 'Наш Telegram',
      'the letter with the bot’s link',
    );
    const url = new URL(/https:\/\/t\.me\/\S+/.exec(letter.text)![0]);
    expect(url.pathname).toBe(`/${bot.user.username}`);
    chatUser = await telegram.addUser({ first_name: 'Анна', last_name: 'Соколова' });
    await telegram.start(bot.user.username, chatUser.id, url.searchParams.get('start')!);
    await telegram.sendText(bot.user.username, chatUser.id, 'Здравствуйте! Когда можно прийти?');
    // No reload: the card's event stream brings it.
    await expect(log).toContainText('Когда можно прийти?');
    await expect(page.getByRole('region', { name: 'Ссылки на Telegram-ботов' })).toBeHidden();
  });

  await test.step('the recruiter answers with a template, Ctrl+Enter, and it is delivered', async () => {
    await page.getByRole('group', { name: 'Канал' }).getByText('Telegram').click();
    await expect(page.getByRole('radio', { name: /Telegram/ })).toBeChecked();
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

  await test.step('an e-mail reply to the letter lands in the same timeline', async () => {
    await imap.deliver(
      [
        `From: Anna Sokolova <anna-${suffix}@e2e.test>`,
        `To: ${mailbox}`,
        'Subject: Re: Наш Telegram',
        `Message-ID: <reply-${suffix}@e2e.test>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Спасибо, ссылку получила и написала боту.',
        '',
      ].join('\r\n'),
    );
    await expect(log).toContainText('Спасибо, ссылку получила и написала боту.');
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
