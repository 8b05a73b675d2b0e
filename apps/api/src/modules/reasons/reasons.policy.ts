import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_REASONS = 'Нет прав на управление причинами';

export type ReasonAction = 'read' | 'manage';
export type ReasonActor = Pick<Session, 'memberType' | 'isAdmin'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

/**
 * Every member reads reasons (rejections and vacancy states name them). An admin recruiter
 * manages them, and so does a recruiter allowed can_manage_reason; watchers never (SPEC.md §6
 * keeps them out of the settings area, admin flag or not).
 */
export function reasonRefusal(actor: ReasonActor, action: ReasonAction): string | null {
  if (action === 'read') return null;
  if (actor.memberType !== 'owner') return CANNOT_MANAGE_REASONS;
  return actor.isAdmin || actor.permissions.can_manage_reason ? null : CANNOT_MANAGE_REASONS;
}

export function assertCanManageReasons(
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  const refusal = reasonRefusal(
    { memberType: session.memberType, isAdmin: session.isAdmin, permissions },
    'manage',
  );
  if (refusal) throw forbidden(refusal);
}
