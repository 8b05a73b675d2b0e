import type { AppDeps } from '../../platform/deps.ts';
import { registerStageEnteredListener } from '../pipeline/stage-entered.service.ts';
import { automationRunJob } from './stage-automation.jobs.ts';
import * as repo from './stage-automation.repository.ts';

/**
 * Hooks the automation into the pipeline's moves: the runs are written in the move's own
 * transaction (the outbox: no move without its runs, no run without its move), and handed to the
 * queue once the move has committed. A run whose job is lost is picked up by the periodic sweep.
 */
export function listenToStageEntries(deps: AppDeps) {
  return registerStageEnteredListener({
    async inTransaction(tx, tenant, entered) {
      await repo.insertEnterRuns(tx, tenant.accountId, tenant.userId, entered);
    },
    async afterCommit(tenant, entered) {
      const queue = deps.queue;
      if (!queue) return;
      const runs = await tenant.transaction((tx) =>
        repo.listPendingRunsOf(
          tx,
          tenant.accountId,
          entered.map((e) => e.applicationId),
        ),
      );
      for (const run of runs) {
        await queue
          .enqueue(automationRunJob, { accountId: tenant.accountId, runId: run.id })
          .catch((error: unknown) =>
            deps.log.error({ err: error, runId: run.id }, 'automation run not enqueued'),
          );
      }
    },
  });
}
