import {
  MERGE_UNDO_DAYS,
  type TMerge,
  type TMergePreview,
  type TMergeRequest,
  type TMergeResult,
} from '@ats/contracts/duplicates';
import { type Db, selectRows } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  getApplicantCard,
  lockApplicants,
  recordApplicantsHistory,
} from '../applicants/applicants.service.ts';
import * as repo from './applicant-merge.repository.ts';
import { MOVED_TABLES } from './applicant-references.ts';
import { detectApplicantDoubles } from './double-detection.service.ts';
import { assertDoubleAction, type DoubleActor } from './duplicates.policy.ts';
import { APPLICANT_NOT_FOUND, assertDoublesAllowed } from './duplicates.service.ts';
import { fullNameOf, mergedColumnsOf, MERGE_FIELD_COLUMNS } from './merge-fields.ts';

export const MERGE_MESSAGES = {
  notFound: 'Объединение не найдено',
  undone: 'Объединение уже отменено',
  expired: `Отменить объединение можно в течение ${MERGE_UNDO_DAYS} дней`,
  primaryGone: 'Основной кандидат удалён или объединён с другим: отмена невозможна',
  laterMerge: 'Сначала отмените более позднее объединение этого кандидата',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const undoUntil = (createdAt: string) =>
  new Date(new Date(createdAt).getTime() + MERGE_UNDO_DAYS * DAY_MS);

export function toMerge(row: repo.MergeRow, now = new Date()): TMerge {
  const until = undoUntil(row.created_at);
  return {
    id: row.id,
    primary_id: row.primary_id,
    secondary_id: row.secondary_id,
    secondary_name: row.secondary_name,
    merged_by: row.merged_by,
    merged_by_name: userDisplayName(row.merged_by_person),
    created_at: new Date(row.created_at).toISOString(),
    undo_until: until.toISOString(),
    undone_at: row.undone_at ? new Date(row.undone_at).toISOString() : null,
    can_undo: row.undone_at === null && now < until,
  };
}

/** The tenant inside an open transaction: services called with it read what it has written. */
const tenantIn = (tx: Db, tenant: Tenant): Tenant => ({
  ...tenant,
  transaction: (work) => work(tx),
  read: (query) => selectRows(tx, query),
});

/** The columns a merge writes on the primary: the single fields and the merged lists. */
const WRITTEN_COLUMNS = [
  ...new Set([
    ...Object.values(MERGE_FIELD_COLUMNS).flat(),
    'contacts',
    'experience',
    'education',
    'skills',
    'languages',
    'driver_licenses',
    'employments',
    'citizenship',
    'resume_urls',
    'unidentified_info',
    'updated_at',
  ]),
];

/**
 * The secondary's applications: moved to the primary, or joined with its one on the vacancy; and
 * every log row of the secondary, those of applications taken off a vacancy included, to the
 * primary. Each moved transition is recorded once, as it was before the merge: a row moved twice
 * here (the primary's rows joining the secondary's application, then that application's rows
 * given the primary) keeps its first origin, which is what an undo puts back.
 */
async function moveApplications(tx: Db, accountId: number, primaryId: number, secondaryId: number) {
  const mine = new Map(
    (await repo.findApplications(tx, accountId, primaryId)).map((a) => [a.vacancy_id, a]),
  );
  const moved: number[] = [];
  const origins = new Map<number, repo.TransitionOrigin>();
  const record = (rows: repo.TransitionOrigin[]) => {
    for (const row of rows) if (!origins.has(row.id)) origins.set(row.id, row);
  };
  const deleted: repo.ApplicationHead[] = [];
  const theirApplications = await repo.findApplications(tx, accountId, secondaryId);
  for (const theirs of theirApplications) {
    const own = mine.get(theirs.vacancy_id);
    // On the same vacancy, the application that moved most recently stays.
    const keepTheirs =
      own !== undefined && new Date(theirs.entered_status_at) > new Date(own.entered_status_at);
    if (own && !keepTheirs) {
      record(
        await repo.moveTransitions(tx, accountId, theirs.id, {
          applicationId: own.id,
          applicantId: primaryId,
        }),
      );
      deleted.push(theirs);
      continue;
    }
    if (own) {
      record(
        await repo.moveTransitions(tx, accountId, own.id, {
          applicationId: theirs.id,
          applicantId: primaryId,
        }),
      );
      deleted.push(own);
    }
    record(
      await repo.moveTransitions(tx, accountId, theirs.id, {
        applicationId: theirs.id,
        applicantId: primaryId,
      }),
    );
    moved.push(theirs.id);
  }
  // What is left on the secondary: the log of its applications taken off a vacancy.
  record(await repo.moveApplicantTransitions(tx, accountId, secondaryId, primaryId));
  const deletedRows = await repo.findApplicationRows(
    tx,
    accountId,
    deleted.map((d) => d.id),
  );
  for (const application of deleted) await repo.deleteApplication(tx, accountId, application.id);
  for (const id of moved) await repo.setApplicationApplicant(tx, accountId, id, primaryId);
  return {
    moved,
    transitions: [...origins.values()],
    deletedRows,
    vacancies: theirApplications.length,
  };
}

type Performed = { mergeId: number; moved: repo.MergeMoved; vacancies: number };

/** The merge itself, inside the caller's transaction. */
async function performMerge(
  tx: Db,
  tenant: Tenant,
  actor: DoubleActor,
  request: TMergeRequest,
): Promise<Performed> {
  const { accountId } = tenant;
  const { primary_id: primaryId, secondary_id: secondaryId } = request;
  const heads = await lockApplicants(tx, accountId, [primaryId, secondaryId]);
  if (heads.length !== 2) throw notFound(APPLICANT_NOT_FOUND);
  assertDoubleAction(
    actor,
    'merge',
    heads.map((h) => ({ adminUserId: h.admin_user_id })),
  );
  const records = await repo.findApplicantRecords(tx, accountId, [primaryId, secondaryId]);
  const primary = records.get(primaryId)!;
  const secondary = records.get(secondaryId)!;
  const deletedTags = await repo.findTagRows(tx, accountId, secondaryId);
  const deletedDismissals = await repo.findDismissalRows(tx, accountId, secondaryId);

  const merged = { ...mergedColumnsOf(primary, secondary, request.fields), updated_at: new Date() };
  await repo.writeApplicantColumns(tx, accountId, primaryId, merged, WRITTEN_COLUMNS);

  const moved = {} as repo.MergeMoved;
  for (const table of MOVED_TABLES) {
    moved[table] = await repo.moveRows(tx, accountId, table, secondaryId, primaryId);
  }
  const applications = await moveApplications(tx, accountId, primaryId, secondaryId);
  moved.applications = applications.moved;
  moved.transitions = applications.transitions;
  moved.tags_added = await repo.addTagsOf(tx, accountId, secondaryId, primaryId);
  moved.dismissals_added = await repo.carryDismissals(tx, accountId, secondaryId, primaryId);

  await repo.deleteApplicant(tx, accountId, secondaryId);
  const secondaryName = fullNameOf(secondary);
  const mergeId = await repo.insertMerge(tx, {
    accountId,
    primaryId,
    secondaryId,
    secondaryName,
    snapshot: {
      primary,
      secondary,
      deleted: {
        applicant_tags: deletedTags,
        applicant_double_dismissals: deletedDismissals,
        applications: applications.deletedRows,
      },
    },
    moved,
    mergedBy: tenant.userId,
  });
  await recordApplicantsHistory(tx, tenant, [
    {
      applicantId: primaryId,
      action: 'merged',
      changes: { merge_id: mergeId, secondary_id: secondaryId, secondary_name: secondaryName },
    },
  ]);
  await recordAudit(tx, tenant, {
    action: 'applicants.merged',
    target: { type: 'applicant', id: primaryId },
    summary: `Объединены кандидаты: ${secondaryName} → ${fullNameOf(primary)}`,
    changes: { merge_id: mergeId, primary_id: primaryId, secondary_id: secondaryId },
  });
  await detectApplicantDoubles(tx, accountId, primaryId);
  return {
    mergeId,
    moved,
    vacancies: applications.vacancies,
  };
}

/** Merges the secondary into the primary in one transaction; the secondary's card is removed. */
export async function mergeApplicants(
  tenant: Tenant,
  session: Session,
  request: TMergeRequest,
): Promise<TMergeResult> {
  const actor = await assertDoublesAllowed(tenant, session, 'merge');
  return tenant.transaction(async (tx) => {
    const { mergeId } = await performMerge(tx, tenant, actor, request);
    const merge = await repo.findMerge(tx, tenant.accountId, mergeId);
    const applicant = await getApplicantCard(tenantIn(tx, tenant), session, request.primary_id);
    return { merge: toMerge(merge!), applicant };
  });
}

/** Thrown to roll the preview's transaction back, carrying what it computed. */
class PreviewRollback extends Error {
  constructor(readonly preview: TMergePreview) {
    super('merge preview');
  }
}

/**
 * What the merge would give: the merge is made in a transaction that is then rolled back, so
 * the preview is exactly the result, and nothing is saved.
 */
export async function previewApplicantMerge(
  tenant: Tenant,
  session: Session,
  request: TMergeRequest,
): Promise<TMergePreview> {
  const actor = await assertDoublesAllowed(tenant, session, 'read');
  try {
    await tenant.transaction(async (tx) => {
      const performed = await performMerge(tx, tenant, { ...actor, permissions: ALL }, request);
      const card = await getApplicantCard(tenantIn(tx, tenant), session, request.primary_id);
      const { worklog: _w, comments: _c, files: _f, ...applicant } = card;
      throw new PreviewRollback({
        applicant,
        moved: {
          comments: performed.moved.applicant_comments.length,
          files: performed.moved.files.length,
          vacancies: performed.vacancies,
          tags: performed.moved.tags_added.length,
          worklog: performed.moved.applicant_worklog.length,
        },
      });
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.preview;
    throw error;
  }
  throw new Error('the merge preview did not roll back');
}

/** Anyone who may read doubles may preview: nothing is saved, the merge itself checks rights. */
const ALL = { can_manage_applicant: true, can_manage_others_applicant: true };

/** Undoes a merge: both applicants back exactly as they were, within MERGE_UNDO_DAYS, once. */
export async function undoApplicantMerge(tenant: Tenant, session: Session, mergeId: number) {
  const actor = await assertDoublesAllowed(tenant, session, 'merge');
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    const merge = await repo.lockMerge(tx, accountId, mergeId);
    if (!merge) throw notFound(MERGE_MESSAGES.notFound);
    if (merge.undone_at) throw conflict(MERGE_MESSAGES.undone);
    if (new Date() >= undoUntil(merge.created_at)) throw conflict(MERGE_MESSAGES.expired);
    const [head] = await lockApplicants(tx, accountId, [merge.primary_id]);
    if (!head) throw conflict(MERGE_MESSAGES.primaryGone);
    const { snapshot, moved, primary_id: primaryId, secondary_id: secondaryId } = merge;
    assertDoubleAction(actor, 'merge', [
      { adminUserId: head.admin_user_id },
      { adminUserId: (snapshot.secondary.admin_user_id as number | null) ?? null },
    ]);
    if (await repo.hasLaterMerge(tx, accountId, merge)) throw conflict(MERGE_MESSAGES.laterMerge);

    await repo.restoreRows(tx, 'applicants', [snapshot.secondary]);
    const columns = await repo.restorableApplicantColumns(tx);
    await repo.writeApplicantColumns(tx, accountId, primaryId, snapshot.primary, columns);
    for (const table of MOVED_TABLES) {
      await repo.moveRowsBack(tx, accountId, table, moved[table], primaryId, secondaryId);
    }
    await repo.moveRowsBack(
      tx,
      accountId,
      'applications',
      moved.applications,
      primaryId,
      secondaryId,
    );
    await repo.restoreRows(tx, 'applications', snapshot.deleted.applications);
    await repo.restoreTransitions(tx, accountId, moved.transitions);
    await repo.returnRemovedApplicationsLog(tx, accountId, moved.applications, secondaryId);
    await repo.alignTransitionApplicants(tx, accountId, [primaryId, secondaryId]);
    await repo.removeTags(tx, accountId, primaryId, moved.tags_added);
    await repo.restoreRows(tx, 'applicant_tags', snapshot.deleted.applicant_tags);
    await repo.removeDismissals(tx, accountId, moved.dismissals_added);
    await repo.restoreRows(
      tx,
      'applicant_double_dismissals',
      snapshot.deleted.applicant_double_dismissals,
    );
    await repo.markMergeUndone(tx, accountId, mergeId, tenant.userId);
    await recordApplicantsHistory(tx, tenant, [
      {
        applicantId: primaryId,
        action: 'merge_undone',
        changes: { merge_id: mergeId, secondary_id: secondaryId },
      },
    ]);
    await recordAudit(tx, tenant, {
      action: 'applicants.merge_undone',
      target: { type: 'applicant', id: primaryId },
      summary: `Отменено объединение: ${merge.secondary_name || `№${secondaryId}`} снова отдельный кандидат`,
      changes: { merge_id: mergeId, primary_id: primaryId, secondary_id: secondaryId },
    });
    await detectApplicantDoubles(tx, accountId, secondaryId);
    await detectApplicantDoubles(tx, accountId, primaryId);
    return { merge: toMerge((await repo.findMerge(tx, accountId, mergeId))!) };
  });
}

/** The merges into an applicant, newest first, for the card's history. */
export async function listApplicantMerges(tenant: Tenant, session: Session, applicantId: number) {
  await assertDoublesAllowed(tenant, session, 'read');
  const rows = await tenant.transaction(async (tx) => {
    const found = await repo.findApplicantRecords(tx, tenant.accountId, [applicantId]);
    if (!found.has(applicantId)) throw notFound(APPLICANT_NOT_FOUND);
    return repo.listMergesInto(tx, tenant.accountId, applicantId);
  });
  const now = new Date();
  return { items: rows.map((row) => toMerge(row, now)) };
}
