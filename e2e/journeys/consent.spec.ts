import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';

// Consent to personal data (152-FZ): the admin writes the company's consent text, the recruiter
// asks an applicant from the card, the letter reaches the applicant's mailbox, the applicant opens
// the link in a browser of their own and gives consent with the keyboard; the card then shows
// «Дано» with the version, and the history names the applicant. Later the applicant withdraws.

const TEXT =
  'Я, кандидат, даю согласие на обработку моих персональных данных для рассмотрения моей ' +
  'кандидатуры на вакансии компании в течение одного года.';

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, what).toEqual([]);
}

test('an applicant gives consent through the letter’s link and withdraws it later', async ({
  page,
  browser,
  signedIn,
  control,
}) => {
  test.setTimeout(180_000);
  // The company's text, on its settings page.
  await page.goto('/settings');
  await page.getByRole('link', { name: /Согласие на обработку данных/ }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page.getByText('Текст ещё не задан')).toBeVisible();
  await page.getByLabel('Текст согласия на обработку персональных данных').fill(TEXT);
  // Before saving: the saved toast fades in over the page and is not the page's to check.
  await expectAccessible(page, 'the consent settings page');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(/Текущая версия текста: 1/)).toBeVisible();

  const email = `consent-${Date.now()}@example.ru`;
  const applicant = await createApplicant(page.request, signedIn.token, {
    last_name: 'Орлова',
    first_name: 'Вера',
    email,
  });
  await page.goto(`/applicant/${applicant.id}`);
  const state = page.getByTestId('card-consent');
  await expect(state).toContainText('Не запрошено');
  await state.getByRole('button', { name: 'Запросить согласие' }).click();
  await expect(state).toContainText('Запрошено: версия 1');

  const letter = await control.waitForMail(
    (m) => m.to.includes(email),
    `consent letter to ${email}`,
  );
  expect(letter.subject).toBe(`Согласие на обработку персональных данных — ${signedIn.company}`);
  const link = /https?:\/\/\S+\/consent\/[A-Za-z0-9_-]+/.exec(letter.text)?.[0];
  expect(link, letter.text).toBeTruthy();

  // The applicant: a fresh browser without the recruiter's session, keyboard only.
  const outside = await browser.newContext();
  const guest = await outside.newPage();
  await guest.goto(new URL(link!).pathname);
  const sheet = guest.getByRole('article', { name: 'Согласие на обработку персональных данных' });
  await expect(sheet.getByText(signedIn.company)).toBeVisible();
  await expect(sheet.getByText('Здравствуйте, Вера!')).toBeVisible();
  await expect(sheet.getByLabel('Текст согласия')).toHaveText(TEXT);
  await expectAccessible(guest, 'the public consent page');
  await sheet.getByLabel('Текст согласия').focus();
  await guest.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: 'Даю согласие' })).toBeFocused();
  await guest.keyboard.press('Enter');
  await expect(
    sheet.getByText('Спасибо! Согласие на обработку персональных данных получено'),
  ).toBeVisible();

  // The card shows it with the version, and the history says the applicant did it.
  await page.reload();
  await expect(state).toContainText('Дано: версия 1');
  await expect(state.getByRole('button', { name: /Запросить согласие/ })).toHaveCount(0);
  await expect(
    page
      .getByText('Кандидат')
      .filter({ hasText: /^Кандидат$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Дал(а) согласие на обработку персональных данных')).toBeVisible();

  // Later, through the same link: withdrawn.
  const later = await outside.newPage();
  await later.goto(new URL(link!).pathname);
  await later.getByRole('button', { name: 'Отозвать согласие' }).click();
  await expect(later.getByText('Согласие на обработку персональных данных отозвано')).toBeVisible();
  await outside.close();
  await page.reload();
  await expect(state).toContainText('Отозвано: версия 1');
  await expect(state.getByRole('button', { name: 'Запросить согласие снова' })).toBeVisible();
});
