import { SAFETY_MESSAGES, type TChangePasswordRequest } from '@ats/contracts/safety';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { isOwnPasswordRight } from '../auth/attempts.service.ts';
import { setPasswordHash } from '../auth/credentials.service.ts';
import * as repo from './safety.repository.ts';
import { recordAudit, securityEvent } from '../../platform/audit.ts';

/**
 * A new password in place of the current one. Every other session of the user ends (whoever
 * knew the old password is signed out); the one that asked stays.
 */
export async function changePassword(
  deps: AppDeps,
  tenant: Tenant,
  currentSessionId: number,
  input: TChangePasswordRequest,
) {
  const user = await tenant.transaction((tx) =>
    repo.findUserCredentials(tx, tenant.accountId, tenant.userId),
  );
  const currentOk = await isOwnPasswordRight(
    deps,
    { accountId: tenant.accountId, userId: tenant.userId, passwordHash: user?.passwordHash },
    input.current_password,
  );
  if (!currentOk) {
    throw badRequest(SAFETY_MESSAGES.wrongCurrentPassword, {
      current_password: SAFETY_MESSAGES.wrongCurrentPassword,
    });
  }
  if (input.password === input.current_password) {
    throw badRequest(SAFETY_MESSAGES.samePassword, { password: SAFETY_MESSAGES.samePassword });
  }
  const passwordHash = await hashPassword(input.password);
  const ended = await tenant.transaction(async (tx) => {
    await setPasswordHash(tx, tenant.accountId, tenant.userId, passwordHash);
    await recordAudit(tx, tenant, securityEvent('auth.password_changed', tenant.userId));
    return repo.revokeOtherSessions(tx, tenant.accountId, tenant.userId, currentSessionId);
  });
  return { ended };
}
