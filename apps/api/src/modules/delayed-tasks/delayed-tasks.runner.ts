import { ZDelayedTaskParams, type TDelayedTaskParams } from '@ats/contracts/delayed-tasks';
import { personDisplayName } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth.ts';
import { AppError, conflict, isDatabaseUnavailable } from '../../platform/errors.ts';
import {
  deliverStoredMail,
  storeMail,
  storeMails,
  type MailMessage,
} from '../../platform/mailer.ts';
import type { JobContext } from '../../platform/queue.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { findApplicantContacts, getApplicantCard } from '../applicants/applicants.service.ts';
import { prepareLetters } from '../mail-templates/mail-template-render.service.ts';
import { moveApplication } from '../pipeline/applications.service.ts';
import { announceEventChange, type EventChange } from '../events/event-changes.service.ts';
import { createEvent } from '../events/events.service.ts';
import { handOverMessages, queueMessageFor } from '../messaging/messaging.service.ts';
import {
  handOverNotices,
  noticesQueuedIn,
  tellUsersIn,
  type ToldUsers,
} from '../messaging/user-notices.service.ts';
import { getUser } from '../users/users.service.ts';
import * as repo from './delayed-tasks.repository.ts';

export const NO_EMAIL = 'У кандидата не указан e-mail';
export const NOT_ON_VACANCY = 'Кандидат не на этой вакансии';
export const AUTHOR_GONE = 'Автор задачи удалён или отключён';
export const ACTION_FAILED = 'Не удалось выполнить действие';

/** Sub-tasks taken in one transaction: their letters are written and handed over together. */
export const RUN_BATCH = 50;

/** The tenant of the batch's open transaction: the services called run inside it. */
const tenantInTransaction = (tx: Db, accountId: number, userId: number): Tenant => ({
  accountId,
  userId,
  transaction: (work) => work(tx),
  read: (query) => selectRows(tx, query),
});

type Outcome = {
  result: string;
  outboxId?: number;
  outboxIds?: number[];
  /** An event made, announced once the batch has committed. */
  event?: EventChange;
};

type Run = {
  context: JobContext;
  tx: Db;
  tenant: Tenant;
  session: Session;
  task: repo.TaskWithCounts;
  params: TDelayedTaskParams;
};

/**
 * The task's time has come when its first sub-tasks are taken: none done or failed before, none
 * tried before (a batch retried after a crash is not its first).
 */
const isFirstBatch = (task: repo.TaskWithCounts, claimed: { attempts: number }[]) =>
  task.counts.done + task.counts.failed === 0 && claimed.every((sub) => sub.attempts === 0);

/** «Наступил срок задачи»: its author hears that it runs now (decision 0066). */
function tellTaskDue(tx: Db, context: JobContext, task: repo.TaskWithCounts) {
  const total = task.counts.total;
  return tellUsersIn(
    tx,
    task.accountId,
    {
      event: 'task_due',
      userIds: [task.createdBy],
      group: `task:${task.id}`,
      subject: () => `Наступил срок задачи «${task.title}»`,
      lead: () =>
        `Наступил срок задачи «${task.title}»: она выполняется (действий: ${total}). Итог — на странице задачи:`,
      items: [{ text: 'Открыть задачу:', path: `/delayed-tasks/${task.id}` }],
    },
    context.config,
  );
}

/**
 * Letters and messages, a batch at once: the template rendered once, each applicant's letter made
 * from their own fields, every letter and outcome written in two statements.
 */
async function runLetters(
  run: Run,
  claimed: { id: number; applicantId: number | null }[],
): Promise<{ outcomes: repo.SubTaskOutcome[]; outboxIds: number[]; messageIds: number[] }> {
  const { tenant, session, task, params, context, tx } = run;
  const failAll = (reason: string) => ({
    outcomes: claimed.map((sub) => ({
      id: sub.id,
      state: 'failed' as const,
      result: null,
      reason,
      outbox_id: null,
    })),
    outboxIds: [],
    messageIds: [],
  });
  let render:
    ((applicant: LetterFields) => { subject: string; text: string; html?: string }) | null;
  try {
    if (task.kind === 'send_letter') {
      const letter = await prepareLetters(tenant, session, params.template_id!, params.vacancy_id);
      render = (applicant) => {
        const made = letter(applicant);
        return { subject: made.subject, text: made.body_text, html: made.body_html };
      };
    } else {
      render = () => ({ subject: params.subject!, text: params.text! });
    }
  } catch (error) {
    if (error instanceof AppError) return failAll(error.message);
    throw error;
  }
  const ids = claimed.map((sub) => sub.applicantId).filter((id): id is number => id !== null);
  const contacts = new Map(
    (await findApplicantContacts(tenant, session, ids)).map((row) => [Number(row.id), row]),
  );
  const messages: MailMessage[] = [];
  const pending: { sub: number; result: string }[] = [];
  const outcomes: repo.SubTaskOutcome[] = [];
  const messageIds: number[] = [];
  for (const sub of claimed) {
    const applicant = sub.applicantId === null ? undefined : contacts.get(sub.applicantId);
    if (!applicant) {
      const reason = 'Кандидат не найден';
      outcomes.push({ id: sub.id, state: 'failed', result: null, reason, outbox_id: null });
      continue;
    }
    const letter = render(applicant);
    // Through the applicant's conversation when the author has a channel for it: the letter is
    // on the card's «Переписка» with its delivery state, written in this batch's commit.
    const queued = await queueMessageFor(tx, tenant.accountId, {
      applicantId: sub.applicantId!,
      userId: task.createdBy,
      channel: params.channel ?? 'email',
      applicantEmail: applicant.email,
      subject: letter.subject,
      text: letter.text,
      html: letter.html ?? null,
      templateId: task.kind === 'send_letter' ? params.template_id! : null,
    });
    if (queued) {
      messageIds.push(queued.id);
      const how = queued.kind === 'telegram' ? 'Telegram' : `e-mail, ${queued.to}`;
      outcomes.push({
        id: sub.id,
        state: 'done',
        result:
          task.kind === 'send_letter'
            ? `Письмо «${letter.subject}» отправлено в переписку с кандидатом (${how})`
            : `Сообщение отправлено в переписку с кандидатом (${how})`,
        reason: null,
        outbox_id: null,
      });
      continue;
    }
    if (!applicant.email) {
      outcomes.push({
        id: sub.id,
        state: 'failed',
        result: null,
        reason: NO_EMAIL,
        outbox_id: null,
      });
      continue;
    }
    messages.push({
      to: applicant.email,
      subject: letter.subject,
      text: letter.text,
      ...(letter.html ? { html: letter.html } : {}),
      kind: `delayed_task.${task.kind}`,
      accountId: tenant.accountId,
    });
    pending.push({
      sub: sub.id,
      result:
        task.kind === 'send_letter'
          ? `Письмо «${letter.subject}» отправлено на ${applicant.email}`
          : `Сообщение отправлено на ${applicant.email} (e-mail)`,
    });
  }
  const outboxIds = await storeMails(tx, context.config, messages);
  pending.forEach((item, index) =>
    outcomes.push({
      id: item.sub,
      state: 'done',
      result: item.result,
      reason: null,
      outbox_id: outboxIds[index]!,
    }),
  );
  return { outcomes, outboxIds, messageIds };
}

type LetterFields = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
};

async function perform(run: Run, applicantId: number | null): Promise<Outcome> {
  const { tx, tenant, session, task, params, context } = run;
  const mail = (to: string, subject: string, text: string, html?: string) =>
    storeMail(tx, context.config, {
      to,
      subject,
      text,
      ...(html ? { html } : {}),
      kind: `delayed_task.${task.kind}`,
      accountId: tenant.accountId,
    });
  switch (task.kind) {
    case 'send_letter':
    case 'send_message':
      throw new Error('letters and messages run by the batch (runLetters)');
    case 'remind_user': {
      const user = await getUser(tenant, params.user_id!);
      if (!user.is_active) throw conflict('Пользователь отключён');
      let text = params.text!;
      if (applicantId !== null) {
        const card = await getApplicantCard(tenant, session, applicantId);
        const link = context.config.PUBLIC_URL
          ? `\n${context.config.PUBLIC_URL.replace(/\/$/, '')}/applicants/${applicantId}`
          : '';
        text += `\n\nКандидат: ${personDisplayName(card)}${link}`;
      }
      const outboxId = await mail(user.email, `Напоминание: ${task.title}`, text);
      return { result: `Напоминание отправлено: ${personDisplayName(user)}`, outboxId };
    }
    case 'move_stage': {
      const card = await getApplicantCard(tenant, session, applicantId!);
      const place = card.vacancies.find((v) => v.vacancy_id === params.vacancy_id);
      if (!place) throw conflict(NOT_ON_VACANCY);
      if (place.status_id === params.status_id) {
        return { result: `Уже на этапе «${place.status_name ?? ''}»` };
      }
      await moveApplication(tenant, session, place.application_id, {
        status_id: params.status_id!,
      });
      const moved = await getApplicantCard(tenant, session, applicantId!);
      const now = moved.vacancies.find((v) => v.vacancy_id === params.vacancy_id);
      return { result: `Переведён на этап «${now?.status_name ?? ''}»` };
    }
    case 'create_event': {
      // The invitations are written to the outbox in this batch's transaction (they leave after
      // its commit, with the batch's letters); a participant busy then fails this sub-task with
      // the events module's 409 reason, the others go on.
      const event = params.event!;
      const outboxIds: number[] = [];
      const mailer = {
        send: async (message: MailMessage) => {
          const outboxId = await storeMail(tx, context.config, message);
          outboxIds.push(outboxId);
          return { outboxId, delivered: false };
        },
      };
      const saved = await createEvent(
        { mailer, log: context.log, config: context.config },
        tenant,
        session,
        {
          title: event.title || task.title,
          description: event.description ?? null,
          data_mitting: event.date,
          time_begin: event.time_begin,
          time_end: event.time_end,
          service: event.service ?? null,
          link: event.link ?? null,
          place: event.place ?? null,
          applicant_id: applicantId,
          vacancy_id: params.vacancy_id ?? null,
          admin_user_ids: event.admin_user_ids?.length ? event.admin_user_ids : [task.createdBy],
          reminders: event.reminders ?? [],
        },
        // Announced by the batch after its commit (a push job must find the event saved).
        { announce: false },
      );
      return {
        result: `Встреча «${saved.title}» назначена на ${saved.data_mitting} ${saved.time_begin}–${saved.time_end}`,
        outboxIds,
        event: {
          kind: 'created',
          eventId: saved.id,
          readers: [...new Set([...saved.admin_user_ids, task.createdBy])],
        },
      };
    }
  }
}

/**
 * One transaction: up to RUN_BATCH due sub-tasks of the task taken under their row locks (those
 * another worker holds are skipped), each action done behind a savepoint, its outcome and its
 * outbox letter written beside it. A crash before the commit leaves them all queued, untouched;
 * after it, they are done and never taken again. The letters go to SMTP after the commit.
 */
async function runBatch(context: JobContext, accountId: number, taskId: number) {
  const outboxIds: number[] = [];
  const messageIds: number[] = [];
  const events: EventChange[] = [];
  const told: ToldUsers[] = [];
  let authorId = 0;
  const taken = await context.database.withTenant(accountId, async (tx) => {
    const claimed = await repo.claimDueSubTasks(tx, accountId, taskId, RUN_BATCH);
    if (claimed.length === 0) return 0;
    const task = await repo.findTask(tx, accountId, taskId);
    authorId = task!.createdBy;
    const tenant = tenantInTransaction(tx, accountId, task!.createdBy);
    const author = await getUser(tenant, task!.createdBy).catch(() => null);
    if (author?.is_active && isFirstBatch(task!, claimed)) await tellTaskDue(tx, context, task!);
    // The task acts as its author, with the author's role at this moment.
    const session: Session = {
      token: '',
      sessionId: 0,
      accountId,
      userId: task!.createdBy,
      source: 'web',
      isAdmin: author?.is_admin ?? false,
      memberType: author?.member_type ?? 'watcher',
      accountIsActive: true,
      lastSeenAt: new Date(),
      via: 'header',
    };
    const run: Run = {
      context,
      tx,
      tenant,
      session,
      task: task!,
      params: ZDelayedTaskParams.parse(task!.params),
    };
    if (author?.is_active && (task!.kind === 'send_letter' || task!.kind === 'send_message')) {
      const letters = await runLetters(run, claimed);
      await repo.finishSubTasks(tx, accountId, letters.outcomes);
      outboxIds.push(...letters.outboxIds);
      messageIds.push(...letters.messageIds);
      told.push(...noticesQueuedIn(tx));
      return claimed.length;
    }
    for (const sub of claimed) {
      if (!author?.is_active) {
        await repo.finishSubTask(tx, accountId, sub.id, { state: 'failed', reason: AUTHOR_GONE });
        continue;
      }
      await tx.execute(sql.raw('savepoint delayed_sub_task'));
      try {
        const outcome = await perform(run, sub.applicantId);
        await tx.execute(sql.raw('release savepoint delayed_sub_task'));
        if (outcome.outboxId !== undefined) outboxIds.push(outcome.outboxId);
        outboxIds.push(...(outcome.outboxIds ?? []));
        if (outcome.event) events.push(outcome.event);
        await repo.finishSubTask(tx, accountId, sub.id, {
          state: 'done',
          result: outcome.result,
          outboxId: outcome.outboxId ?? null,
        });
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        await tx.execute(sql.raw('rollback to savepoint delayed_sub_task'));
        if (!(error instanceof AppError)) {
          context.log.warn({ err: error, taskId, subTaskId: sub.id }, 'delayed sub-task failed');
        }
        const reason = error instanceof AppError ? error.message : ACTION_FAILED;
        await repo.finishSubTask(tx, accountId, sub.id, { state: 'failed', reason });
      }
    }
    // The owners told of its moves, its author of its time: handed over after the commit.
    told.push(...noticesQueuedIn(tx));
    return claimed.length;
  });
  await deliverStoredMail(context.config, context.database.system, context.log, outboxIds);
  await handOverNotices(told, context);
  // The conversation's messages: to their channels now (the messages' sweep takes them anyway).
  handOverMessages(accountId, messageIds);
  for (const change of events) {
    await announceEventChange(tenantFor(context.database, accountId, authorId), change);
  }
  return taken;
}

/**
 * Runs every sub-task due now, over all accounts, until none is left that this worker can take.
 * Several workers may run it at once: each takes rows the others do not hold.
 */
export async function runDueDelayedTasks(context: JobContext) {
  let ran = 0;
  for (;;) {
    const due = await repo.dueTasksAcrossAccounts(context.database.system, 20);
    let progressed = 0;
    for (const { accountId, taskId } of due) {
      for (;;) {
        const taken = await runBatch(context, accountId, taskId);
        if (taken === 0) break;
        progressed += taken;
      }
    }
    ran += progressed;
    if (progressed === 0) return ran;
  }
}
