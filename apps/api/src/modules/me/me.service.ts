import { SESSION_TTL_SECONDS } from '@ats/contracts/auth';
import { hasNoEnd, shownUsersLimit } from '@ats/contracts/tariffs';
import { ACCOUNT_LISTS, type TMe, type TTreeItem } from '@ats/contracts/me';
import type { Db } from '@ats/db/connection';
import { readAdminUserSetting } from '@ats/contracts/user-settings';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { sharedListVersions } from '../references/references.service.ts';
import * as repo from './me.repository.ts';

// Writing last_seen on every call would turn the hottest read into a write; once a minute is enough.
const EXTEND_EVERY_MS = 60_000;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');
const isoDate = (value: string) => value.slice(0, 10);

export function buildDivisionTree(rows: repo.MeRow['divisions']): TTreeItem[] {
  const nodes = new Map<number, TTreeItem>(
    rows.map((d) => [d.id, { id: d.id, name: d.name, parent_id: d.parent_id, children: [] }]),
  );
  const roots: TTreeItem[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every list's version: the shared dictionaries' and the account's own (1 until written). */
function listVersions(shared: Record<string, string>, own: repo.MeRow['list_versions']) {
  const versions: Record<string, string> = { ...shared };
  for (const list of ACCOUNT_LISTS) versions[list] = String(own?.[list] ?? 1);
  return versions;
}

/** Whether this request extends the session (a write): its answer is then computed, never remembered. */
export const extendsSession = (session: Session) =>
  Date.now() - session.lastSeenAt.getTime() > EXTEND_EVERY_MS;

export async function getCurrentUser(tenant: Tenant, session: Session, db: Db): Promise<TMe> {
  const shared = sharedListVersions(db);
  shared.catch(() => undefined); // awaited below; a failed read of the row must not leave it unhandled
  const row = extendsSession(session)
    ? await tenant.transaction(async (tx) => {
        await repo.extendSession(tx, tenant.accountId, session.sessionId, SESSION_TTL_SECONDS);
        // The cached copy holds the old last_seen_at: read the session afresh next time.
        session.forget?.();
        return repo.findMe(tx, tenant.accountId, tenant.userId);
      })
    : await repo.readMe(tenant);
  if (!row) throw notFound('Пользователь не найден');
  const tariffEnd = row.tariff_end_at ? new Date(row.tariff_end_at) : null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    first_name: row.name,
    is_admin: row.is_admin,
    member_type: row.member_type,
    account_id: row.account_id,
    admin_user_setting: readAdminUserSetting(row.settings, row.member_type),
    account_divisions: buildDivisionTree(row.divisions),
    account_setting: {
      company_name: row.company_name,
      inn: row.inn,
      time_zone: row.account_time_zone,
      currency: row.currency,
    },
    admin_user_statuses: row.statuses,
    is_auto: row.is_auto,
    is_firework: row.is_firework,
    is_onboarding: row.is_onboarding,
    is_plugin: session.source === 'plugin',
    nick: row.nick,
    time_zone: row.time_zone,
    token: session.token,
    latest_changelog: row.changelog
      ? {
          ...row.changelog,
          published_at: isoDate(row.changelog.published_at),
          release_date: isoDate(row.changelog.release_date),
        }
      : null,
    tariff_name: row.tariff_name ?? '',
    applicants_count: row.applicants_count,
    balance: Number(row.balance ?? 0),
    tariff_start_at: iso(row.tariff_start_at),
    tariff_end_at: hasNoEnd(row.tariff_end_at) ? '' : iso(row.tariff_end_at),
    tariff_is_active: session.accountIsActive && tariffEnd !== null && tariffEnd > new Date(),
    tariff_users: shownUsersLimit(row.tariff_users),
    email_confirmed: row.email_confirmed,
    list_versions: listVersions(await shared, row.list_versions),
  };
}
