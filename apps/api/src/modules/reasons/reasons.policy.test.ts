import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import { type ReasonAction, CANNOT_MANAGE_REASONS, reasonRefusal } from './reasons.policy.ts';

describePolicyMatrix<ReasonAction>('reasons', {
  right: 'can_manage_reason',
  decide: reasonRefusal,
  refusal: CANNOT_MANAGE_REASONS,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'manage', allowed: ['admin', 'admin without the right', 'recruiter'] },
  ],
});
