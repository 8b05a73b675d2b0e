import type { TDoubleScan } from '@ats/contracts/duplicates';
import type { Session } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { doubleScanJob } from './double-scan.jobs.ts';
import * as repo from './double-scan.repository.ts';
import { SCAN_FAILED } from './double-scan.runner.ts';
import { assertDoublesAllowed } from './duplicates.service.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toScan(row: repo.ScanRow): TDoubleScan {
  return {
    id: row.id,
    state: row.state,
    processed: Math.min(row.processed, row.total),
    total: row.total,
    pairs_found: row.pairsFound,
    error: row.error,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Starts the scan of the whole account in the background; while one is queued or running, a
 * second start answers that one (one scan at a time per account).
 */
export async function startDoubleScan(queue: Queue, tenant: Tenant, session: Session) {
  await assertDoublesAllowed(tenant, session, 'scan');
  const { accountId } = tenant;
  const created = await tenant
    .transaction(async (tx) => {
      const running = await repo.findActiveScan(tx, accountId);
      if (running) return { scan: running, fresh: false };
      const total = await repo.countApplicants(tx, accountId);
      return { scan: await repo.insertScan(tx, accountId, tenant.userId, total), fresh: true };
    })
    .catch(async (error: unknown) => {
      // Two starts at once: the unique index lets one in, the other answers it.
      if (!isUniqueViolation(error)) throw error;
      const running = await tenant.transaction((tx) => repo.findActiveScan(tx, accountId));
      if (!running) throw error;
      return { scan: running, fresh: false };
    });
  if (!created.fresh) return { scan: toScan(created.scan) };
  // Enqueued after the commit (decision 0008): the job must find the scan row.
  try {
    await queue.enqueue(
      doubleScanJob,
      { accountId, scanId: created.scan.id },
      { singletonKey: `double-scan-${accountId}-${created.scan.id}` },
    );
  } catch (error) {
    await tenant.transaction((tx) =>
      repo.updateScan(tx, accountId, created.scan.id, {
        state: 'failed',
        error: SCAN_FAILED,
        finishedAt: new Date(),
      }),
    );
    throw error;
  }
  return { scan: toScan(created.scan) };
}

/** The latest scan of the account with its progress, for the progress bar. */
export async function getLatestDoubleScan(tenant: Tenant, session: Session) {
  await assertDoublesAllowed(tenant, session, 'read');
  const row = await tenant.transaction((tx) => repo.findLatestScan(tx, tenant.accountId));
  return { scan: row ? toScan(row) : null };
}
