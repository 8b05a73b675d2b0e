import { AUDIT_MESSAGES } from '@ats/contracts/audit';
import { describe, expect, it } from 'vitest';
import { auditLogRefusal } from './audit.policy.ts';

// SPEC.md §6 roles, with and without a permissions_actions right (huntlee-api.md §4.4): none of
// the rights opens the log, only the admin flag of a recruiter does.
const actor = (memberType: 'owner' | 'watcher', isAdmin: boolean, right: boolean) => ({
  memberType,
  isAdmin,
  permissions: { can_manage_users: right, can_manage_vacancy: right },
});
const ACTORS = {
  admin: actor('owner', true, true),
  'admin without rights': actor('owner', true, false),
  recruiter: actor('owner', false, true),
  'recruiter without rights': actor('owner', false, false),
  watcher: actor('watcher', false, false),
  'watcher with rights': actor('watcher', false, true),
  'watcher-admin': actor('watcher', true, true),
};
type Who = keyof typeof ACTORS;

const ALLOWED: Who[] = ['admin', 'admin without rights'];

describe('the audit log: role × action', () => {
  for (const who of Object.keys(ACTORS) as Who[]) {
    const may = ALLOWED.includes(who);
    it(`${who} ${may ? 'may' : 'may not'} read the log`, () => {
      expect(auditLogRefusal(ACTORS[who], 'read')).toBe(may ? null : AUDIT_MESSAGES.onlyAdmins);
    });
  }
});
