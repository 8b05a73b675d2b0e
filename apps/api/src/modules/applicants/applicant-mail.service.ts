import type { Db } from '@ats/db/connection';
import * as repo from './applicant-mail.repository.ts';

/**
 * For work without a caller (a letter read from a mailbox, issue 14), in that work's tenant
 * transaction: the applicants with this e-mail address, the likeliest first.
 */
export const findApplicantIdsByEmailIn = (tx: Db, accountId: number, address: string) =>
  repo.findApplicantIdsByEmail(tx, accountId, address.trim());
