import {
  EVALUATION_MESSAGES as M,
  type TApplicantEvaluation,
  type TApplicantEvaluationList,
  type TCreateApplicantEvaluationRequest,
  type TUpdateApplicantEvaluationRequest,
} from '@ats/contracts/evaluations';
import type { Db } from '@ats/db/connection';
import type { StoredAnswer } from '@ats/db/schema/evaluations';
import type { Session } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { blobOf, discardBlobs } from '../files/files.service.ts';
import { vacanciesReachingApplicant } from '../pipeline/applicant-reach.service.ts';
import { type PendingFile, readAnswers } from './evaluation-answers.ts';
import { summarizeForm } from './evaluation-summary.ts';
import { assertEvaluationAction } from './evaluations.policy.ts';
import * as repo from './evaluations.repository.ts';

const fileUrl = (evaluationId: number, criterionId: number) =>
  `/api/applicant_evaluations/${evaluationId}/files/${criterionId}`;

function toAnswer(evaluationId: number, a: StoredAnswer): TApplicantEvaluation['criterions'][0] {
  const value =
    a.criterion_type === 'pick_one' && Array.isArray(a.value) ? (a.value[0] ?? null) : a.value;
  return {
    criterion_id: a.criterion_id,
    criterion_name: a.criterion_name,
    comment: a.comment,
    result: {
      criterion_type: a.criterion_type,
      result: a.criterion_type === 'add_file' ? null : value,
      ...(a.criterion_type === 'add_file' && {
        file_name: a.file?.file_name ?? null,
        file_url: a.file ? fileUrl(evaluationId, a.criterion_id) : null,
      }),
    },
  };
}

export const toApplicantEvaluation = (row: repo.ApplicantEvaluationRow): TApplicantEvaluation => ({
  id: row.id,
  evaluation_id: row.evaluationId,
  evaluation_name: row.evaluationName,
  applicant_id: row.applicantId,
  vacancy_id: row.vacancyId,
  recommendation: row.recommendation,
  author:
    row.authorId === null
      ? null
      : { id: row.authorId, name: userDisplayName(row.authorPerson) ?? '' },
  criterions: row.answers.map((a) => toAnswer(row.id, a)),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Whether the caller may evaluate the applicant: recruiters always; watchers when the applicant
 * stands on a vacancy they may open, at a stage they may read (the card's rule), and then only the evaluations made for those vacancies are
 * theirs to see (`vacancyIds`). An applicant of another account is not found.
 */
async function accessApplicant(tx: Db, tenant: Tenant, session: Session, applicantId: number) {
  if (!(await repo.applicantExists(tx, tenant.accountId, applicantId))) {
    throw notFound(M.applicantNotFound);
  }
  if (session.memberType === 'owner') return { vacancyIds: undefined };
  // The vacancies through which the watcher reaches the applicant, as the card does.
  const vacancyIds = await vacanciesReachingApplicant(tx, tenant, session, applicantId);
  assertEvaluationAction(session, 'evaluate', { watchesApplicant: vacancyIds.length > 0 });
  return { vacancyIds };
}

/** An evaluation the caller may see, or 404. */
async function readVisible(tx: Db, tenant: Tenant, session: Session, id: number) {
  const row = await repo.findApplicantEvaluation(tx, tenant.accountId, id);
  if (!row) throw notFound(M.evaluationNotFound);
  const { vacancyIds } = await accessApplicant(tx, tenant, session, row.applicantId);
  if (vacancyIds && !(row.vacancyId !== null && vacancyIds.includes(row.vacancyId))) {
    throw notFound(M.evaluationNotFound);
  }
  return row;
}

/** Writes the checked files; the stored answers then point at their keys. */
async function storeFiles(
  storage: Storage,
  accountId: number,
  answers: StoredAnswer[],
  files: PendingFile[],
  written: string[],
) {
  for (const file of files) {
    const blob = blobOf(accountId, file.bytes, file.type, file.fileName);
    await storage.put(blob.storageKey, file.bytes);
    written.push(blob.storageKey);
    const answer = answers.find((a) => a.criterion_id === file.criterionId)!;
    answer.file = {
      storage_key: blob.storageKey,
      file_name: blob.fileName,
      mime_type: blob.mimeType,
      size_bytes: blob.sizeBytes,
    };
  }
}

const keysOf = (answers: StoredAnswer[]) =>
  answers.flatMap((a) => (a.file ? [a.file.storage_key] : []));

/**
 * Inside the transaction that deletes the applicants: the storage keys of their evaluations'
 * files, to discard once it has committed (the rows go with the applicants).
 */
export const evaluationFileKeysOf = (tx: Db, tenant: Tenant, applicantIds: number[]) =>
  repo.listEvaluationFileKeys(tx, tenant.accountId, applicantIds);

export async function listApplicantEvaluations(
  tenant: Tenant,
  session: Session,
  query: { applicant_id: number; evaluation_id?: number | undefined },
): Promise<TApplicantEvaluationList> {
  return tenant.transaction(async (tx) => {
    const { vacancyIds } = await accessApplicant(tx, tenant, session, query.applicant_id);
    const rows = await repo.listApplicantEvaluations(tx, tenant.accountId, query.applicant_id, {
      evaluationId: query.evaluation_id,
      vacancyIds,
    });
    const formIds = [...new Set(rows.map((r) => r.evaluationId))];
    const criteria = await repo.listCriteria(tx, tenant.accountId, formIds);
    return {
      applicant_evaluations: rows.map(toApplicantEvaluation),
      applicant_evaluation_count: rows.length,
      summary: formIds.map((id) =>
        summarizeForm(
          { id, name: rows.find((r) => r.evaluationId === id)!.evaluationName },
          criteria,
          rows.filter((r) => r.evaluationId === id),
        ),
      ),
    };
  });
}

export async function getApplicantEvaluation(tenant: Tenant, session: Session, id: number) {
  const row = await tenant.transaction((tx) => readVisible(tx, tenant, session, id));
  return toApplicantEvaluation(row);
}

export async function createApplicantEvaluation(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  input: TCreateApplicantEvaluationRequest,
) {
  const written: string[] = [];
  try {
    const row = await tenant.transaction(async (tx) => {
      const { vacancyIds } = await accessApplicant(tx, tenant, session, input.applicant_id);
      if (!(await repo.findForm(tx, tenant.accountId, input.evaluation_id))) {
        throw notFound(M.formNotFound);
      }
      let vacancyId = input.vacancy_id ?? null;
      if (
        vacancyId !== null &&
        (vacancyIds
          ? !vacancyIds.includes(vacancyId)
          : !(await repo.vacancyOfApplicantExists(
              tx,
              tenant.accountId,
              input.applicant_id,
              vacancyId,
            )))
      ) {
        throw notFound(M.vacancyNotFound);
      }
      // A hiring manager evaluates for a vacancy they follow: the first one when none is named.
      if (vacancyIds && vacancyId === null) vacancyId = vacancyIds[0]!;
      const criteria = await repo.listCriteria(tx, tenant.accountId, [input.evaluation_id]);
      const { answers, files } = readAnswers(criteria, input.criterions);
      await storeFiles(storage, tenant.accountId, answers, files, written);
      const id = await repo.insertApplicantEvaluation(tx, {
        accountId: tenant.accountId,
        evaluationId: input.evaluation_id,
        applicantId: input.applicant_id,
        vacancyId,
        authorId: tenant.userId,
        recommendation: input.recommendation ?? null,
        answers,
      });
      return (await repo.findApplicantEvaluation(tx, tenant.accountId, id))!;
    });
    return toApplicantEvaluation(row);
  } catch (error) {
    await discardBlobs(storage, written);
    throw error;
  }
}

/**
 * The author (or an admin) changes the verdict or the answers. Answers are checked against the
 * form's criteria as they are now; files not sent again are kept when the answer says `keep`.
 */
export async function updateApplicantEvaluation(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateApplicantEvaluationRequest,
) {
  const written: string[] = [];
  let replaced: string[] = [];
  try {
    const row = await tenant.transaction(async (tx) => {
      const current = await readVisible(tx, tenant, session, id);
      assertEvaluationAction(session, 'change-evaluation', { authorId: current.authorId });
      let answers: StoredAnswer[] | undefined;
      if (changes.criterions) {
        const criteria = await repo.listCriteria(tx, tenant.accountId, [current.evaluationId]);
        const read = readAnswers(criteria, changes.criterions, current.answers);
        await storeFiles(storage, tenant.accountId, read.answers, read.files, written);
        answers = read.answers;
        const kept = new Set(keysOf(answers));
        replaced = keysOf(current.answers).filter((key) => !kept.has(key));
      }
      await repo.updateApplicantEvaluation(tx, tenant.accountId, id, {
        ...(changes.recommendation !== undefined && { recommendation: changes.recommendation }),
        ...(answers && { answers }),
      });
      return (await repo.findApplicantEvaluation(tx, tenant.accountId, id))!;
    });
    await discardBlobs(storage, replaced);
    return toApplicantEvaluation(row);
  } catch (error) {
    await discardBlobs(storage, written);
    throw error;
  }
}

export async function deleteApplicantEvaluation(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
) {
  const row = await tenant.transaction(async (tx) => {
    const current = await readVisible(tx, tenant, session, id);
    assertEvaluationAction(session, 'change-evaluation', { authorId: current.authorId });
    await repo.deleteApplicantEvaluation(tx, tenant.accountId, id);
    return current;
  });
  await discardBlobs(storage, keysOf(row.answers));
  return toApplicantEvaluation(row);
}

/** The file of an `add_file` answer, always downloaded (never rendered as a page). */
export async function openAnswerFile(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  criterionId: number,
) {
  const row = await tenant.transaction((tx) => readVisible(tx, tenant, session, id));
  const file = row.answers.find((a) => a.criterion_id === criterionId)?.file;
  const content = file ? await storage.get(file.storage_key) : null;
  if (!file || !content) throw notFound('Файл не найден');
  return {
    ...content,
    mimeType: file.mime_type,
    contentDisposition: contentDisposition('attachment', file.file_name),
  };
}
