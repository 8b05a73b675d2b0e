import type { Db } from '@ats/db/connection';
import * as repo from './statuses.repository.ts';

/**
 * Gives a new account the default funnel «Основная воронка» with its stages and the usual
 * reasons (contracts/pipeline.ts DEFAULT_FUNNEL, DEFAULT_REASONS). Runs inside the sign-up
 * transaction, so an account never exists without them. The data itself is the SQL function of
 * migration 0012, which also gave it to the accounts that existed before.
 */
export async function seedAccountPipeline(tx: Db, accountId: number) {
  await repo.insertDefaultPipeline(tx, accountId);
}
