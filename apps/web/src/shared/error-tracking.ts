import { ZClientConfig } from '@ats/contracts/client-config';
import { apiCall } from './api-client';
// A type only: the SDK itself stays in its own chunk, loaded below when a DSN is configured.
import type { TrackedUser } from './error-tracking-sdk';

type Sdk = {
  setUser: (user: TrackedUser | null) => void;
  capture: (error: unknown) => void;
};

let sdk: Promise<Sdk | null> | null = null;
let currentUser: TrackedUser | null = null;

/**
 * Starts reporting the app's errors to the install's Sentry-protocol service when the server
 * names one (GET /api/client_config, read at run time so one build serves every install). The
 * SDK is a chunk of its own, imported only then: without a DSN the app neither runs it nor sends
 * anything (the service worker keeps its file with the build's others, decision 0114).
 */
export function startErrorTracking(): Promise<boolean> {
  sdk ??= apiCall('/client_config', {
    schema: ZClientConfig,
    sessionHandling: false,
    errorToast: false,
  }).then(async (result) => {
    if (!result.ok || !result.data.error_tracking_dsn) return null;
    const { initErrorTrackingSdk } = await import('./error-tracking-sdk');
    const started = initErrorTrackingSdk(result.data.error_tracking_dsn, result.data.environment);
    started.setUser(currentUser);
    return started;
  });
  return sdk.then(Boolean, () => false);
}

/** The signed-in user, or null after signing out. */
export function setErrorTrackingUser(user: TrackedUser | null) {
  currentUser = user;
  void sdk?.then((started) => started?.setUser(user));
}

/** An error the app caught itself (an error screen), which the global handlers never see. */
export function reportError(error: unknown) {
  void sdk?.then((started) => started?.capture(error));
}
