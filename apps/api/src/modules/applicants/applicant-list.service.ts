import type { TApplicantListQuery } from '@ats/contracts/applicant-list';
import { type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './applicant-list.repository.ts';

/**
 * One page of the active applicant base: one SQL statement, one round trip on PostgreSQL. `scope`
 * narrows the base to the part a caller may see (`applicantListScope`; null: all of it), `only`
 * to the applicants of an analytics drill.
 */
export async function listApplicants(
  tenant: Tenant,
  query: TApplicantListQuery,
  baseScope: SQL | null = null,
  only: number[] | null = null,
): Promise<string> {
  const { page, per_page: perPage, drill: _drill, ...filters } = query;
  // `only`: the applicants behind an analytics count (the list's `drill`), with the rest on top.
  const onlyThem = only && sql`a.id = any(${`{${only.join(',')}}`}::int[])`;
  const scope =
    baseScope && onlyThem ? sql`(${baseScope}) and ${onlyThem}` : (baseScope ?? onlyThem);
  const {
    query: statement,
    name,
    countLimit,
  } = repo.applicantListPageQuery(
    tenant.accountId,
    tenant.userId,
    filters,
    { page, perPage },
    scope,
  );
  const [result] = await tenant.read<repo.ApplicantListPage>(statement, name);
  const total = result?.total ?? 0;
  const capped = countLimit !== null && total > countLimit;
  // Integers and a boolean only around the statement's text: the keys in the contract's order.
  return `{"applicants":${result?.rows ?? '[]'},"applicant_count":${capped ? countLimit : total},"applicant_count_capped":${capped},"page":${page},"per_page":${perPage}}`;
}

/**
 * For the board: the SQL condition over `applicants a` that its search box and applicant filters
 * set (null for none), the same search as the list's, so both find the same people.
 */
export const applicantBoardCondition = (
  tenant: Tenant,
  filters: Pick<TApplicantListQuery, 'search' | 'tags' | 'account_source_id'>,
) => repo.applicantBoardWhere(tenant.accountId, tenant.userId, filters);
