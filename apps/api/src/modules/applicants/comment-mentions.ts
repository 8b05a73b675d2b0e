import { personDisplayName } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import { type ToldUsers, tellUsersIn } from '../messaging/user-notices.service.ts';
import { findActiveUsersByHandles, findUserContactsIn } from '../users/users.service.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { vacanciesReachingApplicant } from '../pipeline/applicant-reach.service.ts';
import { seesApplicantBase } from './applicant-base.service.ts';
import * as repo from './applicants.repository.ts';

// «Меня упомянули в комментарии» (decision 0066): a comment names a colleague with `@` and their
// nick or e-mail address (`@olga`, `@olga@romashka.ru`), as a word of its own. The colleague
// hears of it if they may open the card (a hiring manager only through their vacancies); the
// author never hears of their own comment, and an edit tells only the names it added.

const MENTION =
  /(?<![\p{L}\p{N}_.+@-])@([\p{L}\p{N}_.+-]+(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu;

/** At most this many names of one comment are looked up. */
const MAX_MENTIONS = 20;

/** The handles named in `text`, lower case, each once, trailing punctuation dropped. */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const handle = match[1]!.replace(/[._+-]+$/u, '').toLowerCase();
    if (handle) found.add(handle);
    if (found.size === MAX_MENTIONS) break;
  }
  return [...found];
}

/**
 * In the comment's transaction: tells the colleagues `description` names (those `previous`
 * named already are not told again). Answers what to hand over after the commit, or null.
 */
export async function tellMentionedIn(
  tx: Db,
  tenant: Tenant,
  comment: { applicantId: number; commentId: number; description: string; previous?: string },
): Promise<ToldUsers | null> {
  const { applicantId, description, previous } = comment;
  const before = new Set(previous ? mentionedHandles(previous) : []);
  const handles = mentionedHandles(description).filter((h) => !before.has(h));
  if (handles.length === 0) return null;
  const named = await findActiveUsersByHandles(tx, tenant.accountId, handles);
  const reached: number[] = [];
  for (const user of named) {
    if (user.id === tenant.userId) continue;
    const sees =
      seesApplicantBase(user) ||
      (
        await vacanciesReachingApplicant(
          tx,
          tenant,
          { userId: user.id, isAdmin: user.isAdmin },
          applicantId,
        )
      ).length > 0;
    if (sees) reached.push(user.id);
  }
  if (reached.length === 0) return null;
  const [applicant] = await repo.findApplicantContacts(tx, tenant.accountId, [applicantId]);
  const [author] = await findUserContactsIn(tx, tenant.accountId, [tenant.userId]);
  const applicantName = (applicant && personDisplayName(applicant)) || 'Кандидат без имени';
  const authorName = userDisplayName(author?.person) ?? 'Коллега';
  const excerpt = description.length > 500 ? `${description.slice(0, 500)}…` : description;
  return tellUsersIn(tx, tenant.accountId, {
    event: 'comment_mention',
    userIds: reached,
    group: `comment:${comment.commentId}`,
    subject: () => `${authorName} упомянул(а) вас в комментарии: ${applicantName}`,
    lead: () => `${authorName} упомянул(а) вас в комментарии к кандидату ${applicantName}:`,
    items: [{ text: `${excerpt}\n\nОткрыть карточку:`, path: `/applicant/${applicantId}` }],
  });
}
