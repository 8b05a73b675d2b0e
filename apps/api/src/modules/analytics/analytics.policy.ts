import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** SPEC.md §6: the analytics screen is blocked for watchers (hiring managers), admin or not. */
export const ANALYTICS_FOR_WATCHERS = 'Аналитика недоступна наблюдателям';

/** Why the caller may not read analytics, or null: recruiters and admins see the company. */
export function analyticsRefusal(session: Pick<Session, 'memberType'>): string | null {
  return session.memberType === 'watcher' ? ANALYTICS_FOR_WATCHERS : null;
}

export function assertCanReadAnalytics(session: Pick<Session, 'memberType'>) {
  const refusal = analyticsRefusal(session);
  if (refusal) throw forbidden(refusal);
}
