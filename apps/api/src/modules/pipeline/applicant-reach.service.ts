import type { Db } from '@ats/db/connection';
import type { SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './applications.repository.ts';

type Viewer = Pick<Session, 'userId' | 'isAdmin'>;

/**
 * A watcher (the hiring manager) reaches an applicant through the vacancies: the applicant stands,
 * at a stage the watcher may read (`user_status_rights.is_read` not false), on a vacancy the
 * watcher may open (one they follow; every vacancy for a watcher who is an admin, as the board).
 * The vacancies where this holds, lowest id first; none means the applicant is out of reach.
 */
export const vacanciesReachingApplicant = (
  tx: Db,
  tenant: Tenant,
  viewer: Viewer,
  applicantId: number,
) => repo.listVacanciesWhereUserSees(tx, tenant.accountId, viewer, applicantId);

/** The same rule as an SQL condition over an applicant id expression (the list's `a.id`). */
export const applicantReachedCondition = (accountId: number, viewer: Viewer, applicant: SQL) =>
  repo.reachedCondition(accountId, viewer, applicant);
