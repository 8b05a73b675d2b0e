import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const WATCHER_NO_MAIL_TEMPLATES = 'Шаблоны писем доступны только рекрутерам';
export const CANNOT_MANAGE_SHARED_TEMPLATES = 'Нет прав на управление общими шаблонами писем';
export const ONLY_AUTHOR_CHANGES_PERSONAL = 'Личный шаблон может изменять только его автор';

/**
 * read: list, open and render templates; create: a new one; update: change it (`becomesShared`
 * when the change publishes a personal one); delete: remove it.
 */
export type MailTemplateAction = 'read' | 'create' | 'update' | 'delete';

export type MailTemplateActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'> & {
  permissions: Partial<Record<TPermissionAction, boolean>>;
};

export type TemplateAccess = { isShared: boolean; authorId: number };

/**
 * SPEC §6 blocks the settings area, mail templates included, for every watcher (hiring managers
 * write no letters to applicants, whose base they cannot read). A recruiter keeps personal
 * templates freely; shared ones are the team's and are changed — created, edited, published,
 * unpublished, deleted — by an admin or a recruiter with can_manage_template_mail. A personal
 * template is its author's alone. Returns the Russian refusal, or null when allowed.
 */
export function mailTemplateRefusal(
  actor: MailTemplateActor,
  action: MailTemplateAction,
  template?: TemplateAccess,
  change: { becomesShared?: boolean } = {},
): string | null {
  if (actor.memberType === 'watcher') return WATCHER_NO_MAIL_TEMPLATES;
  if (action === 'read') return null;
  if (template && !template.isShared && template.authorId !== actor.userId) {
    return ONLY_AUTHOR_CHANGES_PERSONAL;
  }
  const touchesShared = Boolean(template?.isShared) || Boolean(change.becomesShared);
  if (touchesShared && !actor.isAdmin && !actor.permissions.can_manage_template_mail) {
    return CANNOT_MANAGE_SHARED_TEMPLATES;
  }
  return null;
}

export function assertMailTemplateAction(
  actor: MailTemplateActor,
  action: MailTemplateAction,
  template?: TemplateAccess,
  change?: { becomesShared?: boolean },
) {
  const refusal = mailTemplateRefusal(actor, action, template, change);
  if (refusal) throw forbidden(refusal);
}

/** Reading needs only the role: answered from the session alone. */
export function assertCanReadMailTemplates(session: Pick<Session, 'memberType'>) {
  if (session.memberType === 'watcher') throw forbidden(WATCHER_NO_MAIL_TEMPLATES);
}
