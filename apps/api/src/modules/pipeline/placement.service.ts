import type { Db } from '@ats/db/connection';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { tellOfPlacements } from './application-notices.ts';
import * as repo from './applications.repository.ts';
import {
  type Actor,
  assertCanReadVacancy,
  assertCanWriteStages,
  assertVacancyAcceptsMoves,
  canReadStage,
} from './pipeline.policy.ts';

export const STAGE_OF_OTHER_VACANCY = 'Этап не относится к этой вакансии';
const NO_STAGES = 'У вакансии нет этапов; добавьте этап, затем кандидатов';
const NOT_ON_REJECT_STAGE =
  'На этап отказа кандидата переводят отказом с причиной, а не добавлением';

/** The vacancy as the caller may change it, and its stages with the caller's rights. */
export async function vacancyForChange(tx: Db, tenant: Tenant, actor: Actor, vacancyId: number) {
  const access = await repo.findVacancyAccess(tx, tenant.accountId, vacancyId, tenant.userId);
  assertCanReadVacancy(actor, access);
  assertVacancyAcceptsMoves(access!.state);
  const stages = await repo.listVacancyStages(tx, tenant.accountId, vacancyId, tenant.userId);
  return { access: access!, stages };
}

/** The stage `statusId` of the vacancy, or its first ordinary stage the caller can see. */
function targetStage(stages: repo.VacancyStageRow[], statusId: number | null | undefined) {
  if (statusId == null) {
    const first = stages.find((s) => !s.is_reject && canReadStage(s.right));
    if (!first) throw conflict(NO_STAGES);
    return first;
  }
  const stage = stages.find((s) => s.id === statusId);
  if (!stage || !canReadStage(stage.right)) {
    throw badRequest(STAGE_OF_OTHER_VACANCY, { status_id: STAGE_OF_OTHER_VACANCY });
  }
  if (stage.is_reject) throw badRequest(NOT_ON_REJECT_STAGE, { status_id: NOT_ON_REJECT_STAGE });
  return stage;
}

/**
 * Places applicants on a vacancy, inside the caller's transaction: the vacancy must be open and
 * visible to the caller, the stage one of its own that the caller may write. Applicants already on
 * the vacancy and ids of no applicant of the account are skipped; each placement is logged.
 */
export async function placeApplicantsIn(
  tx: Db,
  tenant: Tenant,
  actor: Actor,
  input: {
    vacancyId: number;
    statusId?: number | null | undefined;
    applicantIds: number[];
    /** An arrival nobody placed by hand (a job site's response): every owner hears of it. */
    arrival?: boolean;
  },
) {
  const { access, stages } = await vacancyForChange(tx, tenant, actor, input.vacancyId);
  const stage = targetStage(stages, input.statusId);
  assertCanWriteStages(actor, [stage.right]);
  const placed = await repo.insertApplications(tx, tenant.accountId, {
    vacancyId: input.vacancyId,
    statusId: stage.id,
    applicantIds: input.applicantIds,
    userId: tenant.userId,
  });
  // The owners are told in this transaction; the caller hands the notices over after its commit.
  const told = await tellOfPlacements(tx, tenant.accountId, {
    vacancyId: input.vacancyId,
    vacancyName: access.position,
    stageName: stage.name,
    ownerIds: access.ownerIds,
    authorId: input.arrival ? null : tenant.userId,
    placed,
  });
  return { vacancyPosition: access.position, stage, placed, told };
}
