import { expect, test } from '../fixtures/test.ts';

// The support chat: the widget appears 3 s after the app loads (its code loaded only then), a
// user writes a question, it reaches the support's Telegram chat with who wrote it; the agent
// replies there and the answer appears in the open widget. Hiding the chat in the profile takes
// the widget off the page.

test('a user asks the support in the widget and the Telegram reply comes back', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Чат с поддержкой' });
  // Not at once: the visibility is applied 3 s after load.
  await expect(launcher).toHaveCount(0);
  await expect(launcher).toBeVisible({ timeout: 10_000 });
  await launcher.click();
  const panel = page.getByRole('region', { name: 'Чат с поддержкой' });
  const field = panel.getByLabel('Сообщение в поддержку');
  await field.fill('Как подключить Telegram-бота?');
  await field.press('Control+Enter');
  await expect(panel.getByText('Как подключить Telegram-бота?')).toBeVisible();

  const support = control.supportChat();
  let posted: { message_id: number; text?: string } | undefined;
  await expect
    .poll(async () => {
      posted = (await support.posted()).find((m) => m.text?.includes('Как подключить'));
      return posted?.text ?? '';
    })
    .toContain(signedIn.email);
  await support.reply(posted!.message_id, 'Настройки → Сервисы → Telegram, вставьте токен бота');
  await expect(panel.getByText('Настройки → Сервисы → Telegram, вставьте токен бота')).toBeVisible({
    timeout: 15_000,
  });
  await expect(panel.getByText(/^Поддержка, /)).toBeVisible();

  // Hidden in the profile: the widget leaves the page.
  await page.goto('/user');
  // The switch saves at once and follows the saved setting.
  await page.getByLabel('Скрыть чат поддержки').click();
  await expect(page.getByLabel('Скрыть чат поддержки')).toBeChecked();
  await expect(page.getByTestId('support-chat')).toHaveCount(0);
  await page.reload();
  await page.waitForTimeout(3500);
  await expect(page.getByTestId('support-chat')).toHaveCount(0);
});
