import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_STAGES = 'Нет прав на управление этапами и воронками';

/**
 * Stages and funnels are settings of recruiters (owners): an admin, or an owner allowed
 * can_manage_status. Watchers (hiring managers) only read them.
 */
export function assertCanManageStages(
  session: Pick<Session, 'memberType' | 'isAdmin'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  if (session.memberType !== 'owner' || !(session.isAdmin || permissions.can_manage_status)) {
    throw forbidden(CANNOT_MANAGE_STAGES);
  }
}
