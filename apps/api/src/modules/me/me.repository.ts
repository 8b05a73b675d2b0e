import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { Tenant } from '../../platform/tenancy.ts';

export type MeRow = {
  id: number;
  account_id: number;
  email: string;
  name: string | null;
  middle_name: string | null;
  last_name: string | null;
  nick: string | null;
  member_type: 'owner' | 'watcher';
  is_admin: boolean;
  is_auto: boolean;
  is_onboarding: boolean;
  is_firework: boolean;
  time_zone: string;
  settings: Record<string, unknown>;
  company_name: string;
  inn: string | null;
  account_time_zone: string;
  currency: string;
  applicants_count: number;
  tariff_name: string | null;
  tariff_start_at: Date | string | null;
  tariff_end_at: Date | string | null;
  tariff_users: number | null;
  balance: string | number | null;
  email_confirmed: boolean;
  /** list_versions (migration 0071): the account's lists that were ever written; others are 1. */
  list_versions: Record<string, number> | null;
  divisions: { id: number; name: string; parent_id: number | null; position: number }[];
  statuses: { status_id: number; is_read: boolean; is_write: boolean }[];
  changelog: {
    id: number;
    title: string;
    summary: string;
    published_at: string;
    release_date: string;
    is_published: boolean;
  } | null;
};

/** Everything GET /api/me shows, in one statement: it is the most frequent call of the app. */
const meQuery = (accountId: number, userId: number) => sql`
    select u.id, u.account_id, u.email, u.name, u.middle_name, u.last_name, u.nick, u.member_type,
           u.is_admin, u.is_auto, u.is_onboarding, u.is_firework, u.time_zone, u.settings,
           a.name as company_name, a.inn, a.time_zone as account_time_zone, a.currency, a.applicants_count,
           a.email_confirmed_at is not null as email_confirmed,
           t.name as tariff_name, t.start_at as tariff_start_at, t.end_at as tariff_end_at,
           t.users_limit as tariff_users, t.balance,
           (select json_object_agg(v.list, v.version) from list_versions v
            where v.account_id = u.account_id) as list_versions,
           coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'parent_id', d.parent_id,
                                                       'position', d.position) order by d.position, d.id)
                     from account_divisions d where d.account_id = u.account_id), '[]') as divisions,
           coalesce((select json_agg(json_build_object('status_id', r.status_id, 'is_read', r.is_read,
                                                       'is_write', r.is_write) order by r.status_id)
                     from user_status_rights r where r.account_id = u.account_id and r.user_id = u.id), '[]') as statuses,
           (select json_build_object('id', c.id, 'title', c.title, 'summary', c.summary,
                                     'published_at', c.published_at, 'release_date', c.release_date,
                                     'is_published', c.is_published)
            from changelogs c where c.is_published order by c.release_date desc, c.id desc limit 1) as changelog
    from users u
    join accounts a on a.id = u.account_id
    left join lateral (
      select name, start_at, end_at, users_limit, balance from account_tariffs
      where account_id = u.account_id order by end_at desc limit 1
    ) t on true
    where u.account_id = ${accountId} and u.id = ${userId}`;
const ME_STATEMENT = 'current_user_with_account';

export async function findMe(tx: Db, accountId: number, userId: number) {
  const [row] = await selectRows<MeRow>(tx, meQuery(accountId, userId), { name: ME_STATEMENT });
  return row ?? null;
}

export async function readMe(tenant: Tenant) {
  const [row] = await tenant.read<MeRow>(meQuery(tenant.accountId, tenant.userId), ME_STATEMENT);
  return row ?? null;
}

/** Sliding expiry: each GET /api/me pushes the session's end a full lifetime ahead. */
export async function extendSession(
  tx: Db,
  accountId: number,
  sessionId: number,
  ttlSeconds: number,
) {
  await tx.execute(sql`
    update sessions set expires_at = now() + make_interval(secs => ${ttlSeconds}), last_seen_at = now()
    where account_id = ${accountId} and id = ${sessionId}`);
}
