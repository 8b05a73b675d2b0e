import type { Page } from '@playwright/test';
import { addMember, signInBrowser, type Role } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation, NOT_FOUND_TEXT } from '../fixtures/ui.ts';

/** The named routes of SPEC.md §2 that the role table (§6) talks about. */
const NAMED_ROUTES = {
  applicants: '/applicants',
  'applicants-list': '/applicants/list',
  'applicant-doubles': '/applicant/doubles',
  'applicant-double': '/applicant/double',
  analytics: '/analytics',
  settings: '/settings',
  'settings-edit-users': '/settings/edit-users',
  'settings-divisions': '/settings/divisions',
  'settings-reject-reasons': '/settings/reject-reasons',
  'settings-account': '/settings/account',
  'settings-mail-templates': '/settings/mail-templates',
  'settings-tags': '/settings/tags',
  'settings-resume-sources': '/settings/resume/sources',
  'settings-candidate-evaluation-forms': '/settings/candidate-evaluation-forms',
} as const;

type RouteName = keyof typeof NAMED_ROUTES;
const ALL = Object.keys(NAMED_ROUTES) as RouteName[];
const SETTINGS_AREA = ALL.filter((name) => name.startsWith('settings'));

/** SPEC.md §6, row by row (settings-tags also needs an owner with can_manage_tag, on by default). */
const ROWS: { title: string; role: Role; blocked: RouteName[] }[] = [
  {
    title: 'watcher, not admin',
    role: { member_type: 'watcher', is_admin: false },
    blocked: [
      'applicants',
      'applicants-list',
      'applicant-doubles',
      'applicant-double',
      'analytics',
      ...SETTINGS_AREA,
    ],
  },
  {
    title: 'watcher, admin',
    role: { member_type: 'watcher', is_admin: true },
    blocked: ['applicants', 'applicant-doubles', 'applicant-double', 'analytics', ...SETTINGS_AREA],
  },
  {
    title: 'owner, not admin',
    role: { member_type: 'owner', is_admin: false },
    blocked: ['settings-candidate-evaluation-forms'],
  },
  { title: 'owner, admin', role: { member_type: 'owner', is_admin: true }, blocked: [] },
];

async function expectBlocked(page: Page, path: string) {
  await page.goto(path);
  await expectPath(page, '/');
  await expect(navigation(page)).toBeVisible();
}

async function expectAllowed(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeHidden();
  await expectPath(page, path);
}

test.describe('role table of SPEC §6', () => {
  for (const row of ROWS) {
    test(`${row.title}: blocked routes send home, the others open`, async ({
      page,
      context,
      request,
      account,
    }) => {
      const token =
        row.role.member_type === 'owner' && row.role.is_admin
          ? account.token // the account's first user is the owner-admin
          : (await addMember(request, account, row.role)).token;
      await signInBrowser(context, token);

      for (const name of ALL) {
        const path = NAMED_ROUTES[name];
        const blocked = row.blocked.includes(name);
        await test.step(`${name} (${path}) is ${blocked ? 'blocked' : 'allowed'}`, async () => {
          if (blocked) await expectBlocked(page, path);
          else await expectAllowed(page, path);
        });
      }
    });
  }
});

test.describe('session redirects of SPEC §4', () => {
  test('a signed-in visitor opening the login page is sent to /', async ({ page, signedIn }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/auth/login');
    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
  });

  test('an anonymous visitor opening /applicants is sent to the login page', async ({ page }) => {
    await page.goto('/applicants');
    await expectPath(page, '/auth/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  test('an anonymous visitor may open the static FAQ', async ({ page }) => {
    await page.goto('/static/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPath(page, '/static/faq');
  });
});
