import type { TVacancyTemplate } from '@ats/contracts/vacancies';
import {
  ZCreateVacancyTemplateRequest,
  ZUpdateVacancyTemplateRequest,
} from '@ats/contracts/vacancies';
import type { Db } from '@ats/db/connection';
import type { TemplateStage } from '@ats/db/schema/vacancies';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import {
  assertContentReferencesExist,
  contentColumns,
  withoutUndefined,
} from './vacancy-content.ts';
import { assertCanManageTemplates, assertCanReadTemplates } from './vacancies.policy.ts';
import * as vacanciesRepo from './vacancies.repository.ts';
import * as repo from './vacancy-templates.repository.ts';
import { VACANCY_NOT_FOUND } from './vacancies.service.ts';

type CreateInput = z.infer<typeof ZCreateVacancyTemplateRequest>;
type UpdateInput = z.infer<typeof ZUpdateVacancyTemplateRequest>;

const TEMPLATE_NOT_FOUND = 'Шаблон вакансии не найден';
const iso = (value: Date | string) => new Date(value).toISOString();

export const toTemplate = (row: repo.TemplateRow): TVacancyTemplate => ({
  id: row.id,
  name: row.name,
  position: row.position,
  salary_from: row.salaryFrom,
  salary_to: row.salaryTo,
  currency: row.currency,
  needed: row.needed,
  priority: row.priority,
  is_hidden: row.isHidden,
  body: row.body,
  requirements: row.requirements,
  conditions: row.conditions,
  information: row.information,
  regions: row.regions,
  country: row.countryId,
  city: row.city,
  account_division_id: row.divisionId,
  status_group: row.statusGroupId,
  days_until_deadline: row.daysUntilDeadline,
  additional_fields_list: row.additionalFieldsList,
  stages: row.stages.map((s) => ({ ...s, status_type: s.status_type ?? 'user' })),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

function templateColumns(input: UpdateInput): Partial<repo.TemplateInsert> {
  return withoutUndefined({ ...contentColumns(input), name: input.name, stages: input.stages });
}

/** A vacancy's content and its own stages, as a template keeps them. */
async function templateFromVacancy(
  tx: Db,
  accountId: number,
  vacancyId: number,
): Promise<Partial<repo.TemplateInsert>> {
  const v = await vacanciesRepo.findVacancyRow(tx, accountId, vacancyId);
  if (!v) throw notFound(VACANCY_NOT_FOUND);
  const stages = await vacanciesRepo.listVacancyStages(tx, accountId, vacancyId);
  return {
    name: v.position,
    position: v.position,
    salaryFrom: v.salaryFrom,
    salaryTo: v.salaryTo,
    currency: v.currency,
    needed: v.needed,
    priority: v.priority,
    isHidden: v.isHidden,
    body: v.body,
    requirements: v.requirements,
    conditions: v.conditions,
    information: v.information,
    regions: v.regions,
    countryId: v.countryId,
    city: v.city,
    divisionId: v.divisionId,
    statusGroupId: v.statusGroupId,
    daysUntilDeadline: v.daysUntilDeadline,
    additionalFieldsList: v.additionalFieldsList,
    stages: stages.map((s, i): TemplateStage => ({
      name: s.name,
      color: s.color,
      order: i + 1,
      is_offer: s.isOffer,
      is_reject: s.isReject,
      reject_kind: s.rejectKind,
      is_required: s.isRequired,
      stay_duration: s.stayDuration,
      status_type: s.statusType === 'hired' ? 'hired' : 'user',
    })),
  };
}

async function assertManager(tenant: Tenant, session: Session) {
  const user = await getUser(tenant, session.userId);
  assertCanManageTemplates(session, user.admin_user_setting.permissions_actions);
}

export async function listTemplates(tenant: Tenant, session: Session) {
  assertCanReadTemplates(session);
  const rows = await tenant.transaction((tx) => repo.listTemplates(tx, tenant.accountId));
  return rows.map(toTemplate);
}

export async function getTemplate(tenant: Tenant, session: Session, id: number) {
  assertCanReadTemplates(session);
  const row = await tenant.transaction((tx) => repo.findTemplate(tx, tenant.accountId, id));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toTemplate(row);
}

/** A template from the request; with `vacancy_id`, from that vacancy (the request overrides). */
export async function createTemplate(
  tenant: Tenant,
  session: Session,
  input: Partial<CreateInput>,
) {
  await assertManager(tenant, session);
  const { accountId } = tenant;
  const row = await tenant.transaction(async (tx) => {
    await assertContentReferencesExist(tx, accountId, input);
    const base = input.vacancy_id ? await templateFromVacancy(tx, accountId, input.vacancy_id) : {};
    const columns = { ...base, ...templateColumns(input) };
    return repo.insertTemplate(tx, {
      ...columns,
      name: columns.name ?? 'Шаблон вакансии',
      accountId,
      createdBy: session.userId,
    });
  });
  return toTemplate(row);
}

export async function updateTemplate(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: UpdateInput,
) {
  await assertManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    await assertContentReferencesExist(tx, tenant.accountId, changes);
    return repo.updateTemplate(tx, tenant.accountId, id, templateColumns(changes));
  });
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toTemplate(row);
}

export async function deleteTemplate(tenant: Tenant, session: Session, id: number) {
  await assertManager(tenant, session);
  const row = await tenant.transaction((tx) => repo.deleteTemplate(tx, tenant.accountId, id));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toTemplate(row);
}
