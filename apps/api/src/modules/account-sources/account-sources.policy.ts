import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_SOURCES = 'Нет прав на управление источниками резюме';

export type AccountSourceAction = 'read' | 'manage';
export type AccountSourceActor = Pick<Session, 'memberType' | 'isAdmin'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

/**
 * Every member reads the sources (applicants name them). An admin recruiter manages them, as the
 * other account dictionaries, and so does a recruiter allowed can_manage_account_source; watchers
 * never (SPEC.md §6 keeps them out of the settings area, admin flag or not).
 */
export function accountSourceRefusal(
  actor: AccountSourceActor,
  action: AccountSourceAction,
): string | null {
  if (action === 'read') return null;
  if (actor.memberType !== 'owner') return CANNOT_MANAGE_SOURCES;
  return actor.isAdmin || actor.permissions.can_manage_account_source
    ? null
    : CANNOT_MANAGE_SOURCES;
}

export function assertCanManageAccountSources(
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  const refusal = accountSourceRefusal(
    { memberType: session.memberType, isAdmin: session.isAdmin, permissions },
    'manage',
  );
  if (refusal) throw forbidden(refusal);
}
