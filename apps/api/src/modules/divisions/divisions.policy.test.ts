import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import {
  type DivisionAction,
  CANNOT_MANAGE_DIVISIONS,
  divisionRefusal,
} from './divisions.policy.ts';

describePolicyMatrix<DivisionAction>('divisions', {
  right: 'can_manage_vacancy',
  decide: divisionRefusal,
  refusal: CANNOT_MANAGE_DIVISIONS,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'manage', allowed: ['admin', 'admin without the right'] },
  ],
});
