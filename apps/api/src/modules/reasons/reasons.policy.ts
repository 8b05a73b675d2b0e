import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_REASONS = 'Нет прав на управление причинами';

/** Reasons are managed by an admin recruiter or an owner allowed can_manage_reason. */
export function assertCanManageReasons(
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  if (session.memberType !== 'owner' || !(session.isAdmin || permissions.can_manage_reason)) {
    throw forbidden(CANNOT_MANAGE_REASONS);
  }
}
