import type { TNotificationEvent } from '@ats/contracts/profile';
import type { Database, Db } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { deliverStoredMail, rewriteStoredMails, storeMails } from '../../platform/mailer.ts';
import { notificationChoicesIn } from '../profile/profile.service.ts';
import { findActiveUserContacts } from '../users/users.service.ts';
import {
  queueUserNotifications,
  rewriteQueuedNotifications,
} from './telegram/user-telegram.repository.ts';

// Telling users of an event (the five of /user → «Уведомления», decision 0066): in the raiser's
// transaction each recipient's choices are read and their letter and Telegram message queued in
// the outboxes (the mail outbox, user_telegram_notifications), so they exist exactly when the
// change does; after the commit they are handed over off the request path, and the outboxes'
// sweeps retry what fails. Notices of one group raised in one transaction (a bulk placement, a
// delayed task moving 50 applicants, an import batch) reach each user as one message listing
// the first items and counting the rest: one letter per batch, never one per applicant.

type Deps = { config: Config; database: Database; log: FastifyBaseLogger };

/** At most this many items are listed in one message; the rest are counted. */
export const NOTICE_MAX_ITEMS = 20;

export type NoticeItem = {
  /** One line: who or what, e.g. «Пётр Соколов: Новый → Оффер». */
  text: string;
  /** The app path to open it (`/applicant/5`), made absolute with PUBLIC_URL. */
  path?: string;
};

export type UserNotice = {
  event: TNotificationEvent;
  /** Who may hear of it; the caller has left out the author of the change. */
  userIds: number[];
  /** Notices of one group in one transaction are merged: `vacancy:7`, `task:3`. */
  group: string;
  subject: (count: number) => string;
  /** The line above the items, by their count. */
  lead: (count: number) => string;
  items: NoticeItem[];
};

/** What to hand over after the commit (`handOverNotices`), and who chose to see it in the app. */
export type ToldUsers = {
  accountId: number;
  mailIds: number[];
  telegramIds: number[];
  inApp: number[];
};

let deps: Deps | null = null;
type Kick = (accountId: number, ids: number[]) => void;
let kickTelegram: Kick = () => {};

/** The process that raises notices says how to hand over Telegram notifications at once. */
export const setUserNotificationKick = (kick: Kick) => {
  kickTelegram = kick;
};

/**
 * Called once where notices are raised (the API process, with its routes): the configuration
 * letters are made with and the connection they are handed over on. Without it (a process that
 * serves no routes) modules raise nothing.
 */
export function startUserNotices(given: Deps) {
  deps = given;
  return () => {
    if (deps === given) deps = null;
  };
}

type Pending = {
  items: NoticeItem[];
  /** Users whose choices were read for this group: their queued rows (if any). */
  users: Map<number, { mailId?: number; telegramId?: number }>;
};

/** Each open transaction's groups told so far, and what it queued. */
const pendingByTransaction = new WeakMap<Db, Map<string, Pending>>();
const queuedByTransaction = new WeakMap<Db, ToldUsers[]>();

/**
 * Everything queued in the transaction `tx` so far: for the owner of a transaction that runs
 * others' services inside it (a delayed task's batch, a job site's import), to hand over after
 * its own commit — their hand-overs came before it and found nothing committed yet.
 */
export const noticesQueuedIn = (tx: Db): ToldUsers[] => queuedByTransaction.get(tx) ?? [];

const baseOf = (config: Config) => (config.PUBLIC_URL ?? '').replace(/\/$/, '');

function render(config: Config, notice: UserNotice, items: NoticeItem[]) {
  const base = baseOf(config);
  const lines = items
    .slice(0, NOTICE_MAX_ITEMS)
    .map((item) => (item.path ? `${item.text}\n${base}${item.path}` : item.text));
  const more = items.length - NOTICE_MAX_ITEMS;
  if (more > 0) lines.push(`…и ещё ${more}`);
  return {
    subject: notice.subject(items.length),
    text: `${notice.lead(items.length)}\n\n${lines.join('\n\n')}`,
  };
}

/**
 * Tells `notice.userIds` of the event in the caller's transaction, each by the channels they
 * chose: the letter and the Telegram message are queued, the in-app readers are answered (the
 * caller keeps its own in-app list). A notice of a group already told in this transaction
 * rewrites the queued messages into one summary instead of queuing more.
 */
export async function tellUsersIn(
  tx: Db,
  accountId: number,
  notice: UserNotice,
  config: Config | undefined = deps?.config,
): Promise<ToldUsers> {
  const told: ToldUsers = { accountId, mailIds: [], telegramIds: [], inApp: [] };
  if (!config || notice.items.length === 0) return told;
  const groups = pendingByTransaction.get(tx) ?? new Map<string, Pending>();
  pendingByTransaction.set(tx, groups);
  const key = `${accountId}:${notice.event}:${notice.group}`;
  const earlier = groups.get(key);
  if (earlier && (await rewriteTold(tx, config, accountId, notice, earlier))) {
    return tellFresh(tx, config, accountId, notice, earlier, told);
  }
  const pending: Pending = { items: [...notice.items], users: new Map() };
  groups.set(key, pending);
  return tellFresh(tx, config, accountId, notice, pending, told);
}

/** Adds the notice's items to those told earlier in this transaction; false if rolled back. */
async function rewriteTold(
  tx: Db,
  config: Config,
  accountId: number,
  notice: UserNotice,
  pending: Pending,
) {
  pending.items.push(...notice.items);
  const letter = render(config, notice, pending.items);
  const queued = [...pending.users.values()];
  const mailIds = queued.flatMap((q) => (q.mailId === undefined ? [] : [q.mailId]));
  const telegramIds = queued.flatMap((q) => (q.telegramId === undefined ? [] : [q.telegramId]));
  const mails = await rewriteStoredMails(tx, mailIds, letter);
  const messages = await rewriteQueuedNotifications(tx, accountId, telegramIds, letter.text);
  // Rolled back to a savepoint since (a failed sub-task): what is left is told afresh.
  return mails.length === mailIds.length && messages.length === telegramIds.length;
}

/** Queues the messages of the group's users not told yet. */
async function tellFresh(
  tx: Db,
  config: Config,
  accountId: number,
  notice: UserNotice,
  pending: Pending,
  told: ToldUsers,
): Promise<ToldUsers> {
  const fresh = [...new Set(notice.userIds)].filter((id) => !pending.users.has(id));
  if (fresh.length === 0) return told;
  const choices = await notificationChoicesIn(tx, accountId, fresh, notice.event);
  for (const id of fresh) pending.users.set(id, {});
  told.inApp = fresh.filter((id) => choices.get(id)?.in_app === true);
  const byMail = fresh.filter((id) => choices.get(id)?.email === true);
  const byTelegram = fresh.filter((id) => choices.get(id)?.telegram === true);
  if (byMail.length === 0 && byTelegram.length === 0) return told;
  const letter = render(config, notice, pending.items);
  const messages = await queueUserNotifications(
    tx,
    accountId,
    byTelegram,
    notice.event,
    letter.text,
  );
  for (const message of messages) {
    const user = pending.users.get(message.userId);
    if (user) user.telegramId = message.id;
  }
  told.telegramIds = messages.map((m) => m.id);
  const contacts = (await findActiveUserContacts(tx, accountId, byMail)).filter((u) => u.email);
  told.mailIds = await storeMails(
    tx,
    config,
    contacts.map((user) => ({
      to: user.email,
      subject: letter.subject,
      text: letter.text,
      kind: notice.event,
      accountId,
    })),
  );
  for (const [i, contact] of contacts.entries()) {
    const user = pending.users.get(contact.id);
    const mailId = told.mailIds[i];
    if (user && mailId !== undefined) user.mailId = mailId;
  }
  queuedByTransaction.set(tx, [...noticesQueuedIn(tx), told]);
  return told;
}

/**
 * After the raiser's commit: the Telegram messages to this process's sender and the letters to
 * SMTP. Whatever fails here waits in its outbox for the sweep; the caller need not wait.
 */
export async function handOverNotices(told: ToldUsers[], given: Deps | null = deps) {
  for (const { accountId, telegramIds } of told) {
    if (telegramIds.length > 0) kickTelegram(accountId, telegramIds);
  }
  const mailIds = told.flatMap((t) => t.mailIds);
  if (!given || mailIds.length === 0) return;
  await deliverStoredMail(given.config, given.database.system, given.log, mailIds).catch(
    (error: unknown) => given.log.warn({ err: error }, 'notification letters not handed over'),
  );
}

/** `handOverNotices` off the request path: nothing the caller waits for. */
export function handOverNoticesLater(told: ToldUsers[]) {
  if (told.every((t) => t.mailIds.length === 0 && t.telegramIds.length === 0)) return;
  void handOverNotices(told);
}
