import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_TAGS = 'Нет прав на управление тегами';

/** SPEC §6: tag settings are open to an owner (recruiter) with can_manage_tag, to no one else. */
export function assertCanManageTags(
  session: Pick<Session, 'memberType'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  if (session.memberType !== 'owner' || !permissions.can_manage_tag) {
    throw forbidden(CANNOT_MANAGE_TAGS);
  }
}
