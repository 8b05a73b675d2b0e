import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { FLOW_MESSAGES, type Route } from './request-flow.rules.ts';

// Who may act on a request, from the session and the request's facts (pure; the service asks
// once it has the request: who may see it at all is vacancy-applications.policy.ts).

type Reader = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;
type Facts = { authorId: number; route: Route | null };

/** Submit: the author alone (an admin edits, the author sends). */
export function assertMaySubmit(reader: Reader, request: Facts) {
  if (request.authorId !== reader.userId) throw forbidden(FLOW_MESSAGES.onlyAuthor);
}

/** Withdraw: the author alone. */
export function assertMayWithdraw(reader: Reader, request: Facts) {
  if (request.authorId !== reader.userId) throw forbidden(FLOW_MESSAGES.onlyAuthor);
}

/** Take into work and close: a recruiter (an admin recruiter too; a watcher never). */
export function assertMayTake(reader: Reader) {
  if (reader.memberType !== 'owner') throw forbidden(FLOW_MESSAGES.onlyRecruiters);
}
