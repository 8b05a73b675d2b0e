import {
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
  setTag,
  setUser,
} from '@sentry/browser';

/** Who was signed in when something broke (SPEC.md §7 "Other": id, e-mail and tariff). */
export type TrackedUser = { id: number; email: string; tariff_name: string | null };

/** Drops the query string and fragment: a reset link's token must never leave for a tracker. */
const withoutQuery = (url: string) => url.replace(/[?#].*$/, '');

/** The Sentry browser SDK behind error-tracking.ts, in its own lazily loaded chunk. */
export function initErrorTrackingSdk(dsn: string, environment: string) {
  init({
    dsn,
    environment,
    // Uncaught errors and unhandled rejections only: no tracing, replay or breadcrumbs of clicks
    // and requests (which would carry what people type and the API's answers).
    defaultIntegrations: false,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    sendDefaultPii: false,
    beforeSend(event) {
      if (event.request?.url) event.request.url = withoutQuery(event.request.url);
      event.tags = { ...event.tags, page: withoutQuery(window.location.pathname) };
      return event;
    },
  });
  return {
    setUser(user: TrackedUser | null) {
      setUser(user && { id: String(user.id), email: user.email, tariff_name: user.tariff_name });
      if (user?.tariff_name) setTag('tariff', user.tariff_name);
    },
    capture(error: unknown) {
      captureException(error);
    },
  };
}
