import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { seesApplicantBase, WATCHER_NO_APPLICANTS } from './applicant-base.service.ts';

export const CANNOT_MANAGE_APPLICANTS = 'Нет прав на изменение кандидатов';
export const CANNOT_MANAGE_OTHERS_APPLICANTS =
  'Нет прав на изменение кандидатов другого ответственного';
export const ONLY_ADMINS_DELETE = 'Удалять кандидатов может только администратор';
export const ONLY_AUTHOR_OR_ADMIN = 'Изменять чужой комментарий может только администратор';

/**
 * read: the card, archive, comments, history; comment: write one's own comments; create, update,
 * archive (and restore), tag: change the applicant; delete: erase it for good.
 */
export type ApplicantAction =
  'read' | 'comment' | 'create' | 'update' | 'archive' | 'tag' | 'delete';

export type ApplicantActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

const CHANGES: ReadonlySet<ApplicantAction> = new Set(['create', 'update', 'archive', 'tag']);

/**
 * SPEC §6 and huntlee-api §4.4: watchers (the client's hiring managers) never reach the base: they
 * read and comment on the applicants of their vacancies (issue 20; whether an applicant is theirs
 * is `reachApplicant`'s question, answered 404 outside) and change nothing else; recruiters change applicants with can_manage_applicant, and someone else's applicant (another
 * responsible recruiter) also with can_manage_others_applicant; only admins delete. The flags bind
 * admins too (nobody changes their own rights), so an admin without them is refused like anyone.
 * Returns the Russian refusal, or null when the action is allowed.
 */
export function refusalOf(
  actor: ApplicantActor,
  action: ApplicantAction,
  applicant?: { adminUserId: number | null },
): string | null {
  if (action === 'read' || action === 'comment') return null;
  if (!seesApplicantBase(actor)) return WATCHER_NO_APPLICANTS;
  if (action === 'delete') return actor.isAdmin ? null : ONLY_ADMINS_DELETE;
  if (CHANGES.has(action) && !actor.permissions.can_manage_applicant) {
    return CANNOT_MANAGE_APPLICANTS;
  }
  const someoneElses =
    applicant !== undefined &&
    applicant.adminUserId !== null &&
    applicant.adminUserId !== actor.userId;
  if (action !== 'create' && someoneElses && !actor.permissions.can_manage_others_applicant) {
    return CANNOT_MANAGE_OTHERS_APPLICANTS;
  }
  return null;
}

export function assertApplicantAction(
  actor: ApplicantActor,
  action: ApplicantAction,
  applicant?: { adminUserId: number | null },
) {
  const refusal = refusalOf(actor, action, applicant);
  if (refusal) throw forbidden(refusal);
}

/**
 * A comment is changed by its author; an admin may tidy anyone's (the caller reaches the
 * applicant: `reachApplicant` has been asked).
 */
export function assertCanChangeComment(
  actor: Pick<Session, 'userId' | 'memberType' | 'isAdmin'>,
  comment: { authorId: number | null },
) {
  if (comment.authorId !== actor.userId && !actor.isAdmin) throw forbidden(ONLY_AUTHOR_OR_ADMIN);
}
