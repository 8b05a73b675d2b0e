import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { handOverNoticesLater, type ToldUsers } from '../messaging/user-notices.service.ts';
import { APPLICANT_NOT_FOUND, reachApplicant } from './applicant-base.service.ts';
import { toComment } from './applicant-view.ts';
import { tellMentionedIn } from './comment-mentions.ts';
import { assertCanChangeComment } from './applicants.policy.ts';
import * as repo from './applicants.repository.ts';

const COMMENT_NOT_FOUND = 'Комментарий не найден';
export const COMMENT_DELETED = 'Комментарий удалён';

/** The applicant exists in the account and the caller reaches it (a watcher: by a vacancy). */
async function assertApplicantReached(
  tx: Db,
  tenant: Tenant,
  session: Session,
  applicantId: number,
) {
  if (!(await repo.findApplicantHead(tx, tenant.accountId, applicantId))) {
    throw notFound(APPLICANT_NOT_FOUND);
  }
  await reachApplicant(tx, tenant, session, applicantId);
}

async function readComment(tx: Db, tenant: Tenant, applicantId: number, id: number) {
  const comment = await repo.findCommentWithAuthor(tx, tenant.accountId, applicantId, id);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return toComment(comment);
}

const log = repo.logApplicantChange;

export async function listApplicantComments(tenant: Tenant, session: Session, applicantId: number) {
  const rows = await tenant.transaction(async (tx) => {
    await assertApplicantReached(tx, tenant, session, applicantId);
    return repo.listComments(tx, tenant.accountId, applicantId);
  });
  return rows.map(toComment);
}

/** Whoever reads the card can comment on it; the history records it. */
export async function addApplicantComment(
  tenant: Tenant,
  session: Session,
  applicantId: number,
  description: string,
) {
  const { comment, told } = await tenant.transaction(async (tx) => {
    await assertApplicantReached(tx, tenant, session, applicantId);
    const id = await repo.insertComment(tx, {
      accountId: tenant.accountId,
      applicantId,
      authorId: tenant.userId,
      description,
    });
    await log(tx, tenant, applicantId, 'comment_create', { comment_id: id, description });
    const told = await tellMentionedIn(tx, tenant, { applicantId, commentId: id, description });
    return { comment: await readComment(tx, tenant, applicantId, id), told };
  });
  if (told) handOverNoticesLater([told]);
  return comment;
}

export async function updateApplicantComment(
  tenant: Tenant,
  session: Session,
  applicantId: number,
  id: number,
  description: string,
) {
  const { comment, told } = await tenant.transaction(async (tx) => {
    await reachApplicant(tx, tenant, session, applicantId);
    const current = await repo.findComment(tx, tenant.accountId, applicantId, id);
    if (!current) throw notFound(COMMENT_NOT_FOUND);
    assertCanChangeComment(session, current);
    let told: ToldUsers | null = null;
    if (current.description !== description) {
      await repo.updateComment(tx, tenant.accountId, id, description);
      await log(tx, tenant, applicantId, 'comment_update', {
        comment_id: id,
        description: { from: current.description, to: description },
      });
      // Only the names the edit added are told.
      told = await tellMentionedIn(tx, tenant, {
        applicantId,
        commentId: id,
        description,
        previous: current.description,
      });
    }
    return { comment: await readComment(tx, tenant, applicantId, id), told };
  });
  if (told) handOverNoticesLater([told]);
  return comment;
}

export async function deleteApplicantComment(
  tenant: Tenant,
  session: Session,
  applicantId: number,
  id: number,
) {
  await tenant.transaction(async (tx) => {
    await reachApplicant(tx, tenant, session, applicantId);
    const current = await repo.findComment(tx, tenant.accountId, applicantId, id);
    if (!current) throw notFound(COMMENT_NOT_FOUND);
    assertCanChangeComment(session, current);
    await repo.deleteComment(tx, tenant.accountId, id);
    await log(tx, tenant, applicantId, 'comment_delete', {
      comment_id: id,
      description: current.description,
    });
  });
  return COMMENT_DELETED;
}
