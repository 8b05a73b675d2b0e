import type { Page } from 'playwright';

/**
 * A build with a service worker for its files (decision 0108) registers it once the first visit's
 * page is loaded and idle, and the worker then caches the build's scripts: a user's next visit
 * finds it active, so the next visit here waits for it too (not counted in any visit's time).
 */
export async function workerSettled(page: Page) {
  await page.waitForFunction(
    async () => {
      const registration = await (
        globalThis as unknown as {
          navigator: {
            serviceWorker: { getRegistration: () => Promise<{ active: unknown } | undefined> };
          };
        }
      ).navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active);
    },
    null,
    { timeout: 30_000, polling: 100 },
  );
}
