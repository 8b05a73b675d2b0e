import { HOME_OVERDUE_LIMIT, type THome } from '@ats/contracts/home';
import { personDisplayName } from '@ats/contracts/person-name';
import type { Tenant } from '../../platform/tenancy.ts';
import { listHomeEvents } from '../events/events.service.ts';
import * as repo from './home.repository.ts';

/**
 * The start page: the caller's open vacancies (owned or watched) with counts per stage, the
 * applicants waiting longer than their stage allows, and the caller's events of today and
 * tomorrow (the events module's). Stages the caller may not read are left out of both.
 */
export async function getHome(tenant: Tenant): Promise<THome> {
  // One transaction for all three (decision 0095): a second one cost its own round trips.
  const { vacancies, overdue, events } = await tenant.transaction(async (tx) => ({
    vacancies: await repo.listMyOpenVacancies(tx, tenant.accountId, tenant.userId),
    overdue: await repo.listOverdueApplications(
      tx,
      tenant.accountId,
      tenant.userId,
      HOME_OVERDUE_LIMIT,
    ),
    events: await listHomeEvents(tenant, tenant.userId, tx),
  }));
  return {
    vacancies: vacancies.map((v) => ({
      id: v.id,
      position: v.position,
      state: v.state,
      priority: v.priority,
      role: v.role,
      account_division: v.division,
      date_will_close: v.date_will_close,
      count_applicants: v.stages.reduce((sum, s) => sum + s.count, 0),
      stages: v.stages,
    })),
    overdue: overdue.map(({ applicant_person, ...o }) => ({
      ...o,
      applicant_name: personDisplayName(applicant_person) || 'Без имени',
      entered_status_at: new Date(o.entered_status_at).toISOString(),
    })),
    events,
  };
}
