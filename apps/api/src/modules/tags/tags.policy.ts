import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_TAGS = 'Нет прав на управление тегами';

export type TagAction = 'read' | 'manage';
export type TagActor = Pick<Session, 'memberType'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

/**
 * Every member reads tags (the card and filters show them). SPEC.md §6: tag settings are open
 * to an owner (recruiter) with can_manage_tag and to no one else — the admin flag alone does not
 * grant it, so an admin whose right was taken away is refused like anyone.
 */
export function tagRefusal(actor: TagActor, action: TagAction): string | null {
  if (action === 'read') return null;
  return actor.memberType === 'owner' && actor.permissions.can_manage_tag
    ? null
    : CANNOT_MANAGE_TAGS;
}

export function assertCanManageTags(
  session: Pick<Session, 'memberType'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  const refusal = tagRefusal({ memberType: session.memberType, permissions }, 'manage');
  if (refusal) throw forbidden(refusal);
}
