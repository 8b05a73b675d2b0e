import { createVacancy } from '../fixtures/pipeline.ts';
import {
  answerOnSiteChannel,
  applicantByLastName,
  expectIncoming,
  openConversation,
} from '../fixtures/site-messages.ts';
import { expect, test } from '../fixtures/test.ts';

// hh.ru negotiation messages in the applicant's conversation (decision 0062) through the
// harness's fake: a response arrives, the applicant writes on hh.ru, the sync brings the message
// onto the card labelled hh.ru, the recruiter answers from the card through the channel hh.ru and
// the fake's negotiation holds the answer.

test('hh.ru: the applicant’s message in the negotiation appears in the conversation, the answer from the card reaches the negotiation', async ({
  page,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  const hh = await control.hh();
  // The harness's fake is one employer for every journey: the site's vacancy is named apart from
  // ours, which every row's picker offers.
  const position = `Тестировщик hh ${signedIn.accountId}`;
  const ourPosition = `Тестировщик (наш) ${signedIn.accountId}`;
  const ours = await createVacancy(page.request, signedIn.token, { position: ourPosition });
  const external = await hh.addVacancy(position);
  const lastName = `Перепискина${signedIn.accountId}`;
  const nid = await hh.addResponse(external, {
    first_name: 'Дарья',
    last_name: lastName,
    email: `darya-${signedIn.accountId}@mail.example`,
  });

  await test.step('the response arrives', async () => {
    await page.goto('/hh');
    await page.getByRole('button', { name: 'Подключить hh.ru' }).click();
    await expect(page).toHaveURL(/\/hh\?connected=1$/);
    const row = page
      .getByTestId('remote-vacancy')
      .filter({ has: page.locator('strong').getByText(position, { exact: true }) });
    await row.getByLabel(`Наша вакансия для «${position}»`).selectOption(String(ours.id));
    await row.getByRole('button', { name: 'Связать' }).click();
    await expect(row).toContainText(`Связана с «${ourPosition}»`);
    await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
    await expect(page.getByTestId('job-site-last-sync')).toContainText('новых кандидатов: 1', {
      timeout: 60_000,
    });
  });

  await test.step('the applicant writes on hh.ru and the sync brings it', async () => {
    await hh.addApplicantMessage(nid, 'Здравствуйте! Вакансия ещё открыта?');
    await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
    await expect(page.getByTestId('job-site-last-sync')).toContainText('пропущено: 1', {
      timeout: 60_000,
    });
  });

  const applicant = await applicantByLastName(page.request, signedIn.token, ours.id, lastName);

  await test.step('the message is in the card’s conversation, labelled hh.ru', async () => {
    await openConversation(page, applicant.id);
    await expectIncoming(page, 'Здравствуйте! Вакансия ещё открыта?', 'hh.ru');
  });

  await test.step('the recruiter answers through hh.ru and the negotiation receives it', async () => {
    const answer = 'Да, открыта. Приглашаем на интервью в четверг в 11:00.';
    await answerOnSiteChannel(page, 'hh.ru', answer);
    await expect
      .poll(
        async () => (await hh.chat(nid)).filter((m) => m.author === 'employer').map((m) => m.text),
        {
          timeout: 30_000,
        },
      )
      .toEqual([answer]);
  });
});
