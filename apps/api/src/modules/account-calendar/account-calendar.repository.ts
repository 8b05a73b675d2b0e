import type { Db } from '@ats/db/connection';
import { accountCalendarDays } from '@ats/db/schema/account-calendar';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';

export type CalendarOverrideRow = { day: string; isWorking: boolean; name: string | null };

/** The company's own days between two dates, both included. */
export async function listOverridesBetween(
  tx: Db,
  accountId: number,
  from: string,
  to: string,
): Promise<CalendarOverrideRow[]> {
  return tx
    .select({
      day: accountCalendarDays.day,
      isWorking: accountCalendarDays.isWorking,
      name: accountCalendarDays.name,
    })
    .from(accountCalendarDays)
    .where(
      and(eq(accountCalendarDays.accountId, accountId), between(accountCalendarDays.day, from, to)),
    )
    .orderBy(asc(accountCalendarDays.day));
}

export async function upsertOverrides(
  tx: Db,
  accountId: number,
  userId: number,
  rows: CalendarOverrideRow[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(accountCalendarDays)
    .values(rows.map((row) => ({ ...row, accountId, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [accountCalendarDays.accountId, accountCalendarDays.day],
      set: {
        isWorking: sql`excluded.is_working`,
        name: sql`excluded.name`,
        updatedBy: userId,
        updatedAt: new Date(),
      },
    });
}

export async function deleteOverrides(tx: Db, accountId: number, days: string[]) {
  if (days.length === 0) return;
  await tx
    .delete(accountCalendarDays)
    .where(
      and(eq(accountCalendarDays.accountId, accountId), inArray(accountCalendarDays.day, days)),
    );
}
