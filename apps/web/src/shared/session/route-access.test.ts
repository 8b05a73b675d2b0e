import { describe, expect, it } from 'vitest';
import { canOpenRoute, GUARDED_ROUTES, SETTINGS_SUBPAGES, type AccessUser } from './route-access';

const user = (
  member_type: 'owner' | 'watcher',
  is_admin: boolean,
  can_manage_tag = true,
): AccessUser => ({
  member_type,
  is_admin,
  admin_user_setting: { permissions_actions: { can_manage_tag } },
});

const blockedFor = (u: AccessUser) => GUARDED_ROUTES.filter((name) => !canOpenRoute(name, u));

const SETTINGS = ['settings', ...SETTINGS_SUBPAGES];

describe('route access by role (SPEC.md §6)', () => {
  it('watcher, not admin: applicants, list, doubles, analytics and all of settings are blocked', () => {
    expect(blockedFor(user('watcher', false)).sort()).toEqual(
      [
        'applicants',
        'applicants-list',
        'applicant-doubles',
        'applicant-double',
        'analytics',
        ...SETTINGS,
      ].sort(),
    );
  });

  it('watcher, admin: the same except the applicants list', () => {
    const blocked = blockedFor(user('watcher', true));
    expect(blocked.sort()).toEqual(
      ['applicants', 'applicant-doubles', 'applicant-double', 'analytics', ...SETTINGS].sort(),
    );
    expect(canOpenRoute('applicants-list', user('watcher', true))).toBe(true);
  });

  it('owner, not admin: the evaluation forms, the audit log and request templates are blocked', () => {
    expect(blockedFor(user('owner', false))).toEqual([
      'settings-candidate-evaluation-forms',
      'settings-audit',
      'settings-request-templates',
    ]);
  });

  it('owner, admin: nothing is blocked', () => {
    expect(blockedFor(user('owner', true))).toEqual([]);
  });

  it('settings-tags needs an owner with can_manage_tag', () => {
    expect(canOpenRoute('settings-tags', user('owner', true, true))).toBe(true);
    expect(canOpenRoute('settings-tags', user('owner', true, false))).toBe(false);
    expect(canOpenRoute('settings-tags', user('owner', false, false))).toBe(false);
    expect(canOpenRoute('settings-tags', user('watcher', true, true))).toBe(false);
  });

  it('routes without a guarded name are open to everyone', () => {
    for (const u of [user('watcher', false), user('owner', true)]) {
      expect(canOpenRoute(undefined, u)).toBe(true);
      expect(canOpenRoute('vacancies', u)).toBe(true);
      expect(canOpenRoute('user', u)).toBe(true);
    }
  });
});
