import { describe, expect, it } from 'vitest';
import {
  type AccountAction,
  ONLY_ADMINS_CHANGE_ACCOUNT,
  accountRefusal,
} from './account.policy.ts';

// SPEC.md §6 roles: admin (owner with is_admin), recruiter (owner), watcher (hiring manager) and
// a watcher with the admin flag; with and without the right of huntlee-api.md §4.4 that concerns
// the company (none: the admin flag decides).
const actor = (memberType: 'owner' | 'watcher', isAdmin: boolean, right: boolean) => ({
  memberType,
  isAdmin,
  permissions: { can_manage_vacancy: right },
});
const ACTORS = {
  admin: actor('owner', true, true),
  'admin without the right': actor('owner', true, false),
  recruiter: actor('owner', false, true),
  'recruiter without the right': actor('owner', false, false),
  watcher: actor('watcher', false, false),
  'watcher with the right': actor('watcher', false, true),
  'watcher-admin': actor('watcher', true, true),
};
type Who = keyof typeof ACTORS;
const EVERYONE = Object.keys(ACTORS) as Who[];

const CASES: { action: AccountAction; allowed: Who[] }[] = [
  { action: 'read', allowed: EVERYONE },
  { action: 'change', allowed: ['admin', 'admin without the right'] },
];

describe('the company’s account settings and logo: role × action', () => {
  for (const { action, allowed } of CASES) {
    for (const who of EVERYONE) {
      const may = allowed.includes(who);
      it(`${who} ${may ? 'may' : 'may not'} ${action}`, () => {
        expect(accountRefusal(ACTORS[who], action)).toBe(may ? null : ONLY_ADMINS_CHANGE_ACCOUNT);
      });
    }
  }
});
