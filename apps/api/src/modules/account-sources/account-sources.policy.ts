import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_MANAGE_SOURCES = 'Нет прав на управление источниками резюме';

/** Sources are settings of recruiters (owners) allowed can_manage_account_source. */
export function assertCanManageAccountSources(
  session: Pick<Session, 'memberType'>,
  permissions: Partial<Record<TPermissionAction, boolean>>,
) {
  if (session.memberType !== 'owner' || !permissions.can_manage_account_source) {
    throw forbidden(CANNOT_MANAGE_SOURCES);
  }
}
