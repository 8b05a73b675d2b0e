import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const ONLY_ADMINS_CHANGE_COMMON_SETTINGS =
  'Изменять общие настройки компании может только администратор';

export type CommonSettingsAction = 'read' | 'change';

/**
 * Everyone reads the company's defaults (time zone, currency, working week: deadlines and dates
 * are shown with them); only an admin recruiter changes them. SPEC.md §6 keeps watchers out of the
 * settings area, so a watcher with the admin flag is refused too; no permission flag grants it.
 */
export function commonSettingsRefusal(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: CommonSettingsAction,
): string | null {
  if (action === 'read') return null;
  return actor.memberType === 'owner' && actor.isAdmin ? null : ONLY_ADMINS_CHANGE_COMMON_SETTINGS;
}

export function assertCommonSettingsAction(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: CommonSettingsAction,
) {
  const refusal = commonSettingsRefusal(actor, action);
  if (refusal) throw forbidden(refusal);
}
