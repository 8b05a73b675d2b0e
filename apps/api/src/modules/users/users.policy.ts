import type { Session } from '../../platform/auth.ts';
import { conflict, forbidden } from '../../platform/errors.ts';

export const ONLY_ADMINS_MANAGE_USERS = 'Управлять пользователями может только администратор';
export const WATCHERS_DO_NOT_MANAGE_USERS =
  'Наблюдатель не управляет пользователями, даже с правами администратора';
export const OWN_RIGHTS_LOCKED = 'Нельзя изменить собственные права и роль';
export const CANNOT_DELETE_SELF = 'Нельзя удалить самого себя';
export const LAST_ADMIN =
  'Это последний активный администратор аккаунта. Сначала назначьте администратором другого рекрутера';

/**
 * list, read: see the team; invite: add a user (with a password or by letter); update-profile:
 * name, nick, time zone, personal settings; change-rights: role, admin flag, activity and
 * permissions; resend-invitation; delete.
 */
export type UserAction =
  'list' | 'read' | 'invite' | 'update-profile' | 'change-rights' | 'resend-invitation' | 'delete';

export type UserActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

/** Whoever may open /settings/edit-users with the admin flag: a recruiter-admin (SPEC.md §6). */
const isTeamAdmin = (actor: UserActor) => actor.isAdmin && actor.memberType === 'owner';

/**
 * Everyone sees the team (vacancy owners and watchers are picked from it). A user edits their
 * own profile. Everything else is the team admins' — recruiters with the admin flag: SPEC.md §6
 * closes the settings area to watchers even when they are admins. No one but a team admin
 * changes their own rights, so no one raises them; a team admin's own demotion is then checked
 * against the last-admin rule (assertAdminRemains). Returns the Russian refusal, or null.
 */
export function userRefusal(
  actor: UserActor,
  action: UserAction,
  targetUserId?: number,
): string | null {
  if (action === 'list' || action === 'read') return null;
  const self = targetUserId !== undefined && targetUserId === actor.userId;
  if (action === 'update-profile' && self) return null;
  if (action === 'change-rights' && self && !isTeamAdmin(actor)) return OWN_RIGHTS_LOCKED;
  if (!actor.isAdmin) return ONLY_ADMINS_MANAGE_USERS;
  if (actor.memberType !== 'owner') return WATCHERS_DO_NOT_MANAGE_USERS;
  if (action === 'delete' && self) return CANNOT_DELETE_SELF;
  return null;
}

export function assertUserAction(actor: UserActor, action: UserAction, targetUserId?: number) {
  const refusal = userRefusal(actor, action, targetUserId);
  if (refusal) throw forbidden(refusal);
}

/** Sign-in times and invitation dates are shown to team admins only. */
export const seesTeamDetails = (actor: UserActor) => isTeamAdmin(actor);

type Rights = {
  member_type: string;
  is_admin: boolean;
  is_active: boolean;
  permissions_actions: Record<string, boolean>;
};

export type RightsChange = {
  member_type?: string | undefined;
  is_admin?: boolean | undefined;
  is_active?: boolean | undefined;
  admin_user_setting?:
    { permissions_actions?: Record<string, boolean | undefined> | undefined } | undefined;
};

/** Clients send the whole profile back on save, so a value equal to the current one is no change. */
export function touchesRights(current: Rights, changes: RightsChange) {
  const permissions = changes.admin_user_setting?.permissions_actions ?? {};
  return (
    (changes.member_type !== undefined && changes.member_type !== current.member_type) ||
    (changes.is_admin !== undefined && changes.is_admin !== current.is_admin) ||
    (changes.is_active !== undefined && changes.is_active !== current.is_active) ||
    Object.entries(permissions).some(
      ([key, value]) => value !== undefined && value !== current.permissions_actions[key],
    )
  );
}

/** Whether the user, in this state, keeps the account manageable. */
export const isActiveTeamAdmin = (user: {
  memberType: string;
  isAdmin: boolean;
  isActive: boolean;
  hasPassword: boolean;
}) => user.isActive && user.isAdmin && user.memberType === 'owner' && user.hasPassword;

/**
 * An account always keeps one active recruiter-admin who can sign in: a change that takes the
 * last one away (demotes, turns into a watcher, deactivates) is refused.
 */
export function assertAdminRemains(
  before: Parameters<typeof isActiveTeamAdmin>[0],
  after: Parameters<typeof isActiveTeamAdmin>[0],
  otherActiveAdmins: number,
) {
  if (isActiveTeamAdmin(before) && !isActiveTeamAdmin(after) && otherActiveAdmins === 0) {
    throw conflict(LAST_ADMIN);
  }
}
