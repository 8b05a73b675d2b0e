import type { TPersonNameParts } from '@ats/contracts/person-name';
import type {
  TCreateRequestTemplate,
  TRequestTemplate,
  TUpdateRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import {
  ZCreateRequestTemplate,
  ZUpdateRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import type { Db } from '@ats/db/connection';
import type {
  ApprovalStepSpec,
  ApproverSpec,
  RequestTemplateFieldSpec,
} from '@ats/db/schema/vacancy-applications';
import type { Session } from '../../platform/auth.ts';
import { changesBetween, recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertCanManageTemplates } from './vacancy-applications.policy.ts';
import * as repo from './vacancy-applications.repository.ts';

export const TEMPLATE_NOT_FOUND = 'Шаблон заявки не найден';
export const APPROVER_NOT_USER = 'Согласующий должен быть пользователем компании';
export const FIELD_KEYS_REPEAT = 'Ключи полей шаблона не должны повторяться';
export const DIVISION_HEAD_NAME = 'Руководитель подразделения';

/** How an approver is named: a user by their name, an outside person by name or e-mail. */
export function approverAnswer(spec: ApproverSpec, names: Map<number, TPersonNameParts>) {
  if (spec.type === 'user') {
    return {
      type: 'user' as const,
      user_id: spec.user_id,
      email: null,
      name: userDisplayName(names.get(spec.user_id)) ?? `Пользователь ${spec.user_id}`,
    };
  }
  if (spec.type === 'email') {
    return {
      type: 'email' as const,
      user_id: null,
      email: spec.email,
      name: spec.name || spec.email,
    };
  }
  return { type: 'division_head' as const, user_id: null, email: null, name: DIVISION_HEAD_NAME };
}

const userIdsOf = (steps: ApprovalStepSpec[]) => [
  ...new Set(
    steps.flatMap((s) => s.approvers.flatMap((a) => (a.type === 'user' ? [a.user_id] : []))),
  ),
];

export function toTemplate(
  row: repo.TemplateRow,
  names: Map<number, TPersonNameParts>,
): TRequestTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: row.fields.map((f) => ({
      key: f.key,
      name: f.name,
      type: f.type,
      required: f.required,
      options: f.type === 'choice' ? f.options : [],
    })),
    steps: row.steps.map((s) => ({
      name: s.name,
      mode: s.mode,
      approvers: s.approvers.map((a) => approverAnswer(a, names)),
      deadline_days: s.deadline_days ?? null,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function answerTemplates(tx: Db, accountId: number, rows: repo.TemplateRow[]) {
  const names = await repo.findUserNames(tx, accountId, userIdsOf(rows.flatMap((r) => r.steps)));
  return rows.map((row) => toTemplate(row, names));
}

/** A template of the account, or 404 (another account's ids too). */
export async function findTemplateOrFail(tx: Db, accountId: number, id: number) {
  const row = await repo.findTemplate(tx, accountId, id);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

/** Field keys are unique; every user approver is a user of the account. */
async function assertTemplateValid(
  tx: Db,
  accountId: number,
  fields: RequestTemplateFieldSpec[] | undefined,
  steps: ApprovalStepSpec[] | undefined,
) {
  if (fields) {
    const keys = fields.map((f) => f.key);
    if (new Set(keys).size !== keys.length) {
      throw badRequest(FIELD_KEYS_REPEAT, { fields: FIELD_KEYS_REPEAT });
    }
  }
  if (steps) {
    const ids = userIdsOf(steps);
    const found = await repo.findActiveUserIds(tx, accountId, ids);
    if (ids.some((id) => !found.has(id))) {
      throw badRequest(APPROVER_NOT_USER, { steps: APPROVER_NOT_USER });
    }
  }
}

const cleanFields = (fields: RequestTemplateFieldSpec[]) =>
  fields.map((f) => ({ ...f, options: f.type === 'choice' ? f.options : [] }));
const cleanSteps = (steps: ApprovalStepSpec[]) =>
  steps.map((s) => ({ ...s, deadline_days: s.deadline_days ?? null }));

export async function listTemplates(tenant: Tenant) {
  return tenant.transaction(async (tx) =>
    answerTemplates(tx, tenant.accountId, await repo.listTemplates(tx, tenant.accountId)),
  );
}

export async function getTemplate(tenant: Tenant, id: number) {
  return tenant.transaction(async (tx) => {
    const row = await findTemplateOrFail(tx, tenant.accountId, id);
    return (await answerTemplates(tx, tenant.accountId, [row]))[0]!;
  });
}

export async function createTemplate(
  tenant: Tenant,
  session: Session,
  body: TCreateRequestTemplate,
) {
  assertCanManageTemplates(session);
  const input = ZCreateRequestTemplate.parse(body);
  return tenant.transaction(async (tx) => {
    await assertTemplateValid(tx, tenant.accountId, input.fields, input.steps);
    const row = await repo.insertTemplate(tx, {
      accountId: tenant.accountId,
      name: input.name,
      description: input.description ?? null,
      fields: cleanFields(input.fields),
      steps: cleanSteps(input.steps),
      createdBy: tenant.userId,
    });
    await recordAudit(tx, tenant, {
      action: 'vacancy_application_template.created',
      target: { type: 'vacancy_application_template', id: row.id },
      summary: `Создан шаблон заявки «${row.name}»`,
    });
    return (await answerTemplates(tx, tenant.accountId, [row]))[0]!;
  });
}

export async function updateTemplate(
  tenant: Tenant,
  session: Session,
  id: number,
  body: TUpdateRequestTemplate,
) {
  assertCanManageTemplates(session);
  const input = ZUpdateRequestTemplate.parse(body);
  return tenant.transaction(async (tx) => {
    const current = await findTemplateOrFail(tx, tenant.accountId, id);
    await assertTemplateValid(tx, tenant.accountId, input.fields, input.steps);
    const set = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description ?? null }),
      ...(input.fields !== undefined && { fields: cleanFields(input.fields) }),
      ...(input.steps !== undefined && { steps: cleanSteps(input.steps) }),
    };
    const row = (await repo.updateTemplate(tx, tenant.accountId, id, set)) ?? current;
    await recordAudit(tx, tenant, {
      action: 'vacancy_application_template.updated',
      target: { type: 'vacancy_application_template', id },
      summary: `Изменён шаблон заявки «${row.name}»`,
      changes: changesBetween(
        { name: current.name, description: current.description },
        { name: row.name, description: row.description },
      ),
    });
    return (await answerTemplates(tx, tenant.accountId, [row]))[0]!;
  });
}

/** Deletes a template; requests made from it keep their fields and route. */
export async function deleteTemplate(tenant: Tenant, session: Session, id: number) {
  assertCanManageTemplates(session);
  return tenant.transaction(async (tx) => {
    const current = await findTemplateOrFail(tx, tenant.accountId, id);
    const answer = (await answerTemplates(tx, tenant.accountId, [current]))[0]!;
    await repo.deleteTemplate(tx, tenant.accountId, id);
    await recordAudit(tx, tenant, {
      action: 'vacancy_application_template.deleted',
      target: { type: 'vacancy_application_template', id },
      summary: `Удалён шаблон заявки «${current.name}»`,
    });
    return answer;
  });
}
