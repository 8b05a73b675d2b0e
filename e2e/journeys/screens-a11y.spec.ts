import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  GUEST_SCREENS,
  inParts,
  openScreen,
  seedScreens,
  SIGNED_IN_SCREENS,
  type Screen,
  type ScreenData,
} from '../fixtures/screens.ts';
import { expect, test } from '../fixtures/test.ts';

// axe-core on every real screen (issue 20, «Done when»): no serious or critical violation.
const BLOCKING = new Set(['serious', 'critical']);

async function expectAccessible(page: Page, screens: Screen[], data: ScreenData) {
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      const path = await openScreen(page, screen, data);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations
        .filter((violation) => BLOCKING.has(violation.impact ?? ''))
        .map(
          (violation) =>
            `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join(', ')}`,
        );
      expect.soft(blocking, `${screen.name} (${path})`).toEqual([]);
    });
  }
}

for (const [index, part] of inParts(SIGNED_IN_SCREENS, 10).entries()) {
  test(`signed-in screens, part ${index + 1} (${part[0]!.name} …): no serious or critical axe violation`, async ({
    page,
    request,
    signedIn,
  }) => {
    test.setTimeout(240_000);
    const data = await seedScreens(request, signedIn.token);
    await expectAccessible(page, part, data);
  });
}

test('every guest screen has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  await expectAccessible(page, GUEST_SCREENS, {
    applicantId: 0,
    doubleId: 0,
    vacancyId: 0,
    templateId: 0,
    requestId: 0,
  });
});
