import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const WATCHER_NO_DOUBLES = 'Заказчику недоступны дубли кандидатов';
export const CANNOT_CHANGE_DOUBLES = 'Нет прав на изменение кандидатов';
export const CANNOT_MERGE_OTHERS = 'Нет прав на изменение кандидатов другого ответственного';

/**
 * read: the checks, an applicant's doubles, the list, merge previews, merge history and the
 * scan's progress; dismiss: «Не дубль»; scan: start the scan of the account; merge: merge two
 * applicants or undo a merge.
 */
export type DoubleAction = 'read' | 'dismiss' | 'scan' | 'merge';

export type DoubleActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

/**
 * SPEC §6 blocks the doubles screens for watchers. Everything that changes stored data needs the
 * right to change applicants (can_manage_applicant). A merge changes two applicants, so each one
 * that belongs to another recruiter also needs can_manage_others_applicant. Merging removes the
 * secondary's card, but it is not a deletion: nothing is lost and the merge can be undone for
 * MERGE_UNDO_DAYS, so it does not need the admin-only right to delete applicants.
 * Returns the Russian refusal, or null when the action is allowed.
 */
export function refusalOf(
  actor: DoubleActor,
  action: DoubleAction,
  applicants: { adminUserId: number | null }[] = [],
): string | null {
  if (actor.memberType === 'watcher') return WATCHER_NO_DOUBLES;
  if (action === 'read') return null;
  if (!actor.permissions.can_manage_applicant) return CANNOT_CHANGE_DOUBLES;
  const someoneElses = applicants.some(
    (a) => a.adminUserId !== null && a.adminUserId !== actor.userId,
  );
  if (action === 'merge' && someoneElses && !actor.permissions.can_manage_others_applicant) {
    return CANNOT_MERGE_OTHERS;
  }
  return null;
}

export function assertDoubleAction(
  actor: DoubleActor,
  action: DoubleAction,
  applicants?: { adminUserId: number | null }[],
) {
  const refusal = refusalOf(actor, action, applicants);
  if (refusal) throw forbidden(refusal);
}

/** Reading needs only a role: answered from the session alone. */
export function assertCanReadDoubles(session: Pick<Session, 'memberType'>) {
  if (session.memberType === 'watcher') throw forbidden(WATCHER_NO_DOUBLES);
}
