import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/**
 * A company's own decision about one day, over the national production calendar: a day the
 * company works though the country rests, or a day off it gives though the calendar says work.
 */
export const accountCalendarDays = pgTable(
  'account_calendar_days',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    isWorking: boolean().notNull(),
    name: text(),
    updatedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), tenantPolicy('account_calendar_days')],
).enableRLS();
