import type { Page } from '@playwright/test';
import {
  GUEST_SCREENS,
  inParts,
  openScreen,
  seedScreens,
  watchConsole,
  SIGNED_IN_SCREENS,
  type Screen,
  type ScreenData,
} from '../fixtures/screens.ts';
import { expect, test } from '../fixtures/test.ts';

// Every real screen fits a phone 360 px wide without sideways scrolling (issue 20, item 11): the
// board scrolls its columns, never the page.
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const pageWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

async function expectFits(page: Page, screens: Screen[], data: ScreenData) {
  const console = watchConsole(page);
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      const path = await openScreen(page, screen, data);
      // No warning or error on the way either (React Router's «No HydrateFallback element», a
      // contract mismatch…).
      expect.soft(console.take(), `${screen.name} (${path}): the console`).toEqual([]);
      expect
        .soft(await pageWidth(page), `${screen.name} (${path}) is wider than 360 px`)
        .toBe(PHONE.width);
    });
  }
}

for (const [index, part] of inParts(SIGNED_IN_SCREENS, 13).entries()) {
  test(`signed-in screens, part ${index + 1} (${part[0]!.name} …): each fits 360 px`, async ({
    page,
    request,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    const data = await seedScreens(request, signedIn.token);
    await expectFits(page, part, data);
  });
}

test('every guest screen fits 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await expectFits(page, GUEST_SCREENS, {
    applicantId: 0,
    doubleId: 0,
    vacancyId: 0,
    templateId: 0,
    requestId: 0,
  });
});

test('names are readable on a phone: whole vacancy names at home, most of the row for an applicant; the home filters take little room', async ({
  page,
  request,
  signedIn,
}) => {
  await seedScreens(request, signedIn.token);
  await page.goto('/');
  const name = 'Ведущий специалист по подбору и адаптации персонала в региональные подразделения';
  const link = page.getByRole('region', { name: 'Все вакансии' }).getByRole('link', { name });
  await expect(link).toBeVisible();
  // The name wraps instead of being cut: its text is not clipped by its box.
  expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const filters = page.getByRole('searchbox', { name: 'Поиск вакансий' }).locator('..');
  const box = await filters.boundingBox();
  expect(box!.height, 'the filters take at most three rows').toBeLessThanOrEqual(140);

  // The applicant list gives the name most of the row (it had 80 px, ten letters, beside the
  // salary column).
  await page.goto('/applicants');
  const applicant = page
    .getByRole('list', { name: 'Кандидаты' })
    .getByRole('link', { name: /^Константинопольская-Преображенская Александра Вячеславовна/ });
  await expect(applicant).toBeVisible();
  expect((await applicant.boundingBox())!.width).toBeGreaterThanOrEqual(200);
});
