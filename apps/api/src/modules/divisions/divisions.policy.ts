import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_DIVISIONS = 'Изменять подразделения может только администратор';

export type DivisionAction = 'read' | 'manage';

/**
 * The company's structure is an account setting: only an admin recruiter (owner with is_admin)
 * changes it (SPEC.md §6 keeps watchers out of settings, admin flag or not). Everyone reads it
 * to group vacancies.
 */
export function divisionRefusal(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: DivisionAction,
): string | null {
  if (action === 'read') return null;
  return actor.memberType === 'owner' && actor.isAdmin ? null : CANNOT_MANAGE_DIVISIONS;
}

export function assertCanManageDivisions(session: Pick<Session, 'memberType' | 'isAdmin'>) {
  const refusal = divisionRefusal(session, 'manage');
  if (refusal) throw forbidden(refusal);
}
