import type { Page } from '@playwright/test';
import { createApplicant } from '../fixtures/applicants.ts';
import { createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { AUTH_HEADER } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';

// Decision 0052: a screen is usable after at most one API request — none at all when it is the
// first page of a visit (the HTML carries the user, the account and the screen's answers), one
// (`/api/screens/…`) when the app goes to it. A new wave of requests behind a rendered component
// fails here. «Usable» is the screen's marker: `data-ready="true"` on its main region; the page
// itself notes the moment it appears and which API requests had started by then (the same probe
// as `npm run bench -- screens`). Decision 0099: the screen is drawn with its data in one step —
// no loading state of its own (a spinner, `role="status"`) is drawn before it is usable.

const READY_PROBE = `
(() => {
  const mark = () => {
    if (window.__screenReady) return;
    if (!document.querySelector('[data-screen][data-ready="true"]')) {
      for (const status of document.querySelectorAll('#root [role="status"]')) {
        (window.__loadingShown = window.__loadingShown || [])
          .push(status.getAttribute('aria-label') || status.textContent);
      }
      return;
    }
    const at = performance.now();
    const since = window.__since || 0;
    const api = performance.getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .filter((e) => e.startTime >= since && e.startTime < at)
      .map((e) => new URL(e.name).pathname + new URL(e.name).search);
    window.__screenReady = { at, api, loading: [...new Set(window.__loadingShown || [])] };
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true,
    attributes: true, attributeFilter: ['data-ready'] });
})();`;

type Ready = { at: number; api: string[]; loading: string[] };

/** The API requests started between `open` and the screen's ready marker. */
async function apiRequestsUntilReady(page: Page, open: () => Promise<unknown>, screen: string) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __screenReady?: Ready;
      __since?: number;
      __loadingShown?: string[];
    };
    w.__screenReady = undefined;
    w.__loadingShown = [];
    w.__since = performance.now();
  });
  await open();
  await expect(page.locator(`[data-screen="${screen}"][data-ready="true"]`)).toBeVisible();
  const ready = await page.evaluate(
    () => (window as unknown as { __screenReady?: Ready }).__screenReady,
  );
  expect(ready, `${screen}: the probe saw the marker`).toBeTruthy();
  expect(ready!.loading, `${screen}: loading states drawn before it was usable`).toEqual([]);
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
      // The page left behind has loaded too: its own loading state («Загружаем статьи») is not
      // the screen's, and the probe counts every loading state drawn until the screen is usable.
      await expect(page.locator('#root [role="status"]')).toHaveCount(0);
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

  test("the card's HTML names the card's chunks, each of them served, all it loads before usable", async ({
    page,
    request,
    signedIn,
  }) => {
    // The server names the route's chunks in the page (`<link rel="modulepreload">`, from the
    // build's route list), so they download beside the main bundle instead of after it has run.
    const applicant = await createApplicant(request, signedIn.token, {
      first_name: 'Олег',
      last_name: 'Смирнов',
    });
    const path = `/applicant/${applicant.id}`;
    const html = await (await page.request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const named = [...head.matchAll(/<(?:link|script)[^>]+(?:href|src)="(\/assets\/[^"]+)"/g)].map(
      ([, href]) => href!,
    );
    const preloaded = [...head.matchAll(/<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
      ([, href]) => href!,
    );
    expect(preloaded, 'the card route chunk is preloaded').toContainEqual(
      expect.stringMatching(/^\/assets\/applicant-[\w-]+\.js$/),
    );
    for (const href of named) {
      const asset = await request.get(`${APP_URL}${href}`);
      expect(asset.status(), href).toBe(200);
    }

    await page.addInitScript(READY_PROBE);
    await page.goto(path);
    await expect(page.locator('[data-screen="applicant"][data-ready="true"]')).toBeVisible();
    const loadedBeforeUsable = await page.evaluate(() => {
      const ready = (window as unknown as { __screenReady?: Ready }).__screenReady!;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < ready.at)
        .map((e) => new URL(e.name).pathname)
        .filter((pathname) => pathname.endsWith('.js'));
    });
    // Error tracking's SDK is loaded on its own at start, when tracking is on; no screen waits for it.
    const trackingSdk = (file: string) => /^\/assets\/error-tracking-sdk-/.test(file);
    expect(loadedBeforeUsable.length).toBeGreaterThan(0);
    expect(
      loadedBeforeUsable.filter((file) => !named.includes(file) && !trackingSdk(file)),
      'scripts loaded before the card was usable that its HTML did not name',
    ).toEqual([]);
  });

  test('a reference list is kept across visits and asked for again only when it changed', async ({
    page,
    request,
    signedIn,
  }) => {
    // Decision 0057: the board's filters read the tags, the sources and the users when opened. The first visit asks for them; the next one (a new page: nothing in memory)
    // finds them kept under the versions /api/me reports; a new source moves only its version.
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Тестировщик' });
    const LISTS = ['/api/tags', '/api/account_sources', '/api/users'];
    const visit = async () => {
      const asked: string[] = [];
      const note = (r: { url: () => string }) => {
        const { pathname } = new URL(r.url());
        if (LISTS.includes(pathname)) asked.push(pathname);
      };
      page.on('request', note);
      await page.goto(`/vacancy/${vacancy.id}/candidates`);
      await expect(page.locator('[data-screen="board"][data-ready="true"]')).toBeVisible();
      await page.getByRole('button', { name: 'Фильтры' }).click();
      await expect(page.locator('[aria-expanded="true"]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', note);
      return asked.sort();
    };

    expect(await visit(), 'the first visit asks for the lists').toEqual([...LISTS].sort());
    expect(await visit(), 'the next visit finds them kept').toEqual([]);

    const created = await request.post(`${APP_URL}/api/account_sources`, {
      headers: { [AUTH_HEADER]: signedIn.token },
      data: { name: 'Ярмарка вакансий' },
    });
    expect(created.ok()).toBe(true);
    expect(await visit(), 'only the changed list is asked for again').toEqual([
      '/api/account_sources',
    ]);
  });
});
