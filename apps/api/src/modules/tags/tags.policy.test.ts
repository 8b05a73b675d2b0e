import { describePolicyMatrix, POLICY_ROLES } from '../../../test/policy-matrix.ts';
import { type TagAction, CANNOT_MANAGE_TAGS, tagRefusal } from './tags.policy.ts';

describePolicyMatrix<TagAction>('tags', {
  right: 'can_manage_tag',
  decide: tagRefusal,
  refusal: CANNOT_MANAGE_TAGS,
  cases: [
    { action: 'read', allowed: POLICY_ROLES },
    { action: 'manage', allowed: ['admin', 'recruiter'] },
  ],
});
