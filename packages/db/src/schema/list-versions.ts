import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/**
 * The version of each of an account's reference lists (decision 0057, migration 0071): moved by
 * the list tables' statement triggers (`ats_bump_list_version`) in the writer's transaction and
 * reported by GET /api/me, so the browser keeps a list until it moves. No row: version 1.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    version: bigint({ mode: 'number' }).notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'list_versions_pk', columns: [t.accountId, t.list] }),
    tenantPolicy('list_versions'),
  ],
).enableRLS();
