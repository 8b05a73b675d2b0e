import {
  PUBLIC_APPROVAL_ERRORS,
  type TPublicApproval,
  type TPublicDecision,
} from '@ats/contracts/vacancy-applications';
import type { Db } from '@ats/db/connection';
import type { RouteStep } from '@ats/db/schema/vacancy-applications';
import type { Config } from '../../platform/config.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import { FLOW_MESSAGES, toRequestSteps, wrongState } from './request-flow.rules.ts';
import { decideOnRequest } from './request-flow.service.ts';
import { approvalLinkPath, linkExpiry, outsideApproverLetter } from './request-letters.ts';
import * as repo from './request-links.repository.ts';

// Approvers without an account: each gets a letter with a single-use, expiring link to a public
// page (`/request-approval/<token>`) where they approve or reject the request. Only the sha256
// of the token is stored; the token itself is in the letter alone, never in a log.

export type LinkDeps = Pick<AppDeps, 'database' | 'mailer' | 'config' | 'log'>;

/** Where the app is: links in letters sent outside a request (step started, reminders). */
export const appUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

const invalid = () => notFound(PUBLIC_APPROVAL_ERRORS.invalid);
const used = () => conflict(PUBLIC_APPROVAL_ERRORS.used);
/** 410 Gone: the link was real and is over. */
const expired = () => new AppError(410, PUBLIC_APPROVAL_ERRORS.expired);

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findRequestForApprover>>>;
export type Letter = { to: string; subject: string; text: string; accountId: number };

/**
 * A new link for the outside approver `email` of the request's step, and its letter (sent by
 * the caller once the transaction has committed). A reminder keeps the earlier links working.
 */
export async function issueLink(
  tx: Db,
  publicUrl: string,
  request: RequestRow,
  stepIndex: number,
  approver: { email: string; name: string },
  now: Date,
  overdueSince?: Date,
): Promise<Letter> {
  const step = request.route[stepIndex]!;
  if (!overdueSince) {
    await repo.expireOpenLinks(
      tx,
      {
        accountId: request.accountId,
        applicationId: request.id,
        step: stepIndex,
        email: approver.email,
      },
      now,
    );
  }
  const token = generateToken();
  const startedAt = step.started_at ? new Date(step.started_at) : request.stepStartedAt;
  const expiresAt = linkExpiry(now, startedAt, step.deadline_days);
  await repo.insertLink(tx, {
    accountId: request.accountId,
    applicationId: request.id,
    step: stepIndex,
    email: approver.email,
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: now,
    remindedAt: overdueSince ? now : null,
  });
  const letter = outsideApproverLetter({
    company: request.company,
    position: request.position,
    stepName: step.name,
    approverName: approver.name === approver.email ? null : approver.name,
    author: userDisplayName(request.author) ?? 'Сотрудник',
    link: `${publicUrl}${approvalLinkPath(token)}`,
    expiresAt,
    ...(overdueSince ? { overdueSince } : {}),
  });
  return { to: approver.email, accountId: request.accountId, ...letter };
}

/** Hands letters to the mailer; a failed hand-over stays in the outbox for its retry. */
export async function sendLetters(deps: LinkDeps, letters: Letter[], kind: string) {
  for (const letter of letters) {
    // No devLogLine: the link is a credential and never reaches the log.
    await deps.mailer.send({ ...letter, kind });
  }
}

/**
 * A step began waiting: every outside approver of it who has not decided gets a link. Earlier
 * links of the same step (a request submitted again) stop working.
 */
export async function mailLinksForStep(
  deps: LinkDeps,
  event: { accountId: number; requestId: number; stepIndex: number; publicUrl?: string },
  now = new Date(),
) {
  const publicUrl = event.publicUrl || appUrl(deps.config);
  const letters = await deps.database.withTenant(event.accountId, async (tx) => {
    const request = await repo.findRequestForApprover(tx, event.accountId, event.requestId);
    if (!request || request.state !== 'pending' || request.currentStep !== event.stepIndex) {
      return [];
    }
    const step = request.route[event.stepIndex];
    const out: Letter[] = [];
    for (const approver of outsideApprovers(step)) {
      out.push(await issueLink(tx, publicUrl, request, event.stepIndex, approver, now));
    }
    return out;
  });
  await sendLetters(deps, letters, 'request_approval_link');
}

/** The step's outside approvers still to decide. */
export function outsideApprovers(step: RouteStep | undefined) {
  return (step?.approvers ?? [])
    .filter((a) => a.type === 'email' && a.email && a.decision === null)
    .map((a) => ({ email: a.email!, name: a.name }));
}

type OpenLink = NonNullable<Awaited<ReturnType<typeof repo.findLinkAcrossAccounts>>>;

/** The link of `token` while it still works: 404 unknown, 409 used, 410 expired. */
async function openLink(deps: LinkDeps, token: string, now: Date) {
  const link = await repo.findLinkAcrossAccounts(deps.database.system, hashToken(token));
  if (!link) throw invalid();
  if (link.usedAt) throw used();
  if (link.expiresAt.getTime() <= now.getTime()) throw expired();
  return link;
}

/**
 * The request as the link's approver may act on it: pending, at the link's step, the approver
 * not decided yet. Otherwise the same refusals as in the app (409 state or twice, 403 out of turn).
 */
async function requestOfLink(tx: Db, link: OpenLink) {
  const request = await repo.findRequestForApprover(tx, link.accountId, link.applicationId);
  const approver = request?.route[link.step]?.approvers.find(
    (a) => a.type === 'email' && a.email === link.email,
  );
  if (!request || !approver) throw invalid();
  if (request.state !== 'pending') throw wrongState(request.state);
  if (approver.decision !== null) throw conflict(FLOW_MESSAGES.alreadyDecided);
  if (request.currentStep !== link.step) throw forbidden(FLOW_MESSAGES.notYourStep);
  return { request, approver };
}

/** `GET /api/public/request_approvals/{token}`: what the outside approver decides on. */
export async function readPublicApproval(
  deps: LinkDeps,
  token: string,
  now = new Date(),
): Promise<TPublicApproval> {
  const link = await openLink(deps, token, now);
  return deps.database.withTenant(link.accountId, async (tx) => {
    const { request, approver } = await requestOfLink(tx, link);
    return {
      company: request.company,
      approver: { name: approver.name, email: link.email },
      step: { index: link.step, name: request.route[link.step]!.name },
      request: {
        position: request.position,
        salary: request.salary,
        salary_from: request.salaryFrom,
        salary_to: request.salaryTo,
        currency: request.currency,
        needed: request.needed,
        date_will_close: request.dateWillClose,
        body: request.body,
        requirements: request.requirements,
        conditions: request.conditions,
        information: request.information,
        state: request.state,
        author: userDisplayName(request.author) ?? 'Сотрудник',
        account_division: request.division,
        template_values: await namedTemplateValues(tx, request),
        steps: toRequestSteps(request.route, request.state, request.currentStep, now).map((s) => ({
          index: s.index,
          name: s.name,
          state: s.state,
        })),
      },
    };
  });
}

/** The company's own fields by their names, in the template's order; a file by its name. */
async function namedTemplateValues(tx: Db, request: RequestRow) {
  if (request.templateId === null) return [];
  const fields = await repo.templateFieldNames(tx, request.accountId, request.templateId);
  const fileIds = fields
    .filter((f) => f.type === 'file' && typeof request.templateValues[f.key] === 'number')
    .map((f) => request.templateValues[f.key] as number);
  const files = await repo.fileNames(tx, request.accountId, request.id, fileIds);
  return fields.flatMap((field) => {
    const value = request.templateValues[field.key];
    if (value === null || value === undefined || value === '') return [];
    const shown = field.type === 'file' ? files.get(Number(value)) : String(value);
    return shown ? [{ name: field.name, value: shown }] : [];
  });
}

export const DECIDED_MESSAGES = {
  approve: 'Заявка согласована',
  reject: 'Заявка отклонена',
} as const;

/**
 * `POST /api/public/request_approvals/{token}`: the outside approver's decision, taken by the
 * workflow as theirs (name and e-mail of the link). The link is taken first, so a second use at
 * the same moment is refused, and given back when the workflow refuses the decision.
 */
export async function decideByLink(
  deps: AppDeps,
  token: string,
  input: TPublicDecision,
  publicUrl: string,
  now = new Date(),
) {
  const link = await openLink(deps, token, now);
  const { approver } = await deps.database.withTenant(link.accountId, async (tx) => {
    const found = await requestOfLink(tx, link);
    if (!(await repo.claimLink(tx, link.accountId, link.id, now))) throw used();
    return found;
  });
  try {
    await decideOnRequest(deps, {
      accountId: link.accountId,
      requestId: link.applicationId,
      actor: { email: link.email, name: approver.name },
      decision: input.decision === 'approve' ? 'approved' : 'rejected',
      comment: input.comment ?? null,
      publicUrl,
    });
  } catch (error) {
    await deps.database.withTenant(link.accountId, (tx) =>
      repo.releaseLink(tx, link.accountId, link.id),
    );
    throw error;
  }
  return DECIDED_MESSAGES[input.decision];
}
