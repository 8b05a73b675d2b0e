import { useEffect } from 'react';
import { notify } from '../../shared/toasts';
import {
  CURRENT_BUILD_ID,
  fetchRemoteVersion,
  isNewerBuild,
  VERSION_POLL_MS,
} from './build-version';

/** Polls /version.json every 5 minutes and on focus; offers a reload once a new build is out. */
export function useVersionCheck() {
  useEffect(() => {
    if (CURRENT_BUILD_ID === 'dev' || CURRENT_BUILD_ID === 'test') return;
    let offered = false;
    const check = async () => {
      if (offered) return;
      try {
        if (isNewerBuild(await fetchRemoteVersion(), CURRENT_BUILD_ID)) {
          offered = true;
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
    const timer = window.setInterval(check, VERSION_POLL_MS);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);
}
