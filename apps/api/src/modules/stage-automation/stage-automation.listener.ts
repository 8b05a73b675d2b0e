import type { AppDeps } from '../../platform/deps.ts';
import { registerStageEnteredListener } from '../pipeline/stage-entered.service.ts';
import { AUTOMATION_RUNS_PER_JOB, automationRunJob } from './stage-automation.jobs.ts';
import * as repo from './stage-automation.repository.ts';

/**
 * Hooks the automation into the pipeline's moves: the runs are written in the move's own
 * transaction (the outbox: no move without its runs, no run without its move), and handed to the
 * queue once the move has committed. A run whose job is lost is picked up by the periodic sweep.
 */
export function listenToStageEntries(deps: AppDeps) {
  // The runs written for an application, until its move commits. A move rolled back leaves its
  // ids here until the next one: their jobs then find no run and do nothing.
  const written = new Map<number, number[]>();
  return registerStageEnteredListener({
    async inTransaction(tx, tenant, entered) {
      const runs = await repo.insertEnterRuns(tx, tenant.accountId, tenant.userId, entered);
      if (runs.length === 0) return;
      for (const e of entered) written.set(e.applicationId, []);
      for (const run of runs) written.get(run.application_id)?.push(run.id);
    },
    async afterCommit(tenant, entered) {
      const runIds = entered.flatMap((e) => {
        const ids = written.get(e.applicationId) ?? [];
        written.delete(e.applicationId);
        return ids;
      });
      const queue = deps.queue;
      if (!queue) return;
      // The runs of one move in as few jobs as the bound allows: the moves a job makes are told
      // in one message per owner (decision 0073).
      for (let i = 0; i < runIds.length; i += AUTOMATION_RUNS_PER_JOB) {
        const batch = runIds.slice(i, i + AUTOMATION_RUNS_PER_JOB);
        await queue
          .enqueue(automationRunJob, { accountId: tenant.accountId, runIds: batch })
          .catch((error: unknown) =>
            deps.log.error({ err: error, runIds: batch }, 'automation runs not enqueued'),
          );
      }
    },
  });
}
