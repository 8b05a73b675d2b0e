import { AUTH_HEADER } from '../fixtures/api.ts';
import { createVacancy } from '../fixtures/pipeline.ts';
import {
  answerOnSiteChannel,
  applicantByLastName,
  expectIncoming,
  openConversation,
} from '../fixtures/site-messages.ts';
import { expect, test } from '../fixtures/test.ts';

// Avito's messenger in the applicant's conversation (decisions 0071, 0076) through the harness's
// fake: an application arrives, the applicant writes in its chat, the sync brings the message onto
// the card labelled Авито; with the card open, the next message arrives by Avito's webhook with no
// sync; the recruiter's answer from the card reaches that chat.

test('Avito: the applicant’s chat message appears in the conversation, the answer from the card reaches the chat', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const headers = { [AUTH_HEADER]: signedIn.token };
  const ours = await createVacancy(page.request, signedIn.token, {
    position: `Курьер (чат Авито) ${signedIn.accountId}`,
  });
  const avitoVacancy = 3_300_000_000 + signedIn.accountId;
  const lastName = `Чатова${signedIn.accountId}`;
  const { chat_id: chatId } = await control.addAvitoApplicationWithChat({
    vacancyId: avitoVacancy,
    name: { first_name: 'Вера', last_name: lastName },
    phone: `+7927${String(4_000_000 + signedIn.accountId).slice(-7)}`,
  });
  const connected = await page.request.post('/api/job_sites/connect', {
    headers,
    data: { site: 'avito', client_id: 'e2e-avito-id', client_secret: 'e2e-avito-secret' },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const overview = (await (await page.request.get('/api/job_sites', { headers })).json()) as {
    message: { connections: { id: number; site: string }[] };
  };
  const connectionId = overview.message.connections.find((c) => c.site === 'avito')!.id;
  const linked = await page.request.post(`/api/job_sites/${connectionId}/links`, {
    headers,
    data: { external_id: String(avitoVacancy), vacancy_id: ours.id },
  });
  expect(linked.ok(), await linked.text()).toBe(true);

  await test.step('the application arrives, then the applicant writes', async () => {
    await page.goto('/avito');
    await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
    await expect(page.getByTestId('job-site-last-sync')).toContainText('новых кандидатов: 1', {
      timeout: 60_000,
    });
    await control.avitoApplicantWrites(chatId, 'Добрый день! Нужен ли свой транспорт?');
    await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
    await expect(page.getByTestId('job-site-last-sync')).toContainText('пропущено: 1', {
      timeout: 60_000,
    });
  });

  const applicant = await applicantByLastName(page.request, signedIn.token, ours.id, lastName);

  await test.step('the message is in the card’s conversation, labelled Авито', async () => {
    await openConversation(page, applicant.id);
    await expectIncoming(page, 'Добрый день! Нужен ли свой транспорт?', 'Авито');
  });

  await test.step('a message written in Avito appears in the open conversation without a sync', async () => {
    // Avito pushes it to the messenger webhook the connection subscribed at PUBLIC_URL.
    const lastSync = async () => {
      const listed = (await (await page.request.get('/api/job_sites', { headers })).json()) as {
        message: { connections: { id: number; last_sync_at: string | null }[] };
      };
      return listed.message.connections.find((c) => c.id === connectionId)!.last_sync_at;
    };
    const before = await lastSync();
    await control.avitoApplicantWrites(chatId, 'А обед за счёт компании?');
    await expectIncoming(page, 'А обед за счёт компании?', 'Авито');
    expect(await lastSync()).toBe(before);
  });

  await test.step('the recruiter answers through Avito and the chat receives it', async () => {
    const answer = 'Нет, доставка пешком по району.';
    await answerOnSiteChannel(page, 'Авито', answer);
    await expect
      .poll(
        async () =>
          (await control.avitoChat(chatId)).filter((m) => m.direction === 'out').map((m) => m.text),
        { timeout: 30_000 },
      )
      .toEqual([answer]);
  });
});
