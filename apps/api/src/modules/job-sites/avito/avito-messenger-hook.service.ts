import { notFound } from '../../../platform/errors.ts';
import type { Queue } from '../../../platform/queue.ts';
import { WEBHOOK_MESSAGES } from '../hh/hh-webhook.service.ts';
import { jobSiteAvitoMessageJob, queueWebhookSync } from '../job-sites.jobs.ts';
import type { JobSitesDeps } from '../job-sites.service.ts';
import {
  type TAvitoMessengerDelivery,
  applicantMessageOf,
  avitoConnectionByToken,
  avitoHookWork,
  storeAvitoHookMessage,
} from './avito-messenger-hook.ts';

// Avito's messenger webhook in (decision 0076), as hh.ru's is in `hh/hh-webhook.service.ts`:
// what the delivery asks for is decided and queued here, the route only reads the body. The
// delivery's shape, its reading and the job's work are `avito-messenger-hook.ts`.

/**
 * One delivery, answered at once (Avito allows 2 s): the connection by its token (unknown: 404,
 * nothing stored); the applicant's message handed to the job queue, or, in a chat no application
 * of ours names yet, its vacancy's sync queued; anything else passed over.
 */
export async function receiveAvitoMessengerHook(
  deps: JobSitesDeps & { queue?: Queue | undefined },
  token: string,
  delivery: TAvitoMessengerDelivery,
) {
  const connection = await avitoConnectionByToken(deps, token);
  if (!connection) throw notFound(WEBHOOK_MESSAGES.unknown);
  const userId = Number(connection.externalAccountId);
  const message = Number.isSafeInteger(userId) ? applicantMessageOf(delivery, userId) : null;
  if (!message) return { ok: true };
  const work = await avitoHookWork(deps, connection, message);
  const { accountId, id: connectionId } = connection;
  if (work === 'store') {
    if (deps.queue) {
      await deps.queue.enqueue(
        jobSiteAvitoMessageJob,
        { accountId, connectionId, message },
        { singletonKey: `job_site_avito_message_${connectionId}_${message.id}` },
      );
    } else {
      void storeAvitoHookMessage(deps, accountId, connectionId, message).catch(() => undefined);
    }
  } else if (work === 'sync') {
    await queueWebhookSync(deps, accountId, connectionId, message.itemId ?? undefined);
  }
  return { ok: true };
}
