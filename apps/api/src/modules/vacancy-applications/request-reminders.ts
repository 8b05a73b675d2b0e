import type { RouteApprover } from '@ats/db/schema/vacancy-applications';
import { z } from 'zod';
import { createMailer } from '../../platform/mailer.ts';
import type { JobDefinition } from '../../platform/queue.ts';
import { isOverdue, stepDueAt } from './request-flow.rules.ts';
import { userReminderLetter } from './request-letters.ts';
import * as repo from './request-links.repository.ts';
import {
  type Letter,
  type LinkDeps,
  appUrl,
  issueLink,
  outsideApprovers,
  sendLetters,
} from './request-links.service.ts';

// Deadlines: a step waiting longer than its `deadline_days` reminds each approver who has not
// decided, at most once a day — a user by a letter pointing at the request in the app, an
// outside approver by a letter with a fresh link. Users' last reminder is kept on their entry
// of the route (`reminded_at`), outside approvers' by their links.

const DAY_MS = 86_400_000;
/** The shortest deadline is a day: a step started less than a day ago is never overdue. */
const SHORTEST_DEADLINE_MS = DAY_MS;

type RemindedApprover = RouteApprover & { reminded_at?: string | null };

const remindedToday = (at: Date | null | undefined, now: Date) =>
  !!at && now.getTime() - at.getTime() < DAY_MS;

/** Reminds the approvers of every overdue step; answers how many letters went out. */
export async function remindOverdueApprovers(deps: LinkDeps, now = new Date()) {
  const candidates = await repo.pendingStepsStartedBeforeAcrossAccounts(
    deps.database.system,
    new Date(now.getTime() - SHORTEST_DEADLINE_MS),
  );
  let sent = 0;
  for (const candidate of candidates) {
    const letters = await deps.database.withTenant(candidate.accountId, (tx) =>
      remindersOfRequest(deps, tx, candidate.accountId, candidate.id, now),
    );
    await sendLetters(deps, letters, 'request_approval_reminder');
    sent += letters.length;
  }
  return sent;
}

async function remindersOfRequest(
  deps: LinkDeps,
  tx: Parameters<typeof repo.lockRoute>[0],
  accountId: number,
  requestId: number,
  now: Date,
): Promise<Letter[]> {
  // Under the request's lock: a decision taken meanwhile waits, and nobody decided is reminded.
  const locked = await repo.lockRoute(tx, accountId, requestId);
  if (!locked || locked.state !== 'pending' || locked.currentStep === null) return [];
  const stepIndex = locked.currentStep;
  const step = locked.route[stepIndex];
  if (!step || !isOverdue(step, true, now)) return [];
  const request = await repo.findRequestForApprover(tx, accountId, requestId);
  if (!request) return [];
  const overdueSince = stepDueAt(step)!;
  const letters: Letter[] = [];

  const links = await repo.latestLinks(tx, accountId, requestId, stepIndex);
  for (const approver of outsideApprovers(step)) {
    const latest = links.get(approver.email);
    if (remindedToday(latest?.remindedAt ?? latest?.createdAt, now)) continue;
    letters.push(
      await issueLink(tx, appUrl(deps.config), request, stepIndex, approver, now, overdueSince),
    );
  }

  const route = structuredClone(locked.route);
  let changed = false;
  for (const approver of route[stepIndex]!.approvers as RemindedApprover[]) {
    if (approver.type === 'email' || approver.decision !== null || !approver.email) continue;
    const last = approver.reminded_at ? new Date(approver.reminded_at) : null;
    if (remindedToday(last, now)) continue;
    approver.reminded_at = now.toISOString();
    changed = true;
    letters.push({
      to: approver.email,
      accountId,
      ...userReminderLetter({
        company: request.company,
        position: request.position,
        stepName: step.name,
        approverName: approver.name,
        link: `${appUrl(deps.config)}/requests/${requestId}`,
        overdueSince,
      }),
    });
  }
  if (changed) await repo.saveRoute(tx, accountId, requestId, route);
  return letters;
}

const ZRemindOverdueJob = z.object({});

/**
 * The job the API enqueues every hour (main.ts); reminding is idempotent within a day, so a
 * repeated or retried run sends nothing twice.
 */
export const remindOverdueJob: JobDefinition<z.infer<typeof ZRemindOverdueJob>> = {
  name: 'vacancy_applications.remind_overdue',
  payload: ZRemindOverdueJob,
  handle: async (_payload, context) => {
    await remindOverdueApprovers({
      database: context.database,
      config: context.config,
      log: context.log,
      mailer: createMailer(context.config, context.database.system, context.log),
    });
  },
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
};
