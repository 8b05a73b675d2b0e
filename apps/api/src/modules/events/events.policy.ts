import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_VIEW_CALENDARS = 'Нет прав на просмотр календарей коллег';
export const CANNOT_EDIT_EVENT = 'Изменять событие могут его автор, участники и администраторы';

/** Who acts on events: a signed-in user, or a module acting for one (a booking, a delayed task). */
export type EventActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

export type CalendarReader = EventActor & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

/**
 * SPEC.md §6 names `can_view_work_calendars` («Видеть рабочие календари коллег»): with it a user
 * opens every colleague's calendar; without it (a hiring manager by default) only their own —
 * the events they take part in or made. The admin flag alone does not grant it, as for tags.
 */
export const seesColleagueCalendars = (reader: CalendarReader) =>
  Boolean(reader.permissions.can_view_work_calendars);

/** The calendars of `userIds` may be opened by this reader. */
export function assertCanViewCalendars(reader: CalendarReader, userIds: readonly number[]) {
  if (seesColleagueCalendars(reader)) return;
  if (userIds.some((id) => id !== reader.userId)) throw forbidden(CANNOT_VIEW_CALENDARS);
}

/** An event is seen by its author and participants, and by readers of colleagues' calendars. */
export const seesEvent = (
  reader: CalendarReader,
  event: { author_id: number | null; admin_user_ids: readonly number[] },
) =>
  seesColleagueCalendars(reader) ||
  event.author_id === reader.userId ||
  event.admin_user_ids.includes(reader.userId);

/** Changed and deleted by its author, its participants and admins. */
export const editsEvent = (
  actor: EventActor,
  event: { author_id: number | null; admin_user_ids: readonly number[] },
) =>
  actor.isAdmin || event.author_id === actor.userId || event.admin_user_ids.includes(actor.userId);

export function assertCanEditEvent(
  actor: EventActor,
  event: { author_id: number | null; admin_user_ids: readonly number[] },
) {
  if (!editsEvent(actor, event)) throw forbidden(CANNOT_EDIT_EVENT);
}
