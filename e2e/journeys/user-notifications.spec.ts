import { AUTH_HEADER, addMember } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// A recruiter ticks «Меня упомянули в комментарии» for Telegram on /user, with their chat linked
// to the company's bot (the harness's fake Bot API); a colleague names them in a comment on an
// applicant's card, and the mention reaches the recruiter's chat with the card's address.

test('a recruiter who ticks mentions in Telegram on /user gets a colleague’s mention there', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const headers = { [AUTH_HEADER]: signedIn.token };
  const telegram = await control.telegram();
  const username = `mentions_${signedIn.accountId}_bot`;
  const bot = await telegram.addBot(username, 'HR-бот');
  const connected = await request.post('/api/msg_integrations/msg_channels', {
    headers,
    data: { kind: 'telegram', scope: 'account', token: bot.token },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const nick = `anna${signedIn.accountId}`;
  const named = await request.patch(`/api/users/${signedIn.id}`, {
    headers,
    data: { admin_user: { nick } },
  });
  expect(named.ok(), await named.text()).toBe(true);

  await page.goto('/user');
  await page.getByRole('button', { name: 'Подключить Telegram' }).click();
  const href = await page.getByRole('link', { name: 'ссылку на бота' }).getAttribute('href');
  const recruiter = await telegram.addUser({ first_name: 'Анна' });
  await telegram.start(username, recruiter.id, new URL(href!).searchParams.get('start')!);
  await expect(page.getByText(`Telegram подключён`)).toBeVisible({ timeout: 15_000 });

  const mentions = page.getByRole('checkbox', { name: 'Меня упомянули в комментарии: Telegram' });
  await expect(mentions).not.toBeChecked();
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/admin_user_notification_settings') && r.request().method() === 'PUT',
  );
  await mentions.check();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(mentions).toBeChecked();

  const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
  const applicant = await createApplicant(request, signedIn.token, {
    first_name: 'Алина',
    last_name: 'Соколова',
  });
  const comment = await request.post(`/api/applicants/${applicant.id}/comments`, {
    headers: { [AUTH_HEADER]: colleague.token },
    data: { description: `@${nick}, посмотрите резюме до пятницы` },
  });
  expect(comment.ok(), await comment.text()).toBe(true);

  const note = await telegram.waitForSent(
    username,
    recruiter.id,
    (sent) => (sent.message.text ?? '').includes('посмотрите резюме до пятницы'),
    'the mention in the recruiter’s chat',
  );
  expect(note.message.text).toContain('упомянул(а) вас в комментарии к кандидату Соколова Алина');
  expect(note.message.text).toContain(`/applicant/${applicant.id}`);
});
