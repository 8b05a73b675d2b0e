import type { TMe } from '@ats/contracts/me';

// What the settings pages let a user change; the same rules as the servers' policies
// (account.policy, divisions.policy, reasons.policy, account-sources.policy, tags.policy), so a
// page never offers a button whose request would be refused.

type Actor = Pick<TMe, 'member_type' | 'is_admin' | 'admin_user_setting'>;

const isAdminRecruiter = (me: Actor) => me.member_type === 'owner' && me.is_admin;

export const settingsRights = (me: Actor) => {
  const rights = me.admin_user_setting.permissions_actions;
  const recruiterWith = (right: boolean) => me.member_type === 'owner' && (me.is_admin || right);
  return {
    account: isAdminRecruiter(me),
    divisions: isAdminRecruiter(me),
    reasons: recruiterWith(rights.can_manage_reason),
    sources: recruiterWith(rights.can_manage_account_source),
    // statuses.policy: stages (their icons too) are an admin's or a can_manage_status owner's.
    stages: recruiterWith(rights.can_manage_status),
    // SPEC.md §6: tags need can_manage_tag itself; the admin flag does not stand in for it.
    tags: me.member_type === 'owner' && rights.can_manage_tag,
  };
};
