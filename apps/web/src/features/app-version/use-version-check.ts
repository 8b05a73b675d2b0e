import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { notify } from '../../shared/toasts';
import {
  CURRENT_BUILD_ID,
  fetchRemoteVersion,
  isNewerBuild,
  VERSION_POLL_MS,
} from './build-version';

/** A chunk that failed to load reloads the page once per this long, never in a loop. */
const CHUNK_RELOAD_GUARD_MS = 30_000;
const CHUNK_RELOAD_KEY = 'ats:chunk-reload-at';

function reloadAfterFailedChunk(event: Event) {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
}

/**
 * Polls /version.json every 5 minutes, on focus and when the tab comes back into view. Once a new
 * build is out it offers a reload, and the next move to another page loads that page afresh (with
 * the new build) instead of drawing it with the old one. A chunk the server no longer has (Vite's
 * preload error) reloads the page too.
 */
export function useVersionCheck() {
  const newBuildOut = useRef(false);
  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  const shownPage = useRef(page);

  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    // The router has already moved to the new address: loading it again is the new build.
    if (newBuildOut.current) window.location.reload();
  }, [page]);

  useEffect(() => {
    window.addEventListener('vite:preloadError', reloadAfterFailedChunk);
    if (CURRENT_BUILD_ID === 'dev' || CURRENT_BUILD_ID === 'test') {
      return () => window.removeEventListener('vite:preloadError', reloadAfterFailedChunk);
    }
    const check = async () => {
      if (newBuildOut.current) return;
      try {
        if (isNewerBuild(await fetchRemoteVersion(), CURRENT_BUILD_ID)) {
          newBuildOut.current = true;
          notify.action(
            'Доступна новая версия',
            'Обновить',
            () => window.location.reload(),
            'new-version',
          );
        }
      } catch {
        // Offline or mid-deploy: the next tick will try again.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(check, VERSION_POLL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('vite:preloadError', reloadAfterFailedChunk);
    };
  }, []);
}
