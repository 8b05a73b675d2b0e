import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * The personal page (/user) belongs to its user: every role reads and changes its own
 * notification choices, and no request names another user (the user comes from the session).
 * The browser extension's token reads them but does not change them: it has no screen for it.
 */
export const PROFILE_ACTIONS = ['view_notifications', 'change_notifications'] as const;
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

export const PROFILE_WEB_ONLY = 'Это действие доступно только в веб-приложении';

export function canDoProfileAction(session: Pick<Session, 'source'>, action: ProfileAction) {
  return action === 'view_notifications' || session.source !== 'plugin';
}

export function assertCanDoProfileAction(session: Session, action: ProfileAction) {
  if (!canDoProfileAction(session, action)) throw forbidden(PROFILE_WEB_ONLY);
}
