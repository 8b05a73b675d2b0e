import { type TMsgStreamEvent, ZMsgStreamEvent } from '@ats/contracts/messaging';
import type { Db } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Notifier } from '../../platform/notify.ts';

/** The channel a new or changed message is announced on, from the transaction that made it. */
export const MESSAGES_CHANNEL = 'ats_messages';

const ZNotification = ZMsgStreamEvent.extend({ account_id: z.number().int() });

/** Announced on commit (NOTIFY is transactional): every server process hears it. */
export async function announceMessage(tx: Db, accountId: number, event: TMsgStreamEvent) {
  await tx.execute(
    sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify({ ...event, account_id: accountId })})`,
  );
}

type Watcher = { applicantId: number | null; send: (event: TMsgStreamEvent) => void };

/**
 * Fans message notifications out to this process's open streams: a card's (one applicant) or a
 * user's whole account (the header's counter, the conversations list). Keyed by account, so a
 * notification never reaches another account's stream.
 */
export function createMessageFeed(notifier: Notifier, log: FastifyBaseLogger) {
  const byAccount = new Map<number, Set<Watcher>>();
  let listening: Promise<() => void> | null = null;

  const dispatch = (payload: string) => {
    const parsed = ZNotification.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const { account_id: accountId, ...event } = parsed.data;
    for (const watcher of byAccount.get(accountId) ?? []) {
      if (watcher.applicantId === null || watcher.applicantId === event.applicant_id) {
        watcher.send(event);
      }
    }
  };

  return {
    async watch(accountId: number, applicantId: number | null, send: Watcher['send']) {
      listening ??= notifier.subscribe(MESSAGES_CHANNEL, (payload) => {
        try {
          dispatch(payload);
        } catch (error) {
          log.warn({ err: error }, 'message event not delivered');
        }
      });
      await listening;
      const watcher: Watcher = { applicantId, send };
      const set = byAccount.get(accountId) ?? new Set<Watcher>();
      byAccount.set(accountId, set);
      set.add(watcher);
      return () => {
        set.delete(watcher);
        if (set.size === 0) byAccount.delete(accountId);
      };
    },
  };
}
