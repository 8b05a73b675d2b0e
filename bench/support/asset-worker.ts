import type { Page } from 'playwright';

/**
 * A build with a service worker for its files (decision 0108) registers it a few seconds after
 * the first visit's page has loaded, and the worker then caches the build's scripts: a user's
 * next visit finds it active, so the next visit here waits for it too (not counted in any
 * visit's time). Polled with `evaluate`, which waits for the page's promise.
 */
export async function workerSettled(page: Page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const active = await page.evaluate(async () => {
      const registration = await (
        globalThis as unknown as {
          navigator: {
            serviceWorker: { getRegistration: () => Promise<{ active: unknown } | undefined> };
          };
        }
      ).navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active);
    });
    if (active) return;
    if (Date.now() > deadline) throw new Error('the service worker was not active in time');
    await page.waitForTimeout(100);
  }
}
