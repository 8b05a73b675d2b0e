import type { TPermissionAction } from '@ats/contracts/users';
import { describe, expect, it } from 'vitest';

// SPEC.md §6 roles: admin (owner with is_admin), recruiter (owner), watcher (hiring manager) and a
// watcher with the admin flag; with and without the right of huntlee-api.md §4.4 that concerns
// the feature.
export const POLICY_ROLES = [
  'admin',
  'admin without the right',
  'recruiter',
  'recruiter without the right',
  'watcher',
  'watcher with the right',
  'watcher-admin',
] as const;
export type PolicyRole = (typeof POLICY_ROLES)[number];

export type PolicyActor = {
  memberType: 'owner' | 'watcher';
  isAdmin: boolean;
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

const SHAPES: Record<PolicyRole, [PolicyActor['memberType'], boolean, boolean]> = {
  admin: ['owner', true, true],
  'admin without the right': ['owner', true, false],
  recruiter: ['owner', false, true],
  'recruiter without the right': ['owner', false, false],
  watcher: ['watcher', false, false],
  'watcher with the right': ['watcher', false, true],
  'watcher-admin': ['watcher', true, true],
};

/** Each role as a policy sees it, `right` set as the role's name says. */
export function policyActor(role: PolicyRole, right: TPermissionAction): PolicyActor {
  const [memberType, isAdmin, has] = SHAPES[role];
  return { memberType, isAdmin, permissions: { [right]: has } };
}

/**
 * One test per role × action: the policy answers null where the role is allowed, `refusal`
 * (the Russian message) everywhere else.
 */
export function describePolicyMatrix<Action extends string>(
  title: string,
  options: {
    right: TPermissionAction;
    decide: (actor: PolicyActor, action: Action) => string | null;
    refusal: string;
    cases: { action: Action; allowed: readonly PolicyRole[] }[];
  },
) {
  describe(`${title}: role × action`, () => {
    for (const { action, allowed } of options.cases) {
      for (const role of POLICY_ROLES) {
        const may = allowed.includes(role);
        it(`${role} ${may ? 'may' : 'may not'} ${action}`, () => {
          expect(options.decide(policyActor(role, options.right), action)).toBe(
            may ? null : options.refusal,
          );
        });
      }
    }
  });
}
