// The shapes of SQL the analytics calls run over the transition log (issue 13, the definitions of
// packages/contracts analytics.ts), written once here for the benchmark: they give figures (and an
// EXPLAIN to design indexes against) before the report functions exist, and beside them after.
// Each takes the account, the period as [from, to) timestamps and answers one result set; run as
// the tenant (RLS on), like the API's reads.

export type ReferenceParams = { accountId: number; from: string; to: string; vacancyId: number };

export type ReferenceQuery = { key: string; label: string; text: (p: ReferenceParams) => string };

const period = (p: ReferenceParams, column = 't.moved_at') =>
  `${column} >= '${p.from}'::timestamptz and ${column} < '${p.to}'::timestamptz`;

export const REFERENCE_QUERIES: ReferenceQuery[] = [
  {
    key: 'counts',
    label: 'activity counts (placed, moved, hired, rejected, refused) of the company',
    text: (p) => `
      select count(*) filter (where t.kind = 'place') as placed,
             count(*) filter (where t.kind = 'move') as moved,
             count(distinct t.applicant_id) filter (where s.status_type = 'hired') as hired,
             count(distinct t.applicant_id) filter (where t.kind = 'reject') as rejected,
             count(distinct t.applicant_id) filter (where t.kind = 'refuse') as refused
      from application_transitions t
      left join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
      where t.account_id = ${p.accountId} and ${period(p)}`,
  },
  {
    key: 'by_period',
    label: 'placements and hires by week',
    text: (p) => `
      select date_trunc('week', t.moved_at at time zone 'Europe/Moscow') as bucket,
             count(*) filter (where t.kind = 'place') as placed,
             count(*) filter (where s.status_type = 'hired') as hired
      from application_transitions t
      left join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
      where t.account_id = ${p.accountId} and ${period(p)}
      group by 1 order by 1`,
  },
  {
    key: 'funnel',
    label: 'cohort funnel: placed in the period, the furthest stage each ever reached',
    text: (p) => `
      with cohort as (
        select t.application_id from application_transitions t
        where t.account_id = ${p.accountId} and t.kind = 'place' and ${period(p)}),
      furthest as (
        select c.application_id, max(s.position) as pos
        from cohort c
        join application_transitions t on t.account_id = ${p.accountId}
                                      and t.application_id = c.application_id
        join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
        where not s.is_reject
        group by c.application_id)
      select pos, count(*) from furthest group by pos order by pos`,
  },
  {
    key: 'reasons',
    label: 'rejections and refusals by reason',
    text: (p) => `
      select t.kind, t.reason_id, count(*) from application_transitions t
      where t.account_id = ${p.accountId} and t.kind in ('reject', 'refuse') and ${period(p)}
      group by 1, 2 order by 1, 3 desc`,
  },
  {
    key: 'sources',
    label: 'placements and hires by the applicant’s source',
    text: (p) => `
      select a.account_source_id, count(*) filter (where t.kind = 'place') as placed,
             count(*) filter (where s.status_type = 'hired') as hired
      from application_transitions t
      join applicants a on a.account_id = t.account_id and a.id = t.applicant_id
      left join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
      where t.account_id = ${p.accountId} and ${period(p)}
      group by 1`,
  },
  {
    key: 'vacancies',
    label: 'per vacancy: placements and hires',
    text: (p) => `
      select t.vacancy_id, count(*) filter (where t.kind = 'place') as placed,
             count(*) filter (where s.status_type = 'hired') as hired
      from application_transitions t
      left join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
      where t.account_id = ${p.accountId} and ${period(p)}
      group by 1`,
  },
  {
    key: 'recruiters',
    label: 'per recruiter: moves and hires made',
    text: (p) => `
      select t.moved_by, count(*) filter (where t.kind = 'move') as moved,
             count(*) filter (where s.status_type = 'hired') as hired
      from application_transitions t
      left join statuses s on s.account_id = t.account_id and s.id = t.to_status_id
      where t.account_id = ${p.accountId} and ${period(p)}
      group by 1`,
  },
  {
    key: 'vacancy',
    label: 'one busy vacancy: counts by stage',
    text: (p) => `
      select t.to_status_id, t.kind, count(*) from application_transitions t
      where t.account_id = ${p.accountId} and t.vacancy_id = ${p.vacancyId} and ${period(p)}
      group by 1, 2`,
  },
];
