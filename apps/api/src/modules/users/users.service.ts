import type { TCreateUserRequest, TUpdateUserRequest, TUser } from '@ats/contracts/users';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { endUserSessions, sendPasswordLink } from '../auth/auth.service.ts';
import {
  defaultAdminUserSetting,
  defaultApplicantFieldSettings,
  mergeAdminUserSetting,
  readAdminUserSetting,
} from '@ats/contracts/user-settings';
import { assertNotChangingOwnRights } from './users.policy.ts';
import * as repo from './users.repository.ts';

const USER_NOT_FOUND = 'Пользователь не найден';
const EMAIL_TAKEN = 'Пользователь с таким email уже существует';

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

/** The tariff's user limit counts active users; a new or re-activated user needs a free seat. */
async function assertSeatAvailable(
  tx: Parameters<typeof repo.countActiveUsers>[0],
  accountId: number,
) {
  const limit = await repo.findCurrentTariffUsersLimit(tx, accountId);
  if ((await repo.countActiveUsers(tx, accountId)) >= limit) {
    throw conflict(
      `Достигнут лимит пользователей тарифа: ${limit}. Продлите тариф или отключите неактивных пользователей`,
    );
  }
}

export async function listUsers(tenant: Tenant) {
  const rows = await tenant.transaction((tx) => repo.listUsers(tx, tenant.accountId));
  return rows.map(toUser);
}

export async function getUser(tenant: Tenant, id: number) {
  const row = await tenant.transaction((tx) => repo.findUserById(tx, tenant.accountId, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

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
      if (input.is_active !== false) await assertSeatAvailable(tx, tenant.accountId);
      return repo.insertUser(tx, {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
    throw error;
  }
  if (!passwordHash) {
    await sendPasswordLink(
      deps,
      { accountId: tenant.accountId, userId: created.id, email: created.email },
      publicUrl,
      'invite',
    );
  }
  return toUser(created);
}

export async function updateUser(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateUserRequest['admin_user'],
) {
  let updated: repo.UserRow | null;
  try {
    updated = await tenant.transaction(async (tx) => {
      const current = await repo.findUserById(tx, tenant.accountId, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      assertNotChangingOwnRights(
        session,
        id,
        {
          member_type: current.memberType,
          is_admin: current.isAdmin,
          is_active: current.isActive,
          permissions_actions: readAdminUserSetting(current.settings, current.memberType)
            .permissions_actions,
        },
        changes,
      );
      if (changes.is_active === true && !current.isActive) {
        await assertSeatAvailable(tx, tenant.accountId);
      }
      const memberType = changes.member_type ?? current.memberType;
      const settings = changes.admin_user_setting
        ? mergeAdminUserSetting(
            readAdminUserSetting(current.settings, memberType),
            changes.admin_user_setting,
          )
        : undefined;
      return repo.updateUser(tx, tenant.accountId, id, {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
    throw error;
  }
  if (!updated) throw notFound(USER_NOT_FOUND);
  // A deactivated user's sessions end at once, not when they expire.
  if (changes.is_active === false) await endUserSessions(tenant, id);
  return toUser(updated);
}

export async function deleteUser(tenant: Tenant, id: number) {
  const deleted = await tenant.transaction(async (tx) => {
    const current = await repo.findUserById(tx, tenant.accountId, id);
    if (!current) return null;
    // Kept for the history that names them; the address is freed for a new invitation.
    return repo.updateUser(tx, tenant.accountId, id, {
      deletedAt: new Date(),
      isActive: false,
      email: `deleted-${current.id}-${current.email}`,
    });
  });
  if (!deleted) throw notFound(USER_NOT_FOUND);
  await endUserSessions(tenant, id);
  return toUser({ ...deleted, email: deleted.email.replace(/^deleted-\d+-/, '') });
}

export async function findUserEmail(tenant: Tenant, id: number) {
  return (await getUser(tenant, id)).email;
}
