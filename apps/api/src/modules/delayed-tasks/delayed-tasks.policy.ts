import type { TDelayedTaskKind } from '@ats/contracts/delayed-tasks';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const KIND_NOT_ALLOWED = 'Это отложенное действие вам недоступно';
export const NOT_YOUR_TASK = 'Изменять эту задачу может только её автор или администратор';

export type DelayedTaskActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

/**
 * The kinds a user may schedule. A watcher (the client's hiring manager) never writes to
 * applicants and has no mail templates: only a reminder. «Create an event» is offered only where
 * the events module is part of the build (`withEvents`).
 */
export function allowedKinds(actor: DelayedTaskActor, withEvents: boolean): TDelayedTaskKind[] {
  if (actor.memberType === 'watcher') return ['remind_user'];
  const kinds: TDelayedTaskKind[] = ['send_letter', 'send_message', 'move_stage', 'remind_user'];
  if (withEvents) kinds.push('create_event');
  return kinds;
}

export function assertCanSchedule(
  actor: DelayedTaskActor,
  kind: TDelayedTaskKind,
  withEvents: boolean,
) {
  if (!allowedKinds(actor, withEvents).includes(kind)) throw forbidden(KIND_NOT_ALLOWED);
}

/** Recruiters see the account's tasks; a watcher sees only their own. */
export const seesAllTasks = (actor: DelayedTaskActor) => actor.memberType !== 'watcher';

/** Editing, cancelling and retrying: the author, or an admin. */
export function assertCanChangeTask(actor: DelayedTaskActor, task: { createdBy: number }) {
  if (actor.isAdmin || task.createdBy === actor.userId) return;
  throw forbidden(NOT_YOUR_TASK);
}
