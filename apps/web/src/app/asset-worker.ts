/** The service worker of the build's hashed files, written by the build (apps/web/vite.config.ts). */
export const ASSET_WORKER_URL = '/sw.js';

/** After the load event, how long the page is left to itself before the worker is registered. */
const AFTER_LOAD_MS = 3_000;

/**
 * Registers the service worker that keeps the build's scripts and styles (decision 0108) a few
 * seconds after the page has loaded, when the browser is idle: its install downloads and
 * compiles the build's files, which must never compete with the first visit's screen; from the
 * next visit on the scripts run from V8's code cache. Not in development (the dev server has no
 * such file) nor where the browser has no service workers.
 */
export function registerAssetWorker() {
  if (__BUILD_ID__ === 'dev' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(ASSET_WORKER_URL).catch(() => {
      // Without it the app works as before, from the HTTP cache.
    });
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
