import type { TPermissionAction } from '@ats/contracts/users';
import { sql } from 'drizzle-orm';
import { addTeamMember, changeUserSettings, signUpCompany } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** The roles of SPEC.md §6, with and without the permission that concerns the feature. */
export const ROLES = [
  'admin',
  'admin without the right',
  'recruiter',
  'recruiter without the right',
  'watcher',
  'watcher-admin',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * A fresh company with one member of every role, each signed in. The trial's user limit is
 * lifted first, so the team fits; `right` is taken from the two "without the right" members.
 */
export async function signUpTeamOfEveryRole(t: TestApp, right: TPermissionAction) {
  const admin = await signUpCompany(t.app);
  await t.database.system.execute(
    sql`update account_tariffs set users_limit = 100 where account_id = ${admin.accountId}`,
  );
  const member = (member_type: 'owner' | 'watcher', is_admin: boolean) =>
    addTeamMember(t.app, admin.token, { member_type, is_admin });
  const adminNoRight = await member('owner', true);
  const recruiter = await member('owner', false);
  const recruiterNoRight = await member('owner', false);
  const watcher = await member('watcher', false);
  const watcherAdmin = await member('watcher', true);
  for (const who of [adminNoRight, recruiterNoRight]) {
    await changeUserSettings(t.app, admin.token, who.userId, {
      permissions_actions: { [right]: false },
    });
  }
  const tokens: Record<Role, string> = {
    admin: admin.token,
    'admin without the right': adminNoRight.token,
    recruiter: recruiter.token,
    'recruiter without the right': recruiterNoRight.token,
    watcher: watcher.token,
    'watcher-admin': watcherAdmin.token,
  };
  return { admin, tokens };
}
