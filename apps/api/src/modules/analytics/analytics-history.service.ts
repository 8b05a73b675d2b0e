import type { Db } from '@ats/db/connection';
import { insertTombstone } from './analytics-facts.repository.ts';

/**
 * Called by the applicants module in the transaction that deletes an applicant, before the row
 * goes: the counts of past periods keep them, without personal data (decision 0032). A merge's
 * loser is not remembered — its history moved to the survivor, who counts once.
 */
export async function rememberDeletedApplicant(tx: Db, accountId: number, applicantId: number) {
  await insertTombstone(tx, accountId, applicantId);
}
