import type { TCreateVacancyRequest } from '@ats/contracts/vacancies';
import type { Db } from '@ats/db/connection';
import { notFound } from '../../platform/errors.ts';
import * as repo from './vacancies.repository.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';

/** What a vacancy and a template share: the job's content, its division and funnel. */
export type ContentFields = Partial<
  Pick<
    TCreateVacancyRequest,
    | 'position'
    | 'salary_from'
    | 'salary_to'
    | 'currency'
    | 'needed'
    | 'priority'
    | 'is_hidden'
    | 'body'
    | 'requirements'
    | 'conditions'
    | 'information'
    | 'regions'
    | 'country'
    | 'city'
    | 'account_division_id'
    | 'status_group'
    | 'days_until_deadline'
    | 'additional_fields_list'
  >
>;

type ContentColumns = Partial<
  Pick<
    repo.VacancyInsert,
    | 'position'
    | 'salaryFrom'
    | 'salaryTo'
    | 'currency'
    | 'needed'
    | 'priority'
    | 'isHidden'
    | 'body'
    | 'requirements'
    | 'conditions'
    | 'information'
    | 'regions'
    | 'countryId'
    | 'city'
    | 'divisionId'
    | 'statusGroupId'
    | 'daysUntilDeadline'
    | 'additionalFieldsList'
  >
>;

export const DIVISION_NOT_FOUND = 'Подразделение не найдено';
export const FUNNEL_NOT_FOUND = 'Воронка не найдена';

/** The request's content fields as columns; sections are sanitised, absent fields untouched. */
export function contentColumns(input: ContentFields): ContentColumns {
  const columns: ContentColumns = {
    position: input.position,
    salaryFrom: input.salary_from,
    salaryTo: input.salary_to,
    currency: input.currency,
    needed: input.needed,
    priority: input.priority,
    isHidden: input.is_hidden,
    regions: input.regions,
    countryId: input.country,
    city: input.city,
    divisionId: input.account_division_id,
    statusGroupId: input.status_group,
    daysUntilDeadline: input.days_until_deadline,
    additionalFieldsList: input.additional_fields_list,
  };
  for (const key of ['body', 'requirements', 'conditions', 'information'] as const) {
    if (input[key] !== undefined) columns[key] = sanitizeRichText(input[key]);
  }
  return withoutUndefined(columns);
}

/** Drops the keys whose value is undefined, so an update leaves those columns alone. */
export const withoutUndefined = <T extends object>(columns: T): T =>
  Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as T;

/** The division and funnel the content names must be the caller's account's. */
export async function assertContentReferencesExist(
  tx: Db,
  accountId: number,
  input: ContentFields,
) {
  if (input.account_division_id != null) {
    if (!(await repo.divisionExists(tx, accountId, input.account_division_id))) {
      throw notFound(DIVISION_NOT_FOUND);
    }
  }
  if (input.status_group != null) {
    if (!(await repo.statusGroupExists(tx, accountId, input.status_group))) {
      throw notFound(FUNNEL_NOT_FOUND);
    }
  }
}
