import type { Db } from '@ats/db/connection';
import { userNotificationSettings } from '@ats/db/schema/notification-settings';
import { and, eq, inArray } from 'drizzle-orm';

type StoredSettings = (typeof userNotificationSettings.$inferSelect)['settings'];

export async function findNotificationSettings(tx: Db, accountId: number, userId: number) {
  const [row] = await tx
    .select({ settings: userNotificationSettings.settings })
    .from(userNotificationSettings)
    .where(
      and(
        eq(userNotificationSettings.accountId, accountId),
        eq(userNotificationSettings.userId, userId),
      ),
    );
  return row?.settings ?? null;
}

export async function saveNotificationSettings(
  tx: Db,
  accountId: number,
  userId: number,
  settings: StoredSettings,
) {
  await tx
    .insert(userNotificationSettings)
    .values({ accountId, userId, settings })
    .onConflictDoUpdate({
      target: [userNotificationSettings.accountId, userNotificationSettings.userId],
      set: { settings, updatedAt: new Date() },
    });
}

export async function findNotificationSettingsOf(tx: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      userId: userNotificationSettings.userId,
      settings: userNotificationSettings.settings,
    })
    .from(userNotificationSettings)
    .where(
      and(
        eq(userNotificationSettings.accountId, accountId),
        inArray(userNotificationSettings.userId, userIds),
      ),
    );
}
