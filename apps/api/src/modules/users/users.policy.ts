import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** Fields that grant rights; nobody may change them on themselves. */
export const RIGHTS_FIELDS = [
  'member_type',
  'is_admin',
  'is_active',
  'admin_user_setting.permissions_actions',
] as const;

export const ONLY_ADMINS_MANAGE_USERS = 'Управлять пользователями может только администратор';
export const OWN_RIGHTS_LOCKED = 'Нельзя изменить собственные права и роль';
export const CANNOT_DELETE_SELF = 'Нельзя удалить самого себя';

export function assertCanManageUsers(session: Session) {
  if (!session.isAdmin) throw forbidden(ONLY_ADMINS_MANAGE_USERS);
}

/** A user edits their own profile; an admin edits anyone's. */
export function assertCanUpdateUser(session: Session, targetUserId: number) {
  if (session.userId !== targetUserId && !session.isAdmin) {
    throw forbidden(ONLY_ADMINS_MANAGE_USERS);
  }
}

type Rights = {
  member_type: string;
  is_admin: boolean;
  is_active: boolean;
  permissions_actions: Record<string, boolean>;
};

/**
 * Role, admin flag, activity and permissions are never changed on oneself, so no one can raise
 * their own rights. Clients send the whole profile back on save, so a value equal to the current
 * one is not a change.
 */
export function assertNotChangingOwnRights(
  session: Session,
  targetUserId: number,
  current: Rights,
  changes: {
    member_type?: string | undefined;
    is_admin?: boolean | undefined;
    is_active?: boolean | undefined;
    admin_user_setting?:
      { permissions_actions?: Record<string, boolean | undefined> | undefined } | undefined;
  },
) {
  if (session.userId !== targetUserId) return;
  const permissions = changes.admin_user_setting?.permissions_actions ?? {};
  const touchesRights =
    (changes.member_type !== undefined && changes.member_type !== current.member_type) ||
    (changes.is_admin !== undefined && changes.is_admin !== current.is_admin) ||
    (changes.is_active !== undefined && changes.is_active !== current.is_active) ||
    Object.entries(permissions).some(
      ([key, value]) => value !== undefined && value !== current.permissions_actions[key],
    );
  if (touchesRights) throw forbidden(OWN_RIGHTS_LOCKED);
}

export function assertCanDeleteUser(session: Session, targetUserId: number) {
  assertCanManageUsers(session);
  if (session.userId === targetUserId) throw forbidden(CANNOT_DELETE_SELF);
}
