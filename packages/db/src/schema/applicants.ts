import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/** The applicant base; the applicants feature adds its fields. Counted into accounts by trigger. */
export const applicants = pgTable(
  'applicants',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    firstName: text(),
    lastName: text(),
    middleName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index('applicants_created_idx').on(t.accountId, t.createdAt.desc()),
    tenantPolicy('applicants'),
  ],
).enableRLS();
