import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const ONLY_ADMINS_CHANGE_CALENDAR =
  'Изменять производственный календарь компании может только администратор';

/** read: the year's calendar and the deadline helper; change: mark or clear the company's days. */
export type CalendarAction = 'read' | 'change';

/**
 * Every member counts deadlines with the calendar, so everyone reads it. Marking the company's own
 * days off or working days is an account setting: an admin recruiter's alone (SPEC.md §6 keeps
 * watchers, admin or not, out of the settings area; no permission flag grants it).
 */
export function calendarRefusal(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: CalendarAction,
): string | null {
  if (action === 'read') return null;
  return actor.memberType === 'owner' && actor.isAdmin ? null : ONLY_ADMINS_CHANGE_CALENDAR;
}

export function assertCalendarAction(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: CalendarAction,
) {
  const refusal = calendarRefusal(actor, action);
  if (refusal) throw forbidden(refusal);
}
