import { z } from 'zod';
import { createMailer } from '../../platform/mailer.ts';
import type { JobContext, JobDefinition } from '../../platform/queue.ts';
import { type RunnerDeps, runAutomations, sweepAutomation } from './stage-automation.runner.ts';

const depsOf = (context: JobContext): RunnerDeps => ({
  config: context.config,
  database: context.database,
  log: context.log,
  mailer: createMailer(context.config, context.database.system, context.log),
});

/** The runs one job does at most: a bulk move's are split into jobs of this many. */
export const AUTOMATION_RUNS_PER_JOB = 50;

const ZRunId = z.number().int().positive();
// `runId`: one run, as jobs were enqueued before a job took several (still accepted).
const ZRunJob = z.union([
  z.object({
    accountId: ZRunId,
    runIds: z.array(ZRunId).min(1).max(AUTOMATION_RUNS_PER_JOB),
  }),
  z.object({ accountId: ZRunId, runId: ZRunId }),
]);

/**
 * The runs one move of a person wrote (a bulk move's, by `AUTOMATION_RUNS_PER_JOB`), enqueued
 * once that move has committed; the owners hear of the moves they make in one message each. A
 * second delivery of the job finds the runs taken and does nothing (the claim in the runner).
 */
export const automationRunJob: JobDefinition<z.infer<typeof ZRunJob>> = {
  name: 'stage-automation.run',
  payload: ZRunJob,
  handle: async (payload, context) => {
    const runIds = 'runIds' in payload ? payload.runIds : [payload.runId];
    await runAutomations(depsOf(context), payload.accountId, runIds);
  },
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
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
