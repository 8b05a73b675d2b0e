import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { runDoubleScan } from './double-scan.runner.ts';

const ZDoubleScanJob = z.object({
  accountId: z.number().int().positive(),
  scanId: z.number().int().positive(),
});

/** The scan of a whole account for doubles; a run that dies starts over (it is idempotent). */
export const doubleScanJob: JobDefinition<z.infer<typeof ZDoubleScanJob>> = {
  name: 'duplicates.scan',
  payload: ZDoubleScanJob,
  handle: runDoubleScan,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
};
