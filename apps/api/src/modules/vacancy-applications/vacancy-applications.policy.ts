import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const TEMPLATES_ADMIN_ONLY = 'Шаблоны заявок изменяет только администратор';

/** Who reads requests: the session's user, role and admin flag. */
export type RequestReader = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

/**
 * An admin recruiter manages templates and sees every request; a watcher (hiring manager) stays
 * a watcher with the admin flag too, as everywhere in settings (SPEC.md §6).
 */
export const isRequestAdmin = (reader: Pick<Session, 'memberType' | 'isAdmin'>) =>
  reader.memberType === 'owner' && reader.isAdmin;

/** Which requests a reader may see, as the repository turns it into SQL. */
export type RequestVisibility =
  /** Admins: every request (drafts included, which they may delete). */
  | { kind: 'all'; userId: number }
  /** Recruiters: their own, those they approve, those without a division and of their divisions. */
  | { kind: 'divisions'; userId: number }
  /** Watchers: their own and those they approve. */
  | { kind: 'own'; userId: number };

export function requestVisibility(reader: RequestReader): RequestVisibility {
  if (isRequestAdmin(reader)) return { kind: 'all', userId: reader.userId };
  if (reader.memberType === 'owner') return { kind: 'divisions', userId: reader.userId };
  return { kind: 'own', userId: reader.userId };
}

export function templateRefusal(
  actor: Pick<Session, 'memberType' | 'isAdmin'>,
  action: 'read' | 'manage',
): string | null {
  if (action === 'read') return null;
  return isRequestAdmin(actor) ? null : TEMPLATES_ADMIN_ONLY;
}

export function assertCanManageTemplates(actor: Pick<Session, 'memberType' | 'isAdmin'>) {
  const refusal = templateRefusal(actor, 'manage');
  if (refusal) throw forbidden(refusal);
}
