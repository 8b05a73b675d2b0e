import { describe, expect, it } from 'vitest';
import {
  CANNOT_CHANGE_DOUBLES,
  CANNOT_MERGE_OTHERS,
  type DoubleAction,
  type DoubleActor,
  WATCHER_NO_DOUBLES,
  refusalOf,
} from './duplicates.policy.ts';

const ALL = { can_manage_applicant: true, can_manage_others_applicant: true };
const ROLES: Record<string, DoubleActor> = {
  admin: { userId: 1, memberType: 'owner', isAdmin: true, permissions: ALL },
  recruiter: { userId: 2, memberType: 'owner', isAdmin: false, permissions: ALL },
  'recruiter without can_manage_applicant': {
    userId: 3,
    memberType: 'owner',
    isAdmin: false,
    permissions: { can_manage_applicant: false, can_manage_others_applicant: true },
  },
  'recruiter without can_manage_others_applicant': {
    userId: 4,
    memberType: 'owner',
    isAdmin: false,
    permissions: { can_manage_applicant: true, can_manage_others_applicant: false },
  },
  'admin without can_manage_applicant': {
    userId: 6,
    memberType: 'owner',
    isAdmin: true,
    permissions: { can_manage_applicant: false, can_manage_others_applicant: true },
  },
  watcher: { userId: 5, memberType: 'watcher', isAdmin: true, permissions: ALL },
};
const OK = null;
const NO = CANNOT_CHANGE_DOUBLES;
const OTHERS = CANNOT_MERGE_OTHERS;
const W = WATCHER_NO_DOUBLES;

// 'own': both applicants are the actor's; 'other': one of them belongs to user 99.
const ACTIONS: [DoubleAction, 'own' | 'other'][] = [
  ['read', 'other'],
  ['dismiss', 'other'],
  ['scan', 'other'],
  ['merge', 'own'],
  ['merge', 'other'],
];
const EXPECTED: Record<string, (string | null)[]> = {
  admin: [OK, OK, OK, OK, OK],
  recruiter: [OK, OK, OK, OK, OK],
  'recruiter without can_manage_applicant': [OK, NO, NO, NO, NO],
  'recruiter without can_manage_others_applicant': [OK, OK, OK, OK, OTHERS],
  'admin without can_manage_applicant': [OK, NO, NO, NO, NO],
  watcher: [W, W, W, W, W],
};

describe('who may do what with doubles (role × action)', () => {
  for (const [role, actor] of Object.entries(ROLES)) {
    it(`${role}: ${EXPECTED[role]!.map((r) => (r ? 'no' : 'yes')).join(' ')}`, () => {
      const got = ACTIONS.map(([action, whose]) =>
        refusalOf(actor, action, [
          { adminUserId: actor.userId },
          { adminUserId: whose === 'own' ? actor.userId : 99 },
        ]),
      );
      expect(got).toEqual(EXPECTED[role]);
    });
  }

  it('treats an applicant without a responsible recruiter as nobody else’s', () => {
    const actor = ROLES['recruiter without can_manage_others_applicant']!;
    expect(refusalOf(actor, 'merge', [{ adminUserId: null }, { adminUserId: null }])).toBeNull();
  });
});
