import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { sendDueReminders } from './event-reminders.ts';

/** How often the worker looks for due reminders: a reminder leaves within about a minute. */
export const EVENT_REMINDERS_SWEEP_MS = 60_000;

/** Sends the events' reminders due now; each once, whatever the number of copies running. */
export const eventRemindersJob: JobDefinition<Record<string, never>> = {
  name: 'events.send-reminders',
  payload: z.object({}),
  handle: async (_payload, context) => {
    await sendDueReminders(context);
  },
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 10 * 60,
};
