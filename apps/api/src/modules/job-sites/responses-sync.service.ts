import { JOB_SITE_MESSAGES, JOB_SITE_NAMES, type TJobSite } from '@ats/contracts/job-sites';
import { type Db, selectRows } from '@ats/db/connection';
import type { JobSiteSyncResult, JobSiteSyncWishes } from '@ats/db/schema/job-sites';
import type { Session } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { storageFor } from '../../platform/storage.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { listAccountSources } from '../account-sources/account-sources.service.ts';
import {
  createApplicant,
  createArrivedApplicant,
  rightToCreate,
} from '../applicants/applicants.service.ts';
import {
  type DraftContactDoubles,
  findContactDoublesOfDrafts,
} from '../duplicates/double-detection.service.ts';
import { placeApplicant } from '../pipeline/applications.service.ts';
import {
  handOverNotices,
  noticesQueuedIn,
  type ToldUsers,
} from '../messaging/user-notices.service.ts';
import { getUser } from '../users/users.service.ts';
import * as repo from './job-sites.repository.ts';
import { type JobSitesDeps, siteSessionOf } from './job-sites.service.ts';
import { importResumePhoto } from './resume-photo.ts';
import { type SiteApplicant, SiteError, type SiteResponse } from './site-client.ts';
import { pullMovedNegotiationMessages, pullNegotiationMessages } from './hh/hh-messages.ts';
import { pullAvitoChatMessages } from './avito/avito-messages.ts';
import { keepAvitoMessengerHook } from './avito/avito-messenger-hook.ts';
import {
  SYNC_STALE_SECONDS,
  type SyncTurn,
  askForSync,
  endPass,
  letWishesGo,
  takeTurn,
  wishOf,
} from './sync-turn.ts';

// Responses in (decision 0047): for each linked vacancy the site's responses are paged; each new
// one (by the site's id, unique per account and site) has its résumé read and becomes an
// applicant on our vacancy's first stage with the site as source — or, when the duplicates check
// finds the same phone, e-mail or résumé, the known applicant gets the application instead.
// The page's known ids are read in one statement, and so are the applicants sharing a contact
// with its résumés (decision 0064; a person twice on one page is matched to their first response).
// One transaction per page (decision 0070): the claims, the applicants and the placements commit
// together, so a failure part-way loses nothing and a second run imports nothing; when the page's
// transaction fails it is brought in again one response a transaction, keeping those before the
// response that failed. 429 and 5xx are retried
// briefly, then the connection pauses with a growing back-off and the sweep resumes it.
// One sync of a connection at a time (decision 0077, sync-turn.ts): a sync asked for while one
// runs is answered by that one's next pass, and the result shown counts all of its passes.

const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 2_000;
const MAX_PAUSE_MS = 30 * 60_000;
const MATCHING_REASONS = ['совпадает телефон', 'совпадает e-mail', 'совпадает резюме на hh.ru'];

type Counts = { imported: number; matched: number; skipped: number };

/** Notes kept in one sync's result (a photo not stored…): the first ones, the rest only logged. */
const MAX_NOTES = 20;
const PHOTO_NOT_STORED = (name: string) => `Фото кандидата ${name} не сохранено`;
const applicantLabel = (applicant: SiteApplicant) =>
  [applicant.draft.last_name, applicant.draft.first_name].filter(Boolean).join(' ') || 'без имени';

export const tenantInTransaction = (tx: Db, accountId: number, userId: number): Tenant => ({
  accountId,
  userId,
  transaction: (work) => work(tx),
  read: (query) => selectRows(tx, query),
});

/** The retry of one call: 429/5xx waited out (Retry-After up to 2 s) twice, then given up. */
async function withRetry<T>(deps: JobSitesDeps, work: () => Promise<T>): Promise<T> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const retryable =
        error instanceof SiteError && (error.kind === 'rate' || error.kind === 'unavailable');
      if (!retryable || attempt >= RETRIES) throw error;
      const wait = error.retryAfterSeconds
        ? error.retryAfterSeconds * 1000
        : 200 * 2 ** attempt + Math.floor(Math.random() * 50);
      await sleep(Math.min(wait, MAX_RETRY_WAIT_MS));
    }
  }
}

/** The user the sync acts as: who connected the site, with their role now. */
async function actingSession(tenant: Tenant, accountId: number, userId: number): Promise<Session> {
  const user = await getUser(tenant, userId);
  return {
    token: '',
    sessionId: 0,
    accountId,
    userId,
    source: 'web',
    isAdmin: user.is_admin,
    memberType: user.member_type === 'watcher' ? 'watcher' : 'owner',
    accountIsActive: true,
    lastSeenAt: new Date(),
    via: 'header',
  };
}

async function sourceIdOf(tenant: Tenant, site: TJobSite) {
  const name = JOB_SITE_NAMES[site].toLocaleLowerCase('ru');
  const found = (await listAccountSources(tenant)).find(
    (s) => s.name.toLocaleLowerCase('ru') === name,
  );
  return found?.id ?? null;
}

/** The response's row as claimed: unique per account, site and the site's id. */
const claimOf = (
  row: repo.ConnectionRow,
  link: { externalId: string; vacancyId: number },
  response: SiteResponse,
  applicant: SiteApplicant,
) => ({
  accountId: row.accountId,
  connectionId: row.id,
  site: row.site,
  externalId: response.externalId,
  externalVacancyId: link.externalId,
  resumeId: response.resumeId,
  resumeUrl: applicant.resumeLink,
  photoUrl: applicant.photoUrl,
  vacancyId: link.vacancyId,
  chatId: response.chatId ?? null,
});

/** The known applicant on the vacancy; already on it, the response joins the card as it is. */
async function placeKnown(tenant: Tenant, session: Session, knownId: number, vacancyId: number) {
  try {
    await placeApplicant(
      tenant,
      session,
      { applicant_id: knownId, vacancy_id: vacancyId },
      { arrival: true },
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 409)) throw error;
  }
}

/** One response, in one transaction: claimed, then a new applicant or the known one placed. */
async function importOne(
  deps: JobSitesDeps,
  context: { row: repo.ConnectionRow; session: Session; sourceId: number | null },
  link: { externalId: string; vacancyId: number },
  item: { response: SiteResponse; applicant: SiteApplicant },
  /** The applicant of the base (or of this page) the duplicates check found; null: new. */
  knownId: number | null,
): Promise<{ kind: keyof Counts; applicantId: number | null }> {
  const { row, session, sourceId } = context;
  const { response, applicant } = item;
  const storage = storageFor(deps.config);
  let told: ToldUsers[] = [];
  const outcome = await deps.database.withTenant(row.accountId, async (tx) => {
    const result = await (async (): Promise<{ kind: keyof Counts; applicantId: number | null }> => {
      const tenant = tenantInTransaction(tx, row.accountId, session.userId);
      const claim = await repo.claimResponse(tx, claimOf(row, link, response, applicant));
      if (claim === null) return { kind: 'skipped', applicantId: null };
      if (knownId !== null) {
        await placeKnown(tenant, session, knownId, link.vacancyId);
        await repo.finishResponse(tx, row.accountId, claim, {
          applicantId: knownId,
          matched: true,
        });
        return { kind: 'matched', applicantId: knownId };
      }
      const card = await createApplicant(
        storage,
        tenant,
        session,
        {
          ...applicant.draft,
          vacancy_id: link.vacancyId,
          account_source_id: sourceId,
          source: 'import',
        },
        { arrival: true },
      );
      await repo.finishResponse(tx, row.accountId, claim, { applicantId: card.id, matched: false });
      return { kind: 'imported', applicantId: card.id };
    })();
    told = noticesQueuedIn(tx);
    return result;
  });
  // The owners told of the arrival: handed over now that it has committed.
  await handOverNotices(told);
  return outcome;
}

type PageItem = { response: SiteResponse; applicant: SiteApplicant };
type Outcome = { kind: keyof Counts; applicantId: number | null };

/**
 * A page's new responses in one transaction (decision 0070): claimed in one statement, each
 * a new applicant or the known one placed, and their applicants recorded in one statement.
 * Answers null when the transaction failed (rolled back whole): the caller then brings the page
 * in one response a transaction, as before, so a response the services refuse stops the sync
 * where it did and keeps the responses before it.
 */
async function importPage(
  deps: JobSitesDeps,
  context: { row: repo.ConnectionRow; session: Session; sourceId: number | null },
  link: { externalId: string; vacancyId: number },
  items: PageItem[],
  doubles: DraftContactDoubles[],
): Promise<Outcome[] | null> {
  const { row, session, sourceId } = context;
  const storage = storageFor(deps.config);
  let told: ToldUsers[] = [];
  try {
    const outcomes = await deps.database.withTenant(row.accountId, async (tx) => {
      const tenant = tenantInTransaction(tx, row.accountId, session.userId);
      const claims = await repo.claimResponses(
        tx,
        items.map(({ response, applicant }) => claimOf(row, link, response, applicant)),
      );
      const right = await rightToCreate(tenant, session);
      const results: Outcome[] = [];
      const done: { id: number; applicantId: number; matched: boolean }[] = [];
      for (const [index, { response, applicant }] of items.entries()) {
        const claim = claims.get(response.externalId);
        if (claim === undefined) {
          results.push({ kind: 'skipped', applicantId: null });
          continue;
        }
        const knownId = knownOf(
          doubles[index]!,
          results.map((r) => r.applicantId),
        );
        if (knownId !== null) {
          await placeKnown(tenant, session, knownId, link.vacancyId);
          done.push({ id: claim, applicantId: knownId, matched: true });
          results.push({ kind: 'matched', applicantId: knownId });
          continue;
        }
        const card = await createArrivedApplicant(storage, tenant, session, right, {
          ...applicant.draft,
          vacancy_id: link.vacancyId,
          account_source_id: sourceId,
          source: 'import',
        });
        done.push({ id: claim, applicantId: card.id, matched: false });
        results.push({ kind: 'imported', applicantId: card.id });
      }
      await repo.finishResponses(tx, row.accountId, done);
      told = noticesQueuedIn(tx);
      return results;
    });
    await handOverNotices(told);
    return outcomes;
  } catch (error) {
    deps.log?.warn(
      { err: error instanceof AppError ? error.message : error, accountId: row.accountId },
      'job site page not imported at once; one response at a time',
    );
    return null;
  }
}

const isMatching = (reasons: string[]) => reasons.some((r) => MATCHING_REASONS.includes(r));

/**
 * The known applicant of each response of a page: someone of the base sharing a phone, e-mail or
 * résumé, else the applicant an earlier response of the page (the same person) ended on.
 */
function knownOf(doubles: DraftContactDoubles, outcomes: (number | null)[]): number | null {
  const inBase = doubles.matches.find((m) => isMatching(m.reasons));
  if (inBase) return inBase.applicant.id;
  for (const earlier of doubles.earlier) {
    const id = outcomes[earlier.index];
    if (isMatching(earlier.reasons) && id !== null && id !== undefined) return id;
  }
  return null;
}

/** Marks a sync as asked for (every linked vacancy), so /hh shows it running before it starts. */
export async function markSyncQueued(tenant: Tenant, row: repo.ConnectionRow) {
  await tenant.transaction((tx) => askForSync(tx, row.accountId, row.id, wishOf()));
}

/**
 * Leaves the wish for a sync on the connection when it is asked for (a webhook's delivery), so
 * a sync at work answers it and its job then finds nothing left to do (decision 0077). False
 * when there is nothing to sync: a webhook's vacancy no link of the connection names (hh.ru
 * tells of every vacancy of the employer), or no such connection.
 */
export async function askForSyncOf(
  deps: JobSitesDeps,
  accountId: number,
  connectionId: number,
  onlyExternalVacancyId?: string,
): Promise<boolean> {
  const reader = tenantFor(deps.database, accountId, 0);
  return reader.transaction(async (tx) => {
    const row = await repo.findConnection(tx, accountId, connectionId);
    if (!row) return false;
    if (onlyExternalVacancyId !== undefined) {
      const linked = await repo.findLinkByExternal(tx, accountId, row.site, onlyExternalVacancyId);
      if (!linked || linked.connectionId !== row.id) return false;
    }
    await askForSync(tx, accountId, connectionId, wishOf(onlyExternalVacancyId));
    return true;
  });
}

/** How often a sync at work says it is alive (one that falls silent for minutes died). */
const ALIVE_EVERY_MS = 30_000;

/**
 * One sync of a connection (the job's work): its wish is left on the connection and, unless a
 * sync at work will answer it, this one takes the turn and runs until no wish is left (decision
 * 0077). `asked`: the wish was left when the sync was asked for (the button, a webhook), so a
 * pass begun since may have answered it already. Skipped while paused (unless the pause is over)
 * or waiting for a re-connect, and for a webhook's vacancy no link names. Answers the stored
 * result.
 */
export async function syncConnection(
  deps: JobSitesDeps,
  accountId: number,
  connectionId: number,
  /** A webhook's vacancy (decision 0054): only its responses are paged. */
  onlyExternalVacancyId?: string,
  options: { asked?: boolean } = {},
): Promise<JobSiteSyncResult | null> {
  const reader = tenantFor(deps.database, accountId, 0);
  const row = await reader.transaction((tx) => repo.findConnection(tx, accountId, connectionId));
  if (!row) return null;
  if (row.state === 'reconnect' || (row.pausedUntil && row.pausedUntil.getTime() > Date.now())) {
    await reader.transaction((tx) => letWishesGo(tx, accountId, connectionId));
    return row.state === 'reconnect' ? null : (row.lastSyncResult ?? null);
  }
  if (
    !options.asked &&
    !(await askForSyncOf(deps, accountId, connectionId, onlyExternalVacancyId))
  ) {
    return row.lastSyncResult ?? null;
  }
  const turn = await reader.transaction((tx) => takeTurn(tx, accountId, connectionId));
  if (!turn) return row.lastSyncResult ?? null;
  return runTurn(deps, row, turn);
}

/** The passes of one turn: each answers the wishes present when it began; one result for all. */
async function runTurn(
  deps: JobSitesDeps,
  row: repo.ConnectionRow,
  turn: SyncTurn,
): Promise<JobSiteSyncResult> {
  const { accountId } = row;
  const userId = row.createdBy ?? 0;
  const tenant = tenantFor(deps.database, accountId, userId);
  const counts: Counts = { imported: 0, matched: 0, skipped: 0 };
  const notes: string[] = [];
  const progress = turn.progress;
  /** The responses this turn has counted: a later pass seeing them again counts them no more. */
  const counted = new Set<string>();
  let aliveAt = Date.now();
  const saveProgress = async () => {
    aliveAt = Date.now();
    await tenant.transaction((tx) =>
      repo.saveRunProgress(tx, accountId, row.id, turn.runId, {
        vacancies_done: progress.vacancies_done,
        vacancies_total: progress.vacancies_total,
        responses_seen: progress.responses_seen,
        alive_at: new Date(aliveAt).toISOString(),
      }),
    );
  };
  /** Says the sync is alive when it has been quiet a while (a page of slow photos…). */
  const alive = async () => {
    if (Date.now() - aliveAt >= ALIVE_EVERY_MS) await saveProgress();
  };
  const count = (externalId: string, kind: keyof Counts) => {
    if (counted.has(externalId)) return;
    counted.add(externalId);
    progress.responses_seen += 1;
    counts[kind] += 1;
  };
  /** The turn given back with the result, unless wishes arrived: then the next pass's wishes. */
  const endPassWith = async (error: string | null, patch: repo.ConnectionPatch, last: boolean) => {
    const result: JobSiteSyncResult = {
      ok: error === null,
      ...counts,
      ...(notes.length > 0 ? { notes } : {}),
      error,
      finished_at: new Date().toISOString(),
    };
    const next = await tenant.transaction((tx) =>
      endPass(tx, accountId, row.id, turn, {
        patch: { ...patch, lastSyncAt: new Date(), lastSyncResult: result },
        last,
      }),
    );
    return { result, next };
  };
  try {
    const session = await actingSession(tenant, accountId, userId);
    const sourceId = await sourceIdOf(tenant, row.site as TJobSite);
    const { client, call } = siteSessionOf(deps, tenant, row);
    // Sites listing by date read from the last sync that finished whole.
    const since = row.lastSyncResult?.ok ? row.lastSyncAt : null;
    const retry = <T>(work: () => Promise<T>) => withRetry(deps, work);
    let wishes: JobSiteSyncWishes = turn.wishes;
    for (;;) {
      const wanted = new Set(wishes.vacancies);
      const all = wishes.all;
      const links = (
        await tenant.transaction((tx) => repo.listLinks(tx, accountId, row.id))
      ).filter((l) => all || wanted.has(l.externalId));
      progress.vacancies_total += links.length;
      await saveProgress();
      for (const link of links) {
        for (let page = 0, pages = 1; page < pages; page += 1) {
          const answer = await withRetry(deps, () =>
            call((token) => client.responsesPage(deps.config, token, link.externalId, page, since)),
          );
          pages = answer.pages;
          const known = await tenant.transaction((tx) =>
            repo.knownResponseIds(
              tx,
              accountId,
              row.site,
              answer.items.map((i) => i.externalId),
            ),
          );
          // The page's résumés first, then one duplicates check for them all; a site failure
          // part-way still brings in what was read before it.
          const fresh: { response: SiteResponse; applicant: SiteApplicant }[] = [];
          let failure: unknown = null;
          for (const response of answer.items) {
            if (known.has(response.externalId)) {
              count(response.externalId, 'skipped');
              continue;
            }
            try {
              const applicant = await withRetry(deps, () =>
                call((token) => client.applicantOf(deps.config, token, response)),
              );
              if (applicant) fresh.push({ response, applicant });
              else count(response.externalId, 'skipped');
            } catch (error) {
              failure = error;
              break;
            }
          }
          if (fresh.length > 0) {
            const doubles = await tenant.transaction((tx) =>
              findContactDoublesOfDrafts(
                tx,
                accountId,
                fresh.map((f) => f.applicant.draft),
              ),
            );
            const context = { row, session, sourceId };
            const outcomes: (number | null)[] = [];
            const atOnce = await importPage(deps, context, link, fresh, doubles);
            for (const [index, item] of fresh.entries()) {
              const done =
                atOnce?.[index] ??
                (await importOne(deps, context, link, item, knownOf(doubles[index]!, outcomes)));
              count(item.response.externalId, done.kind);
              outcomes.push(done.applicantId);
              // A new applicant's photo, after its transaction committed (decision 0061).
              const photoUrl = item.applicant.photoUrl;
              if (done.kind === 'imported' && done.applicantId !== null && photoUrl) {
                const failed = await importResumePhoto(
                  deps,
                  tenant,
                  session,
                  done.applicantId,
                  photoUrl,
                );
                if (failed && notes.length < MAX_NOTES) {
                  notes.push(`${PHOTO_NOT_STORED(applicantLabel(item.applicant))}: ${failed}`);
                }
              }
              await alive();
            }
          }
          if (failure !== null) throw failure;
          // The page's negotiation messages into the conversations (decision 0062).
          if (row.site === 'hh') {
            await pullNegotiationMessages(deps, { tenant, row, call, retry }, answer.items);
          }
          await alive();
        }
        // Its invited and discarded negotiations' messages (decision 0071).
        if (row.site === 'hh') {
          await pullMovedNegotiationMessages(deps, { tenant, row, call, retry }, link.externalId);
        }
        progress.vacancies_done += 1;
        await saveProgress();
      }
      // Avito's chats changed since they were read, once for all its vacancies (decision 0071),
      // and its messenger webhook subscribed again if Avito lost it (decision 0076).
      if (row.site === 'avito') {
        await pullAvitoChatMessages(deps, { tenant, row, call, retry });
        const retried: typeof call = (work) => retry(() => call(work));
        await keepAvitoMessengerHook(deps, { tenant, row, call: retried });
      }
      const ended = await endPassWith(
        null,
        { state: 'active', pausedUntil: null, failures: 0, lastError: null },
        false,
      );
      if (ended.next === null) return ended.result;
      wishes = ended.next;
    }
  } catch (error) {
    if (error instanceof SiteError && (error.kind === 'rate' || error.kind === 'unavailable')) {
      const failures = row.failures + 1;
      const wait = Math.max(
        (error.retryAfterSeconds ?? 0) * 1000,
        Math.min(MAX_PAUSE_MS, 60_000 * 2 ** (failures - 1)),
      );
      const message =
        error.kind === 'rate' ? JOB_SITE_MESSAGES.paused : JOB_SITE_MESSAGES.unavailable;
      const ended = await endPassWith(
        message,
        {
          state: 'paused',
          pausedUntil: new Date(Date.now() + wait),
          failures,
          lastError: message,
        },
        true,
      );
      return ended.result;
    }
    if (error instanceof AppError) {
      const reconnect = error.message === JOB_SITE_MESSAGES.reconnect;
      const ended = await endPassWith(
        error.message,
        { ...(reconnect ? { state: 'reconnect' as const } : {}), lastError: error.message },
        true,
      );
      return ended.result;
    }
    deps.log?.error(
      { err: error instanceof SiteError ? error.message : error, accountId, connectionId: row.id },
      'job site sync failed',
    );
    const ended = await endPassWith(
      JOB_SITE_MESSAGES.unavailable,
      { lastError: JOB_SITE_MESSAGES.unavailable },
      true,
    );
    return ended.result;
  }
}

/** The sweep: every connection due (interval passed, or its pause over) is synced. */
export async function dueConnections(deps: JobSitesDeps) {
  return repo.listDueConnectionsAcrossAccounts(
    deps.database.system,
    deps.config.HH_SYNC_INTERVAL_SECONDS,
    SYNC_STALE_SECONDS,
  );
}
