import type { Page } from '@playwright/test';
import { AUTH_HEADER, addMember } from '../fixtures/api.ts';
import { applicantRow, cardSection, createApplicant } from '../fixtures/applicants.ts';
import { boardCard, boardColumn, createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';

// SPEC.md §3 "Person name": the parts in the order last name, name, middle name, first name,
// else the e-mail; one rule for every screen that names a person.

const teamRow = (page: Page, name: string | RegExp) =>
  page
    .getByRole('table', { name: 'Пользователи аккаунта' })
    .getByRole('rowheader', { name, exact: true });

test('a person with only a first name is named by it on the card, in the list, on the board and in the team', async ({
  page,
  request,
  signedIn,
}) => {
  // The signed-in user gets a last and a middle name: «Петрова Анна Сергеевна» everywhere.
  const renamed = await request.patch(`${APP_URL}/api/users/${signedIn.id}`, {
    headers: { [AUTH_HEADER]: signedIn.token },
    data: { admin_user: { last_name: 'Петрова', middle_name: 'Сергеевна' } },
  });
  expect(renamed.ok()).toBe(true);
  // A colleague with a name only (the API answers it as both `name` and `first_name`).
  const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
  // An applicant with a first name only.
  const applicant = await createApplicant(request, signedIn.token, {
    first_name: 'Зарина',
    email: 'zarina@e2e.test',
    position: 'Технолог',
  });
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Технолог' });
  await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);

  // The card: the heading, and the history names its author by the full display name.
  await page.goto(`/applicant/${applicant.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Зарина', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Зарина/);
  await expect(cardSection(page, 'История изменений')).toContainText(
    'Петрова Анна Сергеевна создал(а) кандидата',
  );

  // The list.
  await page.goto('/applicants');
  await expect(applicantRow(page, 'Зарина')).toBeVisible();
  await expect(applicantRow(page, 'Зарина')).toContainText('Технолог');

  // The board.
  await page.goto(`/vacancy/${vacancy.id}/candidates`);
  const first = boardColumn(page, vacancy.statuses[0]!.name);
  await expect(boardCard(first, 'Зарина')).toBeVisible();

  // The team: the colleague's name printed once, the user's parts in SPEC order.
  await page.goto('/settings/edit-users');
  await expect(teamRow(page, colleague.name)).toBeVisible();
  await expect(teamRow(page, `${colleague.name} ${colleague.name}`)).toHaveCount(0);
  await expect(teamRow(page, /^Петрова Анна Сергеевна\s*\(вы\)$/)).toBeVisible();
});
