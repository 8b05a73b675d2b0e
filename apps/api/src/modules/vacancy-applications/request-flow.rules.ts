import {
  REQUEST_STATE_LABELS,
  type TApprovalMode,
  type TApprovalStepSpec,
  type TRequestAction,
  type TRequestState,
  type TRequestStep,
} from '@ats/contracts/vacancy-applications';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';

// The workflow of a hiring request as pure functions: which action a state allows, who may
// decide on the current step, when a step (`any` / `all`) passes, and when it is overdue. The
// service reads the facts (the request under its lock, the template, the division's head) and
// asks these; nothing here queries.

export const FLOW_MESSAGES = {
  alreadyDecided: 'Вы уже приняли решение по этой заявке',
  notYourStep: 'Сейчас заявка не на вашем шаге согласования',
  noDivisionHead: 'У подразделения не указан руководитель',
  noDivision: 'Укажите подразделение заявки: на маршруте есть руководитель подразделения',
  approverGone: 'Согласующий из шаблона не найден среди пользователей компании',
  onlyAuthor: 'Это может сделать только автор заявки',
  onlyRecruiters: 'Взять заявку в работу может рекрутер или администратор',
  commentRequired: 'Напишите комментарий',
  templateGone: 'Шаблон заявки удалён: выберите другой шаблон и отправьте заявку снова',
} as const;

export const wrongState = (state: TRequestState) =>
  conflict(`Заявка в состоянии «${REQUEST_STATE_LABELS[state]}»: действие недоступно`);

/** The states each action starts from. */
export const ACTION_FROM: Record<TRequestAction, readonly TRequestState[]> = {
  submit: ['draft', 'returned'],
  approve: ['pending'],
  reject: ['pending'],
  return: ['pending'],
  withdraw: ['pending', 'returned'],
  take: ['approved'],
  close: ['in_work'],
};

export function assertStateAllows(action: TRequestAction, state: TRequestState) {
  if (!ACTION_FROM[action].includes(state)) throw wrongState(state);
}

export const actionAllowedIn = (action: TRequestAction, state: TRequestState) =>
  ACTION_FROM[action].includes(state);

// ─── The route kept on the request (`vacancy_applications.route`) ─────────────────────────────

export type RouteDecision = 'approved' | 'rejected' | 'returned';

/** An approver resolved at submit: a user (also the division's head) or an outside e-mail. */
export type RouteApprover = {
  type: 'user' | 'email' | 'division_head';
  user_id: number | null;
  email: string | null;
  name: string;
  decision: RouteDecision | null;
  decided_at: string | null;
  comment: string | null;
};

export type RouteStep = {
  name: string;
  mode: TApprovalMode;
  deadline_days: number | null;
  started_at: string | null;
  approvers: RouteApprover[];
};

export type Route = RouteStep[];

/** Who is acting: a signed-in user, or an outside approver known by the address of their link. */
export type FlowActor = { userId: number } | { email: string; name: string };

export type ResolveFacts = {
  /** Names (and addresses) of the account's active users, by id. */
  users: ReadonlyMap<number, { name: string; email: string }>;
  /** The request's division: null when it has none; head_id null when it has no head. */
  division: { id: number; headId: number | null } | null;
};

/**
 * The template's steps with every approver resolved (users named, the division's head found),
 * without decisions. The same person twice on one step counts once.
 */
export function resolveRoute(specs: readonly TApprovalStepSpec[], facts: ResolveFacts): Route {
  return specs.map((spec) => {
    const approvers: RouteApprover[] = [];
    const seen = new Set<string>();
    const add = (approver: Omit<RouteApprover, 'decision' | 'decided_at' | 'comment'>) => {
      const key =
        approver.user_id !== null ? `u${approver.user_id}` : `e${approver.email?.toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      approvers.push({ ...approver, decision: null, decided_at: null, comment: null });
    };
    for (const a of spec.approvers) {
      if (a.type === 'email') {
        add({
          type: 'email',
          user_id: null,
          email: a.email.toLowerCase(),
          name: a.name || a.email,
        });
        continue;
      }
      let userId: number;
      if (a.type === 'user') {
        userId = a.user_id;
      } else {
        if (!facts.division) throw badRequest(FLOW_MESSAGES.noDivision);
        if (facts.division.headId === null) throw badRequest(FLOW_MESSAGES.noDivisionHead);
        userId = facts.division.headId;
      }
      const user = facts.users.get(userId);
      if (!user) throw badRequest(FLOW_MESSAGES.approverGone);
      add({ type: a.type, user_id: userId, email: user.email, name: user.name });
    }
    return {
      name: spec.name,
      mode: spec.mode ?? 'any',
      deadline_days: spec.deadline_days ?? null,
      started_at: null,
      approvers,
    };
  });
}

const isActor = (approver: RouteApprover, actor: FlowActor) =>
  'userId' in actor
    ? approver.user_id === actor.userId
    : approver.type === 'email' && approver.email === actor.email.toLowerCase();

/** A step passes on the first approval (`any`) or when every approver approved (`all`). */
export function stepPassed(step: RouteStep) {
  const approved = step.approvers.filter((a) => a.decision === 'approved').length;
  return step.mode === 'any' ? approved > 0 : approved === step.approvers.length;
}

/** The approvers of a step who have not decided yet (the ones a letter or reminder goes to). */
export const undecided = (step: RouteStep) => step.approvers.filter((a) => a.decision === null);

/**
 * The index of the actor on the current step. 409 when they have already decided (on this step,
 * or on an earlier one of this round), 403 when the request is not waiting for them.
 */
export function assertMayDecide(route: Route, currentStep: number, actor: FlowActor): number {
  const step = route[currentStep];
  const index = step ? step.approvers.findIndex((a) => isActor(a, actor)) : -1;
  if (index >= 0 && step!.approvers[index]!.decision === null) return index;
  if (index >= 0) throw conflict(FLOW_MESSAGES.alreadyDecided);
  const decidedBefore = route
    .slice(0, currentStep)
    .some((s) => s.approvers.some((a) => isActor(a, actor) && a.decision !== null));
  if (decidedBefore) throw conflict(FLOW_MESSAGES.alreadyDecided);
  throw forbidden(FLOW_MESSAGES.notYourStep);
}

/** Whether the actor may decide on the request now (no error). */
export function mayDecide(route: Route, currentStep: number | null, actor: FlowActor) {
  const step = currentStep === null ? undefined : route[currentStep];
  return !!step?.approvers.some((a) => isActor(a, actor) && a.decision === null);
}

export type DecisionOutcome =
  /** The step waits for more approvals (`all`). */
  | { kind: 'waiting'; state: 'pending'; currentStep: number }
  /** The step passed and the next one started. */
  | { kind: 'next_step'; state: 'pending'; currentStep: number }
  /** The last step passed. */
  | { kind: 'approved'; state: 'approved'; currentStep: null }
  | { kind: 'rejected'; state: 'rejected'; currentStep: null }
  | { kind: 'returned'; state: 'returned'; currentStep: null };

/**
 * Applies one approver's decision to the current step: a copy of the route and what became of
 * the request. Any rejection rejects it, a return sends it to the author.
 */
export function applyDecision(
  route: Route,
  currentStep: number,
  actor: FlowActor,
  decision: RouteDecision,
  comment: string | null,
  now: Date,
): { route: Route; outcome: DecisionOutcome; approverIndex: number } {
  const approverIndex = assertMayDecide(route, currentStep, actor);
  const next: Route = structuredClone(route);
  const step = next[currentStep]!;
  step.approvers[approverIndex] = {
    ...step.approvers[approverIndex]!,
    decision,
    decided_at: now.toISOString(),
    comment,
  };
  if (decision === 'rejected') {
    return {
      route: next,
      approverIndex,
      outcome: { kind: 'rejected', state: 'rejected', currentStep: null },
    };
  }
  if (decision === 'returned') {
    return {
      route: next,
      approverIndex,
      outcome: { kind: 'returned', state: 'returned', currentStep: null },
    };
  }
  if (!stepPassed(step)) {
    return {
      route: next,
      approverIndex,
      outcome: { kind: 'waiting', state: 'pending', currentStep },
    };
  }
  const following = currentStep + 1;
  if (following >= next.length) {
    return {
      route: next,
      approverIndex,
      outcome: { kind: 'approved', state: 'approved', currentStep: null },
    };
  }
  next[following]!.started_at = now.toISOString();
  return {
    route: next,
    approverIndex,
    outcome: { kind: 'next_step', state: 'pending', currentStep: following },
  };
}

/** A route restarted at submit: no decisions, the first step started now (none: approved). */
export function startRoute(route: Route, now: Date): { route: Route; currentStep: number | null } {
  const fresh: Route = route.map((step) => ({
    ...step,
    started_at: null,
    approvers: step.approvers.map((a) => ({
      ...a,
      decision: null,
      decided_at: null,
      comment: null,
    })),
  }));
  if (fresh.length === 0) return { route: fresh, currentStep: null };
  fresh[0]!.started_at = now.toISOString();
  return { route: fresh, currentStep: 0 };
}

const DAY_MS = 86_400_000;

/** When a started step with a deadline becomes overdue; null without a deadline or a start. */
export function stepDueAt(step: Pick<RouteStep, 'started_at' | 'deadline_days'>): Date | null {
  if (!step.started_at || !step.deadline_days) return null;
  return new Date(new Date(step.started_at).getTime() + step.deadline_days * DAY_MS);
}

/** A step waiting for decisions past its deadline. */
export function isOverdue(
  step: Pick<RouteStep, 'started_at' | 'deadline_days'>,
  pending: boolean,
  now: Date,
) {
  const due = stepDueAt(step);
  return pending && due !== null && now.getTime() > due.getTime();
}

/** The route as the API answers it (ZRequestStep), for the request in `state` at `currentStep`. */
export function toRequestSteps(
  route: Route,
  state: TRequestState,
  currentStep: number | null,
  now: Date,
): TRequestStep[] {
  return route.map((step, index) => {
    const decisions = step.approvers.map((a) => a.decision);
    const pending = state === 'pending' && currentStep === index;
    const stepState: TRequestStep['state'] = decisions.includes('rejected')
      ? 'rejected'
      : decisions.includes('returned')
        ? 'returned'
        : pending
          ? 'pending'
          : stepPassed(step) && step.started_at
            ? 'approved'
            : 'waiting';
    const due = stepDueAt(step);
    return {
      index,
      name: step.name,
      mode: step.mode,
      deadline_days: step.deadline_days,
      state: stepState,
      started_at: step.started_at,
      due_at: due ? due.toISOString() : null,
      overdue: isOverdue(step, pending, now),
      approvers: step.approvers.map((a) => ({ ...a })),
    };
  });
}
