import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, NOT_FOUND_TEXT } from '../fixtures/ui.ts';

/** Every path of SPEC.md §2, by group, with the sample id 1 (and slug 1). */
const SIGNED_IN_GROUPS: Record<string, string[]> = {
  Main: [
    '/',
    '/admin-articles',
    '/analytics',
    '/applicant/1',
    '/applicant/double',
    '/applicant/doubles',
    '/applicants',
    '/applicants/list',
    '/avito',
    '/google',
    '/habr',
    '/hh',
    '/events',
    '/requests',
    '/user',
  ],
  'Delayed tasks': ['/delayed-tasks', '/delayed-tasks/create', '/delayed-tasks/1'],
  'Remote vacancies': [
    '/remote-vacancies',
    '/remote-vacancies/OwnVacancy',
    '/remote-vacancies/RemoteVacancyHh',
    '/remote-vacancies/SampleRemoteVacancy',
  ],
  Vacancies: [
    '/vacancy/1',
    '/vacancy/1/candidates',
    '/vacancy/1/publication/create',
    '/vacancy/template/1',
  ],
  'Payment results': ['/payment/success', '/payment/fail'],
  Settings: [
    '/settings',
    '/settings/account',
    '/settings/automation',
    '/settings/candidate-evaluation-forms',
    '/settings/common',
    '/settings/divisions',
    '/settings/edit-users',
    '/settings/mail-templates',
    '/settings/reject-reasons',
    '/settings/resume/sources',
    '/settings/safety',
    '/settings/services',
    '/settings/tags',
  ],
  Static: [
    '/static/affiliate-program',
    '/static/changelog',
    '/static/faq',
    '/static/faq/1',
    '/static/faq/search',
    '/static/offer',
    '/static/privacy-agreement',
    '/static/privacy-policy',
    '/static/user-agreement',
  ],
};

const GUEST_PATHS = ['/auth/login', '/auth/signup', '/auth/reset', '/auth/reset-from-mail'];

async function expectRenders(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeHidden();
  await expectPath(page, path);
}

test.describe('every route of SPEC §2 renders', () => {
  for (const [group, paths] of Object.entries(SIGNED_IN_GROUPS)) {
    test(`${group}: for an owner-admin`, async ({ page, signedIn }) => {
      expect(signedIn.token).toBeTruthy();
      for (const path of paths) {
        await test.step(path, () => expectRenders(page, path));
      }
    });
  }

  test('Guest layout: for an anonymous visitor', async ({ page }) => {
    for (const path of GUEST_PATHS) {
      await test.step(path, () => expectRenders(page, path));
    }
  });
});
