import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * Every member, whatever the role, looks after their own sign-in: the password, sessions and the
 * authenticator belong to the person, not to the company's permissions. Nobody reaches another
 * user's sessions here (an admin ends them by deactivating the user on the team screen).
 *
 * What changes how one signs in needs the web app's own session: the browser extension's token
 * lives in another program, and a stolen one must not be able to lock the owner out.
 */
export const SAFETY_ACTIONS = [
  'view_safety',
  'end_sessions',
  'change_password',
  'manage_two_factor',
] as const;
export type SafetyAction = (typeof SAFETY_ACTIONS)[number];

const NEEDS_WEB_SESSION: ReadonlySet<SafetyAction> = new Set([
  'end_sessions',
  'change_password',
  'manage_two_factor',
]);

export const WEB_SESSION_ONLY = 'Это действие доступно только в веб-приложении';

export function canDoSafetyAction(session: Pick<Session, 'source'>, action: SafetyAction) {
  return !(NEEDS_WEB_SESSION.has(action) && session.source === 'plugin');
}

export function assertCanDoSafetyAction(session: Session, action: SafetyAction) {
  if (!canDoSafetyAction(session, action)) throw forbidden(WEB_SESSION_ONLY);
}
