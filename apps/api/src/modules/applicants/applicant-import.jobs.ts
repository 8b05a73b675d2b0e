import { z } from 'zod';
import type { JobDefinition } from '../../platform/queue.ts';
import { runApplicantImport } from './applicant-import.runner.ts';

const ZApplicantImportJob = z.object({
  accountId: z.number().int().positive(),
  importId: z.number().int().positive(),
});

/**
 * Works through the rows of one started import. A run that dies (a crash, a restart) is run
 * again by the queue and carries on after the last batch it committed.
 */
export const applicantImportJob: JobDefinition<z.infer<typeof ZApplicantImportJob>> = {
  name: 'applicants.import',
  payload: ZApplicantImportJob,
  handle: runApplicantImport,
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
};
