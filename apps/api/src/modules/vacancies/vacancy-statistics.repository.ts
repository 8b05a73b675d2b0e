import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { stageReadableBy } from './vacancies.repository.ts';

export type StageStatisticsRow = {
  status_id: number;
  name: string;
  color: string;
  order: number;
  status_type: string;
  is_offer: boolean;
  is_reject: boolean;
  reject_kind: 'reject' | 'refuse' | null;
  count: number;
  reached: number;
  avg_seconds: number | string | null;
};

/**
 * Per stage of the vacancy the reader may read, in order: applications there now, applications
 * that ever entered it (for ordinary stages: it or a later one, from the transition log and the
 * current placements), and the average seconds spent in it by those who left it.
 */
export async function listStageStatistics(
  tx: Db,
  accountId: number,
  vacancyId: number,
  readerId: number,
) {
  return selectRows<StageStatisticsRow>(
    tx,
    sql`
    with entered as (
      select t.application_id, t.to_status_id as status_id from application_transitions t
      where t.account_id = ${accountId} and t.vacancy_id = ${vacancyId}
      union
      select a.id, a.status_id from applications a
      where a.account_id = ${accountId} and a.vacancy_id = ${vacancyId}
    ), furthest as (
      select e.application_id, max(s.position) as position
      from entered e
      join statuses s on s.account_id = ${accountId} and s.id = e.status_id and not s.is_reject
      group by e.application_id
    ), entered_counts as (
      select status_id, count(distinct application_id)::int as n from entered group by status_id
    ), now_counts as (
      select status_id, count(*)::int as n from applications
      where account_id = ${accountId} and vacancy_id = ${vacancyId} group by status_id
    ), stays as (
      select from_status_id as status_id, avg(seconds_in_from) as secs
      from application_transitions
      where account_id = ${accountId} and vacancy_id = ${vacancyId}
        and from_status_id is not null and seconds_in_from is not null
      group by from_status_id
    )
    select s.id as status_id, s.name, s.color, s.position as "order", s.status_type, s.is_offer,
           s.is_reject, s.reject_kind, coalesce(nc.n, 0) as count,
           case when s.is_reject then coalesce(ec.n, 0)
                else (select count(*)::int from furthest f where f.position >= s.position) end
             as reached,
           st.secs as avg_seconds
    from statuses s
    left join now_counts nc on nc.status_id = s.id
    left join entered_counts ec on ec.status_id = s.id
    left join stays st on st.status_id = s.id
    where s.account_id = ${accountId} and s.vacancy_id = ${vacancyId}
      and ${stageReadableBy(readerId)}
    order by s.position, s.id`,
  );
}

/** Rejected and refused applications now on the vacancy, by reason (readable stages only). */
export async function listRejectionsByReason(
  tx: Db,
  accountId: number,
  vacancyId: number,
  readerId: number,
) {
  return selectRows<{
    reason_id: number | null;
    reason_name: string | null;
    kind: 'reject' | 'refuse';
    count: number;
  }>(
    tx,
    sql`
    select a.reject_reason_id as reason_id, r.name as reason_name, a.reject_kind as kind,
           count(*)::int as count
    from applications a
    join statuses s on s.account_id = a.account_id and s.id = a.status_id
    left join reasons r on r.account_id = a.account_id and r.id = a.reject_reason_id
    where a.account_id = ${accountId} and a.vacancy_id = ${vacancyId}
      and a.reject_kind is not null and ${stageReadableBy(readerId)}
    group by a.reject_reason_id, r.name, a.reject_kind
    order by count(*) desc, r.name`,
  );
}
