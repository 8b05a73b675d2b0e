import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  applyDecision,
  assertMayDecide,
  assertStateAllows,
  isOverdue,
  resolveRoute,
  type Route,
  startRoute,
  stepDueAt,
  toRequestSteps,
} from './request-flow.rules.ts';

const users = new Map([
  [1, { name: 'Анна', email: 'anna@example.ru' }],
  [2, { name: 'Борис', email: 'boris@example.ru' }],
  [3, { name: 'Вера', email: 'vera@example.ru' }],
  [4, { name: 'Глеб', email: 'gleb@example.ru' }],
]);
const now = new Date('2026-11-26T10:00:00Z');
const later = new Date('2026-11-26T11:00:00Z');

function failure(run: () => unknown) {
  try {
    run();
  } catch (error) {
    const e = error as AppError;
    return { status: e.code, message: e.message };
  }
  throw new Error('expected an error');
}

function twoStepRoute(): Route {
  const resolved = resolveRoute(
    [
      {
        name: 'Руководитель',
        mode: 'any',
        approvers: [
          { type: 'user', user_id: 1 },
          { type: 'user', user_id: 2 },
        ],
      },
      {
        name: 'Финансы',
        mode: 'all',
        deadline_days: 2,
        approvers: [
          { type: 'division_head' },
          { type: 'email', email: 'CFO@Example.ru', name: 'Финдиректор' },
        ],
      },
    ],
    { users, division: { id: 7, headId: 3 } },
  );
  return startRoute(resolved, now).route;
}

describe('request flow rules', () => {
  it('resolves the route: users named, the division head found, e-mails lower-cased, no doubles', () => {
    const route = resolveRoute(
      [
        {
          name: 'Шаг',
          mode: 'all',
          approvers: [{ type: 'user', user_id: 3 }, { type: 'division_head' }],
        },
      ],
      { users, division: { id: 7, headId: 3 } },
    );
    expect(route[0]!.approvers).toEqual([
      {
        type: 'user',
        user_id: 3,
        email: 'vera@example.ru',
        name: 'Вера',
        decision: null,
        decided_at: null,
        comment: null,
      },
    ]);
    expect(twoStepRoute()[1]!.approvers.map((a) => [a.type, a.user_id, a.email])).toEqual([
      ['division_head', 3, 'vera@example.ru'],
      ['email', null, 'cfo@example.ru'],
    ]);
  });

  it('refuses a division_head approver when the division has no head (or there is no division)', () => {
    const spec = [
      { name: 'Шаг', mode: 'any' as const, approvers: [{ type: 'division_head' as const }] },
    ];
    expect(failure(() => resolveRoute(spec, { users, division: { id: 7, headId: null } }))).toEqual(
      {
        status: 400,
        message: 'У подразделения не указан руководитель',
      },
    );
    expect(failure(() => resolveRoute(spec, { users, division: null })).status).toBe(400);
    expect(
      failure(() =>
        resolveRoute([{ name: 'Ш', mode: 'any', approvers: [{ type: 'user', user_id: 99 }] }], {
          users,
          division: null,
        }),
      ).status,
    ).toBe(400);
  });

  it('an `any` step passes on the first approval and starts the next step', () => {
    const { route, outcome } = applyDecision(
      twoStepRoute(),
      0,
      { userId: 2 },
      'approved',
      null,
      later,
    );
    expect(outcome).toEqual({ kind: 'next_step', state: 'pending', currentStep: 1 });
    expect(route[0]!.approvers[1]).toMatchObject({
      decision: 'approved',
      decided_at: later.toISOString(),
    });
    expect(route[1]!.started_at).toBe(later.toISOString());
  });

  it('an `all` step waits for every approver; the last approval approves the request', () => {
    const first = applyDecision(twoStepRoute(), 0, { userId: 1 }, 'approved', null, later);
    const head = applyDecision(first.route, 1, { userId: 3 }, 'approved', null, later);
    expect(head.outcome.kind).toBe('waiting');
    const cfo = applyDecision(
      head.route,
      1,
      { email: 'cfo@example.ru', name: 'Ф' },
      'approved',
      'Ок',
      later,
    );
    expect(cfo.outcome).toEqual({ kind: 'approved', state: 'approved', currentStep: null });
  });

  it('approving twice is 409, out of turn 403; the route is not changed', () => {
    const route = twoStepRoute();
    const first = applyDecision(route, 0, { userId: 1 }, 'approved', null, later);
    expect(failure(() => assertMayDecide(first.route, 1, { userId: 1 }))).toEqual({
      status: 409,
      message: 'Вы уже приняли решение по этой заявке',
    });
    expect(failure(() => applyDecision(route, 0, { userId: 3 }, 'approved', null, later))).toEqual({
      status: 403,
      message: 'Сейчас заявка не на вашем шаге согласования',
    });
    const head = applyDecision(first.route, 1, { userId: 3 }, 'approved', null, later);
    expect(
      failure(() => applyDecision(head.route, 1, { userId: 3 }, 'approved', null, later)).status,
    ).toBe(409);
    expect(route[0]!.approvers[0]!.decision).toBeNull();
  });

  it('a rejection rejects the request, a return sends it back; a restart clears every decision', () => {
    const rejected = applyDecision(
      twoStepRoute(),
      0,
      { userId: 1 },
      'rejected',
      'Нет бюджета',
      later,
    );
    expect(rejected.outcome.state).toBe('rejected');
    expect(rejected.route[0]!.approvers[0]!.comment).toBe('Нет бюджета');
    const returned = applyDecision(twoStepRoute(), 0, { userId: 2 }, 'returned', 'Уточните', later);
    expect(returned.outcome.state).toBe('returned');
    const again = startRoute(returned.route, later);
    expect(again.currentStep).toBe(0);
    expect(again.route.flatMap((s) => s.approvers.map((a) => a.decision))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(again.route[1]!.started_at).toBeNull();
    expect(startRoute([], later).currentStep).toBeNull();
  });

  it('each action has its states; a wrong one is 409 naming the state', () => {
    expect(failure(() => assertStateAllows('approve', 'draft'))).toEqual({
      status: 409,
      message: 'Заявка в состоянии «Черновик»: действие недоступно',
    });
    expect(() => assertStateAllows('submit', 'returned')).not.toThrow();
    expect(failure(() => assertStateAllows('take', 'pending')).status).toBe(409);
  });

  it('a step is overdue past started_at + deadline_days while it waits', () => {
    const step = { started_at: '2026-11-20T10:00:00.000Z', deadline_days: 2 };
    expect(stepDueAt(step)?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(isOverdue(step, true, new Date('2026-11-22T10:00:01Z'))).toBe(true);
    expect(isOverdue(step, true, new Date('2026-11-22T09:59:59Z'))).toBe(false);
    expect(isOverdue(step, false, now)).toBe(false);
    expect(isOverdue({ started_at: step.started_at, deadline_days: null }, true, now)).toBe(false);
  });

  it('draws the route as steps', () => {
    const first = applyDecision(twoStepRoute(), 0, { userId: 1 }, 'approved', null, later);
    const steps = toRequestSteps(first.route, 'pending', 1, new Date('2026-12-01T00:00:00Z'));
    expect(steps.map((s) => [s.state, s.overdue])).toEqual([
      ['approved', false],
      ['pending', true],
    ]);
  });
});
