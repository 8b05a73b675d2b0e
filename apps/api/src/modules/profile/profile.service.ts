import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_EVENTS,
  type TNotificationEvent,
  type TNotificationSettings,
  type TUpdateNotificationSettingsRequest,
} from '@ats/contracts/profile';
import type { Db } from '@ats/db/connection';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './profile.repository.ts';

type Stored = Partial<Record<string, { email?: boolean; in_app?: boolean; telegram?: boolean }>>;

/** Stored choices over the defaults, event by event and channel by channel. */
function readSettings(stored: Stored | null): TNotificationSettings {
  const result = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  for (const event of NOTIFICATION_EVENTS) {
    const own = stored?.[event];
    if (typeof own?.email === 'boolean') result[event].email = own.email;
    if (typeof own?.in_app === 'boolean') result[event].in_app = own.in_app;
    if (typeof own?.telegram === 'boolean') result[event].telegram = own.telegram;
  }
  return result;
}

const load = async (tx: Db, tenant: Tenant) =>
  readSettings(await repo.findNotificationSettings(tx, tenant.accountId, tenant.userId));

export async function getNotificationSettings(tenant: Tenant) {
  return tenant.transaction((tx) => load(tx, tenant));
}

/** Changes the events and channels given; the rest keep their values. */
export async function updateNotificationSettings(
  tenant: Tenant,
  changes: TUpdateNotificationSettingsRequest['notification_settings'],
) {
  return tenant.transaction(async (tx) => {
    const next = await load(tx, tenant);
    for (const event of NOTIFICATION_EVENTS) {
      next[event] = { ...next[event], ...stripUndefined(changes[event]) };
    }
    await repo.saveNotificationSettings(tx, tenant.accountId, tenant.userId, next);
    return next;
  });
}

const stripUndefined = (
  channels: { email?: boolean; in_app?: boolean; telegram?: boolean } | undefined,
) => Object.fromEntries(Object.entries(channels ?? {}).filter(([, v]) => v !== undefined));

/**
 * For modules that tell users of an event (an applicant's message, issue 14), in their
 * transaction: each user's channels for the event, their own choice over the default.
 */
export async function notificationChoicesIn(
  tx: Db,
  accountId: number,
  userIds: number[],
  event: TNotificationEvent,
) {
  const stored = new Map(
    (await repo.findNotificationSettingsOf(tx, accountId, userIds)).map((row) => [
      row.userId,
      row.settings,
    ]),
  );
  return new Map(
    userIds.map((userId) => [userId, readSettings(stored.get(userId) ?? null)[event]] as const),
  );
}
