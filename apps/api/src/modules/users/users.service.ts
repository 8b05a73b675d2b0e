import {
  type TCreateUserRequest,
  type TTeamMember,
  type TTeamSeats,
  type TUpdateUserRequest,
  type TUpdatedTeamMember,
  type TUser,
  type TUserStatus,
  emailConfirmationSentMessage,
  usersLimitReachedMessage,
} from '@ats/contracts/users';
import { shownUsersLimit } from '@ats/contracts/tariffs';
import type { Db } from '@ats/db/connection';
import { changesBetween, recordAudit, recordAuditNow } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { endUserSessions } from '../auth/auth.service.ts';
import { endOutstandingLinks } from '../auth/credentials.service.ts';
import { revokeInvitations, sendInvitation } from '../invitations/invitations.service.ts';
import {
  defaultAdminUserSetting,
  defaultApplicantFieldSettings,
  mergeAdminUserSetting,
  readAdminUserSetting,
} from '@ats/contracts/user-settings';
import {
  assertAdminRemains,
  assertUserAction,
  seesTeamDetails,
  touchesRights,
} from './users.policy.ts';
import * as repo from './users.repository.ts';
import {
  EMAIL_TAKEN,
  assertCurrentPassword,
  assertEmailFree,
  requestOwnEmailChange,
  tellOldAddress,
} from './email-change.service.ts';

const USER_NOT_FOUND = 'Пользователь не найден';
const ALREADY_JOINED = 'Пользователь уже задал пароль: приглашение больше не нужно';
const DISABLED_NO_INVITATION = 'Пользователь отключён: сначала включите его, затем пригласите';

export function toUser(row: repo.UserRow): TUser {
  return {
    id: row.id,
    account_id: row.accountId,
    email: row.email,
    name: row.name,
    middle_name: row.middleName,
    last_name: row.lastName,
    first_name: row.name,
    nick: row.nick,
    member_type: row.memberType,
    is_admin: row.isAdmin,
    is_active: row.isActive,
    is_auto: row.isAuto,
    time_zone: row.timeZone,
    admin_user_setting: readAdminUserSetting(row.settings, row.memberType),
    setting_fields_applicant: { ...defaultApplicantFieldSettings(), ...row.fieldSettings },
    created_at: row.createdAt.toISOString(),
  };
}

const USER_EVENT_SUMMARIES = {
  'user.invited': 'Добавлен пользователь',
  'user.updated': 'Изменён пользователь',
  'user.deleted': 'Удалён пользователь',
} as const;

/** The audit log's event about a team member (decision 0015). */
const userEvent = (
  action: keyof typeof USER_EVENT_SUMMARIES,
  user: { id: number; email: string },
  changes: Record<string, unknown>,
  summary: string = USER_EVENT_SUMMARIES[action],
) => ({
  action,
  target: { type: 'user', id: user.id },
  summary: `${summary} ${user.email}`,
  changes,
});

/** What a new user is let do, for the log. */
const rightsOf = (user: TUser) => ({
  email: user.email,
  member_type: user.member_type,
  is_admin: user.is_admin,
  is_active: user.is_active,
  permissions_actions: user.admin_user_setting.permissions_actions,
});

const statusOf = (row: repo.UserRow): TUserStatus =>
  !row.isActive ? 'disabled' : row.passwordHash ? 'active' : 'invited';

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

function toTeamMember(
  row: repo.UserRow,
  details: repo.TeamDetails | undefined,
  withDetails: boolean,
): TTeamMember {
  const status = statusOf(row);
  const invited = withDetails && status === 'invited';
  return {
    ...toUser(row),
    status,
    last_sign_in_at: withDetails ? iso(details?.lastSignInAt) : null,
    invitation_sent_at: invited ? iso(details?.invitationSentAt) : null,
    invitation_expires_at: invited ? iso(details?.invitationExpiresAt) : null,
  };
}

async function teamMemberOf(tenant: Tenant, session: Session, row: repo.UserRow) {
  const withDetails = seesTeamDetails(session);
  if (!withDetails) return toTeamMember(row, undefined, false);
  const details = await tenant.transaction((tx) => repo.listTeamDetails(tx, tenant.accountId));
  return toTeamMember(
    row,
    details.find((d) => d.userId === row.id),
    true,
  );
}

const adminState = (row: {
  memberType: string;
  isAdmin: boolean;
  isActive: boolean;
  passwordHash: string | null;
}) => ({
  memberType: row.memberType,
  isAdmin: row.isAdmin,
  isActive: row.isActive,
  hasPassword: row.passwordHash !== null,
});

/**
 * The tariff's user limit counts active users; a new or re-activated user needs a free seat.
 * A tariff without a limit (a self-hosted install, decision 0036) always has one.
 */
async function assertSeatAvailable(tx: Db, accountId: number) {
  const limit = shownUsersLimit(await repo.findCurrentTariffUsersLimit(tx, accountId));
  if (limit === 0) return;
  if ((await repo.countActiveUsers(tx, accountId)) >= limit) {
    throw conflict(usersLimitReachedMessage(limit));
  }
}

export async function listUsers(tenant: Tenant) {
  const rows = await tenant.transaction((tx) => repo.listUsers(tx, tenant.accountId));
  return rows.map(toUser);
}

/** The team screen's list: statuses for everyone, sign-in and invitation dates for admins. */
export async function listTeam(tenant: Tenant, session: Session) {
  const withDetails = seesTeamDetails(session);
  const { rows, details } = await tenant.transaction(async (tx) => ({
    rows: await repo.listUsers(tx, tenant.accountId),
    details: withDetails ? await repo.listTeamDetails(tx, tenant.accountId) : [],
  }));
  const byUser = new Map(details.map((d) => [d.userId, d]));
  return rows.map((row) => toTeamMember(row, byUser.get(row.id), withDetails));
}

export async function getTeamSeats(tenant: Tenant): Promise<TTeamSeats> {
  return tenant.transaction(async (tx) => ({
    active_users: await repo.countActiveUsers(tx, tenant.accountId),
    users_limit: shownUsersLimit(await repo.findCurrentTariffUsersLimit(tx, tenant.accountId)),
  }));
}

export async function getUser(tenant: Tenant, id: number) {
  return tenant.transaction((tx) => getUserIn(tx, tenant, id));
}

/** `getUser` inside a transaction the caller has open (a write that checks rights first). */
export async function getUserIn(tx: Db, tenant: Tenant, id: number) {
  const row = await repo.findUserById(tx, tenant.accountId, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function getTeamMember(tenant: Tenant, session: Session, id: number) {
  const row = await tenant.transaction((tx) => repo.findUserById(tx, tenant.accountId, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return teamMemberOf(tenant, session, row);
}

/**
 * Adds a user to the caller's account. With a password they sign in at once (the product's
 * existing clients do this); without one they get a letter with a link to set it and show as
 * «Приглашён» until they do.
 */
export async function createUser(
  deps: AppDeps,
  tenant: Tenant,
  input: TCreateUserRequest['admin_user'],
  publicUrl: string,
) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let created: repo.UserRow;
  try {
    created = await tenant.transaction(async (tx) => {
      await repo.lockTeam(tx, tenant.accountId);
      if (input.is_active !== false) await assertSeatAvailable(tx, tenant.accountId);
      const user = await repo.insertUser(tx, {
        accountId: tenant.accountId,
        email: input.email,
        passwordHash,
        name: input.name,
        middleName: input.middle_name ?? null,
        lastName: input.last_name ?? null,
        nick: input.nick ?? null,
        memberType: input.member_type,
        isAdmin: input.is_admin,
        isActive: input.is_active ?? true,
        isAuto: input.is_auto ?? false,
        timeZone: input.time_zone ?? 'Europe/Moscow',
        settings: mergeAdminUserSetting(
          defaultAdminUserSetting(input.member_type),
          input.admin_user_setting ?? {},
        ),
        fieldSettings: { ...defaultApplicantFieldSettings(), ...input.setting_fields_applicant },
      });
      await recordAudit(
        tx,
        tenant,
        userEvent('user.invited', user, changesBetween({}, rightsOf(toUser(user)))),
      );
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
    throw error;
  }
  if (!passwordHash && created.isActive) {
    const sent = await sendInvitation(deps, tenant, created, publicUrl);
    return {
      ...toTeamMember(created, undefined, true),
      invitation_sent_at: sent.sentAt.toISOString(),
      invitation_expires_at: sent.expiresAt.toISOString(),
    };
  }
  return toTeamMember(created, undefined, true);
}

/** A new letter for a user who has not set a password yet; earlier links stop working. */
export async function resendInvitation(
  deps: AppDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  publicUrl: string,
) {
  const row = await tenant.transaction((tx) => repo.findUserById(tx, tenant.accountId, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  if (!row.isActive) throw conflict(DISABLED_NO_INVITATION);
  if (row.passwordHash) throw conflict(ALREADY_JOINED);
  await sendInvitation(deps, tenant, row, publicUrl);
  await recordAuditNow(
    tenant,
    userEvent('user.invited', row, {}, 'Приглашение отправлено повторно'),
  );
  return getTeamMember(tenant, session, id);
}

/**
 * One's own new e-mail is not saved here: with the current password it is mailed a link, and
 * the answer says so (`pending_email`, `notice`); every other change is saved as asked. An
 * admin's change of a colleague's address is saved, and the colleague's old address is told
 * (decision 0025).
 */
export async function updateUser(
  deps: AppDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  input: TUpdateUserRequest['admin_user'],
  publicUrl: string,
): Promise<TUpdatedTeamMember> {
  const { current_password: currentPassword, ...changes } = input;
  let ownNewEmail: string | null = null;
  if (changes.email !== undefined && id === session.userId) {
    const self = await tenant.transaction((tx) => repo.findUserById(tx, tenant.accountId, id));
    if (self && changes.email !== self.email) {
      await assertCurrentPassword(deps, tenant, self, currentPassword);
      await assertEmailFree(deps, changes.email);
      ownNewEmail = changes.email;
    }
    // Clients send the whole profile back on save: the same address is no change.
    delete changes.email;
  }
  let updated: repo.UserRow | null;
  let before: repo.UserRow | null = null;
  try {
    updated = await tenant.transaction(async (tx) => {
      await repo.lockTeam(tx, tenant.accountId);
      const current = await repo.findUserById(tx, tenant.accountId, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      before = current;
      const rightsChanged = touchesRights(
        {
          member_type: current.memberType,
          is_admin: current.isAdmin,
          is_active: current.isActive,
          permissions_actions: readAdminUserSetting(current.settings, current.memberType)
            .permissions_actions,
        },
        changes,
      );
      if (rightsChanged) assertUserAction(session, 'change-rights', id);
      if (changes.is_active === true && !current.isActive) {
        await assertSeatAvailable(tx, tenant.accountId);
      }
      assertAdminRemains(
        adminState(current),
        adminState({
          memberType: changes.member_type ?? current.memberType,
          isAdmin: changes.is_admin ?? current.isAdmin,
          isActive: changes.is_active ?? current.isActive,
          passwordHash: current.passwordHash,
        }),
        await repo.countOtherActiveAdmins(tx, tenant.accountId, id),
      );
      const memberType = changes.member_type ?? current.memberType;
      const settings = changes.admin_user_setting
        ? mergeAdminUserSetting(
            readAdminUserSetting(current.settings, memberType),
            changes.admin_user_setting,
          )
        : undefined;
      const saved = await repo.updateUser(tx, tenant.accountId, id, {
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.middle_name !== undefined && { middleName: changes.middle_name }),
        ...(changes.last_name !== undefined && { lastName: changes.last_name }),
        ...(changes.nick !== undefined && { nick: changes.nick }),
        ...(changes.time_zone !== undefined && { timeZone: changes.time_zone }),
        ...(changes.member_type !== undefined && { memberType: changes.member_type }),
        ...(changes.is_admin !== undefined && { isAdmin: changes.is_admin }),
        ...(changes.is_active !== undefined && { isActive: changes.is_active }),
        ...(changes.is_auto !== undefined && { isAuto: changes.is_auto }),
        ...(changes.is_onboarding !== undefined && { isOnboarding: changes.is_onboarding }),
        ...(changes.is_firework !== undefined && { isFirework: changes.is_firework }),
        ...(settings && { settings }),
        ...(changes.setting_fields_applicant && {
          fieldSettings: { ...current.fieldSettings, ...changes.setting_fields_applicant },
        }),
      });
      const diff = saved ? changesBetween(toUser(current), toUser(saved)) : {};
      if (Object.keys(diff).length) {
        await recordAudit(tx, tenant, userEvent('user.updated', current, diff));
      }
      // Links mailed to the old address (reset, invitation) must not outlive it.
      if (saved && saved.email !== current.email) {
        await endOutstandingLinks(tx, tenant.accountId, id);
      }
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
    throw error;
  }
  if (!updated) throw notFound(USER_NOT_FOUND);
  if (changes.is_active === false && (before as repo.UserRow | null)?.isActive) {
    // A deactivated user's sessions end at once, not when they expire; their links stop working.
    await endUserSessions(tenant, id);
    await revokeInvitations(tenant, id);
  }
  const previous = before as repo.UserRow | null;
  if (previous && updated.email !== previous.email) {
    if (previous.passwordHash) {
      await tellOldAddress(deps, tenant.accountId, previous.email, updated.email, 'by-admin');
    } else if (updated.isActive) {
      // A corrected address of someone invited: the invitation goes where it should have.
      await sendInvitation(deps, tenant, updated, publicUrl);
    }
  }
  const member = await teamMemberOf(tenant, session, updated);
  if (!ownNewEmail) return member;
  await requestOwnEmailChange(deps, tenant, updated, ownNewEmail, publicUrl);
  return {
    ...member,
    pending_email: ownNewEmail,
    notice: emailConfirmationSentMessage(ownNewEmail),
  };
}

export async function deleteUser(tenant: Tenant, session: Session, id: number) {
  const deleted = await tenant.transaction(async (tx) => {
    await repo.lockTeam(tx, tenant.accountId);
    const current = await repo.findUserById(tx, tenant.accountId, id);
    if (!current) return null;
    assertAdminRemains(
      adminState(current),
      { ...adminState(current), isActive: false },
      await repo.countOtherActiveAdmins(tx, tenant.accountId, id),
    );
    await recordAudit(tx, tenant, userEvent('user.deleted', current, {}));
    // Kept for the history that names them; the address is freed for a new invitation.
    return repo.updateUser(tx, tenant.accountId, id, {
      deletedAt: new Date(),
      isActive: false,
      email: `deleted-${current.id}-${current.email}`,
    });
  });
  if (!deleted) throw notFound(USER_NOT_FOUND);
  await endUserSessions(tenant, id);
  await revokeInvitations(tenant, id);
  const restored = { ...deleted, email: deleted.email.replace(/^deleted-\d+-/, '') };
  return toTeamMember(restored, undefined, seesTeamDetails(session));
}

/**
 * For modules that write to users (hiring requests' approvers and authors), in their transaction:
 * active users among `ids` with their address and name parts.
 */
export const findActiveUserContacts = (tx: Db, accountId: number, ids: number[]) =>
  repo.findUserContacts(tx, accountId, ids, { active: true });

/** Users of the account among `ids` (even removed or deactivated) with address and name parts. */
export const findUserContactsIn = (tx: Db, accountId: number, ids: number[]) =>
  repo.findUserContacts(tx, accountId, ids, { active: false });

/** One user of the account (even removed or deactivated) with address and name parts. */
export async function findUserContact(tx: Db, accountId: number, id: number) {
  const [row] = await repo.findUserContacts(tx, accountId, [id], { active: false });
  return row ?? null;
}

/** For the mentions in a comment, in the caller's transaction: the active users they name. */
export const findActiveUsersByHandles = (tx: Db, accountId: number, handles: string[]) =>
  repo.findActiveUsersByHandles(tx, accountId, handles);

/** For billing's letters, in the caller's transaction: the active admins' addresses. */
export const findActiveAdminEmails = (tx: Db, accountId: number) =>
  repo.findActiveAdminEmails(tx, accountId);

/**
 * A user's `permissions_actions` in the caller's transaction (a list that checks a right in the
 * same round trips as its read); not found as `getUser`.
 */
export async function readPermissionsActions(tx: Db, accountId: number, id: number) {
  const row = await repo.findUserById(tx, accountId, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return readAdminUserSetting(row.settings, row.memberType).permissions_actions;
}

export async function findUserEmail(tenant: Tenant, id: number) {
  return (await getUser(tenant, id)).email;
}
