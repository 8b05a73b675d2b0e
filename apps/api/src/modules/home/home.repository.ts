import type { TPersonNameParts } from '@ats/contracts/person-name';
import { type Db, selectRows, statementName } from '@ats/db/connection';
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
  const query = myOpenVacanciesQuery(accountId, userId);
  // Named, as the overdue list: planned once per connection (decision 0095).
  return selectRows<HomeVacancyRow>(tx, query, { name: statementName('home_vacancies', query) });
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
  const query = overdueApplicationsQuery(accountId, userId, limit);
  // Named: planned once per connection; its generic plan reads by the same keys as a fresh one
  // (decision 0095).
  return selectRows<OverdueRow>(tx, query, { name: statementName('home_overdue', query) });
}

/**
 * The statement of `listOverdueApplications` (also replayed by the benches). Each readable stage
 * with a stay limit of each open vacancy gives its longest-waiting applications on the board's
 * index (read backwards: oldest entry first, up to the limit with its ties) — an application's
 * stage is always one of its vacancy's (a foreign key) — instead of every application of the
 * vacancies joined to every stage of the account (decision 0091). The limit is then taken over
 * those by (entered_status_at, id), which the ties keep exact.
 */
export function overdueApplicationsQuery(accountId: number, userId: number, limit: number): SQL {
  return sql`
    select o.application_id, o.applicant_id,
           ${applicantNameParts('p')} as applicant_person,
           o.vacancy_id, o.vacancy_position, o.status_id, o.status_name, o.stay_duration,
           floor(extract(epoch from now() - o.entered_status_at) / 86400)::int as days_in_status,
           o.entered_status_at
    from (
      select w.id as application_id, w.applicant_id, w.entered_status_at,
             v.id as vacancy_id, v.position as vacancy_position,
             s.id as status_id, s.name as status_name, s.stay_duration
      from vacancy_members m
      join vacancies v on v.account_id = m.account_id and v.id = m.vacancy_id and v.state = 'open'
      join statuses s on s.account_id = v.account_id and s.vacancy_id = v.id
      cross join lateral (
        select a.id, a.applicant_id, a.entered_status_at from applications a
        where a.account_id = v.account_id and a.vacancy_id = v.id and a.status_id = s.id
          and a.entered_status_at < now() - make_interval(days => s.stay_duration)
          and exists (select 1 from applicants p
            where p.account_id = a.account_id and p.id = a.applicant_id and p.archived_at is null)
        order by a.entered_status_at asc nulls first
        fetch first (${limit}::int) rows with ties) w
      where m.account_id = ${accountId} and m.user_id = ${userId}
        and s.stay_duration is not null and not s.is_reject and s.status_type <> 'hired'
        and ${readable(userId)}
      order by w.entered_status_at, w.id
      limit ${limit}::int) o
    join applicants p on p.account_id = ${accountId} and p.id = o.applicant_id
    order by o.entered_status_at, o.application_id`;
}
