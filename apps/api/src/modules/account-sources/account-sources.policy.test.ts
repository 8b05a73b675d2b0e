import { describe, expect, it } from 'vitest';
import {
  type AccountSourceAction,
  CANNOT_MANAGE_SOURCES,
  accountSourceRefusal,
} from './account-sources.policy.ts';

// SPEC.md §6 roles: admin (owner with is_admin), recruiter (owner), watcher (hiring manager) and
// a watcher with the admin flag; with and without the right of huntlee-api.md §4.4 that concerns
// résumé sources (can_manage_account_source).
const actor = (memberType: 'owner' | 'watcher', isAdmin: boolean, right: boolean) => ({
  memberType,
  isAdmin,
  permissions: { can_manage_account_source: right },
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

const CASES: { action: AccountSourceAction; allowed: Who[] }[] = [
  { action: 'read', allowed: EVERYONE },
  { action: 'manage', allowed: ['admin', 'admin without the right', 'recruiter'] },
];

describe('résumé sources: role × action', () => {
  for (const { action, allowed } of CASES) {
    for (const who of EVERYONE) {
      const may = allowed.includes(who);
      it(`${who} ${may ? 'may' : 'may not'} ${action}`, () => {
        expect(accountSourceRefusal(ACTORS[who], action)).toBe(may ? null : CANNOT_MANAGE_SOURCES);
      });
    }
  }
});
