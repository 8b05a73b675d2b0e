import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { runDueDelayedTasks } from './delayed-tasks.runner.ts';

const ZRunDueJob = z.object({});

/**
 * Runs the delayed sub-tasks that are due. Enqueued for each task's moment (startAfter), after a
 * retry, and every half minute by the worker's sweep, so a run lost with a dead process is taken
 * up again; whatever the number of copies running, each sub-task runs once (the runner's locks).
 */
export const delayedTasksRunJob: JobDefinition<z.infer<typeof ZRunDueJob>> = {
  name: 'delayed-tasks.run-due',
  payload: ZRunDueJob,
  handle: async (_payload, context) => {
    await runDueDelayedTasks(context);
  },
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 10 * 60,
};

/** How often the worker looks for due sub-tasks whatever was enqueued. */
export const DELAYED_TASKS_SWEEP_MS = 30_000;
