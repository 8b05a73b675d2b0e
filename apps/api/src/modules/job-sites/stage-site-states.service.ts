import {
  type TJobSiteStageState,
  type TJobSiteStateChange,
  type TSaveStageSiteState,
  type TStageSiteState,
} from '@ats/contracts/job-site-states';
import type { TStage } from '@ats/contracts/pipeline';
import type { Session } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { enteredStages, registerStageEnteredListener } from '../pipeline/stage-entered.service.ts';
import {
  assertStageManager,
  getStage,
  listStages,
  stageSourcesOf,
} from '../statuses/statuses.service.ts';
import {
  HhNegotiationRefused,
  changeNegotiationState,
  hhRefusalText,
} from './hh/hh-negotiation.ts';
import * as sites from './job-sites.repository.ts';
import { type JobSitesDeps, siteSessionOf } from './job-sites.service.ts';
import * as repo from './stage-site-states.repository.ts';
import type { JobDefinition } from '../../platform/queue.ts';
import { z } from 'zod';

// States out (decision 0054): entering a stage that means an invitation or a discard on hh.ru
// changes the negotiation the application came from. The mapping is kept per stage — a funnel's
// stage, which its vacancies' copies follow, or a vacancy's own — and without one the default
// applies: a reject stage means discard, a stage named like «Интервью»/«Собеседование»
// invitation. The change is written to an outbox in the move's own transaction and sent by a job
// after the commit, so a move never waits for hh.ru and a change is never lost; 429/5xx are
// retried with back-off, a refusal of the site is kept in Russian for the card.

const SITE = 'hh';
const INTERVIEW = /интервью|собеседовани/i;
/** Attempts before a change that hh.ru keeps failing (5xx, 429) is given up. */
export const STATE_OUT_ATTEMPTS = 6;

export const DEFAULT_SITE_MESSAGES: Record<TJobSiteStageState, string> = {
  none: '',
  discard:
    'Здравствуйте! Спасибо за отклик и интерес к нашей компании. К сожалению, сейчас мы не готовы пригласить вас на следующий этап.',
  invitation:
    'Здравствуйте! Приглашаем вас на собеседование. Мы свяжемся с вами, чтобы согласовать время.',
};

export const STATE_OUT_TEXTS = {
  sent: { discard: 'Отказ отправлен на hh.ru', invitation: 'Приглашение отправлено на hh.ru' },
  queued: {
    discard: 'Отказ отправляется на hh.ru…',
    invitation: 'Приглашение отправляется на hh.ru…',
  },
  retrying: 'hh.ru не ответил, повторим позже',
  gaveUp: 'hh.ru не ответил: изменение не отправлено',
  gone: 'Подключение к hh.ru удалено: изменение не отправлено',
} as const;

export const defaultStateOf = (stage: { is_reject: boolean; name: string }): TJobSiteStageState =>
  stage.is_reject ? 'discard' : INTERVIEW.test(stage.name) ? 'invitation' : 'none';

const toStageState = (stage: TStage, row: repo.StageStateRow | undefined): TStageSiteState => {
  const state = row?.state ?? defaultStateOf(stage);
  return {
    status_id: stage.id,
    name: stage.name,
    state,
    message: row?.message ?? DEFAULT_SITE_MESSAGES[state],
    is_default: !row,
  };
};

/** The mapping of a funnel's (or a vacancy's) stages, in the stages' order. */
export async function stageSiteStates(
  tenant: Tenant,
  query: { status_group_id?: number | undefined; vacancy_id?: number | undefined },
): Promise<TStageSiteState[]> {
  const stages = await listStages(tenant, query);
  // A vacancy's own stage without a choice of its own follows its funnel stage's, as a move does.
  const sources =
    query.vacancy_id === undefined
      ? new Map<number, number>()
      : await stageSourcesOf(
          tenant,
          stages.map((s) => s.id),
        );
  const rows = await tenant.transaction((tx) =>
    repo.listStageStates(tx, tenant.accountId, SITE, [
      ...stages.map((s) => s.id),
      ...sources.values(),
    ]),
  );
  return stages.map((s) => {
    const own = rows.find((r) => r.statusId === s.id);
    if (own) return toStageState(s, own);
    const inherited = rows.find((r) => r.statusId === sources.get(s.id));
    return inherited
      ? { ...toStageState(s, inherited), from_funnel: true }
      : toStageState(s, undefined);
  });
}

/** Chooses what entering the stage means on hh.ru (stage managers only). */
export async function saveStageSiteState(
  tenant: Tenant,
  session: Session,
  statusId: number,
  input: TSaveStageSiteState,
): Promise<TStageSiteState> {
  await assertStageManager(tenant, session);
  const stage = await getStage(tenant, statusId);
  const message = input.message?.trim() ? input.message.trim() : null;
  await tenant.transaction((tx) =>
    repo.saveStageState(tx, {
      accountId: tenant.accountId,
      site: SITE,
      statusId: stage.id,
      state: input.state,
      message,
    }),
  );
  return toStageState(stage, {
    accountId: tenant.accountId,
    site: SITE,
    statusId: stage.id,
    state: input.state,
    message,
    updatedAt: new Date(),
  });
}

const ZStateOutPayload = z.object({ accountId: z.number().int(), changeId: z.number().int() });

/** One state change sent to the site; a 429/5xx throws so the queue retries with back-off. */
export const jobSiteStateOutJob: JobDefinition<z.infer<typeof ZStateOutPayload>> = {
  name: 'job_sites.state_out',
  payload: ZStateOutPayload,
  handle: async (payload, context) => {
    const outcome = await sendStateChange(context, payload.accountId, payload.changeId);
    if (outcome === 'retry') throw new Error('job site state change: site unavailable, retrying');
  },
  retryLimit: STATE_OUT_ATTEMPTS - 1,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

/**
 * Sends one queued change: `done` when sent or refused for good (the reason kept in Russian),
 * `retry` when the site did not answer and attempts are left.
 */
export async function sendStateChange(
  deps: JobSitesDeps,
  accountId: number,
  changeId: number,
): Promise<'done' | 'retry'> {
  const reader = tenantFor(deps.database, accountId, 0);
  const found = await reader.transaction(async (tx) => {
    const change = await repo.findStateChange(tx, accountId, changeId);
    if (!change || change.status !== 'queued') return null;
    const response = await repo.findResponse(tx, accountId, change.responseId);
    const connection = response
      ? await sites.findConnection(tx, accountId, response.connectionId)
      : null;
    return { change, response, connection };
  });
  if (!found) return 'done';
  const { change, response, connection } = found;
  const store = (patch: Parameters<typeof repo.updateStateChange>[3]) =>
    reader.transaction((tx) => repo.updateStateChange(tx, accountId, change.id, patch));
  if (!response || !connection) {
    await store({ status: 'failed', error: STATE_OUT_TEXTS.gone });
    return 'done';
  }
  const attempts = change.attempts + 1;
  const tenant = tenantFor(deps.database, accountId, connection.createdBy ?? 0);
  try {
    const { call } = siteSessionOf(deps, tenant, connection);
    await call((token) =>
      changeNegotiationState(
        deps.config,
        token,
        response.externalId,
        change.state as 'invitation' | 'discard',
        change.message,
      ),
    );
    await store({ status: 'sent', attempts, error: null });
    return 'done';
  } catch (error) {
    if (error instanceof HhNegotiationRefused) {
      await store({ status: 'failed', attempts, error: hhRefusalText(error.reason) });
      return 'done';
    }
    if (error instanceof AppError) {
      await store({ status: 'failed', attempts, error: error.message });
      return 'done';
    }
    deps.log?.warn(
      { accountId, changeId, attempts, err: error instanceof Error ? error.message : 'unknown' },
      'job site state change not sent',
    );
    if (attempts >= STATE_OUT_ATTEMPTS) {
      await store({ status: 'failed', attempts, error: STATE_OUT_TEXTS.gaveUp });
      return 'done';
    }
    await store({ attempts, error: STATE_OUT_TEXTS.retrying });
    return 'retry';
  }
}

/**
 * Hooks states out into the pipeline's moves: the outbox rows are written in the move's
 * transaction and handed to the queue once it has committed.
 */
export function listenForSiteStates(deps: AppDeps) {
  const written = new Map<number, number[]>();
  return registerStageEnteredListener({
    async inTransaction(tx, tenant, entered) {
      const stages = await enteredStages(
        tx,
        tenant.accountId,
        entered.map((e) => e.applicationId),
      );
      const allResponses = await repo.responsesOfApplications(
        tx,
        tenant.accountId,
        SITE,
        stages.map((s) => ({ applicantId: s.applicant_id, vacancyId: s.vacancy_id })),
      );
      for (const stage of stages) {
        // The lists of ids cross: keep only this application's own pair.
        const responses = allResponses.filter(
          (r) => r.applicantId === stage.applicant_id && r.vacancyId === stage.vacancy_id,
        );
        if (responses.length === 0) continue;
        const ids = [stage.status_id, ...(stage.copied_from_id ? [stage.copied_from_id] : [])];
        const rows = await repo.listStageStates(tx, tenant.accountId, SITE, ids);
        const own =
          rows.find((r) => r.statusId === stage.status_id) ??
          rows.find((r) => r.statusId === stage.copied_from_id);
        const state = own?.state ?? defaultStateOf(stage);
        if (state === 'none') continue;
        const typed = entered.find((e) => e.applicationId === stage.application_id)?.siteMessage;
        const message = typed?.trim() || own?.message || DEFAULT_SITE_MESSAGES[state];
        const list = written.get(stage.application_id) ?? [];
        for (const response of responses) {
          list.push(
            await repo.insertStateChange(tx, {
              accountId: tenant.accountId,
              responseId: response.id,
              applicationId: stage.application_id,
              applicantId: stage.applicant_id,
              site: SITE,
              state,
              message,
            }),
          );
        }
        written.set(stage.application_id, list);
      }
    },
    async afterCommit(tenant, entered) {
      const ids = entered.flatMap((e) => {
        const list = written.get(e.applicationId) ?? [];
        written.delete(e.applicationId);
        return list;
      });
      for (const changeId of ids) {
        const payload = { accountId: tenant.accountId, changeId };
        if (deps.queue) {
          await deps.queue
            .enqueue(jobSiteStateOutJob, payload)
            .catch((error: unknown) =>
              deps.log.error({ err: error, changeId }, 'job site state change not enqueued'),
            );
        } else {
          void sendStateChange(deps, tenant.accountId, changeId).catch(() => undefined);
        }
      }
    },
  });
}

const textOf = (row: repo.StateChangeRow): string => {
  const state = row.state === 'invitation' ? 'invitation' : 'discard';
  if (row.status === 'sent') return STATE_OUT_TEXTS.sent[state];
  if (row.status === 'failed') return row.error ?? STATE_OUT_TEXTS.gaveUp;
  return row.error ?? STATE_OUT_TEXTS.queued[state];
};

/** The state changes sent for the applicant's applications, newest first. */
export async function stateChangesOf(
  tenant: Tenant,
  applicantId: number,
): Promise<TJobSiteStateChange[]> {
  const rows = await tenant.transaction((tx) =>
    repo.listStateChangesOf(tx, tenant.accountId, applicantId),
  );
  return rows.map((row) => ({
    id: row.id,
    application_id: row.applicationId,
    site: row.site,
    state: row.state as TJobSiteStageState,
    status: row.status,
    text: textOf(row),
    error: row.status === 'sent' ? null : row.error,
    updated_at: row.updatedAt.toISOString(),
  }));
}
