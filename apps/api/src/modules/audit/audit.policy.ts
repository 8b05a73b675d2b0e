import { AUDIT_MESSAGES } from '@ats/contracts/audit';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export type AuditLogAction = 'read';

type Actor = Pick<Session, 'memberType' | 'isAdmin'>;

/**
 * The log names who signed in from where and what they changed: it is the admins' alone — a
 * recruiter with the admin flag. SPEC.md §6 keeps watchers out of the settings area, so a watcher
 * with the admin flag is refused too; no permissions_actions right opens it.
 */
export function auditLogRefusal(actor: Actor, _action: AuditLogAction): string | null {
  return actor.memberType === 'owner' && actor.isAdmin ? null : AUDIT_MESSAGES.onlyAdmins;
}

export function assertAuditLogAction(actor: Actor, action: AuditLogAction) {
  const refusal = auditLogRefusal(actor, action);
  if (refusal) throw forbidden(refusal);
}
