import {
  DELAYED_TASK_KIND_NAMES,
  SUB_TASK_STATE_NAMES,
  ZDelayedTaskParams,
  type TCreateDelayedTaskRequest,
  type TDelayedSubTask,
  type TDelayedTask,
  type TDelayedTaskListQuery,
  type TDelayedTaskMenuItem,
  type TDelayedTaskParams,
  type TDelayedTaskSchedule,
  type TDelayedTaskState,
  type TUpdateDelayedTaskRequest,
} from '@ats/contracts/delayed-tasks';
import { personDisplayName } from '@ats/contracts/person-name';
import type { Session } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getAccount } from '../account/account.service.ts';
import { findDateByWorkdays } from '../account-calendar/account-calendar.service.ts';
import { reachApplicant } from '../applicants/applicant-base.service.ts';
import { findVisibleMailTemplate } from '../mail-templates/mail-templates.service.ts';
import { getUser } from '../users/users.service.ts';
import { getVacancy } from '../vacancies/vacancies.service.ts';
import { delayedTasksRunJob } from './delayed-tasks.jobs.ts';
import {
  allowedKinds,
  assertCanChangeTask,
  assertCanSchedule,
  seesAllTasks,
} from './delayed-tasks.policy.ts';
import * as repo from './delayed-tasks.repository.ts';

export const TASK_NOT_FOUND = 'Отложенная задача не найдена';
export const TIME_PASSED = 'Это время уже прошло: выберите время в будущем';
export const ALREADY_STARTED = 'Задача уже началась: изменить её нельзя';
export const NOTHING_TO_CANCEL = 'Задача уже выполнена или отменена: отменять нечего';
export const NOTHING_TO_RETRY = 'В задаче нет действий с ошибкой';
export const APPLICANTS_NOT_FOUND = 'Кандидаты не найдены';
export const USER_NOT_FOUND = 'Пользователь не найден';

/** What scheduling needs from the process: its queue (absent, the worker's sweep finds it). */
export type DelayedTaskDeps = { queue?: Queue | undefined };

/** «Create an event» runs through the events service (decision 0040): offered to recruiters. */
export const EVENTS_AVAILABLE = true;

/** A moment slightly in the past still counts as «now» (the form's clock is not ours). */
const PAST_TOLERANCE_MS = 60_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function taskStateOf(counts: repo.Counts): TDelayedTaskState {
  if (counts.cancelled === counts.total) return 'cancelled';
  if (counts.queued + counts.cancelled === counts.total) return 'upcoming';
  if (counts.queued > 0 || counts.running > 0) return 'running';
  if (counts.failed > 0) return 'failed';
  return 'done';
}

function toTask(row: repo.TaskWithCounts): TDelayedTask {
  return {
    id: row.id,
    kind: row.kind,
    kind_name: DELAYED_TASK_KIND_NAMES[row.kind],
    title: row.title,
    state: taskStateOf(row.counts),
    run_at: row.runAt.toISOString(),
    schedule: row.schedule as TDelayedTaskSchedule,
    params: ZDelayedTaskParams.parse(row.params),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    counts: row.counts,
  };
}

/**
 * The moment a schedule names: as given, or N working days after today on the production
 * calendar at HH:MM, both in the account's time zone.
 */
export async function resolveRunAt(tenant: Tenant, schedule: TDelayedTaskSchedule) {
  if ('at' in schedule) return new Date(schedule.at);
  const { time_zone: timeZone } = await getAccount(tenant);
  const today = await tenant.transaction((tx) => repo.todayIn(tx, timeZone));
  const { date } = await findDateByWorkdays(tenant, today, schedule.workdays);
  return tenant.transaction((tx) => repo.wallClockToInstant(tx, date, schedule.time, timeZone));
}

async function runAtInFuture(tenant: Tenant, schedule: TDelayedTaskSchedule) {
  const runAt = await resolveRunAt(tenant, schedule);
  if (runAt.getTime() < Date.now() - PAST_TOLERANCE_MS) {
    throw badRequest(TIME_PASSED, { schedule: TIME_PASSED });
  }
  return runAt;
}

/** The parameters checked against the account (template, vacancy, user) as the caller sees them. */
async function checkParams(
  tenant: Tenant,
  session: Session,
  kind: TDelayedTaskRequestKind,
  params: TDelayedTaskParams,
) {
  const names: string[] = [];
  if (kind === 'send_letter' && params.template_id !== undefined) {
    names.push((await findVisibleMailTemplate(tenant, session, params.template_id)).name);
  }
  if (params.vacancy_id !== undefined) {
    names.push((await getVacancy(tenant, session, params.vacancy_id)).position);
  }
  if (params.user_id !== undefined) {
    const user = await getUser(tenant, params.user_id).catch(() => null);
    if (!user || !user.is_active) throw badRequest(USER_NOT_FOUND, { user_id: USER_NOT_FOUND });
    if (kind === 'remind_user') names.push(personDisplayName(user));
  }
  if (kind === 'send_message' && params.subject) names.push(params.subject);
  return names;
}
type TDelayedTaskRequestKind = TCreateDelayedTaskRequest['kind'];

const paramsOf = (input: TDelayedTaskParams): TDelayedTaskParams =>
  Object.fromEntries(
    Object.entries({
      template_id: input.template_id,
      vacancy_id: input.vacancy_id,
      status_id: input.status_id,
      user_id: input.user_id,
      subject: input.subject,
      text: input.text,
      event: input.event,
      channel: input.channel,
    }).filter(([, value]) => value !== undefined),
  );

async function enqueueRun(deps: DelayedTaskDeps, runAt: Date) {
  // The sweep of the worker (every half minute) is the safety net when this is lost.
  await deps.queue?.enqueue(delayedTasksRunJob, {}, { startAfter: runAt });
}

/**
 * Schedules an action for later: one sub-task per applicant (or one for a reminder about
 * nobody), run by the queue at `run_at`. Other modules (stage automation) call this.
 */
export async function scheduleTask(
  tenant: Tenant,
  session: Session,
  input: TCreateDelayedTaskRequest,
  deps: DelayedTaskDeps,
): Promise<TDelayedTask> {
  assertCanSchedule(session, input.kind, EVENTS_AVAILABLE);
  const params = paramsOf(input);
  const names = await checkParams(tenant, session, input.kind, params);
  const runAt = await runAtInFuture(tenant, input.schedule);
  const applicantIds = [...new Set(input.applicant_ids)];
  const row = await tenant.transaction(async (tx) => {
    const known = await repo.existingApplicantIds(tx, tenant.accountId, applicantIds);
    const missing = applicantIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const message = `${APPLICANTS_NOT_FOUND}: ${missing.slice(0, 20).join(', ')}`;
      throw badRequest(message, { applicant_ids: message });
    }
    // A watcher reaches only the applicants of their vacancies: anyone else is not found.
    for (const id of seesAllTasks(session) ? [] : applicantIds) {
      await reachApplicant(tx, tenant, session, id);
    }
    const title =
      input.title?.trim() ||
      [DELAYED_TASK_KIND_NAMES[input.kind], ...names].join(' — ').slice(0, 200);
    const task = await repo.insertTask(tx, {
      accountId: tenant.accountId,
      kind: input.kind,
      title,
      params,
      schedule: input.schedule,
      runAt,
      createdBy: session.userId,
    });
    await repo.insertSubTasks(
      tx,
      tenant.accountId,
      task.id,
      applicantIds.length > 0 ? applicantIds : [null],
      runAt,
    );
    return repo.findTask(tx, tenant.accountId, task.id);
  });
  await enqueueRun(deps, runAt);
  return toTask(row!);
}

export async function listDelayedTasks(
  tenant: Tenant,
  session: Session,
  query: TDelayedTaskListQuery,
) {
  const { items, total } = await tenant.transaction((tx) =>
    repo.listTasks(
      tx,
      tenant.accountId,
      {
        state: query.state,
        kind: query.kind,
        applicantId: query.applicant_id,
        createdBy: seesAllTasks(session) ? undefined : session.userId,
      },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    ),
  );
  return { items: items.map(toTask), total, page: query.page, per_page: query.per_page };
}

async function visibleTask(tenant: Tenant, session: Session, id: number) {
  const row = await tenant.transaction((tx) => repo.findTask(tx, tenant.accountId, id));
  if (!row || (!seesAllTasks(session) && row.createdBy !== session.userId)) {
    throw notFound(TASK_NOT_FOUND);
  }
  return row;
}

export async function getDelayedTask(tenant: Tenant, session: Session, id: number) {
  return toTask(await visibleTask(tenant, session, id));
}

export async function listDelayedSubTasks(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TDelayedSubTask[]> {
  await visibleTask(tenant, session, id);
  const rows = await tenant.transaction((tx) => repo.listSubTasks(tx, tenant.accountId, id));
  return rows.map((row) => ({
    id: Number(row.id),
    task_id: Number(row.task_id),
    applicant_id: row.applicant_id === null ? null : Number(row.applicant_id),
    applicant_name:
      row.applicant_id === null
        ? null
        : personDisplayName({
            first_name: row.first_name,
            last_name: row.last_name,
            middle_name: row.middle_name,
          }),
    state: row.state,
    state_name: SUB_TASK_STATE_NAMES[row.state],
    result: row.result,
    reason: row.reason,
    attempts: Number(row.attempts),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  }));
}

/** Changes the time, title or parameters while nothing of the task has started. */
export async function updateDelayedTask(
  tenant: Tenant,
  session: Session,
  id: number,
  input: TUpdateDelayedTaskRequest,
  deps: DelayedTaskDeps,
) {
  const current = await visibleTask(tenant, session, id);
  assertCanChangeTask(session, current);
  const params = { ...ZDelayedTaskParams.parse(current.params), ...paramsOf(input) };
  await checkParams(tenant, session, current.kind, paramsOf(input));
  const runAt = input.schedule ? await runAtInFuture(tenant, input.schedule) : undefined;
  const row = await tenant.transaction(async (tx) => {
    // Under the task's lock, and the sub-tasks' locks through the update: a worker that has
    // taken one holds it until its commit, so «not started» is decided after it.
    const locked = await repo.findTask(tx, tenant.accountId, id, true);
    if (!locked || repo.startedCount(locked.counts) > 0 || locked.counts.queued === 0) {
      throw conflict(ALREADY_STARTED);
    }
    if (runAt) await repo.rescheduleQueued(tx, tenant.accountId, id, runAt);
    const after = await repo.findTask(tx, tenant.accountId, id);
    if (!after || repo.startedCount(after.counts) > 0) throw conflict(ALREADY_STARTED);
    await repo.updateTask(tx, tenant.accountId, id, {
      ...(input.title !== undefined && { title: input.title || current.title }),
      params,
      ...(input.schedule && { schedule: input.schedule }),
      ...(runAt && { runAt }),
    });
    return repo.findTask(tx, tenant.accountId, id);
  });
  if (runAt) await enqueueRun(deps, runAt);
  return toTask(row!);
}

/** Cancels whatever of the task has not started; what ran keeps its outcome. */
export async function cancelDelayedTask(tenant: Tenant, session: Session, id: number) {
  const current = await visibleTask(tenant, session, id);
  assertCanChangeTask(session, current);
  const row = await tenant.transaction(async (tx) => {
    const cancelled = await repo.cancelQueued(tx, tenant.accountId, id);
    if (cancelled === 0) throw conflict(NOTHING_TO_CANCEL);
    return repo.findTask(tx, tenant.accountId, id);
  });
  return toTask(row!);
}

/** The failed sub-tasks run again now. */
export async function retryDelayedTask(
  tenant: Tenant,
  session: Session,
  id: number,
  deps: DelayedTaskDeps,
) {
  const current = await visibleTask(tenant, session, id);
  assertCanChangeTask(session, current);
  const row = await tenant.transaction(async (tx) => {
    const requeued = await repo.requeueFailed(tx, tenant.accountId, id);
    if (requeued === 0) throw conflict(NOTHING_TO_RETRY);
    return repo.findTask(tx, tenant.accountId, id);
  });
  await enqueueRun(deps, new Date());
  return toTask(row!);
}

export function listMenuItems(session: Session): TDelayedTaskMenuItem[] {
  return allowedKinds(session, EVENTS_AVAILABLE).map((kind) => ({
    kind,
    name: DELAYED_TASK_KIND_NAMES[kind],
  }));
}
