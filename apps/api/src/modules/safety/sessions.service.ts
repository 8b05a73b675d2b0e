import { SAFETY_MESSAGES, type TActiveSessionList } from '@ats/contracts/safety';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './safety.repository.ts';
import { describeDevice } from './session-device.ts';
import { recordAudit, securityEvent } from '../../platform/audit.ts';

/** The caller's sessions that still work, with the device each was opened from. */
export async function listActiveSessions(
  tenant: Tenant,
  currentSessionId: number,
): Promise<TActiveSessionList> {
  const rows = await tenant.transaction((tx) =>
    repo.listLiveSessions(tx, tenant.accountId, tenant.userId),
  );
  const sessions = rows.map((row) => ({
    id: row.id,
    source: row.source,
    device: describeDevice(row.userAgent, row.source),
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_current: row.id === currentSessionId,
  }));
  // The session in use first, then the others by their last activity.
  sessions.sort((a, b) => Number(b.is_current) - Number(a.is_current));
  return { sessions };
}

/** Ends one of the caller's other sessions; another user's (or account's) id is not found. */
export async function endSession(tenant: Tenant, currentSessionId: number, sessionId: number) {
  if (sessionId === currentSessionId) throw badRequest(SAFETY_MESSAGES.currentSessionViaLogout);
  const ended = await tenant.transaction((tx) =>
    repo.revokeUserSession(tx, tenant.accountId, tenant.userId, sessionId),
  );
  if (!ended) throw notFound(SAFETY_MESSAGES.sessionNotFound);
  return SAFETY_MESSAGES.sessionEnded;
}

export async function endOtherSessions(tenant: Tenant, currentSessionId: number) {
  const ended = await tenant.transaction(async (tx) => {
    const count = await repo.revokeOtherSessions(
      tx,
      tenant.accountId,
      tenant.userId,
      currentSessionId,
    );
    await recordAudit(tx, tenant, securityEvent('auth.sessions_ended', tenant.userId));
    return count;
  });
  return { ended };
}
