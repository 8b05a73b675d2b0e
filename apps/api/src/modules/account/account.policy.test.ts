import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import {
  type AccountAction,
  ONLY_ADMINS_CHANGE_ACCOUNT,
  accountRefusal,
} from './account.policy.ts';

describePolicyMatrix<AccountAction>('the company’s account settings and logo', {
  right: 'can_manage_vacancy',
  decide: accountRefusal,
  refusal: ONLY_ADMINS_CHANGE_ACCOUNT,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'change', allowed: ['admin', 'admin without the right'] },
  ],
});
