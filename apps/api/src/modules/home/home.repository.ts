import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows } from '@ats/db/connection';
import { type SQL, sql } from 'drizzle-orm';
import { applicantNameParts } from '../../platform/person-name.ts';

export type HomeVacancyRow = {
  id: number;
  position: string;
  state: 'open' | 'hold' | 'closed';
  priority: number;
  role: 'owner' | 'watcher';
  date_will_close: string | null;
  division: { id: number; name: string; icon: string | null } | null;
  stages: {
    status_id: number;
    name: string;
    color: string;
    icon: string | null;
    order: number;
    is_reject: boolean;
    count: number;
  }[];
};

export type OverdueRow = {
  application_id: number;
  applicant_id: number;
  /** For the display name; see `applicantNameParts`. */
  applicant_person: TPersonNameParts;
  vacancy_id: number;
  vacancy_position: string;
  status_id: number;
  status_name: string;
  stay_duration: number;
  days_in_status: number;
  entered_status_at: Date | string;
};

/** The stage `s` is readable by the user (no rights row, or one with is_read). */
const readable = (userId: number) => sql`not exists (select 1 from user_status_rights r
  where r.account_id = s.account_id and r.status_id = s.id and r.user_id = ${userId}
    and not r.is_read)`;

/** Open vacancies the user owns or watches, each with its readable stages and their counts. */
export async function listMyOpenVacancies(tx: Db, accountId: number, userId: number) {
  return selectRows<HomeVacancyRow>(tx, myOpenVacanciesQuery(accountId, userId));
}

/** The statement of `listMyOpenVacancies` (also replayed by the benches). */
export function myOpenVacanciesQuery(accountId: number, userId: number): SQL {
  return sql`
    select v.id, v.position, v.state, v.priority, m.role, v.date_will_close::text as date_will_close,
           (select json_build_object('id', d.id, 'name', d.name, 'icon', d.icon) from account_divisions d
             where d.account_id = v.account_id and d.id = v.division_id) as division,
           coalesce((
             select json_agg(json_build_object('status_id', s.id, 'name', s.name,
                                               'color', s.color, 'icon', s.icon,
                                               'order', s.position,
                                               'is_reject', s.is_reject,
                                               'count', coalesce(n.n, 0))
                             order by s.position, s.id)
             from statuses s
             left join (select a.status_id, count(*)::int as n from applications a
                        where a.account_id = v.account_id and a.vacancy_id = v.id
                        group by a.status_id) n on n.status_id = s.id
             where s.account_id = v.account_id and s.vacancy_id = v.id and ${readable(userId)}
           ), '[]') as stages
    from vacancy_members m
    join vacancies v on v.account_id = m.account_id and v.id = m.vacancy_id
    where m.account_id = ${accountId} and m.user_id = ${userId} and v.state = 'open'
    order by v.priority desc, v.created_at desc, v.id desc`;
}

/**
 * Applications on the user's open vacancies waiting at a stage longer than its stay_duration,
 * oldest first.
 */
export async function listOverdueApplications(
  tx: Db,
  accountId: number,
  userId: number,
  limit: number,
) {
  return selectRows<OverdueRow>(tx, overdueApplicationsQuery(accountId, userId, limit));
}

/** The statement of `listOverdueApplications` (also replayed by the benches). */
export function overdueApplicationsQuery(accountId: number, userId: number, limit: number): SQL {
  return sql`
    select a.id as application_id, a.applicant_id,
           ${applicantNameParts('p')} as applicant_person,
           v.id as vacancy_id, v.position as vacancy_position,
           s.id as status_id, s.name as status_name, s.stay_duration,
           floor(extract(epoch from now() - a.entered_status_at) / 86400)::int as days_in_status,
           a.entered_status_at
    from vacancy_members m
    join vacancies v on v.account_id = m.account_id and v.id = m.vacancy_id and v.state = 'open'
    join applications a on a.account_id = m.account_id and a.vacancy_id = m.vacancy_id
    join statuses s on s.account_id = a.account_id and s.id = a.status_id
    join applicants p on p.account_id = a.account_id and p.id = a.applicant_id
    where m.account_id = ${accountId} and m.user_id = ${userId}
      and s.stay_duration is not null and not s.is_reject and s.status_type <> 'hired'
      and a.entered_status_at < now() - make_interval(days => s.stay_duration)
      and p.archived_at is null and ${readable(userId)}
    order by a.entered_status_at, a.id
    limit ${limit}`;
}
