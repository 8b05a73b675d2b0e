import type { Page } from '@playwright/test';
import { createApplicant } from '../fixtures/applicants.ts';
import { createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';

// Decision 0052: a screen is usable after at most one API request — none at all when it is the
// first page of a visit (the HTML carries the user, the account and the screen's answers), one
// (`/api/screens/…`) when the app goes to it. A new wave of requests behind a rendered component
// fails here. «Usable» is the screen's marker: `data-ready="true"` on its main region; the page
// itself notes the moment it appears and which API requests had started by then (the same probe
// as `npm run bench -- screens`).

const READY_PROBE = `
(() => {
  const mark = () => {
    if (window.__screenReady || !document.querySelector('[data-screen][data-ready="true"]')) return;
    const at = performance.now();
    const since = window.__since || 0;
    const api = performance.getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .filter((e) => e.startTime >= since && e.startTime < at)
      .map((e) => new URL(e.name).pathname + new URL(e.name).search);
    window.__screenReady = { at, api };
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true,
    attributes: true, attributeFilter: ['data-ready'] });
})();`;

type Ready = { at: number; api: string[] };

/** The API requests started between `open` and the screen's ready marker. */
async function apiRequestsUntilReady(page: Page, open: () => Promise<unknown>, screen: string) {
  await page.evaluate(() => {
    const w = window as unknown as { __screenReady?: Ready; __since?: number };
    w.__screenReady = undefined;
    w.__since = performance.now();
  });
  await open();
  await expect(page.locator(`[data-screen="${screen}"][data-ready="true"]`)).toBeVisible();
  const ready = await page.evaluate(
    () => (window as unknown as { __screenReady?: Ready }).__screenReady,
  );
  expect(ready, `${screen}: the probe saw the marker`).toBeTruthy();
  return ready!.api;
}

test.describe('requests before a screen is usable', () => {
  test('card, list, board and home: none on the first page, one when the app goes there', async ({
    page,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      first_name: 'Ирина',
      last_name: 'Волкова',
    });
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Аналитик данных' });
    await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);
    await page.addInitScript(READY_PROBE);

    const screens = [
      { name: 'applicant', path: `/applicant/${applicant.id}` },
      { name: 'applicants', path: '/applicants' },
      { name: 'board', path: `/vacancy/${vacancy.id}/candidates` },
      { name: 'home', path: '/' },
    ];
    await page.goto('/static/faq');
    for (const screen of screens) {
      // The first page of a visit: everything it needs came with its HTML.
      const loaded = await apiRequestsUntilReady(page, () => page.goto(screen.path), screen.name);
      expect(loaded, `${screen.path} opened: ${loaded.join(' ')}`).toEqual([]);
    }
    // Going from one screen to another inside the app: one request, the screen's own.
    for (const screen of screens) {
      await page.goto('/static/faq');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const navigated = await apiRequestsUntilReady(
        page,
        () =>
          page.evaluate((path) => {
            window.history.pushState(null, '', path);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, screen.path),
        screen.name,
      );
      expect(navigated, `${screen.path} reached in the app: ${navigated.join(' ')}`).toEqual([
        expect.stringMatching(/^\/api\/screens\//),
      ]);
    }
  });
});
