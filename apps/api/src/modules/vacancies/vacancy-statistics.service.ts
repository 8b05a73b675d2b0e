import type { TVacancyStatistics } from '@ats/contracts/vacancies';
import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { readVacancy, readerOf } from './vacancies.service.ts';
import * as repo from './vacancy-statistics.repository.ts';

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
const days = (seconds: number | string | null) =>
  seconds === null ? null : Math.round((Number(seconds) / 86_400) * 10) / 10;

/**
 * The funnel of a vacancy: stages in order with counts now and ever, conversion along the
 * ordinary stages, average days in each, and rejections by reason. Only stages the caller may
 * read appear.
 */
export async function getVacancyStatistics(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TVacancyStatistics> {
  const { vacancy, stages, rejections } = await tenant.transaction(async (tx) => ({
    vacancy: await readVacancy(tx, tenant.accountId, id, readerOf(session)),
    stages: await repo.listStageStatistics(tx, tenant.accountId, id, session.userId),
    rejections: await repo.listRejectionsByReason(tx, tenant.accountId, id, session.userId),
  }));
  const first = stages.find((s) => !s.is_reject);
  let previous: repo.StageStatisticsRow | undefined;
  return {
    vacancy_id: vacancy.id,
    count_applicants: vacancy.count_applicants,
    hired: vacancy.hired,
    stages: stages.map((s) => {
      const conversions = s.is_reject
        ? { conversion_from_previous: null, conversion_from_first: null }
        : {
            conversion_from_previous: previous ? percent(s.reached, previous.reached) : null,
            conversion_from_first: first ? percent(s.reached, first.reached) : null,
          };
      if (!s.is_reject) previous = s;
      return {
        status_id: s.status_id,
        name: s.name,
        color: s.color,
        order: s.order,
        status_type: s.status_type,
        is_offer: s.is_offer,
        is_reject: s.is_reject,
        reject_kind: s.reject_kind,
        count: s.count,
        reached: s.reached,
        ...conversions,
        avg_days: days(s.avg_seconds),
      };
    }),
    rejections,
  };
}
