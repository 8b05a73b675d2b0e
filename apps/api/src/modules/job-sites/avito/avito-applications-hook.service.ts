import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.ts';
import type { Queue } from '../../../platform/queue.ts';
import { queueWebhookSync } from '../job-sites.jobs.ts';
import type { JobSitesDeps } from '../job-sites.service.ts';
import { avitoHookConnection } from './avito-connect.ts';

// Avito's applications webhook in, as its messenger webhook is (`avito-messenger-hook.service.ts`)
// and hh.ru's (`hh/hh-webhook.service.ts`): a delivery only asks for a sync, which reads and
// dedupes by the application's id.

/**
 * The vacancy a delivery names (`vacancy_id`, a number or its digits), if any. Read leniently: a
 * delivery of another shape (the URL check's `{}`) is still answered and asks for every linked
 * vacancy, as before.
 */
const ZAvitoApplicationsDelivery = z.object({
  vacancy_id: z
    .union([
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      z.string().regex(/^\d{1,19}$/),
    ])
    .transform(String)
    .optional()
    .catch(undefined),
});

/**
 * One delivery: the connection by its token (unknown: 404); unless it waits for a re-connect,
 * a sync of the delivery's vacancy is asked for through the queue (decision 0077) — nothing when
 * no link of the connection names that vacancy (another company's, or one not linked).
 */
export async function receiveAvitoApplicationsHook(
  deps: JobSitesDeps & { queue?: Queue | undefined },
  token: string,
  body: unknown,
) {
  const row = await avitoHookConnection(deps, token);
  if (!row) throw notFound(JOB_SITE_MESSAGES.connectionNotFound);
  if (row.state === 'reconnect') return { ok: true };
  const parsed = ZAvitoApplicationsDelivery.safeParse(body ?? {});
  const vacancyId = parsed.success ? parsed.data.vacancy_id : undefined;
  await queueWebhookSync(deps, row.accountId, row.id, vacancyId);
  return { ok: true };
}
