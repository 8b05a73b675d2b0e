import { z } from 'zod';
import { createMailer } from '../../platform/mailer.ts';
import type { JobContext, JobDefinition } from '../../platform/queue.ts';
import { type RunnerDeps, runAutomation, sweepAutomation } from './stage-automation.runner.ts';

const depsOf = (context: JobContext): RunnerDeps => ({
  config: context.config,
  database: context.database,
  log: context.log,
  mailer: createMailer(context.config, context.database.system, context.log),
});

const ZRunJob = z.object({
  accountId: z.number().int().positive(),
  runId: z.number().int().positive(),
});

/**
 * One run of stage automation, enqueued once the move that caused it has committed. A second
 * delivery of the job finds the run taken and does nothing (the claim in the runner).
 */
export const automationRunJob: JobDefinition<z.infer<typeof ZRunJob>> = {
  name: 'stage-automation.run',
  payload: ZRunJob,
  handle: async (payload, context) => {
    await runAutomation(depsOf(context), payload.accountId, payload.runId);
  },
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 5 * 60,
};

/** Every minute (main.ts): the «stays longer than N days» rules, and runs whose job was lost. */
export const automationSweepJob: JobDefinition<Record<string, never>> = {
  name: 'stage-automation.sweep',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  handle: async (_payload, context) => {
    await sweepAutomation(depsOf(context));
  },
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
};
