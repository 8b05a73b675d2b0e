import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation, toast } from '../fixtures/ui.ts';

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
  const failedAssets: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && response.status() >= 400) {
      failedAssets.push(`${response.status()} ${pathname}`);
    }
  });
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
