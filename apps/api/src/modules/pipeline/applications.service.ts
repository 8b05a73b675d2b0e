import type {
  TApplication,
  TApplicationWithHistory,
  TCreateApplicationRequest,
  TMoveApplicationRequest,
  TPlaceApplicantsRequest,
  TRejectKind,
  TRejectOrRefuseRequest,
  TTransition,
} from '@ats/contracts/pipeline';
import type { Database, Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { APPLICANT_NOT_FOUND, recordApplicantsHistory } from '../applicants/applicants.service.ts';
import { type ToldUsers, handOverNoticesLater } from '../messaging/user-notices.service.ts';
import { tellOfMove } from './application-notices.ts';
import * as repo from './applications.repository.ts';
import {
  type Actor,
  assertCanReadVacancy,
  assertCanRemoveApplication,
  assertCanWriteStages,
  assertVacancyAcceptsMoves,
  canReadStage,
} from './pipeline.policy.ts';
import { STAGE_OF_OTHER_VACANCY, placeApplicantsIn } from './placement.service.ts';
import {
  type StageEntered,
  announceAfterCommit,
  announceInTransaction,
} from './stage-entered.service.ts';

export const APPLICATION_NOT_FOUND = 'Кандидат на вакансии не найден';
const ALREADY_PLACED = 'Кандидат уже добавлен на эту вакансию';
const SAME_STAGE = 'Кандидат уже на этом этапе';
const REJECT_NEEDS_REASON =
  'Этап отказа выбирается отказом с причиной (reject или refuse), а не переводом';
const NO_REJECT_STAGE: Record<TRejectKind, string> = {
  reject: 'У вакансии нет этапа «Отказ компании»',
  refuse: 'У вакансии нет этапа «Отказ кандидата»',
};
const REASON_OF_OTHER_TYPE: Record<TRejectKind, string> = {
  reject: 'Причина не найдена среди причин отказа компании',
  refuse: 'Причина не найдена среди причин отказа кандидата',
};
const NOT_A_REJECT_STAGE: Record<TRejectKind, string> = {
  reject: 'Этап не является этапом отказа компании этой вакансии',
  refuse: 'Этап не является этапом отказа кандидата этой вакансии',
};

const iso = (value: Date | string) => new Date(value).toISOString();

export const toApplication = (row: repo.ApplicationRow): TApplication => ({
  id: row.id,
  vacancy_id: row.vacancy_id,
  applicant_id: row.applicant_id,
  status_id: row.status_id,
  entered_status_at: iso(row.entered_status_at),
  reject_reason_id: row.reject_reason_id,
  reject_kind: row.reject_kind,
  reject_comment: row.reject_comment,
  created_by: row.created_by,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const toTransition = (row: repo.TransitionRow): TTransition => ({
  ...row,
  moved_at: iso(row.moved_at),
});

const actorOf = (session: Session): Actor => ({
  userId: session.userId,
  memberType: session.memberType,
  isAdmin: session.isAdmin,
});

export async function getApplication(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TApplicationWithHistory> {
  return tenant.transaction(async (tx) => {
    const row = await repo.findApplication(tx, tenant.accountId, id);
    if (!row) throw notFound(APPLICATION_NOT_FOUND);
    const access = await repo.findVacancyAccess(
      tx,
      tenant.accountId,
      row.vacancy_id,
      tenant.userId,
    );
    if (!access) throw notFound(APPLICATION_NOT_FOUND);
    assertCanReadVacancy(actorOf(session), access);
    const transitions = await repo.listTransitions(tx, tenant.accountId, id);
    return { ...toApplication(row), transitions: transitions.map(toTransition) };
  });
}

/**
 * One applicant on a vacancy; a second placement on the same vacancy is refused. An `arrival`
 * (a job site's response) is told to every owner of the vacancy, the acting user too.
 */
export async function placeApplicant(
  tenant: Tenant,
  session: Session,
  input: TCreateApplicationRequest,
  options: { arrival?: boolean } = {},
) {
  const { row, told } = await tenant.transaction(async (tx) => {
    if ((await repo.countApplicants(tx, tenant.accountId, [input.applicant_id])) === 0) {
      throw notFound(APPLICANT_NOT_FOUND);
    }
    const result = await placeApplicantsIn(tx, tenant, actorOf(session), {
      vacancyId: input.vacancy_id,
      statusId: input.status_id,
      applicantIds: [input.applicant_id],
      ...(options.arrival && { arrival: true }),
    });
    const [created] = result.placed;
    if (!created) throw conflict(ALREADY_PLACED);
    await logPlacements(tx, tenant, result.placed, result.vacancyPosition, result.stage.name);
    return { row: created, told: result.told };
  });
  handOverNoticesLater([told]);
  await announceAfterCommit(tenant, [{ applicationId: row.id, automationDepth: 0 }]);
  return toApplication(row);
}

/** Several applicants on one vacancy: those already on it, or unknown, are counted as skipped. */
export async function placeApplicants(
  tenant: Tenant,
  session: Session,
  input: TPlaceApplicantsRequest,
) {
  const ids = [...new Set(input.applicant_ids)];
  const { placed, told } = await tenant.transaction(async (tx) => {
    const result = await placeApplicantsIn(tx, tenant, actorOf(session), {
      vacancyId: input.vacancy_id,
      statusId: input.status_id,
      applicantIds: ids,
    });
    await logPlacements(tx, tenant, result.placed, result.vacancyPosition, result.stage.name);
    return {
      placed: result.placed.map((p): StageEntered => ({ applicationId: p.id, automationDepth: 0 })),
      told: result.told,
    };
  });
  // However many were placed, each owner gets one message listing them.
  handOverNoticesLater([told]);
  await announceAfterCommit(tenant, placed);
  return { placed: placed.length, skipped: input.applicant_ids.length - placed.length };
}

async function logPlacements(
  tx: Db,
  tenant: Tenant,
  placed: repo.ApplicationRow[],
  vacancyName: string,
  stageName: string,
) {
  await announceInTransaction(
    tx,
    tenant,
    placed.map((p) => ({ applicationId: p.id, automationDepth: 0 })),
  );
  await recordApplicantsHistory(
    tx,
    tenant,
    placed.map((p) => ({
      applicantId: p.applicant_id,
      action: 'vacancy_add',
      changes: {
        vacancy_id: p.vacancy_id,
        vacancy_name: vacancyName,
        status: { from: null, to: stageName },
      },
    })),
  );
}

/** The locked application the caller may change, its vacancy open, with the vacancy's stages. */
async function lockForChange(tx: Db, tenant: Tenant, actor: Actor, id: number) {
  const current = await repo.lockApplication(tx, tenant.accountId, id, tenant.userId);
  if (!current) throw notFound(APPLICATION_NOT_FOUND);
  assertCanReadVacancy(actor, { state: current.vacancy_state, isMember: current.is_member });
  if (!canReadStage(current.from_right)) throw notFound(APPLICATION_NOT_FOUND);
  assertVacancyAcceptsMoves(current.vacancy_state);
  return current;
}

async function changeStage(
  tx: Db,
  tenant: Tenant,
  actor: Actor,
  current: repo.LockedApplication,
  to: repo.VacancyStageRow,
  change: {
    kind: 'move' | TRejectKind;
    reasonId: number | null;
    comment: string | null;
    automationDepth?: number;
    siteMessage?: string | null;
  },
) {
  if (to.id === current.status_id) throw conflict(SAME_STAGE);
  // An automated move was allowed when its rule was made; the rule's author is not asked again.
  if (change.automationDepth === undefined) {
    assertCanWriteStages(actor, [current.from_right, to.right]);
  }
  const moved = await repo.moveApplication(tx, tenant.accountId, current, {
    statusId: to.id,
    kind: change.kind,
    userId: tenant.userId,
    reasonId: change.reasonId,
    comment: change.comment,
    rejectKind: change.kind === 'move' ? null : change.kind,
  });
  await recordApplicantsHistory(tx, tenant, [
    {
      applicantId: current.applicant_id,
      action: change.kind === 'move' ? 'vacancy_move' : `vacancy_${change.kind}`,
      changes: {
        vacancy_id: current.vacancy_id,
        vacancy_name: current.vacancy_position,
        status: { from: current.from_name, to: to.name },
        ...(change.reasonId !== null && { reason_id: change.reasonId }),
        ...(change.comment && { comment: change.comment }),
        ...(change.automationDepth !== undefined && { automated: true }),
      },
    },
  ]);
  await announceInTransaction(tx, tenant, [
    {
      applicationId: moved.id,
      automationDepth: change.automationDepth ?? 0,
      ...(change.siteMessage ? { siteMessage: change.siteMessage } : {}),
    },
  ]);
  const move: AutomatedMove = {
    vacancyId: current.vacancy_id,
    vacancyName: current.vacancy_position,
    applicantId: current.applicant_id,
    applicantName: current.applicant_name,
    from: current.from_name,
    to: to.name,
    ownerIds: current.owner_ids,
    authorId: tenant.userId,
  };
  // A rule's move is told by the job that made it, merged with the job's other moves
  // (`tellOfAutomatedMoves`): one message per user for a bulk move's automation.
  if (change.automationDepth !== undefined) return { moved, told: undefined, automated: move };
  return { moved, told: await tellOfMove(tx, tenant.accountId, move) };
}

/** Moves the card to another ordinary stage of the same vacancy. */
export async function moveApplication(
  tenant: Tenant,
  session: Session,
  id: number,
  input: TMoveApplicationRequest,
) {
  const actor = actorOf(session);
  const { moved: row, told } = await tenant.transaction(async (tx) => {
    const current = await lockForChange(tx, tenant, actor, id);
    const to = current.stages.find((s) => s.id === input.status_id);
    if (!to || !canReadStage(to.right)) {
      throw badRequest(STAGE_OF_OTHER_VACANCY, { status_id: STAGE_OF_OTHER_VACANCY });
    }
    if (to.is_reject) throw badRequest(REJECT_NEEDS_REASON, { status_id: REJECT_NEEDS_REASON });
    return changeStage(tx, tenant, actor, current, to, {
      kind: 'move',
      reasonId: null,
      comment: input.comment ?? null,
    });
  });
  if (told) handOverNoticesLater([told]);
  await announceAfterCommit(tenant, [{ applicationId: row.id, automationDepth: 0 }]);
  return toApplication(row);
}

export const AUTOMATED_MOVE_REFUSED = {
  gone: 'Кандидат снят с вакансии',
  closed: 'Вакансия не принимает переводы',
  stage: 'Этап не найден среди этапов вакансии',
  reject: 'Перевод на этап отказа делается отказом с причиной',
  same: 'Кандидат уже на этом этапе',
};

/**
 * A move made by stage automation (decision 0041), as the user the rule acts for: the vacancy
 * must still take moves and the stage be one of its ordinary stages; the author's rights on
 * stages were checked when the rule was made. Answers the reason when it cannot move.
 */
export async function moveApplicationByAutomation(
  tenant: Tenant,
  id: number,
  statusId: number,
  automationDepth: number,
): Promise<{ ok: true; stageName: string; move: AutomatedMove } | { ok: false; reason: string }> {
  type Outcome = { refused: string } | { stageName: string; move: AutomatedMove };
  const outcome = await tenant.transaction(async (tx): Promise<Outcome> => {
    const current = await repo.lockApplication(tx, tenant.accountId, id, tenant.userId);
    if (!current) return { refused: AUTOMATED_MOVE_REFUSED.gone };
    if (current.vacancy_state !== 'open') return { refused: AUTOMATED_MOVE_REFUSED.closed };
    const to = current.stages.find((s) => s.id === statusId);
    if (!to) return { refused: AUTOMATED_MOVE_REFUSED.stage };
    if (to.is_reject) return { refused: AUTOMATED_MOVE_REFUSED.reject };
    if (to.id === current.status_id) return { refused: AUTOMATED_MOVE_REFUSED.same };
    const actor: Actor = { userId: tenant.userId, memberType: 'owner', isAdmin: true };
    const { automated } = await changeStage(tx, tenant, actor, current, to, {
      kind: 'move',
      reasonId: null,
      comment: null,
      automationDepth,
    });
    return { stageName: to.name, move: automated! };
  });
  if ('refused' in outcome) return { ok: false, reason: outcome.refused };
  await announceAfterCommit(tenant, [{ applicationId: id, automationDepth }]);
  return { ok: true, stageName: outcome.stageName, move: outcome.move };
}

/** What the owners of a vacancy are told of an automated move (decision 0073). */
export type AutomatedMove = Parameters<typeof tellOfMove>[2];

/**
 * Tells the vacancies' owners of the moves a job of stage automation made, in one transaction:
 * the moves of one vacancy reach each owner as one message (decision 0066's merge), whatever
 * the number of applicants a bulk move's rule moved. The moves have committed; what fails here
 * is logged by the caller, the moves stand.
 */
export async function tellOfAutomatedMoves(
  database: Database,
  accountId: number,
  moves: AutomatedMove[],
) {
  if (moves.length === 0) return;
  const told = await database.withTenant(accountId, async (tx) => {
    const all: ToldUsers[] = [];
    for (const move of moves) all.push(await tellOfMove(tx, accountId, move));
    return all;
  });
  handOverNoticesLater(told);
}

/** Rejection (the company) or refusal (the applicant) with a reason of that type. */
export async function rejectApplication(
  tenant: Tenant,
  session: Session,
  id: number,
  kind: TRejectKind,
  input: TRejectOrRefuseRequest,
) {
  const actor = actorOf(session);
  const { moved: row, told } = await tenant.transaction(async (tx) => {
    const current = await lockForChange(tx, tenant, actor, id);
    const reason = await repo.findReasonOfType(tx, tenant.accountId, input.reason_id, kind);
    if (!reason) {
      throw badRequest(REASON_OF_OTHER_TYPE[kind], { reason_id: REASON_OF_OTHER_TYPE[kind] });
    }
    const ofKind = current.stages.filter((s) => s.is_reject && s.reject_kind === kind);
    let to: repo.VacancyStageRow | undefined;
    if (input.status_id != null) {
      to = ofKind.find((s) => s.id === input.status_id);
      if (!to) throw badRequest(NOT_A_REJECT_STAGE[kind], { status_id: NOT_A_REJECT_STAGE[kind] });
    } else {
      to = ofKind.find((s) => canReadStage(s.right));
      if (!to) throw conflict(NO_REJECT_STAGE[kind]);
    }
    return changeStage(tx, tenant, actor, current, to, {
      kind,
      reasonId: reason.id,
      comment: input.comment ?? null,
      siteMessage: input.site_message ?? null,
    });
  });
  if (told) handOverNoticesLater([told]);
  await announceAfterCommit(tenant, [{ applicationId: row.id, automationDepth: 0 }]);
  return toApplication(row);
}

/** Takes the applicant off the vacancy; the transition log keeps the history. */
export async function removeApplication(tenant: Tenant, session: Session, id: number) {
  const actor = actorOf(session);
  assertCanRemoveApplication(actor);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.lockApplication(tx, tenant.accountId, id, tenant.userId);
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
    assertCanReadVacancy(actor, { state: current.vacancy_state, isMember: current.is_member });
    await repo.deleteApplication(tx, tenant.accountId, id);
    await recordApplicantsHistory(tx, tenant, [
      {
        applicantId: current.applicant_id,
        action: 'vacancy_remove',
        changes: {
          vacancy_id: current.vacancy_id,
          vacancy_name: current.vacancy_position,
          status: { from: current.from_name, to: null },
        },
      },
    ]);
    return current;
  });
  return toApplication(row);
}
