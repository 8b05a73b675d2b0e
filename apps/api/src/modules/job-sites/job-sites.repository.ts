import type { Db } from '@ats/db/connection';
import {
  type JobSiteSyncProgress,
  jobSiteConnections,
  jobSiteResponses,
  jobSiteVacancies,
} from '@ats/db/schema/job-sites';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { intArray } from '@ats/db/sql-arrays';

export type ConnectionRow = typeof jobSiteConnections.$inferSelect;
export type ConnectionPatch = Partial<
  Omit<typeof jobSiteConnections.$inferInsert, 'accountId' | 'id' | 'site'>
>;

export const listConnections = (tx: Db, accountId: number) =>
  tx
    .select()
    .from(jobSiteConnections)
    .where(eq(jobSiteConnections.accountId, accountId))
    .orderBy(asc(jobSiteConnections.id));

export async function findConnection(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(jobSiteConnections)
    .where(and(eq(jobSiteConnections.accountId, accountId), eq(jobSiteConnections.id, id)));
  return row ?? null;
}

/** The connection's row, locked until the transaction ends: whose turn it is to sync (0077). */
export async function lockConnection(tx: Db, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(jobSiteConnections)
    .where(and(eq(jobSiteConnections.accountId, accountId), eq(jobSiteConnections.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * The running sync's progress merged into the stored one (the syncs asked for meanwhile stay),
 * while the turn is still this run's.
 */
export const saveRunProgress = (
  tx: Db,
  accountId: number,
  id: number,
  runId: string,
  patch: Pick<JobSiteSyncProgress, 'vacancies_done' | 'vacancies_total' | 'responses_seen'> & {
    alive_at: string;
  },
) =>
  tx
    .update(jobSiteConnections)
    .set({
      syncProgress: sql`coalesce(${jobSiteConnections.syncProgress}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(jobSiteConnections.accountId, accountId),
        eq(jobSiteConnections.id, id),
        sql`${jobSiteConnections.syncProgress} ->> 'run_id' = ${runId}`,
      ),
    );

/**
 * The site's vacancy taken for this transaction: ties of one site vacancy (a link, an import)
 * run one after the other, so the second reads what the first one committed (decision 0077).
 */
export async function lockSiteVacancy(tx: Db, accountId: number, site: string, externalId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`ats_job_site_vacancy:${accountId}:${site}:${externalId}`}, 0))`,
  );
}

/** A second consent for the same employer replaces the tokens of the one connection. */
export async function upsertConnection(
  tx: Db,
  row: typeof jobSiteConnections.$inferInsert,
): Promise<number> {
  const [saved] = await tx
    .insert(jobSiteConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [
        jobSiteConnections.accountId,
        jobSiteConnections.site,
        jobSiteConnections.externalAccountId,
      ],
      set: {
        externalAccountName: row.externalAccountName,
        externalUserId: row.externalUserId,
        accessToken: row.accessToken,
        refreshToken: row.refreshToken,
        accessExpiresAt: row.accessExpiresAt,
        state: 'active',
        pausedUntil: null,
        failures: 0,
        lastError: null,
        updatedAt: new Date(),
      },
    })
    .returning({ id: jobSiteConnections.id });
  return saved!.id;
}

export const updateConnection = (tx: Db, accountId: number, id: number, patch: ConnectionPatch) =>
  tx
    .update(jobSiteConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(jobSiteConnections.accountId, accountId), eq(jobSiteConnections.id, id)));

export async function deleteConnection(tx: Db, accountId: number, id: number) {
  const gone = await tx
    .delete(jobSiteConnections)
    .where(and(eq(jobSiteConnections.accountId, accountId), eq(jobSiteConnections.id, id)))
    .returning({ id: jobSiteConnections.id });
  return gone.length > 0;
}

/**
 * Every connection of every account, for the scheduled sync (owner connection): its interval
 * passed, its pause over, or a sync asked for or running that has shown no life for
 * `staleSeconds` (its process died: the sweep takes its turn over).
 */
export const listDueConnectionsAcrossAccounts = (
  db: Db,
  intervalSeconds: number,
  staleSeconds: number,
) =>
  db
    .select({ accountId: jobSiteConnections.accountId, id: jobSiteConnections.id })
    .from(jobSiteConnections)
    .where(
      sql`${jobSiteConnections.state} <> 'reconnect' and (
        (${jobSiteConnections.pausedUntil} is not null and ${jobSiteConnections.pausedUntil} <= now())
        or (${jobSiteConnections.pausedUntil} is null and (${jobSiteConnections.lastSyncAt} is null
          or ${jobSiteConnections.lastSyncAt} < now() - make_interval(secs => ${intervalSeconds})))
        or (coalesce((${jobSiteConnections.syncProgress} ->> 'running')::boolean, false)
          and coalesce(${jobSiteConnections.syncProgress} ->> 'alive_at',
                       ${jobSiteConnections.syncProgress} ->> 'started_at')::timestamptz
              < now() - make_interval(secs => ${staleSeconds})))`,
    );

export const listLinks = (tx: Db, accountId: number, connectionId: number) =>
  tx
    .select()
    .from(jobSiteVacancies)
    .where(
      and(
        eq(jobSiteVacancies.accountId, accountId),
        eq(jobSiteVacancies.connectionId, connectionId),
      ),
    )
    .orderBy(asc(jobSiteVacancies.id));

export async function insertLink(tx: Db, row: typeof jobSiteVacancies.$inferInsert) {
  const [saved] = await tx.insert(jobSiteVacancies).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function findLinkByExternal(
  tx: Db,
  accountId: number,
  site: string,
  externalId: string,
) {
  const [row] = await tx
    .select()
    .from(jobSiteVacancies)
    .where(
      and(
        eq(jobSiteVacancies.accountId, accountId),
        eq(jobSiteVacancies.site, site),
        eq(jobSiteVacancies.externalId, externalId),
      ),
    );
  return row ?? null;
}

export async function knownResponseIds(
  tx: Db,
  accountId: number,
  site: string,
  externalIds: string[],
) {
  if (externalIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ externalId: jobSiteResponses.externalId })
    .from(jobSiteResponses)
    .where(
      and(
        eq(jobSiteResponses.accountId, accountId),
        eq(jobSiteResponses.site, site),
        inArray(jobSiteResponses.externalId, externalIds),
      ),
    );
  return new Set(rows.map((r) => r.externalId));
}

/** Claims the response (unique per account, site, id): null when it was brought in already. */
export async function claimResponse(tx: Db, row: typeof jobSiteResponses.$inferInsert) {
  const [saved] = await tx
    .insert(jobSiteResponses)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: jobSiteResponses.id });
  return saved?.id ?? null;
}

/**
 * Claims a page's responses in one statement: the id of each claimed one by its external id; one
 * brought in already (or by a sync running beside this one) is left out.
 */
export async function claimResponses(tx: Db, rows: (typeof jobSiteResponses.$inferInsert)[]) {
  if (rows.length === 0) return new Map<string, number>();
  const saved = await tx
    .insert(jobSiteResponses)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: jobSiteResponses.id, externalId: jobSiteResponses.externalId });
  return new Map(saved.map((s) => [s.externalId, s.id]));
}

/** The applicants a page's claimed responses ended on, in one statement. */
export async function finishResponses(
  tx: Db,
  accountId: number,
  done: { id: number; applicantId: number; matched: boolean }[],
) {
  if (done.length === 0) return;
  await tx.execute(sql`
    update job_site_responses r set applicant_id = f.applicant_id, matched = f.matched = 1
    from unnest(${intArray(done.map((d) => d.id))}, ${intArray(done.map((d) => d.applicantId))},
                ${intArray(done.map((d) => (d.matched ? 1 : 0)))}) as f(id, applicant_id, matched)
    where r.account_id = ${accountId} and r.id = f.id`);
}

export const finishResponse = (
  tx: Db,
  accountId: number,
  id: number,
  patch: { applicantId: number; matched: boolean },
) =>
  tx
    .update(jobSiteResponses)
    .set(patch)
    .where(and(eq(jobSiteResponses.accountId, accountId), eq(jobSiteResponses.id, id)));

export const listApplicantResponses = (
  tx: Db,
  accountId: number,
  site: string,
  applicantId: number,
) =>
  tx
    .select({
      externalId: jobSiteResponses.externalId,
      externalVacancyId: jobSiteResponses.externalVacancyId,
      vacancyId: jobSiteResponses.vacancyId,
      resumeUrl: jobSiteResponses.resumeUrl,
      createdAt: jobSiteResponses.createdAt,
      name: jobSiteVacancies.name,
    })
    .from(jobSiteResponses)
    .leftJoin(
      jobSiteVacancies,
      and(
        eq(jobSiteVacancies.accountId, jobSiteResponses.accountId),
        eq(jobSiteVacancies.site, jobSiteResponses.site),
        eq(jobSiteVacancies.externalId, jobSiteResponses.externalVacancyId),
      ),
    )
    .where(
      and(
        eq(jobSiteResponses.accountId, accountId),
        eq(jobSiteResponses.site, site),
        eq(jobSiteResponses.applicantId, applicantId),
        isNotNull(jobSiteResponses.applicantId),
      ),
    )
    .orderBy(asc(jobSiteResponses.id));

/** The page's responses that became applicants, with when their messages were last read. */
export const responsesForMessages = (
  tx: Db,
  accountId: number,
  site: string,
  externalIds: string[],
) =>
  externalIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: jobSiteResponses.id,
          externalId: jobSiteResponses.externalId,
          applicantId: jobSiteResponses.applicantId,
          messagesSeen: jobSiteResponses.messagesSeen,
        })
        .from(jobSiteResponses)
        .where(
          and(
            eq(jobSiteResponses.accountId, accountId),
            eq(jobSiteResponses.site, site),
            inArray(jobSiteResponses.externalId, externalIds),
            isNotNull(jobSiteResponses.applicantId),
          ),
        );

/** Avito: the responses (that became applicants) of the chats a sync found changed. */
export const responsesForChats = (tx: Db, accountId: number, site: string, chatIds: string[]) =>
  chatIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: jobSiteResponses.id,
          chatId: jobSiteResponses.chatId,
          applicantId: jobSiteResponses.applicantId,
          messagesSeen: jobSiteResponses.messagesSeen,
        })
        .from(jobSiteResponses)
        .where(
          and(
            eq(jobSiteResponses.accountId, accountId),
            eq(jobSiteResponses.site, site),
            inArray(jobSiteResponses.chatId, chatIds),
            isNotNull(jobSiteResponses.applicantId),
          ),
        );

/** The negotiations' message counts read, in one statement. */
export async function setMessagesSeen(
  tx: Db,
  accountId: number,
  seen: { id: number; count: number }[],
) {
  if (seen.length === 0) return;
  const rows = sql.join(
    seen.map((s) => sql`(${s.id}::integer, ${s.count}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update job_site_responses r set messages_seen = v.count
    from (values ${rows}) as v(id, count)
    where r.account_id = ${accountId} and r.id = v.id`);
}
