import { describe, expect, it } from 'vitest';
import {
  type EvaluationAction,
  type EvaluationContext,
  evaluationRefusal,
  ONLY_ADMINS_BUILD_FORMS,
  ONLY_AUTHOR_OR_ADMIN,
  SUMMARY_FOR_RECRUITERS,
  WATCHER_NOT_ON_VACANCY,
} from './evaluations.policy.ts';

// SPEC.md §6 roles. No permission flag of huntlee-api.md §4.4 concerns evaluations: a recruiter
// without can_manage_applicant still evaluates (as they still comment).
const actor = (userId: number, memberType: 'owner' | 'watcher', isAdmin: boolean) => ({
  userId,
  memberType,
  isAdmin,
});
const ACTORS = {
  admin: actor(1, 'owner', true),
  recruiter: actor(2, 'owner', false),
  watcher: actor(3, 'watcher', false),
  'watcher-admin': actor(4, 'watcher', true),
};
type Who = keyof typeof ACTORS;
const EVERYONE = Object.keys(ACTORS) as Who[];

const CASES: {
  action: EvaluationAction;
  context?: EvaluationContext;
  label: string;
  allowed: Who[];
  refusal: string;
}[] = [
  { action: 'read-forms', label: 'read the forms', allowed: EVERYONE, refusal: '' },
  {
    action: 'manage-forms',
    label: 'build forms',
    allowed: ['admin'],
    refusal: ONLY_ADMINS_BUILD_FORMS,
  },
  {
    action: 'form-summary',
    label: 'read a form’s summary over all applicants',
    allowed: ['admin', 'recruiter'],
    refusal: SUMMARY_FOR_RECRUITERS,
  },
  {
    action: 'evaluate',
    context: { watchesApplicant: false },
    label: 'evaluate an applicant on no vacancy they follow',
    allowed: ['admin', 'recruiter'],
    refusal: WATCHER_NOT_ON_VACANCY,
  },
  {
    action: 'evaluate',
    context: { watchesApplicant: true },
    label: 'evaluate an applicant on a vacancy they follow',
    allowed: EVERYONE,
    refusal: WATCHER_NOT_ON_VACANCY,
  },
  {
    action: 'change-evaluation',
    context: { authorId: 99 },
    label: 'change someone else’s evaluation',
    allowed: ['admin', 'watcher-admin'],
    refusal: ONLY_AUTHOR_OR_ADMIN,
  },
];

describe('evaluations: role × action', () => {
  for (const { action, context, label, allowed, refusal } of CASES) {
    for (const who of EVERYONE) {
      const may = allowed.includes(who);
      it(`${who} ${may ? 'may' : 'may not'} ${label}`, () => {
        expect(evaluationRefusal(ACTORS[who], action, context)).toBe(may ? null : refusal);
      });
    }
  }

  it('everyone may change their own evaluation', () => {
    for (const who of EVERYONE) {
      const me = ACTORS[who];
      expect(evaluationRefusal(me, 'change-evaluation', { authorId: me.userId })).toBeNull();
    }
  });
});
