import type { Db } from '@ats/db/connection';
import { feedbacks } from '@ats/db/schema/public-content';

/** Feedback arrives from visitors without an account as well as from signed-in users. */
export async function insertFeedbackAcrossAccounts(
  db: Db,
  feedback: typeof feedbacks.$inferInsert,
) {
  const [row] = await db.insert(feedbacks).values(feedback).returning({ id: feedbacks.id });
  return row!.id;
}
