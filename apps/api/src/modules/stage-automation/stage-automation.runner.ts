import { personDisplayName } from '@ats/contracts/person-name';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_PARAMS,
  type TAutomationAction,
  type TAutomationParams,
} from '@ats/contracts/stage-automation';
import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { ZCreateDelayedTaskRequest } from '@ats/contracts/delayed-tasks';
import { getApplicantCard, recordApplicantsHistory } from '../applicants/applicants.service.ts';
import { scheduleTask } from '../delayed-tasks/delayed-tasks.service.ts';
import { getForm } from '../evaluations/evaluations.service.ts';
import { previewLetter, renderLetter } from '../mail-templates/mail-template-render.service.ts';
import { findVisibleMailTemplate } from '../mail-templates/mail-templates.service.ts';
import { handOverMessages, queueMessageFor } from '../messaging/messaging.service.ts';
import {
  type AutomatedMove,
  moveApplicationByAutomation,
  tellOfAutomatedMoves,
} from '../pipeline/applications.service.ts';
import { getUser } from '../users/users.service.ts';
import * as repo from './stage-automation.repository.ts';

// Doing one run of stage automation (decision 0041): the run is taken from `pending` by one
// conditional update (two workers given it: one does it), its action is done as the user whose
// move caused it (or the rule's author, for a stay), and the result — done, or failed with the
// reason — is written on the run and in the applicant's history in one transaction.

/** A chain of rules moves an applicant at most this many times after one person's move. */
export const MAX_AUTOMATED_MOVES = 3;

export type RunnerDeps = {
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  database: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
};

export const RUN_FAILURES = {
  noUser: 'Некому выполнить правило: автор удалён',
  noApplicant: 'Кандидат удалён',
  noEmail: 'У кандидата не указан e-mail',
  noUserEmail: 'У сотрудника не указан e-mail',
  chain: `Цепочка правил остановлена: не больше ${MAX_AUTOMATED_MOVES} автоматических переводов подряд`,
  noStage: 'Этап перевода не найден среди этапов вакансии',
  unknown: (name: string) => `Действие «${name}» не поддерживается автоматизацией`,
  internal: 'Не удалось выполнить действие, подробности в журнале сервера',
};

/** Names API clients store in a stage's `actions`, as the rules' actions. */
const STORED_ACTION_NAMES: Record<string, TAutomationAction> = {
  mail: 'send_template',
  send_mail: 'send_template',
  email: 'send_template',
  template: 'send_template',
  message: 'send_message',
  status: 'move_to_stage',
  move: 'move_to_stage',
  evaluation: 'request_evaluation',
};

function actionOf(name: string): TAutomationAction | null {
  if ((AUTOMATION_ACTIONS as readonly string[]).includes(name)) return name as TAutomationAction;
  return STORED_ACTION_NAMES[name] ?? null;
}

/** A stored action's params under the names the rules use (`template_id` → `mail_template_id`). */
function paramsOf(params: Record<string, unknown>) {
  const out = { ...params };
  if (out.mail_template_id === undefined && out.template_id !== undefined) {
    out.mail_template_id = out.template_id;
  }
  if (out.user_id === undefined && out.admin_user_id !== undefined) out.user_id = out.admin_user_id;
  return out;
}

type Outcome = { ok: true; what: string } | { ok: false; what: string; reason: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text as the letter body the templates' renderer takes: one paragraph per line. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

const appUrl = (config: RunnerDeps['config']) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

async function actingSession(tenant: Tenant): Promise<Session> {
  const user = await getUser(tenant, tenant.userId);
  return {
    token: '',
    sessionId: 0,
    accountId: tenant.accountId,
    userId: user.id,
    source: 'web',
    isAdmin: user.is_admin,
    memberType: user.member_type,
    accountIsActive: true,
    lastSeenAt: new Date(),
    via: 'header',
  };
}

async function doAction(
  deps: RunnerDeps,
  tenant: Tenant,
  run: repo.ClaimedRun,
  action: TAutomationAction,
  moves: AutomatedMove[],
): Promise<Outcome> {
  const session = await actingSession(tenant);
  const vacancy = run.vacancy_position ?? '';
  const sendToApplicant = async (
    letter: { subject: string; body_text: string; body_html: string },
    how: { channel?: 'email' | 'telegram' | undefined; templateId?: number },
  ): Promise<string | false> => {
    // Through the applicant's conversation when the acting user has a channel for it (the
    // letter is on the card's «Переписка» with its delivery state); else by the server's mail.
    const queued = await deps.database.withTenant(tenant.accountId, (tx) =>
      queueMessageFor(tx, tenant.accountId, {
        applicantId: run.applicant_id,
        userId: session.userId,
        channel: how.channel ?? 'email',
        applicantEmail: run.applicant_email,
        subject: letter.subject,
        text: letter.body_text,
        html: letter.body_html,
        templateId: how.templateId ?? null,
      }),
    );
    if (queued) {
      handOverMessages(tenant.accountId, [queued.id]);
      return queued.kind === 'telegram' ? 'в переписку (Telegram)' : `в переписку на ${queued.to}`;
    }
    if (!run.applicant_email) return false;
    await deps.mailer.send({
      to: run.applicant_email,
      subject: letter.subject,
      text: letter.body_text,
      html: letter.body_html,
      kind: 'stage_automation',
      accountId: tenant.accountId,
    });
    return `на ${run.applicant_email}`;
  };
  switch (action) {
    case 'send_template': {
      const params = AUTOMATION_PARAMS.send_template.parse(paramsOf(run.params));
      const template = await findVisibleMailTemplate(tenant, session, params.mail_template_id);
      const what = `письмо по шаблону «${template.name}»`;
      const letter = await renderLetter(tenant, session, {
        template_id: params.mail_template_id,
        applicant_id: run.applicant_id,
        vacancy_id: run.vacancy_id,
      });
      const sent = await sendToApplicant(letter, {
        channel: params.channel,
        templateId: params.mail_template_id,
      });
      if (!sent) return { ok: false, what, reason: RUN_FAILURES.noEmail };
      return { ok: true, what: `${what} ${sent}` };
    }
    case 'send_message': {
      const params = AUTOMATION_PARAMS.send_message.parse(run.params);
      const what = `сообщение «${params.subject}»`;
      const letter = await previewLetter(tenant, session, {
        title: params.subject,
        description: paragraphs(params.body),
        applicant_id: run.applicant_id,
        vacancy_id: run.vacancy_id,
      });
      const sent = await sendToApplicant(letter, { channel: params.channel });
      if (!sent) return { ok: false, what, reason: RUN_FAILURES.noEmail };
      return { ok: true, what: `${what} ${sent}` };
    }
    case 'request_evaluation': {
      const params: TAutomationParams['request_evaluation'] =
        AUTOMATION_PARAMS.request_evaluation.parse(paramsOf(run.params));
      const user = await getUser(tenant, params.user_id);
      const userName = personDisplayName(user);
      const what = `просьба оценить кандидата — ${userName}`;
      if (!user.email) return { ok: false, what, reason: RUN_FAILURES.noUserEmail };
      const applicant = await getApplicantCard(tenant, session, run.applicant_id);
      const form = params.evaluation_id ? await getForm(tenant, params.evaluation_id) : null;
      const name = personDisplayName(applicant);
      const link = `${appUrl(deps.config)}/applicant/${run.applicant_id}`;
      await deps.mailer.send({
        to: user.email,
        subject: `Оцените кандидата: ${name}`,
        text: [
          `Здравствуйте, ${userName}!`,
          '',
          `Кандидат ${name} перешёл на этап «${run.stage_name ?? ''}» по вакансии «${vacancy}».`,
          `Пожалуйста, оцените кандидата${form ? ` по форме «${form.name}»` : ''}: ${link}`,
        ].join('\n'),
        kind: 'stage_automation_evaluation',
        accountId: tenant.accountId,
      });
      return { ok: true, what };
    }
    case 'move_to_stage': {
      const params = AUTOMATION_PARAMS.move_to_stage.parse(paramsOf(run.params));
      const target = await tenant.transaction((tx) =>
        repo.findVacancyStageFor(tx, tenant.accountId, run.vacancy_id, params.status_id),
      );
      const what = 'перевод на другой этап';
      if (target === null) return { ok: false, what, reason: RUN_FAILURES.noStage };
      if (run.depth >= MAX_AUTOMATED_MOVES) return { ok: false, what, reason: RUN_FAILURES.chain };
      const moved = await moveApplicationByAutomation(
        tenant,
        run.application_id,
        target,
        run.depth + 1,
      );
      if (!moved.ok) return { ok: false, what, reason: moved.reason };
      moves.push(moved.move);
      return { ok: true, what: `перевод на этап «${moved.stageName}»` };
    }
    case 'schedule_task': {
      const params = AUTOMATION_PARAMS.schedule_task.parse(paramsOf(run.params));
      const statusId =
        params.status_id === undefined
          ? undefined
          : await tenant.transaction((tx) =>
              repo.findVacancyStageFor(tx, tenant.accountId, run.vacancy_id, params.status_id!),
            );
      if (statusId === null) {
        return { ok: false, what: ACTION_WORDS.schedule_task, reason: RUN_FAILURES.noStage };
      }
      const input = ZCreateDelayedTaskRequest.parse({
        kind: params.kind,
        applicant_ids: [run.applicant_id],
        schedule: { workdays: params.workdays, time: params.time },
        vacancy_id: run.vacancy_id,
        ...(statusId !== undefined && { status_id: statusId }),
        ...(params.template_id !== undefined && { template_id: params.template_id }),
        ...(params.user_id !== undefined && { user_id: params.user_id }),
        ...(params.subject && { subject: params.subject }),
        ...(params.text && { text: params.text }),
      });
      // No queue in a job: the delayed tasks' own sweep picks the task up at its moment.
      const task = await scheduleTask(tenant, session, input, {});
      return { ok: true, what: `отложенное действие «${task.title}»` };
    }
  }
}

const reasonOf = (error: unknown) => {
  if (error instanceof AppError) return error.message;
  if (error && typeof error === 'object' && 'issues' in error) {
    const issues = (error as { issues: { message: string }[] }).issues;
    return issues[0]?.message ?? RUN_FAILURES.internal;
  }
  return null;
};

/**
 * Does one run if it is still waiting; answers whether this call did it. Everything that goes
 * wrong ends as a failed run with its reason, never as a thrown error. The moves it makes (its
 * own and its chain's) are added to `moves`, for the caller to tell of (`tellOfMoves`).
 */
export async function runAutomation(
  deps: RunnerDeps,
  accountId: number,
  runId: number,
  moves: AutomatedMove[],
) {
  const run = await deps.database.withTenant(accountId, (tx) =>
    repo.claimRun(tx, accountId, runId),
  );
  if (!run) return false;
  const finish = async (tenant: Tenant | null, outcome: Outcome) => {
    const result = outcome.ok
      ? { state: 'done' as const, error: null }
      : { state: 'failed' as const, error: outcome.reason };
    await deps.database.withTenant(accountId, async (tx) => {
      await repo.finishRun(tx, accountId, run.id, result);
      if (!tenant || !run.applicant_exists) return;
      await recordApplicantsHistory(tx, tenant, [
        {
          applicantId: run.applicant_id,
          action: 'automation_run',
          changes: {
            vacancy_id: run.vacancy_id,
            vacancy_name: run.vacancy_position,
            stage_name: run.stage_name,
            trigger: run.trigger,
            automation: outcome.what,
            result: result.state,
            ...(result.error && { error: result.error }),
            ...(run.rule_id !== null && { rule_id: run.rule_id }),
          },
        },
      ]);
    });
  };
  const action = actionOf(run.action);
  if (run.acting_user_id === null) {
    await finish(null, { ok: false, what: run.action, reason: RUN_FAILURES.noUser });
    return true;
  }
  const tenant = tenantFor(deps.database, accountId, run.acting_user_id);
  if (!action) {
    const what = `действие «${run.action}»`;
    await finish(tenant, { ok: false, what, reason: RUN_FAILURES.unknown(run.action) });
    return true;
  }
  if (!run.applicant_exists) {
    await finish(null, { ok: false, what: action, reason: RUN_FAILURES.noApplicant });
    return true;
  }
  let outcome: Outcome;
  try {
    outcome = await doAction(deps, tenant, run, action, moves);
  } catch (error) {
    const reason = reasonOf(error);
    if (!reason) deps.log.error({ err: error, accountId, runId }, 'stage automation run failed');
    outcome = { ok: false, what: ACTION_WORDS[action], reason: reason ?? RUN_FAILURES.internal };
  }
  await finish(tenant, outcome);
  if (outcome.ok && action === 'move_to_stage') {
    // The stage moved to has its own rules: they run here too, so a worker without the HTTP
    // server's listener carries the chain on (each run still done once, by its claim).
    await runPendingOf(deps, accountId, [run.application_id], moves);
  }
  return true;
}

const ACTION_WORDS: Record<TAutomationAction, string> = {
  send_template: 'письмо по шаблону',
  send_message: 'сообщение кандидату',
  request_evaluation: 'просьба оценить кандидата',
  move_to_stage: 'перевод на другой этап',
  schedule_task: 'отложенное действие',
};

/** Does the waiting runs of these applications, one after another. */
async function runPendingOf(
  deps: RunnerDeps,
  accountId: number,
  applicationIds: number[],
  moves: AutomatedMove[],
) {
  const runs = await deps.database.withTenant(accountId, (tx) =>
    repo.listPendingRunsOf(tx, accountId, applicationIds),
  );
  for (const { id } of runs) await runAutomation(deps, accountId, id, moves);
}

/**
 * Tells the owners of the vacancies of the moves made (decision 0073): after the runs, in one
 * transaction, so the moves of one vacancy reach each owner as one message. A failure here
 * leaves the moves done and is logged.
 */
async function tellOfMoves(deps: RunnerDeps, accountId: number, moves: AutomatedMove[]) {
  await tellOfAutomatedMoves(deps.database, accountId, moves).catch((error: unknown) =>
    deps.log.error({ err: error, accountId }, 'automated moves not told'),
  );
}

/**
 * The runs of one job, one after another (those one move of a person wrote: a bulk move's, up to
 * `AUTOMATION_RUNS_PER_JOB`), then the notices of the moves they made, merged.
 */
export async function runAutomations(deps: RunnerDeps, accountId: number, runIds: number[]) {
  const moves: AutomatedMove[] = [];
  for (const id of runIds) await runAutomation(deps, accountId, id, moves);
  await tellOfMoves(deps, accountId, moves);
}

/**
 * The periodic check: writes the runs of applications that stayed at a stage longer than a
 * «stay» rule allows (once per entry), then does them and any run whose job was lost.
 */
export async function sweepAutomation(deps: RunnerDeps) {
  const stays = await repo.insertStayRunsAcrossAccounts(deps.database.system);
  const stale = await repo.listStalePendingRunsAcrossAccounts(deps.database.system, 30);
  const seen = new Set<number>();
  const movesByAccount = new Map<number, AutomatedMove[]>();
  let done = 0;
  for (const run of [...stays, ...stale]) {
    if (seen.has(run.id)) continue;
    seen.add(run.id);
    const moves = movesByAccount.get(run.account_id) ?? [];
    movesByAccount.set(run.account_id, moves);
    if (await runAutomation(deps, run.account_id, run.id, moves)) done += 1;
  }
  for (const [accountId, moves] of movesByAccount) await tellOfMoves(deps, accountId, moves);
  return done;
}
