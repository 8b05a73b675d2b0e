import { z } from 'zod';
import { createMailer } from '../../platform/mailer.ts';
import type { JobDefinition } from '../../platform/queue.ts';
import { mailResetLinkIfRegistered } from './password-link.service.ts';

const ZPasswordResetJob = z.object({
  email: z.string().min(1).max(320),
  publicUrl: z.string().min(1),
});

/**
 * Whether the address belongs to someone is decided here, after the request has been answered:
 * the request itself does the same work for every address, so its timing tells nobody who has
 * an account.
 */
export const passwordResetJob: JobDefinition<z.infer<typeof ZPasswordResetJob>> = {
  name: 'auth.password_reset',
  payload: ZPasswordResetJob,
  handle: ({ email, publicUrl }, context) =>
    mailResetLinkIfRegistered(
      {
        database: context.database,
        mailer: createMailer(context.config, context.database.system, context.log),
      },
      email,
      publicUrl,
    ),
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
};
