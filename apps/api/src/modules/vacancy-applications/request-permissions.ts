import type { TRequest } from '@ats/contracts/vacancy-applications';
import type { RouteStep, VacancyApplicationState } from '@ats/db/schema/vacancy-applications';
import { isRequestAdmin, type RequestReader } from './vacancy-applications.policy.ts';

/** The facts of a request the permissions depend on. */
export type RequestPermissionFacts = {
  state: VacancyApplicationState;
  authorId: number;
  currentStep: number | null;
  route: RouteStep[];
  vacancyId: number | null;
};

export type RequestPermissions = TRequest['can'];

/** Whether the reader is an approver of the current step who has not decided yet. */
export function awaitsDecisionFrom(facts: RequestPermissionFacts, userId: number) {
  if (facts.state !== 'pending' || facts.currentStep === null) return false;
  const step = facts.route[facts.currentStep];
  return !!step?.approvers.some((a) => a.user_id === userId && a.decision === null);
}

/**
 * What a reader may do with a request now, from its state, its author, the current step's
 * approvers and the reader's role — the buttons the screen shows, and the rule the actions
 * check (a pure function: the services ask it after reading the request).
 */
export function requestPermissions(
  facts: RequestPermissionFacts,
  reader: RequestReader,
): RequestPermissions {
  const author = facts.authorId === reader.userId;
  const admin = isRequestAdmin(reader);
  const recruiter = reader.memberType === 'owner';
  const editable = facts.state === 'draft' || facts.state === 'returned';
  const decides = awaitsDecisionFrom(facts, reader.userId);
  return {
    edit: editable && (author || admin),
    delete: facts.state === 'draft' && (author || admin),
    submit: editable && author,
    approve: decides,
    reject: decides,
    return: decides,
    withdraw: (facts.state === 'pending' || facts.state === 'returned') && author,
    take: facts.state === 'approved' && recruiter && facts.vacancyId === null,
    close: facts.state === 'in_work' && recruiter,
  };
}
