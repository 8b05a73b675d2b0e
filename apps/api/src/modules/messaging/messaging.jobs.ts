import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { sendDueMessages } from './messaging-outbox.ts';
import { sendDueUserNotifications } from './telegram/user-telegram.ts';

const ZSweep = z.object({});

/**
 * The message outbox's sweep: messages whose retry is due, and those a process that died left
 * queued or mid-send; and users' Telegram notifications likewise. Enqueued by the API and the worker every OUTBOX_SWEEP_MS (one waiting at a
 * time, by its key); each message is claimed before it is sent, so copies never send it twice.
 */
export const messagesSweepJob: JobDefinition<z.infer<typeof ZSweep>> = {
  name: 'messaging.outbox-sweep',
  payload: ZSweep,
  handle: async (_payload, context) => {
    await sendDueMessages(context);
    await sendDueUserNotifications(context);
  },
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 10 * 60,
};

export const MESSAGES_SWEEP_MS = 15_000;
