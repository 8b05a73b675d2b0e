import { randomUUID } from 'node:crypto';
import type { TJobSiteConnection } from '@ats/contracts/job-sites';
import type { Db } from '@ats/db/connection';
import type { JobSiteSyncProgress, JobSiteSyncWishes } from '@ats/db/schema/job-sites';
import * as repo from './job-sites.repository.ts';

// One sync of a connection at a time (decision 0077). Every way a sync is asked for (the
// «Синхронизировать сейчас» button, a webhook's vacancy, the sweep, a publication the site has
// just named) first leaves its wish on the connection's row; then whoever finds no live sync at
// work takes the turn and runs passes until no wish is left, each pass answering the wishes
// present when it began. So a sync asked for while another runs is answered by that one's next
// pass, /hh shows it running from the click to the end of the last pass, and the result shown
// counts everything the turn brought in — never a second sync's «0 new» beside the one that did
// the work. Decided under the row's lock, so the one taking the turn and the one leaving a wish
// for it never miss each other. A sync silent for five minutes died with its process: the next
// one asked for (or the sweep) takes its turn over.

export const SYNC_STALE_SECONDS = 5 * 60;
const STALE_MS = SYNC_STALE_SECONDS * 1000;

/** Every linked vacancy, or only a webhook's. */
export const wishOf = (externalVacancyId?: string): JobSiteSyncWishes =>
  externalVacancyId === undefined
    ? { all: true, vacancies: [] }
    : { all: false, vacancies: [externalVacancyId] };

export function mergeWishes(
  a: JobSiteSyncWishes | null | undefined,
  b: JobSiteSyncWishes | null | undefined,
): JobSiteSyncWishes | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (a.all || b.all) return { all: true, vacancies: [] };
  return { all: false, vacancies: [...new Set([...a.vacancies, ...b.vacancies])] };
}

/** Asked for or running, but silent for five minutes: the process that had it is gone. */
export function isStale(progress: JobSiteSyncProgress, now = Date.now()) {
  const lastSign = Date.parse(progress.alive_at ?? progress.started_at);
  return progress.running && !(now - lastSign < STALE_MS);
}

/** The run holding the turn, while it shows life. */
const holderOf = (progress: JobSiteSyncProgress | null | undefined, now: number) =>
  progress?.run_id && !isStale(progress, now) ? progress.run_id : null;

/** What /hh shows of the progress: the counts, and running unless the sync died. */
export const shownProgress = (
  progress: JobSiteSyncProgress | null | undefined,
): TJobSiteConnection['sync_progress'] =>
  progress
    ? {
        running: progress.running && !isStale(progress),
        vacancies_done: progress.vacancies_done,
        vacancies_total: progress.vacancies_total,
        responses_seen: progress.responses_seen,
        started_at: progress.started_at,
      }
    : null;

const freshProgress = (now: Date, extra: Partial<JobSiteSyncProgress>): JobSiteSyncProgress => ({
  running: true,
  vacancies_done: 0,
  vacancies_total: 0,
  responses_seen: 0,
  started_at: now.toISOString(),
  ...extra,
});

/** Leaves a wish for a sync: /hh shows a sync running from now until one has answered it. */
export async function askForSync(
  tx: Db,
  accountId: number,
  connectionId: number,
  wish: JobSiteSyncWishes,
) {
  const row = await repo.lockConnection(tx, accountId, connectionId);
  if (!row) return;
  const now = new Date();
  const stored = row.syncProgress;
  const wishes = mergeWishes(stored?.wishes, wish);
  // A live sync (at work, or asked for and about to start) keeps its progress.
  const live = stored && stored.running && !isStale(stored, now.getTime());
  await repo.updateConnection(tx, accountId, connectionId, {
    syncProgress: live ? { ...stored, wishes } : freshProgress(now, { wishes }),
  });
}

export type SyncTurn = {
  runId: string;
  /** What the first pass answers. */
  wishes: JobSiteSyncWishes;
  progress: JobSiteSyncProgress;
};

/**
 * The turn, when a sync is asked for and no live one holds it; null when there is nothing to do
 * here (the one at work answers the wishes, or a pass begun since answered them already).
 */
export async function takeTurn(
  tx: Db,
  accountId: number,
  connectionId: number,
): Promise<SyncTurn | null> {
  const row = await repo.lockConnection(tx, accountId, connectionId);
  if (!row) return null;
  const now = new Date();
  const stored = row.syncProgress;
  if (!stored?.wishes || holderOf(stored, now.getTime())) return null;
  const runId = randomUUID();
  const progress = freshProgress(now, { run_id: runId, alive_at: now.toISOString(), wishes: null });
  await repo.updateConnection(tx, accountId, connectionId, { syncProgress: progress });
  return { runId, wishes: stored.wishes, progress };
}

/**
 * The end of a pass. The wishes left meanwhile are taken for another pass (answered); with none,
 * or when the run failed (`last`), the turn is given back with `patch` (the result) and /hh shows
 * the sync done. A run whose turn was taken over (it fell silent too long) writes nothing.
 */
export async function endPass(
  tx: Db,
  accountId: number,
  connectionId: number,
  turn: Pick<SyncTurn, 'runId' | 'progress'>,
  end: { patch: repo.ConnectionPatch; last: boolean },
): Promise<JobSiteSyncWishes | null> {
  const row = await repo.lockConnection(tx, accountId, connectionId);
  const stored = row?.syncProgress;
  if (!stored || stored.run_id !== turn.runId) return null;
  if (stored.wishes && !end.last) {
    await repo.updateConnection(tx, accountId, connectionId, {
      syncProgress: { ...stored, wishes: null, alive_at: new Date().toISOString() },
    });
    return stored.wishes;
  }
  const { vacancies_done, vacancies_total, responses_seen, started_at } = turn.progress;
  await repo.updateConnection(tx, accountId, connectionId, {
    ...end.patch,
    syncProgress: { running: false, vacancies_done, vacancies_total, responses_seen, started_at },
  });
  return null;
}

/**
 * Nothing may run now (the connection is paused or waits for a re-connect): the wishes are let
 * go and /hh stops showing a sync, unless a live one holds the turn.
 */
export async function letWishesGo(tx: Db, accountId: number, connectionId: number) {
  const row = await repo.lockConnection(tx, accountId, connectionId);
  const stored = row?.syncProgress;
  if (!stored || holderOf(stored, Date.now()) || (!stored.running && !stored.wishes)) return;
  const { vacancies_done, vacancies_total, responses_seen, started_at } = stored;
  await repo.updateConnection(tx, accountId, connectionId, {
    syncProgress: { running: false, vacancies_done, vacancies_total, responses_seen, started_at },
  });
}
