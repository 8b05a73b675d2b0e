import { z } from 'zod';
import type { JobDefinition } from '../../../platform/queue.ts';
import { pollMailboxes } from './email.poller.ts';

const ZPoll = z.object({});

/**
 * One pass over the mailboxes of every active e-mail channel (email.poller.ts), enqueued by the
 * API every MAIL_POLL_SECONDS, one waiting at a time (its key). Letters are stored once by their
 * Message-ID, so a pass cut short is simply read again by the next.
 */
export const mailboxesPollJob: JobDefinition<z.infer<typeof ZPoll>> = {
  name: 'messaging.mailboxes-poll',
  payload: ZPoll,
  handle: async (_payload, context) => {
    await pollMailboxes(context);
  },
  retryLimit: 0,
  expireInSeconds: 10 * 60,
};
