import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** Fields that grant rights; nobody may change them on themselves. */
export const RIGHTS_FIELDS = ['member_type', 'is_admin', 'is_active', 'admin_user_setting.permissions_actions'] as const;

export const ONLY_ADMINS_MANAGE_USERS = 'Управлять пользователями может только администратор';
export const OWN_RIGHTS_LOCKED = 'Нельзя изменить собственные права и роль';
export const CANNOT_DELETE_SELF = 'Нельзя удалить самого себя';

export function assertCanManageUsers(session: Session) {
  if (!session.isAdmin) throw forbidden(ONLY_ADMINS_MANAGE_USERS);
}

/**
 * A user edits their own profile; an admin edits anyone's. Role, admin flag, activity and
 * permissions are never changed on oneself, so no one can raise their own rights.
 */
export function assertCanUpdateUser(
  session: Session,
  targetUserId: number,
  changes: { member_type?: unknown; is_admin?: unknown; is_active?: unknown; admin_user_setting?: { permissions_actions?: unknown } },
) {
  const self = session.userId === targetUserId;
  const touchesRights =
    changes.member_type !== undefined ||
    changes.is_admin !== undefined ||
    changes.is_active !== undefined ||
    changes.admin_user_setting?.permissions_actions !== undefined;
  if (self && touchesRights) throw forbidden(OWN_RIGHTS_LOCKED);
  if (!self && !session.isAdmin) throw forbidden(ONLY_ADMINS_MANAGE_USERS);
}

export function assertCanDeleteUser(session: Session, targetUserId: number) {
  assertCanManageUsers(session);
  if (session.userId === targetUserId) throw forbidden(CANNOT_DELETE_SELF);
}
