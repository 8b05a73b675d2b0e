import { type TBoardEvent, ZBoardEvent } from '@ats/contracts/pipeline';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import type { Notifier } from '../../platform/notify.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './applications.repository.ts';
import { assertCanReadVacancy, canReadStage } from './pipeline.policy.ts';

/** The channel and payload of the trigger `ats_notify_board` (migrations 0012 and 0016). */
export const BOARD_CHANNEL = 'ats_board';
const ZBoardNotification = z.object({
  account_id: z.number().int(),
  vacancy_id: z.number().int(),
  application_id: z.number().int(),
  /** The stage after the change; on a delete, the stage the card was removed from. */
  status_id: z.number().int(),
  /** The stage the card left, as the changed row had it: null on an insert. */
  from_status_id: z.number().int().nullable(),
  op: z.enum(['insert', 'update', 'delete']),
});
type BoardNotification = z.infer<typeof ZBoardNotification>;

/** The event a board receives: the notification says everything, nothing is read back. */
function eventOf(n: BoardNotification): TBoardEvent {
  return {
    vacancy_id: n.vacancy_id,
    application_id: n.application_id,
    op: n.op,
    from_status_id: n.op === 'insert' ? null : n.from_status_id,
    to_status_id: n.op === 'delete' ? null : n.status_id,
  };
}

type Watcher = { hiddenStages: Set<number>; send: (event: TBoardEvent) => void };

/**
 * Fans the database's board notifications out to the open boards of this process. A board is
 * keyed by account and vacancy, so a notification only ever reaches boards of its own account.
 */
export function createBoardFeed(notifier: Notifier, log: FastifyBaseLogger) {
  const boards = new Map<string, Set<Watcher>>();
  const keyOf = (accountId: number, vacancyId: number) => `${accountId}:${vacancyId}`;
  let listening: Promise<() => void> | null = null;

  function dispatch(payload: string) {
    const parsed = ZBoardNotification.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const watchers = boards.get(keyOf(parsed.data.account_id, parsed.data.vacancy_id));
    if (!watchers?.size) return;
    const event = ZBoardEvent.parse(eventOf(parsed.data));
    for (const watcher of watchers) {
      const seen = [event.from_status_id, event.to_status_id].filter(
        (id): id is number => id !== null && !watcher.hiddenStages.has(id),
      );
      if (seen.length > 0) watcher.send(event);
    }
  }

  const ensureListening = () =>
    (listening ??= notifier.subscribe(BOARD_CHANNEL, (payload) => {
      try {
        dispatch(payload);
      } catch (error) {
        log.warn({ err: error }, 'board event not delivered');
      }
    }));

  return {
    /**
     * Checks that the caller may read the vacancy (404 otherwise) and answers a function that
     * starts the caller's feed; the feed's answer stops it.
     */
    async prepare(tenant: Tenant, session: Session, vacancyId: number) {
      const { access, stages } = await tenant.transaction(async (tx) => ({
        access: await repo.findVacancyAccess(tx, tenant.accountId, vacancyId, tenant.userId),
        stages: await repo.listVacancyStages(tx, tenant.accountId, vacancyId, tenant.userId),
      }));
      assertCanReadVacancy(session, access);
      const hiddenStages = new Set(stages.filter((s) => !canReadStage(s.right)).map((s) => s.id));
      await ensureListening();
      return (send: Watcher['send']) => {
        const key = keyOf(tenant.accountId, vacancyId);
        const watcher: Watcher = { hiddenStages, send };
        const set = boards.get(key) ?? new Set<Watcher>();
        boards.set(key, set);
        set.add(watcher);
        return () => {
          set.delete(watcher);
          if (set.size === 0) boards.delete(key);
        };
      };
    },
  };
}
