import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import {
  type AccountSourceAction,
  CANNOT_MANAGE_SOURCES,
  accountSourceRefusal,
} from './account-sources.policy.ts';

describePolicyMatrix<AccountSourceAction>('résumé sources', {
  right: 'can_manage_account_source',
  decide: accountSourceRefusal,
  refusal: CANNOT_MANAGE_SOURCES,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'manage', allowed: ['admin', 'admin without the right', 'recruiter'] },
  ],
});
