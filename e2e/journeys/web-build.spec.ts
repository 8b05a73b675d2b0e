import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation, toast } from '../fixtures/ui.ts';

/** Every build file the page was refused (status ≥ 400), as «status path». */
function watchFailedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && response.status() >= 400) {
      failed.push(`${response.status()} ${pathname}`);
    }
  });
  return failed;
}

// Both journeys publish a build under the one running server: one after the other.
test.describe.configure({ mode: 'serial' });

// A build published while the server runs and a tab is open (issue 20, item 14). The harness
// publishes it as scripts/web-build.mjs does; the tab must go on working with its own build, and
// move to the new one once it knows of it.
test('a new build under an open tab: old chunks still load, new names are served, the tab moves to the new build', async ({
  page,
  signedIn,
  control,
  request,
}) => {
  void signedIn;
  const failedAssets = watchFailedAssets(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const pageBuild = () => page.locator('meta[name="ats-build"]').getAttribute('content');

  await page.goto('/');
  await expect(navigation(page)).toBeVisible();
  const oldBuild = await pageBuild();
  expect(oldBuild).toBeTruthy();

  const built = await control.publishWebBuild();
  expect(built.buildId).not.toBe(oldBuild);
  expect(built.leftOut.length).toBeGreaterThan(0);

  // The server serves a name it did not have at start-up, and never answers a missing asset
  // with the app's page.
  const fresh = await request.get(built.freshAsset);
  expect(fresh.status()).toBe(200);
  expect(fresh.headers()['content-type']).toMatch(/javascript/);
  // The page's own files are there through the switch (a build that emptied the served folder
  // left the favicon and the chunks missing meanwhile).
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/svg+xml');
  for (const url of ['/assets/index-nosuchhash.js', '/assets/index-nosuchhash.css']) {
    const missing = await request.get(url);
    expect(missing.status(), url).toBe(404);
    expect(missing.headers()['content-type'], url).not.toMatch(/html/);
  }

  // The open tab has not heard of the new build yet: a page it never opened loads the old
  // build's chunks, which the new build no longer has and the server kept.
  await navigation(page).getByRole('link', { name: 'Настройки' }).click();
  await expectPath(page, '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageBuild()).toBe(oldBuild);
  expect(failedAssets).toEqual([]);

  // It checks when it gets the focus back: it offers the reload, and the next move loads the
  // new build.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(toast(page, 'Доступна новая версия')).toBeVisible();
  await navigation(page).getByRole('link', { name: 'Кандидаты' }).click();
  await expectPath(page, '/applicants');
  await expect.poll(pageBuild, { message: 'the page is the new build' }).toBe(built.buildId);
  await expect(navigation(page)).toBeVisible();
  expect(failedAssets).toEqual([]);
  expect(errors).toEqual([]);
});

// The service worker of the build's files (decision 0108): registered after the first visit, it
// keeps the build's scripts and styles and nothing else, the next visit's scripts come through
// it, and a new build's page brings the new build's worker, which drops the old build's cache.

/** What the page knows of the worker and of the scripts it loaded. */
async function workerState(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const names = (await caches.keys()).filter((name) => name.startsWith('ats-assets-')).sort();
    const kept: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) kept.push(new URL(request.url).pathname);
    }
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry as PerformanceResourceTiming);
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => entry as PerformanceResourceTiming);
    return {
      pageThroughWorker: (navigation?.workerStart ?? 0) > 0,
      apiThroughWorker: api.filter((entry) => entry.workerStart > 0).length,
      build: document.querySelector('meta[name="ats-build"]')?.getAttribute('content') ?? null,
      active: Boolean(registration?.active),
      controlled: Boolean(navigator.serviceWorker.controller),
      caches: names,
      kept,
      scripts: scripts.length,
      scriptsPastWorker: scripts.filter((entry) => entry.workerStart === 0).length,
      // Decision 0112: where the browser has static routes, the worker's route for /assets/
      // reads the build's cache without starting the worker (Chromium's resource timing names
      // the source a script came from: `cache`, or `network` for a file the cache lacks).
      scriptSources: scripts.map((entry) => ({
        pathname: new URL(entry.name).pathname,
        source: (entry as unknown as { workerFinalSourceType?: string }).workerFinalSourceType,
      })),
    };
  });
}

test('the worker keeps only the build files, serves the next visit, and a new build replaces them', async ({
  page,
  signedIn,
  control,
}) => {
  void signedIn;
  const failedAssets = watchFailedAssets(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/applicants');
  await expect(page.getByRole('heading', { level: 1, name: 'Кандидаты' })).toBeVisible();
  const first = await workerState(page);
  expect(first.build).toBeTruthy();
  // Registered after the page is loaded; once installed its cache is named after the build.
  await expect
    .poll(
      async () => {
        const { active, caches } = await workerState(page);
        return { active, caches };
      },
      { timeout: 30_000 },
    )
    .toEqual({ active: true, caches: [`ats-assets-${first.build}`] });

  // The next visit: its scripts come through the worker, the page and the API never do.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Кандидаты' })).toBeVisible();
  const second = await workerState(page);
  expect(second.controlled).toBe(true);
  expect(second.scripts).toBeGreaterThan(0);
  expect(second.scriptsPastWorker).toBe(0);
  const keptScripts = second.scriptSources.filter(({ pathname }) => second.kept.includes(pathname));
  expect(keptScripts.length).toBeGreaterThan(0);
  expect(keptScripts.filter(({ source }) => source !== 'cache')).toEqual([]);
  expect(second.pageThroughWorker).toBe(false);
  expect(second.apiThroughWorker).toBe(0);
  expect(second.kept.length).toBeGreaterThan(0);
  expect(second.kept.filter((pathname) => !pathname.startsWith('/assets/'))).toEqual([]);

  // A chunk the page loads only later (the new applicant's dialog, decision 0114) was kept at
  // install too: it comes from the build's cache, not from the network, and every script the
  // page has loaded so far is in that cache.
  await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Новый кандидат' })).toBeVisible();
  const withDialog = await workerState(page);
  const before = new Set(second.scriptSources.map(({ pathname }) => pathname));
  const later = withDialog.scriptSources.filter(({ pathname }) => !before.has(pathname));
  expect(later.length).toBeGreaterThan(0);
  expect(later.filter(({ source }) => source !== 'cache')).toEqual([]);
  expect(
    withDialog.scriptSources
      .map(({ pathname }) => pathname)
      .filter((pathname) => !withDialog.kept.includes(pathname)),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Новый кандидат' })).toBeHidden();

  // A new build published: the page is the server's, never a kept one, and names the new build;
  // its worker replaces the old one and drops the old build's cache.
  const built = await control.publishWebBuild();
  await page.reload();
  await expect(navigation(page)).toBeVisible();
  expect((await workerState(page)).build).toBe(built.buildId);
  await expect
    .poll(async () => (await workerState(page)).caches, { timeout: 30_000 })
    .toEqual([`ats-assets-${built.buildId}`]);

  // Under the new worker a file only the new build has is served, and the app works on.
  await page.reload();
  await expect(navigation(page)).toBeVisible();
  const third = await workerState(page);
  expect(third.build).toBe(built.buildId);
  expect(third.controlled).toBe(true);
  const fresh = await page.evaluate(async (url) => (await fetch(url)).text(), built.freshAsset);
  expect(fresh).toContain(built.buildId);
  await navigation(page).getByRole('link', { name: 'Настройки' }).click();
  await expectPath(page, '/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(failedAssets).toEqual([]);
  expect(errors).toEqual([]);
});
