import { statementName } from '@ats/db/connection';
import type { TApplicantListFilters } from '@ats/contracts/applicant-list';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '@ats/db/sql-arrays';
import { TIME_ZONE, applicantListOrder, applicantListWhere } from './applicant-list.repository.ts';

export type ApplicantExportRow = {
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  position: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  tg: string | null;
  money: string | null;
  salary_amount: number | null;
  currency: string | null;
  age: number | null;
  /** Tag names, comma-separated, in the order the card shows them. */
  tags: string | null;
  source_name: string | null;
  /** Moscow wall-clock time, 'YYYY-MM-DDTHH:MM:SS'. */
  created_at: string;
};

/**
 * Texts are cut in SQL to what a spreadsheet cell holds, so one batch stays small whatever was
 * stored (the spreadsheet writer enforces the same limit).
 */
const CELL = 32_767;

/** Prepared per connection under a name derived from the text: one plan per filter combination. */
const named = (prefix: string, query: SQL) => ({ query, name: statementName(prefix, query) });

/**
 * The ids of the list's applicants in the list's order, at most `limit`: the snapshot the export
 * then reads in batches. The search runs once here, not once per batch.
 */
export function applicantListIdsQuery(
  accountId: number,
  userId: number,
  filters: TApplicantListFilters,
  limit: number,
) {
  return named(
    'applicant_export_ids',
    sql`select a.id from applicants a
        where ${applicantListWhere(accountId, userId, filters)}
        order by ${applicantListOrder(filters)}
        limit ${limit}::int`,
  );
}

/** Which of `ids` are applicants of the account (archived ones too). */
export function accountApplicantIdsQuery(accountId: number, ids: number[]) {
  return named(
    'applicant_export_known',
    sql`select a.id from applicants a
        where a.account_id = ${accountId}::int and a.id = any(${intArray(ids)})`,
  );
}

/**
 * One batch of the file: the applicants of `ids` in the order of `ids`; gone ones are skipped.
 * The ids are the index condition (primary key lookups), whatever the statistics say about the
 * account's size: a join on them could be planned as a scan of the whole account per batch.
 */
export function applicantExportRowsQuery(accountId: number, ids: number[]) {
  const text = (column: SQL) => sql`left(${column}, ${CELL}::int)`;
  return named(
    'applicant_export_rows',
    sql`select
          ${text(sql`a.first_name`)} as first_name, ${text(sql`a.last_name`)} as last_name,
          ${text(sql`a.middle_name`)} as middle_name, ${text(sql`a.position`)} as position,
          ${text(sql`a.company`)} as company, ${text(sql`a.phone`)} as phone,
          ${text(sql`a.email`)} as email, ${text(sql`a.tg`)} as tg, ${text(sql`a.money`)} as money,
          a.salary_amount, a.currency,
          date_part('year', age((now() at time zone ${TIME_ZONE}::text)::date, a.birthday))::int as age,
          (select ${text(sql`string_agg(t.name, ', ' order by t.name, t.id)`)}
             from applicant_tags at join tags t on t.account_id = at.account_id and t.id = at.tag_id
             where at.account_id = a.account_id and at.applicant_id = a.id) as tags,
          (select ${text(sql`s.name`)} from account_sources s
             where s.account_id = a.account_id and s.id = a.account_source_id) as source_name,
          to_char(a.created_at at time zone ${TIME_ZONE}::text, 'YYYY-MM-DD"T"HH24:MI:SS') as created_at
        from applicants a
        where a.account_id = ${accountId}::int and a.id = any(${intArray(ids)})
        order by array_position(${intArray(ids)}, a.id)`,
  );
}
