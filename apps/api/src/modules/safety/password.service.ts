import { SAFETY_MESSAGES, type TChangePasswordRequest } from '@ats/contracts/safety';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  USER_SECRET_LIMIT,
  assertNotThrottled,
  clearAttempts,
  recordFailedAttempt,
  userSecretKeys,
} from '../auth/attempts.service.ts';
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
  const keys = userSecretKeys(tenant.accountId, tenant.userId);
  await assertNotThrottled(deps, keys);
  const user = await tenant.transaction((tx) =>
    repo.findUserCredentials(tx, tenant.accountId, tenant.userId),
  );
  const currentOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.current_password)
    : false;
  if (!currentOk) {
    await recordFailedAttempt(deps, keys, USER_SECRET_LIMIT);
    throw badRequest(SAFETY_MESSAGES.wrongCurrentPassword, {
      current_password: SAFETY_MESSAGES.wrongCurrentPassword,
    });
  }
  await clearAttempts(deps, keys[0]!);
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
