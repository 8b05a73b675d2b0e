import {
  AUTOMATION_PARAMS,
  type TAutomationAction,
  type TAutomationRule,
  type TCreateAutomationRuleRequest,
  type TUpdateAutomationRuleRequest,
  ZAutomationAction,
} from '@ats/contracts/stage-automation';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertFormOfAccount } from '../evaluations/evaluations.service.ts';
import { findVisibleMailTemplate } from '../mail-templates/mail-templates.service.ts';
import { assertStageManager } from '../statuses/statuses.service.ts';
import { findUserContact } from '../users/users.service.ts';
import * as repo from './stage-automation.repository.ts';

// The rules of stage automation (decision 0041): who may change them is who may change stages
// (owners who are admins or have can_manage_status); a rule hangs on a stage of a funnel or of a
// vacancy of the caller's account, and what its action names must be of that account too.

export const RULE_NOT_FOUND = 'Правило автоматизации не найдено';
export const STAGE_NOT_FOUND = 'Этап не найден';
export const STAGE_WITHOUT_OWNER = 'Правила задаются на этапе воронки или вакансии';
export const USER_NOT_FOUND = 'Сотрудник не найден';
export const MOVE_TARGET_ELSEWHERE = 'Этап перевода должен быть из той же воронки или вакансии';
export const MOVE_TARGET_SAME = 'Нельзя переводить на тот же этап';
export const MOVE_TARGET_REJECT =
  'На этап отказа переводят отказом с причиной, выберите другой этап';

const iso = (value: Date | string) => new Date(value).toISOString();

const toRule = (row: repo.RuleRow): TAutomationRule => ({
  id: row.id,
  status_id: row.status_id,
  status_group_id: row.status_group_id,
  vacancy_id: row.vacancy_id,
  trigger: row.trigger,
  stay_days: row.stay_days,
  action: ZAutomationAction.catch('send_message').parse(row.action),
  params: row.params,
  is_active: row.is_active,
  created_by: row.created_by,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export async function listRules(
  tenant: Tenant,
  query: {
    status_group_id?: number | undefined;
    vacancy_id?: number | undefined;
    status_id?: number | undefined;
  },
) {
  const rows = await tenant.transaction((tx) =>
    repo.listRules(tx, tenant.accountId, {
      statusGroupId: query.status_group_id,
      vacancyId: query.vacancy_id,
      ...(query.status_id !== undefined && { statusId: query.status_id }),
    }),
  );
  return rows.map(toRule);
}

async function readRule(tx: Db, accountId: number, id: number) {
  const row = await repo.findRule(tx, accountId, id);
  if (!row) throw notFound(RULE_NOT_FOUND);
  return row;
}

export async function getRule(tenant: Tenant, id: number) {
  return toRule(await tenant.transaction((tx) => readRule(tx, tenant.accountId, id)));
}

/** The stage a rule may hang on: of this account, in a funnel or a vacancy. */
async function ruleStage(tx: Db, accountId: number, statusId: number) {
  const stage = await repo.findStage(tx, accountId, statusId);
  if (!stage) throw notFound(STAGE_NOT_FOUND);
  if (stage.status_group_id === null && stage.vacancy_id === null) {
    throw badRequest(STAGE_WITHOUT_OWNER, { status_id: STAGE_WITHOUT_OWNER });
  }
  return stage;
}

/** What the action names exists in the account (and is visible to the caller, for templates). */
async function checkActionTargets(
  tenant: Tenant,
  session: Session,
  stage: repo.StageRef,
  action: TAutomationAction,
  rawParams: Record<string, unknown>,
) {
  const parsed = AUTOMATION_PARAMS[action].safeParse(rawParams);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ['params', ...issue.path].join('.');
    throw badRequest(issue.message, { [field]: issue.message });
  }
  const params = parsed.data as Record<string, unknown>;
  const templateId = action === 'send_template' ? params.mail_template_id : params.template_id;
  if ((action === 'send_template' || action === 'schedule_task') && templateId !== undefined) {
    await findVisibleMailTemplate(tenant, session, templateId as number);
  }
  await tenant.transaction(async (tx) => {
    if (params.user_id !== undefined) {
      if (!(await findUserContact(tx, tenant.accountId, params.user_id as number))) {
        throw notFound(USER_NOT_FOUND);
      }
    }
    if (action === 'request_evaluation') {
      if (params.evaluation_id != null) {
        await assertFormOfAccount(tx, tenant.accountId, params.evaluation_id as number);
      }
    }
    if (params.status_id !== undefined) {
      const target = await repo.findStage(tx, tenant.accountId, params.status_id as number);
      if (!target) throw notFound(STAGE_NOT_FOUND);
      const sameOwner =
        (stage.status_group_id !== null && target.status_group_id === stage.status_group_id) ||
        (stage.vacancy_id !== null && target.vacancy_id === stage.vacancy_id);
      const field = 'params.status_id';
      if (!sameOwner) throw badRequest(MOVE_TARGET_ELSEWHERE, { [field]: MOVE_TARGET_ELSEWHERE });
      if (target.id === stage.id) throw badRequest(MOVE_TARGET_SAME, { [field]: MOVE_TARGET_SAME });
      if (target.is_reject) {
        throw badRequest(MOVE_TARGET_REJECT, { [field]: MOVE_TARGET_REJECT });
      }
    }
  });
  return params;
}

export async function createRule(
  tenant: Tenant,
  session: Session,
  input: TCreateAutomationRuleRequest,
) {
  await assertStageManager(tenant, session);
  const stage = await tenant.transaction((tx) => ruleStage(tx, tenant.accountId, input.status_id));
  const params = await checkActionTargets(tenant, session, stage, input.action, input.params);
  const id = await tenant.transaction((tx) =>
    repo.insertRule(tx, tenant.accountId, {
      statusId: stage.id,
      trigger: input.trigger,
      stayDays: input.trigger === 'stay' ? (input.stay_days ?? null) : null,
      action: input.action,
      params,
      isActive: input.is_active ?? true,
      createdBy: session.userId,
    }),
  );
  return getRule(tenant, id);
}

const STAY_DAYS_NEEDED = 'Укажите число дней от 1 до 365';

export async function updateRule(
  tenant: Tenant,
  session: Session,
  id: number,
  input: TUpdateAutomationRuleRequest,
) {
  await assertStageManager(tenant, session);
  const current = await tenant.transaction((tx) => readRule(tx, tenant.accountId, id));
  const trigger = input.trigger ?? current.trigger;
  const stayDays =
    trigger === 'stay'
      ? input.stay_days !== undefined
        ? input.stay_days
        : current.stay_days
      : null;
  if (trigger === 'stay' && stayDays == null) {
    throw badRequest(STAY_DAYS_NEEDED, { stay_days: STAY_DAYS_NEEDED });
  }
  const action = input.action ?? ZAutomationAction.parse(current.action);
  const stage = await tenant.transaction((tx) =>
    ruleStage(tx, tenant.accountId, current.status_id),
  );
  const params = await checkActionTargets(
    tenant,
    session,
    stage,
    action,
    input.params ?? (input.action && input.action !== current.action ? {} : current.params),
  );
  await tenant.transaction((tx) =>
    repo.updateRule(tx, tenant.accountId, id, {
      trigger,
      stayDays: stayDays ?? null,
      action,
      params,
      isActive: input.is_active ?? current.is_active,
    }),
  );
  return getRule(tenant, id);
}

export async function deleteRule(tenant: Tenant, session: Session, id: number) {
  await assertStageManager(tenant, session);
  const rule = await tenant.transaction(async (tx) => {
    const row = await readRule(tx, tenant.accountId, id);
    await repo.deleteRule(tx, tenant.accountId, id);
    return row;
  });
  return toRule(rule);
}
