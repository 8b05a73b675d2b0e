import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const ONLY_ADMINS_CHANGE_ACCOUNT = 'Изменять данные компании может только администратор';

export type AccountAction = 'read' | 'change';

/**
 * Every member reads the account (the header shows the company, the deactivated screen its
 * tariff); only an admin recruiter changes the company's name, ИНН, time zone and logo. SPEC.md §6
 * keeps watchers out of the settings area, so a watcher with the admin flag is refused too.
 */
export function accountRefusal(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: AccountAction,
): string | null {
  if (action === 'read') return null;
  return actor.memberType === 'owner' && actor.isAdmin ? null : ONLY_ADMINS_CHANGE_ACCOUNT;
}

export function assertAccountAction(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: AccountAction,
) {
  const refusal = accountRefusal(actor, action);
  if (refusal) throw forbidden(refusal);
}
