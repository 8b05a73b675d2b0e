import type { Config } from '../../platform/config.ts';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const FAQ_EDITOR_ONLY = 'Редактировать базу знаний может только её редактор';

/**
 * SPEC.md §6: one account edits the FAQ, named by FAQ_EDITOR_ACCOUNT_ID; its admins write,
 * everyone else (other accounts, that account's non-admins) is refused.
 */
export const isFaqEditor = (config: Pick<Config, 'FAQ_EDITOR_ACCOUNT_ID'>, session: Session) =>
  config.FAQ_EDITOR_ACCOUNT_ID !== undefined &&
  session.accountId === config.FAQ_EDITOR_ACCOUNT_ID &&
  session.isAdmin;

export function assertFaqEditor(config: Pick<Config, 'FAQ_EDITOR_ACCOUNT_ID'>, session: Session) {
  if (!isFaqEditor(config, session)) throw forbidden(FAQ_EDITOR_ONLY);
}
