import type { TMemberType } from '@ats/contracts/users';

/** Settings subpages. The four without a name in SPEC.md §2 are named here the same way. */
export const SETTINGS_SUBPAGES = [
  'settings-edit-users',
  'settings-divisions',
  'settings-reject-reasons',
  'settings-account',
  'settings-mail-templates',
  'settings-tags',
  'settings-resume-sources',
  'settings-candidate-evaluation-forms',
  'settings-automation',
  'settings-common',
  'settings-safety',
  'settings-services',
  // Not in SPEC.md §2: the audit log of decision 0015, for admins only.
  'settings-audit',
  // Not in SPEC.md §2: funnels and their stages (decision 0029), a settings page like the rest.
  'settings-funnels',
  // Not in SPEC.md §2: the templates of hiring requests (issue 17, decision 0030), for admins.
  'settings-request-templates',
  // Not in SPEC.md §2: the consent text of 152-FZ and its request (issue 14, decision 0046).
  'settings-privacy',
] as const;

/** Route names that access rules talk about (SPEC.md §2, §6). */
export const GUARDED_ROUTES = [
  'applicants',
  'applicants-list',
  'applicant-doubles',
  'applicant-double',
  'analytics',
  'settings',
  ...SETTINGS_SUBPAGES,
] as const;

export type GuardedRouteName = (typeof GUARDED_ROUTES)[number];

export type AccessUser = {
  member_type: TMemberType;
  is_admin: boolean;
  admin_user_setting: { permissions_actions: { can_manage_tag: boolean } };
};

const SETTINGS_AREA: readonly GuardedRouteName[] = ['settings', ...SETTINGS_SUBPAGES];

/** SPEC.md §6, one entry per row of the role table. */
const BLOCKED_BY_ROLE: Record<
  'watcher' | 'watcher-admin' | 'owner' | 'owner-admin',
  ReadonlySet<string>
> = {
  watcher: new Set([
    'applicants',
    'applicants-list',
    'applicant-doubles',
    'applicant-double',
    'analytics',
    ...SETTINGS_AREA,
  ]),
  'watcher-admin': new Set([
    'applicants',
    'applicant-doubles',
    'applicant-double',
    'analytics',
    ...SETTINGS_AREA,
  ]),
  owner: new Set([
    'settings-candidate-evaluation-forms',
    'settings-audit',
    'settings-request-templates',
  ]),
  'owner-admin': new Set(),
};

export function roleOf(user: Pick<AccessUser, 'member_type' | 'is_admin'>) {
  const base = user.member_type === 'owner' ? 'owner' : 'watcher';
  return user.is_admin ? (`${base}-admin` as const) : base;
}

/** Whether the user may open a route; routes without a guarded name are open to every member. */
export function canOpenRoute(routeName: string | undefined, user: AccessUser): boolean {
  if (!routeName) return true;
  if (BLOCKED_BY_ROLE[roleOf(user)].has(routeName)) return false;
  if (routeName === 'settings-tags') {
    return (
      user.member_type === 'owner' && user.admin_user_setting.permissions_actions.can_manage_tag
    );
  }
  return true;
}
