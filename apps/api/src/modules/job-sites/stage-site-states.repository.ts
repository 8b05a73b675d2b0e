import type { Db } from '@ats/db/connection';
import {
  type JobSiteStageState,
  jobSiteResponses,
  jobSiteStageStates,
  jobSiteStateChanges,
} from '@ats/db/schema/job-sites';
import { and, desc, eq, inArray } from 'drizzle-orm';

// The tables of states out (migration 0069, decision 0054): the stage ↔ site-state mapping and the
// outbox of state changes. The job-sites module owns them.

export type StageStateRow = typeof jobSiteStageStates.$inferSelect;
export type StateChangeRow = typeof jobSiteStateChanges.$inferSelect;

export const listStageStates = (tx: Db, accountId: number, site: string, statusIds: number[]) =>
  statusIds.length === 0
    ? Promise.resolve([] as StageStateRow[])
    : tx
        .select()
        .from(jobSiteStageStates)
        .where(
          and(
            eq(jobSiteStageStates.accountId, accountId),
            eq(jobSiteStageStates.site, site),
            inArray(jobSiteStageStates.statusId, statusIds),
          ),
        );

export const saveStageState = (
  tx: Db,
  row: {
    accountId: number;
    site: string;
    statusId: number;
    state: JobSiteStageState;
    message: string | null;
  },
) =>
  tx
    .insert(jobSiteStageStates)
    .values(row)
    .onConflictDoUpdate({
      target: [jobSiteStageStates.accountId, jobSiteStageStates.site, jobSiteStageStates.statusId],
      set: { state: row.state, message: row.message, updatedAt: new Date() },
    });

/**
 * The responses from `site` that brought these applicants to these vacancies, in one statement
 * however many applications a bulk move entered.
 */
export const responsesOfApplications = (
  tx: Db,
  accountId: number,
  site: string,
  pairs: { applicantId: number; vacancyId: number }[],
) =>
  pairs.length === 0
    ? Promise.resolve([] as (typeof jobSiteResponses.$inferSelect)[])
    : tx
        .select()
        .from(jobSiteResponses)
        .where(
          and(
            eq(jobSiteResponses.accountId, accountId),
            eq(jobSiteResponses.site, site),
            inArray(
              jobSiteResponses.applicantId,
              pairs.map((p) => p.applicantId),
            ),
            inArray(
              jobSiteResponses.vacancyId,
              pairs.map((p) => p.vacancyId),
            ),
          ),
        );

export async function findResponse(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(jobSiteResponses)
    .where(and(eq(jobSiteResponses.accountId, accountId), eq(jobSiteResponses.id, id)));
  return row ?? null;
}

export async function insertStateChange(tx: Db, row: typeof jobSiteStateChanges.$inferInsert) {
  const [saved] = await tx
    .insert(jobSiteStateChanges)
    .values(row)
    .returning({ id: jobSiteStateChanges.id });
  return saved!.id;
}

export async function findStateChange(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(jobSiteStateChanges)
    .where(and(eq(jobSiteStateChanges.accountId, accountId), eq(jobSiteStateChanges.id, id)));
  return row ?? null;
}

export const updateStateChange = (
  tx: Db,
  accountId: number,
  id: number,
  patch: Partial<Pick<StateChangeRow, 'status' | 'attempts' | 'error'>>,
) =>
  tx
    .update(jobSiteStateChanges)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(jobSiteStateChanges.accountId, accountId), eq(jobSiteStateChanges.id, id)));

export const listStateChangesOf = (tx: Db, accountId: number, applicantId: number) =>
  tx
    .select()
    .from(jobSiteStateChanges)
    .where(
      and(
        eq(jobSiteStateChanges.accountId, accountId),
        eq(jobSiteStateChanges.applicantId, applicantId),
      ),
    )
    .orderBy(desc(jobSiteStateChanges.id))
    .limit(50);
