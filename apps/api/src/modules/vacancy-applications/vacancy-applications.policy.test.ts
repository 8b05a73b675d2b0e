import type { RouteStep } from '@ats/db/schema/vacancy-applications';
import { describe, expect, it } from 'vitest';
import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import { type RequestPermissionFacts, requestPermissions } from './request-permissions.ts';
import { TEMPLATES_ADMIN_ONLY, templateRefusal } from './vacancy-applications.policy.ts';

describePolicyMatrix<'read' | 'manage'>('request templates', {
  right: 'can_manage_vacancy',
  decide: templateRefusal,
  refusal: TEMPLATES_ADMIN_ONLY,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'manage', allowed: ['admin', 'admin without the right'] },
  ],
});

const AUTHOR = 1;
const APPROVER = 2;
const OTHER = 3;
const route = (decision: 'approved' | null = null): RouteStep[] => [
  {
    name: 'Шаг',
    mode: 'any',
    deadline_days: null,
    started_at: null,
    approvers: [
      {
        type: 'user',
        user_id: APPROVER,
        email: null,
        name: 'Согласующий',
        decision,
        decided_at: null,
        comment: null,
      },
    ],
  },
];
const facts = (over: Partial<RequestPermissionFacts>): RequestPermissionFacts => ({
  state: 'draft',
  authorId: AUTHOR,
  currentStep: null,
  route: route(),
  vacancyId: null,
  ...over,
});
const watcher = (userId: number) => ({ userId, memberType: 'watcher' as const, isAdmin: false });
const recruiter = { userId: OTHER, memberType: 'owner' as const, isAdmin: false };
const admin = { userId: OTHER, memberType: 'owner' as const, isAdmin: true };
const allowed = (f: RequestPermissionFacts, reader: Parameters<typeof requestPermissions>[1]) =>
  Object.entries(requestPermissions(f, reader))
    .filter(([, may]) => may)
    .map(([action]) => action);

describe('what a reader may do with a request', () => {
  it('the author edits, deletes and submits a draft; an admin edits and deletes it', () => {
    expect(allowed(facts({}), watcher(AUTHOR))).toEqual(['edit', 'delete', 'submit']);
    expect(allowed(facts({}), admin)).toEqual(['edit', 'delete']);
    expect(allowed(facts({}), recruiter)).toEqual([]);
  });

  it('only an approver of the current step who has not decided yet decides', () => {
    const pending = facts({ state: 'pending', currentStep: 0 });
    expect(allowed(pending, watcher(APPROVER))).toEqual(['approve', 'reject', 'return']);
    expect(allowed(pending, watcher(AUTHOR))).toEqual(['withdraw']);
    expect(allowed(pending, admin)).toEqual([]);
    const decided = facts({ state: 'pending', currentStep: 0, route: route('approved') });
    expect(allowed(decided, watcher(APPROVER))).toEqual([]);
  });

  it('a returned request is edited, resubmitted or withdrawn by its author', () => {
    expect(allowed(facts({ state: 'returned' }), watcher(AUTHOR))).toEqual([
      'edit',
      'submit',
      'withdraw',
    ]);
  });

  it('recruiters and admins take an approved request once and close one in work', () => {
    expect(allowed(facts({ state: 'approved' }), recruiter)).toEqual(['take']);
    expect(allowed(facts({ state: 'approved' }), admin)).toEqual(['take']);
    expect(allowed(facts({ state: 'approved' }), watcher(AUTHOR))).toEqual([]);
    expect(allowed(facts({ state: 'approved', vacancyId: 5 }), recruiter)).toEqual([]);
    expect(allowed(facts({ state: 'in_work', vacancyId: 5 }), recruiter)).toEqual(['close']);
    for (const state of ['rejected', 'closed'] as const) {
      expect(allowed(facts({ state }), watcher(AUTHOR))).toEqual([]);
    }
  });
});
