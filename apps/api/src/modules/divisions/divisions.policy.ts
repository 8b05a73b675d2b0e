import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_DIVISIONS = 'Изменять подразделения может только администратор';

/**
 * The company's structure is an account setting: only an admin recruiter (owner with is_admin)
 * changes it (SPEC.md §6 keeps watchers out of settings). Everyone reads it to group vacancies.
 */
export function assertCanManageDivisions(session: Pick<Session, 'memberType' | 'isAdmin'>) {
  if (session.memberType !== 'owner' || !session.isAdmin) {
    throw forbidden(CANNOT_MANAGE_DIVISIONS);
  }
}
