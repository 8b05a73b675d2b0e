import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { TRequestState } from '@ats/contracts/vacancy-applications';
import { actionAllowedIn, FLOW_MESSAGES, mayDecide, type Route } from './request-flow.rules.ts';

// Who may act on a request, from the session and the request's facts (pure; the service asks).

type Reader = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;
type Facts = { authorId: number; route: Route | null };

/** An approver on any step of the request's route. */
export const approvesRequest = (reader: Pick<Session, 'userId'>, request: Pick<Facts, 'route'>) =>
  (request.route ?? []).some((step) => step.approvers.some((a) => a.user_id === reader.userId));

/**
 * Whether the reader may see the request at all (404 otherwise): admins and recruiters, its
 * author, its approvers. A watcher never sees another manager's request.
 */
export const seesRequest = (reader: Reader, request: Facts) =>
  reader.isAdmin ||
  reader.memberType === 'owner' ||
  request.authorId === reader.userId ||
  approvesRequest(reader, request);

/** Submit: the author (or an admin on their behalf). */
export function assertMaySubmit(reader: Reader, request: Facts) {
  if (request.authorId !== reader.userId && !reader.isAdmin) {
    throw forbidden(FLOW_MESSAGES.onlyAuthor);
  }
}

/** Withdraw: the author alone. */
export function assertMayWithdraw(reader: Reader, request: Facts) {
  if (request.authorId !== reader.userId) throw forbidden(FLOW_MESSAGES.onlyAuthor);
}

/** Take into work and close: a recruiter or an admin. */
export function assertMayTake(reader: Reader) {
  if (!reader.isAdmin && reader.memberType !== 'owner') {
    throw forbidden(FLOW_MESSAGES.onlyRecruiters);
  }
}

/**
 * The workflow's buttons the reader may press now (the answer's `can`, beside edit and delete):
 * each is allowed by the state and by who the reader is.
 */
export function flowCan(
  reader: Reader,
  request: Facts & { state: TRequestState; currentStep: number | null },
) {
  const decide =
    request.state === 'pending' && mayDecide(request.route ?? [], request.currentStep, reader);
  const recruiter = reader.isAdmin || reader.memberType === 'owner';
  const author = request.authorId === reader.userId;
  return {
    submit: actionAllowedIn('submit', request.state) && (author || reader.isAdmin),
    approve: decide,
    reject: decide,
    return: decide,
    withdraw: actionAllowedIn('withdraw', request.state) && author,
    take: actionAllowedIn('take', request.state) && recruiter,
    close: actionAllowedIn('close', request.state) && recruiter,
  };
}
