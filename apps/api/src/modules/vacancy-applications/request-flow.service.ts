import type { TAuditAction } from '@ats/contracts/audit';
import {
  REQUEST_ACTION_LABELS,
  REQUEST_STATE_LABELS,
  type TApprovalStepSpec,
  type TRequestAction,
  type TRequestState,
} from '@ats/contracts/vacancy-applications';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { type AuditActor, recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { findDivisionHead } from '../divisions/divisions.service.ts';
import { findActiveUserContacts, findUserContact } from '../users/users.service.ts';
import { createVacancy } from '../vacancies/vacancies.service.ts';
import { assertMaySubmit, assertMayTake, assertMayWithdraw } from './request-flow.policy.ts';
import * as requests from './vacancy-applications.repository.ts';
import * as core from './vacancy-applications.service.ts';
import {
  applyDecision,
  assertStateAllows,
  type DecisionOutcome,
  FLOW_MESSAGES,
  type FlowActor,
  resolveRoute,
  type Route,
  type RouteDecision,
  startRoute,
  undecided,
} from './request-flow.rules.ts';

// The workflow of a hiring request: submit, the approvers' decisions, withdraw, take into work
// (the vacancy is made through the vacancies service) and close. Each action runs in one tenant
// transaction holding the request's row lock, appends a history row and an audit event; letters
// and the step-started listeners run after the commit.

// ─── Step started: where the outside approvers' letters hook in ─────────────────────────────────

export type StepStartedEvent = {
  accountId: number;
  requestId: number;
  stepIndex: number;
  /** Where links in letters point. */
  publicUrl: string;
};
export type StepStartedListener = (event: StepStartedEvent) => Promise<void> | void;

const stepStartedListeners = new Set<StepStartedListener>();

/**
 * Registers `listener` to run (after the commit) whenever a step of a request becomes pending:
 * at submit and when the step before it passes. Returns a function that unregisters it. The
 * outside approvers' letters (signed links) are sent from such a listener.
 */
export function registerStepStartedListener(listener: StepStartedListener) {
  stepStartedListeners.add(listener);
  return () => {
    stepStartedListeners.delete(listener);
  };
}

async function announceStepStarted(deps: AppDeps, event: StepStartedEvent) {
  for (const listener of stepStartedListeners) {
    try {
      await listener(event);
    } catch (error) {
      deps.log.error({ err: error, requestId: event.requestId }, 'step-started listener failed');
    }
  }
}

// ─── Context ──────────────────────────────────────────────────────────────────────────────────

type Context = { deps: AppDeps; publicUrl: string };

/** The audit log's sentence: «Согласована заявка на подбор «Бухгалтер»». */
const AUDIT_SUMMARY: Record<TRequestAction, string> = {
  submit: 'Отправлена на согласование заявка на подбор',
  approve: 'Согласована заявка на подбор',
  reject: 'Отклонена заявка на подбор',
  return: 'Возвращена на доработку заявка на подбор',
  withdraw: 'Отозвана заявка на подбор',
  take: 'Взята в работу заявка на подбор',
  close: 'Закрыта заявка на подбор',
};

const AUDIT_ACTION: Record<TRequestAction, TAuditAction> = {
  submit: 'vacancy_application.submitted',
  approve: 'vacancy_application.approved',
  reject: 'vacancy_application.rejected',
  return: 'vacancy_application.returned',
  withdraw: 'vacancy_application.withdrawn',
  take: 'vacancy_application.taken',
  close: 'vacancy_application.closed',
};

/** What happened, for the letters sent after the commit. */
type Done = {
  requestId: number;
  accountId: number;
  position: string;
  authorId: number;
  action: TRequestAction;
  actorName: string;
  comment: string | null;
  /** The step that became pending, if one did. */
  startedStep: { index: number; name: string; userIds: number[] } | null;
  outcome?: DecisionOutcome['kind'];
  vacancyId?: number;
};

const actorOfUser = (tx: Db, accountId: number, userId: number): Promise<core.RequestActor> =>
  core.userActor(tx, accountId, userId);

async function record(
  tx: Db,
  accountId: number,
  row: requests.RequestRow,
  action: TRequestAction,
  actor: core.RequestActor,
  step: number | null,
  comment: string | null,
  changes: Record<string, unknown> = {},
) {
  await core.recordRequestEvent(tx, accountId, {
    applicationId: row.id,
    action,
    actor,
    step,
    comment,
  });
  const auditActor: AuditActor = { accountId, userId: actor.userId, email: actor.email };
  await recordAudit(tx, actor.userId === null ? auditActor : { accountId, userId: actor.userId }, {
    action: AUDIT_ACTION[action],
    target: { type: 'vacancy_application', id: row.id },
    summary: `${AUDIT_SUMMARY[action]} «${row.position}»${
      actor.userId === null ? ` (${actor.name}, ${actor.email})` : ''
    }`,
    changes: { state: row.state, ...changes, ...(comment ? { comment } : {}) },
  });
}

/**
 * Writes the request's state and route; the users who may decide now follow the route (the
 * «на моём согласовании» tab reads them).
 */
async function saveFlow(
  tx: Db,
  accountId: number,
  id: number,
  change: {
    state: TRequestState;
    route?: Route;
    currentStep: number | null;
    /** When the current step started; undefined keeps it. */
    stepStartedAt?: Date | null;
    submittedAt?: Date;
    vacancyId?: number;
  },
) {
  await core.saveRequestState(tx, accountId, id, {
    state: change.state,
    currentStep: change.currentStep,
    ...(change.route === undefined ? {} : { route: change.route }),
    ...(change.stepStartedAt === undefined ? {} : { stepStartedAt: change.stepStartedAt }),
    ...(change.submittedAt === undefined ? {} : { submittedAt: change.submittedAt }),
    ...(change.vacancyId === undefined ? {} : { vacancyId: change.vacancyId }),
  });
}

const stepUsers = (route: Route, index: number) =>
  undecided(route[index]!).flatMap((a) => (a.user_id === null ? [] : [a.user_id]));

/** The request for a signed-in user: locked, and 404 when they may not see it. */
const requestFor = (tx: Db, tenant: Tenant, session: Session, id: number) =>
  core.loadRequestForChange(tx, tenant.accountId, session, id);

// ─── Submit ───────────────────────────────────────────────────────────────────────────────────

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The template's steps as stored: the spec, or the answer's shape (approvers with names). */
function stepSpecs(steps: unknown[]): TApprovalStepSpec[] {
  return (steps as Record<string, unknown>[]).map((s) => ({
    name: String(s.name ?? ''),
    mode: s.mode === 'all' ? 'all' : 'any',
    deadline_days: typeof s.deadline_days === 'number' ? s.deadline_days : null,
    approvers: ((s.approvers ?? []) as Record<string, unknown>[]).map((a) =>
      a.type === 'user'
        ? { type: 'user' as const, user_id: Number(a.user_id) }
        : a.type === 'email'
          ? {
              type: 'email' as const,
              email: String(a.email ?? ''),
              name: (a.name as string | null) ?? null,
            }
          : { type: 'division_head' as const },
    ),
  }));
}

async function resolveFor(tx: Db, accountId: number, row: requests.RequestRow): Promise<Route> {
  if (row.templateId === null) return [];
  const template = await requests.findTemplate(tx, accountId, row.templateId);
  if (!template) {
    // A returned request goes the route it went before; a draft is never approved by nobody.
    if (row.route.length > 0) return row.route;
    throw badRequest(FLOW_MESSAGES.templateGone);
  }
  const values = row.templateValues ?? {};
  for (const field of template.fields ?? []) {
    if (field.required && isBlank(values[field.key])) {
      throw badRequest(core.fieldRequired(field.name), { [field.key]: 'Обязательное поле' });
    }
  }
  const specs = stepSpecs(template.steps ?? []);
  const division =
    row.accountDivisionId === null
      ? null
      : await findDivisionHead(tx, accountId, row.accountDivisionId);
  const ids = new Set<number>();
  for (const spec of specs) {
    for (const a of spec.approvers) if (a.type === 'user') ids.add(a.user_id);
  }
  if (division?.headId != null) ids.add(division.headId);
  const users = await findActiveUserContacts(tx, accountId, [...ids]);
  return resolveRoute(specs, {
    division,
    users: new Map(
      users.map((u) => [u.id, { name: userDisplayName(u.person) ?? u.email, email: u.email }]),
    ),
  });
}

/**
 * Sends a draft (or a returned request) for approval: the route is resolved from the template
 * now and starts at its first step; a template without steps approves the request at once.
 */
export async function submitRequest(ctx: Context, tenant: Tenant, session: Session, id: number) {
  const done = await tenant.transaction(async (tx): Promise<Done> => {
    const row = await requestFor(tx, tenant, session, id);
    assertMaySubmit(session, row);
    assertStateAllows('submit', row.state);
    const now = new Date();
    const started = startRoute(await resolveFor(tx, tenant.accountId, row), now);
    const state = started.currentStep === null ? 'approved' : 'pending';
    await saveFlow(tx, tenant.accountId, id, {
      state,
      route: started.route,
      currentStep: started.currentStep,
      stepStartedAt: started.currentStep === null ? null : now,
      submittedAt: now,
    });
    const actor = await actorOfUser(tx, tenant.accountId, session.userId);
    await record(tx, tenant.accountId, row, 'submit', actor, null, null, {
      state: { from: row.state, to: state },
    });
    return {
      requestId: id,
      accountId: tenant.accountId,
      position: row.position,
      authorId: row.authorId,
      action: 'submit',
      actorName: actor.name,
      comment: null,
      startedStep:
        started.currentStep === null
          ? null
          : {
              index: 0,
              name: started.route[0]!.name,
              userIds: stepUsers(started.route, 0),
            },
    };
  });
  await afterCommit(ctx, done);
}

// ─── Decisions ────────────────────────────────────────────────────────────────────────────────

const DECISION_ACTION: Record<RouteDecision, TRequestAction> = {
  approved: 'approve',
  rejected: 'reject',
  returned: 'return',
};

async function decideLocked(
  tx: Db,
  accountId: number,
  row: requests.RequestRow,
  actor: core.RequestActor,
  flowActor: FlowActor,
  decision: RouteDecision,
  comment: string | null,
): Promise<Done> {
  const action = DECISION_ACTION[decision];
  assertStateAllows(action, row.state);
  const stepIndex = row.currentStep ?? 0;
  const now = new Date();
  const { route, outcome } = applyDecision(
    row.route ?? [],
    stepIndex,
    flowActor,
    decision,
    comment,
    now,
  );
  await saveFlow(tx, accountId, row.id, {
    state: outcome.state,
    route,
    currentStep: outcome.currentStep,
    // A new step starts now; a step still waiting keeps its start; a finished route has none.
    ...(outcome.kind === 'waiting'
      ? {}
      : { stepStartedAt: outcome.kind === 'next_step' ? now : null }),
  });
  await record(tx, accountId, row, action, actor, stepIndex, comment, {
    state: { from: row.state, to: outcome.state },
  });
  return {
    requestId: row.id,
    accountId,
    position: row.position,
    authorId: row.authorId,
    action,
    actorName: actor.name,
    comment,
    outcome: outcome.kind,
    startedStep:
      outcome.kind === 'next_step'
        ? {
            index: outcome.currentStep,
            name: route[outcome.currentStep]!.name,
            userIds: stepUsers(route, outcome.currentStep),
          }
        : null,
  };
}

/** approve / reject / return by a signed-in approver of the current step. */
export async function decideAsUser(
  ctx: Context,
  tenant: Tenant,
  session: Session,
  id: number,
  decision: RouteDecision,
  comment: string | null,
) {
  const done = await tenant.transaction(async (tx) => {
    const row = await requestFor(tx, tenant, session, id);
    const actor = await actorOfUser(tx, tenant.accountId, session.userId);
    return decideLocked(
      tx,
      tenant.accountId,
      row,
      actor,
      { userId: session.userId },
      decision,
      comment,
    );
  });
  await afterCommit(ctx, done);
}

/**
 * A decision on a request from outside the signed-in screens — the outside approver's public
 * page (actor by the address of their link) or a bot — under the same rules: 409 twice, 403 out
 * of turn, 409 in a wrong state, 404 for an unknown request. Returns the request's new state.
 */
export async function decideOnRequest(
  deps: AppDeps,
  input: {
    accountId: number;
    requestId: number;
    actor: { userId: number } | { email: string; name: string };
    decision: RouteDecision;
    comment: string | null;
    /** Where links in letters point; PUBLIC_URL when absent. */
    publicUrl?: string;
  },
) {
  const done = await deps.database.withTenant(input.accountId, async (tx) => {
    const row = await core.loadRequestForSystem(tx, input.accountId, input.requestId);
    const actor: core.RequestActor =
      'userId' in input.actor
        ? await actorOfUser(tx, input.accountId, input.actor.userId)
        : {
            userId: null,
            name: input.actor.name || input.actor.email,
            email: input.actor.email.toLowerCase(),
          };
    return decideLocked(
      tx,
      input.accountId,
      row,
      actor,
      input.actor,
      input.decision,
      input.comment,
    );
  });
  await afterCommit(
    { deps, publicUrl: input.publicUrl ?? (deps.config.PUBLIC_URL ?? '').replace(/\/$/, '') },
    done,
  );
  return { state: stateAfter(done) };
}

const stateAfter = (done: Done) =>
  done.outcome === 'approved'
    ? 'approved'
    : done.outcome === 'rejected'
      ? 'rejected'
      : done.outcome === 'returned'
        ? 'returned'
        : 'pending';

// ─── Withdraw, take, close ────────────────────────────────────────────────────────────────────

/** The author withdraws a pending or returned request: it is closed. */
export async function withdrawRequest(tenant: Tenant, session: Session, id: number) {
  await tenant.transaction(async (tx) => {
    const row = await requestFor(tx, tenant, session, id);
    assertMayWithdraw(session, row);
    assertStateAllows('withdraw', row.state);
    await saveFlow(tx, tenant.accountId, id, {
      state: 'closed',
      currentStep: null,
      stepStartedAt: null,
    });
    const actor = await actorOfUser(tx, tenant.accountId, session.userId);
    await record(tx, tenant.accountId, row, 'withdraw', actor, row.currentStep, null, {
      state: { from: row.state, to: 'closed' },
    });
  });
}

/**
 * A recruiter or an admin takes an approved request into work: the vacancy is created through
 * the vacancies service in the same transaction (under the request's lock, so two takes make one
 * vacancy), with the request's fields and `vacancy_application_id`; the request gets `vacancy_id`.
 */
export async function takeRequest(tenant: Tenant, session: Session, id: number) {
  return tenant.transaction(async (tx) => {
    const row = await requestFor(tx, tenant, session, id);
    assertMayTake(session);
    assertStateAllows('take', row.state);
    const inTransaction: Tenant = { ...tenant, transaction: (work) => work(tx) };
    const vacancy = await createVacancy(inTransaction, session, {
      position: row.position,
      salary_from: row.salaryFrom,
      salary_to: row.salaryTo,
      currency: row.currency,
      needed: row.needed,
      priority: row.priority,
      body: row.body,
      requirements: row.requirements,
      conditions: row.conditions,
      information: row.information,
      date_will_close: row.dateWillClose ? row.dateWillClose.slice(0, 10) : null,
      days_until_deadline: row.daysUntilDeadline,
      account_division_id: row.accountDivisionId,
      additional_fields_list: row.additionalFieldsList ?? [],
      vacancy_application_id: row.id,
    });
    await saveFlow(tx, tenant.accountId, id, {
      state: 'in_work',
      currentStep: null,
      vacancyId: vacancy.id,
    });
    const actor = await actorOfUser(tx, tenant.accountId, session.userId);
    await record(tx, tenant.accountId, row, 'take', actor, null, null, {
      state: { from: row.state, to: 'in_work' },
      vacancy_id: vacancy.id,
    });
    return { vacancyId: vacancy.id };
  });
}

/** A recruiter or an admin closes an approved request or one in work. */
export async function closeRequest(tenant: Tenant, session: Session, id: number) {
  await tenant.transaction(async (tx) => {
    const row = await requestFor(tx, tenant, session, id);
    assertMayTake(session);
    assertStateAllows('close', row.state);
    await saveFlow(tx, tenant.accountId, id, { state: 'closed', currentStep: null });
    const actor = await actorOfUser(tx, tenant.accountId, session.userId);
    await record(tx, tenant.accountId, row, 'close', actor, null, null, {
      state: { from: row.state, to: 'closed' },
    });
  });
}

// ─── Letters ──────────────────────────────────────────────────────────────────────────────────

const DECISION_SUBJECTS: Partial<Record<TRequestAction, (position: string) => string>> = {
  approve: (p) => `Заявка «${p}» согласована`,
  reject: (p) => `Заявка «${p}» отклонена`,
  return: (p) => `Заявка «${p}» возвращена на доработку`,
};

async function afterCommit(ctx: Context, done: Done) {
  const { deps } = ctx;
  const link = `${ctx.publicUrl}/requests/${done.requestId}`;
  try {
    const subject = DECISION_SUBJECTS[done.action];
    if (subject) {
      const author = await deps.database.withTenant(done.accountId, (tx) =>
        findUserContact(tx, done.accountId, done.authorId),
      );
      if (author && !author.email.startsWith('deleted-')) {
        const stepPassedOnly = done.action === 'approve' && done.outcome !== 'approved';
        await deps.mailer.send({
          to: author.email,
          subject: stepPassedOnly
            ? `Заявку «${done.position}» согласовал(а) ${done.actorName}`
            : subject(done.position),
          text:
            `Здравствуйте${author.person.name ? `, ${author.person.name}` : ''}!\n\n` +
            `${done.actorName}: ${REQUEST_ACTION_LABELS[done.action].toLowerCase()} заявку «${done.position}».\n` +
            (done.comment ? `Комментарий: ${done.comment}\n` : '') +
            (done.outcome === 'approved' ? 'Все согласующие согласовали заявку.\n' : '') +
            `Состояние заявки: ${REQUEST_STATE_LABELS[stateAfter(done)]}.\n\n` +
            `Открыть заявку: ${link}\n`,
          kind: `vacancy_application_${done.action}`,
          accountId: done.accountId,
        });
      }
    }
    if (done.startedStep) {
      const approvers = await deps.database.withTenant(done.accountId, (tx) =>
        findActiveUserContacts(tx, done.accountId, done.startedStep!.userIds),
      );
      for (const approver of approvers) {
        const name = approver.person.name;
        await deps.mailer.send({
          to: approver.email,
          subject: `Заявка «${done.position}» ждёт вашего согласования`,
          text:
            `Здравствуйте${name ? `, ${name}` : ''}!\n\n` +
            `Заявка на подбор «${done.position}» ждёт вашего решения на шаге «${done.startedStep.name}».\n` +
            `Согласовать, отклонить или вернуть на доработку: ${link}\n`,
          kind: 'vacancy_application_step',
          accountId: done.accountId,
        });
      }
    }
  } catch (error) {
    deps.log.error({ err: error, requestId: done.requestId }, 'request letters failed');
  }
  if (done.startedStep) {
    await announceStepStarted(deps, {
      accountId: done.accountId,
      requestId: done.requestId,
      stepIndex: done.startedStep.index,
      publicUrl: ctx.publicUrl,
    });
  }
}
