import type { Db } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  applicantReachedCondition,
  vacanciesReachingApplicant,
} from '../pipeline/applicant-reach.service.ts';

export const WATCHER_NO_APPLICANTS = 'Заказчику недоступна база кандидатов';
export const APPLICANT_NOT_FOUND = 'Кандидат не найден';

/**
 * SPEC §6 and huntlee-api §4.4: watchers (the hiring client's people) see their vacancies, never
 * the applicant base — its list as a whole, exports, imports, filters, bulk actions. The one rule
 * every module asks (a service file, so files and others may import it).
 */
export const seesApplicantBase = (caller: Pick<Session, 'memberType'>) =>
  caller.memberType !== 'watcher';

/** Reading the base needs no permission flags, only a role: answered from the session alone. */
export function assertCanReadApplicants(caller: Pick<Session, 'memberType'>) {
  if (!seesApplicantBase(caller)) throw forbidden(WATCHER_NO_APPLICANTS);
}

/**
 * One applicant, as the caller reaches it (issue 20): those who see the base reach everyone
 * (undefined); a watcher reaches the applicants standing on the vacancies they may open, at
 * stages they may read, and gets those vacancies' ids. Anyone else is not found for a watcher,
 * exactly as an applicant of another account: the base stays invisible, not forbidden.
 */
export async function reachApplicant(
  tx: Db,
  tenant: Tenant,
  caller: Pick<Session, 'memberType' | 'userId' | 'isAdmin'>,
  applicantId: number,
): Promise<number[] | undefined> {
  if (seesApplicantBase(caller)) return undefined;
  const vacancyIds = await vacanciesReachingApplicant(tx, tenant, caller, applicantId);
  if (vacancyIds.length === 0) throw notFound(APPLICANT_NOT_FOUND);
  return vacancyIds;
}

/**
 * The part of the base a caller's list shows, as a condition over `applicants a`: everything for
 * those who see the base (null); for a watcher who is an admin (SPEC §6 opens applicants-list to
 * them) the applicants of the vacancies they follow; other watchers are refused the list.
 */
export function applicantListScope(
  tenant: Tenant,
  caller: Pick<Session, 'memberType' | 'userId' | 'isAdmin'>,
) {
  if (seesApplicantBase(caller)) return null;
  if (!caller.isAdmin) throw forbidden(WATCHER_NO_APPLICANTS);
  return applicantReachedCondition(
    tenant.accountId,
    { userId: caller.userId, isAdmin: false },
    sql`a.id`,
  );
}
