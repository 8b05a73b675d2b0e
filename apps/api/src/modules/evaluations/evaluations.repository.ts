import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import {
  applicantEvaluations,
  evaluationCriteria,
  evaluations,
  type StoredAnswer,
} from '@ats/db/schema/evaluations';
import { statuses } from '@ats/db/schema/pipeline';
import { intArray } from '@ats/db/sql-arrays';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { userNameParts } from '../../platform/person-name.ts';

export type FormRow = typeof evaluations.$inferSelect;
export type CriterionRow = typeof evaluationCriteria.$inferSelect;
export type ApplicantEvaluationRow = typeof applicantEvaluations.$inferSelect & {
  evaluationName: string;
  /** For the display name; see `userNameParts`. */
  authorPerson: TPersonNameParts | null;
};
export type FormStageRow = {
  id: number;
  evaluation_id: number;
  name: string;
  status_group_id: number | null;
  status_group_name: string | null;
  vacancy_id: number | null;
  vacancy_name: string | null;
};

// ── Forms and criteria ───────────────────────────────────────────────────────────────────────

export async function listActiveForms(tx: Db, accountId: number) {
  return tx
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.accountId, accountId), isNull(evaluations.archivedAt)))
    .orderBy(asc(sql`lower(${evaluations.name})`), asc(evaluations.id));
}

/** A form by id; archived forms are found only when `withArchived` (old evaluations name them). */
export async function findForm(tx: Db, accountId: number, id: number, withArchived = false) {
  const [row] = await tx
    .select()
    .from(evaluations)
    .where(
      and(
        eq(evaluations.accountId, accountId),
        eq(evaluations.id, id),
        withArchived ? undefined : isNull(evaluations.archivedAt),
      ),
    );
  return row ?? null;
}

export async function insertForm(tx: Db, form: typeof evaluations.$inferInsert) {
  const [row] = await tx.insert(evaluations).values(form).returning();
  return row!;
}

export async function updateForm(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof evaluations.$inferInsert>,
) {
  await tx
    .update(evaluations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(evaluations.accountId, accountId), eq(evaluations.id, id)));
}

/** Live criteria of the given forms, in order. */
export async function listCriteria(tx: Db, accountId: number, formIds: number[]) {
  if (formIds.length === 0) return [];
  return tx
    .select()
    .from(evaluationCriteria)
    .where(
      and(
        eq(evaluationCriteria.accountId, accountId),
        inArray(evaluationCriteria.evaluationId, formIds),
        isNull(evaluationCriteria.deletedAt),
      ),
    )
    .orderBy(asc(evaluationCriteria.position), asc(evaluationCriteria.id));
}

export async function insertCriteria(tx: Db, rows: (typeof evaluationCriteria.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(evaluationCriteria).values(rows);
}

export async function updateCriterion(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<typeof evaluationCriteria.$inferInsert>,
) {
  await tx
    .update(evaluationCriteria)
    .set(changes)
    .where(and(eq(evaluationCriteria.accountId, accountId), eq(evaluationCriteria.id, id)));
}

export async function softDeleteCriteria(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(evaluationCriteria)
    .set({ deletedAt: new Date() })
    .where(and(eq(evaluationCriteria.accountId, accountId), inArray(evaluationCriteria.id, ids)));
}

export async function countEvaluationsByForm(tx: Db, accountId: number) {
  return tx
    .select({ evaluationId: applicantEvaluations.evaluationId, total: count() })
    .from(applicantEvaluations)
    .where(eq(applicantEvaluations.accountId, accountId))
    .groupBy(applicantEvaluations.evaluationId);
}

/** The stages (of funnels and of vacancies) that use the given forms. */
export async function listFormStages(tx: Db, accountId: number, formIds: number[]) {
  if (formIds.length === 0) return [];
  return selectRows<FormStageRow>(
    tx,
    sql`select s.id, s.evaluation_id, s.name, s.status_group_id, g.name as status_group_name,
               s.vacancy_id, v.position as vacancy_name
        from statuses s
        left join status_groups g on g.account_id = s.account_id and g.id = s.status_group_id
        left join vacancies v on v.account_id = s.account_id and v.id = s.vacancy_id
        where s.account_id = ${accountId}::int
          and s.evaluation_id in (${sql.join(
            formIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})
        order by s.status_group_id nulls last, s.vacancy_id, s.position, s.id`,
  );
}

/** A removed form is no longer offered on stages. */
export async function detachFormFromStages(tx: Db, accountId: number, formId: number) {
  await tx
    .update(statuses)
    .set({ evaluationId: null })
    .where(and(eq(statuses.accountId, accountId), eq(statuses.evaluationId, formId)));
}

// ── Applicant evaluations ────────────────────────────────────────────────────────────────────

const evaluationColumns = {
  accountId: applicantEvaluations.accountId,
  id: applicantEvaluations.id,
  evaluationId: applicantEvaluations.evaluationId,
  applicantId: applicantEvaluations.applicantId,
  vacancyId: applicantEvaluations.vacancyId,
  authorId: applicantEvaluations.authorId,
  recommendation: applicantEvaluations.recommendation,
  answers: applicantEvaluations.answers,
  createdAt: applicantEvaluations.createdAt,
  updatedAt: applicantEvaluations.updatedAt,
  evaluationName: evaluations.name,
  authorPerson: sql<TPersonNameParts | null>`(
    select ${userNameParts('u')} from users u
    where u.account_id = ${applicantEvaluations.accountId} and u.id = ${applicantEvaluations.authorId})`,
};

const withForm = (tx: Db) =>
  tx
    .select(evaluationColumns)
    .from(applicantEvaluations)
    .innerJoin(
      evaluations,
      and(
        eq(evaluations.accountId, applicantEvaluations.accountId),
        eq(evaluations.id, applicantEvaluations.evaluationId),
      ),
    );

/** An applicant's evaluations, newest first; `vacancyIds` narrows them (a watcher's view). */
export async function listApplicantEvaluations(
  tx: Db,
  accountId: number,
  applicantId: number,
  filter: { evaluationId?: number | undefined; vacancyIds?: number[] | undefined },
): Promise<ApplicantEvaluationRow[]> {
  return withForm(tx)
    .where(
      and(
        eq(applicantEvaluations.accountId, accountId),
        eq(applicantEvaluations.applicantId, applicantId),
        filter.evaluationId === undefined
          ? undefined
          : eq(applicantEvaluations.evaluationId, filter.evaluationId),
        filter.vacancyIds === undefined
          ? undefined
          : filter.vacancyIds.length === 0
            ? sql`false`
            : inArray(applicantEvaluations.vacancyId, filter.vacancyIds),
      ),
    )
    .orderBy(desc(applicantEvaluations.createdAt), desc(applicantEvaluations.id));
}

/** Every evaluation made with one form (the form's summary). */
export async function listFormEvaluations(tx: Db, accountId: number, formId: number) {
  return withForm(tx).where(
    and(
      eq(applicantEvaluations.accountId, accountId),
      eq(applicantEvaluations.evaluationId, formId),
    ),
  );
}

export async function findApplicantEvaluation(tx: Db, accountId: number, id: number) {
  const [row] = await withForm(tx).where(
    and(eq(applicantEvaluations.accountId, accountId), eq(applicantEvaluations.id, id)),
  );
  return row ?? null;
}

export async function insertApplicantEvaluation(
  tx: Db,
  row: typeof applicantEvaluations.$inferInsert,
) {
  const [created] = await tx
    .insert(applicantEvaluations)
    .values(row)
    .returning({ id: applicantEvaluations.id });
  return created!.id;
}

export async function updateApplicantEvaluation(
  tx: Db,
  accountId: number,
  id: number,
  changes: { recommendation?: 'yes' | 'maybe' | 'no' | null; answers?: StoredAnswer[] },
) {
  await tx
    .update(applicantEvaluations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(applicantEvaluations.accountId, accountId), eq(applicantEvaluations.id, id)));
}

export async function deleteApplicantEvaluation(tx: Db, accountId: number, id: number) {
  await tx
    .delete(applicantEvaluations)
    .where(and(eq(applicantEvaluations.accountId, accountId), eq(applicantEvaluations.id, id)));
}

// ── Who may see the applicant ────────────────────────────────────────────────────────────────

export async function applicantExists(tx: Db, accountId: number, applicantId: number) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from applicants where account_id = ${accountId}::int and id = ${applicantId}::int`,
  );
  return rows.length > 0;
}

/** Whether the applicant stands on the vacancy (an evaluation may be made for it). */
export async function vacancyOfApplicantExists(
  tx: Db,
  accountId: number,
  applicantId: number,
  vacancyId: number,
) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select id from applications where account_id = ${accountId}::int
          and applicant_id = ${applicantId}::int and vacancy_id = ${vacancyId}::int`,
  );
  return rows.length > 0;
}

/** The stored files of the applicants' evaluations (answers to file criteria). */
export async function listEvaluationFileKeys(tx: Db, accountId: number, applicantIds: number[]) {
  if (applicantIds.length === 0) return [];
  const rows = await selectRows<{ storage_key: string }>(
    tx,
    sql`select answer->'file'->>'storage_key' as storage_key
        from applicant_evaluations e, jsonb_array_elements(e.answers) answer
        where e.account_id = ${accountId} and e.applicant_id = any(${intArray(applicantIds)})
          and jsonb_typeof(answer->'file') = 'object'`,
  );
  return rows.map((r) => r.storage_key).filter(Boolean);
}
