import type { JobContext } from '../../platform/queue.ts';
import { groupIdsOf } from './double-groups.ts';
import { subjectOf } from './double-subject.ts';
import * as scans from './double-scan.repository.ts';
import * as repo from './duplicates.repository.ts';
import { compareSubjects, type DoubleSubject, matchKeysOf } from './matching/double-matching.ts';

/** Applicants per transaction while the keys are rebuilt and while pairs are compared. */
export const SCAN_BATCH_SIZE = 2000;
/** A key shared by more applicants is skipped when pairing: it blocks nothing. */
export const SCAN_MAX_KEY_SHARE = 200;
/**
 * Up to this many applicants, what the comparison needs of each is kept in memory from the key
 * phase (some hundred bytes each), so an applicant paired with many others is read once, not
 * once per batch; a larger base is read again batch by batch.
 */
export const SCAN_SUBJECTS_IN_MEMORY = 300_000;

export const SCAN_FAILED = 'Не удалось проверить базу на дубли. Попробуйте ещё раз';

type Target = { accountId: number; scanId: number };

/** Progress is half keys, half comparison: `processed` reaches `total` when both are done. */
const progressOf = (keysDone: number, compared: number) => Math.floor((keysDone + compared) / 2);

async function begin(context: JobContext, { accountId, scanId }: Target) {
  return context.database.withTenant(accountId, async (tx) => {
    const scan = await scans.lockScan(tx, accountId, scanId);
    if (!scan || scan.state === 'done' || scan.state === 'failed') return null;
    const total = await scans.countApplicants(tx, accountId);
    await scans.updateScan(tx, accountId, scanId, {
      state: 'running',
      startedAt: new Date(),
      processed: 0,
      total,
    });
    return { total };
  });
}

/** Phase 1: every applicant's keys computed again (the matching rules may have changed). */
async function rebuildKeys(context: JobContext, { accountId, scanId }: Target, total: number) {
  const ids: number[] = [];
  const kept = total <= SCAN_SUBJECTS_IN_MEMORY ? new Map<number, DoubleSubject>() : null;
  let afterId = 0;
  for (;;) {
    const done = await context.database.withTenant(accountId, async (tx) => {
      const rows = await scans.findSubjectsAfter(tx, accountId, afterId, SCAN_BATCH_SIZE);
      const subjects = rows.map(subjectOf);
      // Keys are kept up to date by every create, update and import: only drift is written.
      await repo.syncMatchKeys(
        tx,
        accountId,
        subjects.map((subject) => ({ applicantId: subject.id, keys: matchKeysOf(subject) })),
      );
      for (const subject of subjects) {
        ids.push(subject.id);
        kept?.set(subject.id, subject);
      }
      await scans.updateScan(tx, accountId, scanId, { processed: progressOf(ids.length, 0) });
      return rows;
    });
    if (done.length < SCAN_BATCH_SIZE) return { ids, kept };
    afterId = done[done.length - 1]!.id;
  }
}

/** Each applicant's partners with a greater id among those sharing a key with it. */
function candidatePartners(groups: number[][], dismissed: Set<string>) {
  const partners = new Map<number, Set<number>>();
  for (const ids of groups) {
    for (let i = 0; i < ids.length; i += 1) {
      const a = ids[i]!;
      let own = partners.get(a);
      for (let j = i + 1; j < ids.length; j += 1) {
        const b = ids[j]!;
        if (dismissed.has(`${a}:${b}`)) continue;
        if (!own) partners.set(a, (own = new Set()));
        own.add(b);
      }
    }
  }
  return partners;
}

/** Phase 2: the pairs sharing a key compared, batch by batch of the smaller id. */
async function comparePairs(
  context: JobContext,
  { accountId, scanId }: Target,
  ids: number[],
  kept: Map<number, DoubleSubject> | null,
) {
  const partners = await context.database.withTenant(accountId, async (tx) =>
    candidatePartners(
      await scans.findSharedKeyGroups(tx, accountId, SCAN_MAX_KEY_SHARE),
      await repo.listDismissedPairs(tx, accountId),
    ),
  );
  const firsts = [...partners.keys()].sort((x, y) => x - y);
  const found: Omit<repo.StoredPair, 'group_id'>[] = [];
  for (let start = 0; start < firsts.length; start += SCAN_BATCH_SIZE) {
    const batch = firsts.slice(start, start + SCAN_BATCH_SIZE);
    await context.database.withTenant(accountId, async (tx) => {
      const people = new Set(batch.flatMap((a) => [a, ...partners.get(a)!]));
      const subjects =
        kept ??
        new Map(
          (await repo.findSubjectRows(tx, accountId, [...people])).map((row) => [
            row.id,
            subjectOf(row),
          ]),
        );
      for (const a of batch) {
        const left = subjects.get(a);
        for (const b of partners.get(a)!) {
          const right = subjects.get(b);
          if (!left || !right) continue;
          const verdict = compareSubjects(left, right);
          if (!verdict) continue;
          found.push({
            applicant_id: a,
            double_id: b,
            level: verdict.level,
            score: Math.min(1, Math.max(0, verdict.score)),
            reasons: verdict.reasons,
          });
        }
      }
      const compared = Math.round((ids.length * (start + batch.length)) / firsts.length);
      await scans.updateScan(tx, accountId, scanId, {
        processed: progressOf(ids.length, compared),
      });
    });
  }
  return found;
}

/** Phase 3: the stored pairs of the account replaced by the ones found, grouped. */
async function storePairs(
  context: JobContext,
  { accountId, scanId }: Target,
  found: Omit<repo.StoredPair, 'group_id'>[],
  total: number,
) {
  const groupOf = groupIdsOf(found.map((p) => ({ a: p.applicant_id, b: p.double_id })));
  await context.database.withTenant(accountId, async (tx) => {
    await repo.deleteAllPairs(tx, accountId);
    await repo.upsertPairs(
      tx,
      accountId,
      found.map((p) => ({ ...p, group_id: groupOf.get(p.applicant_id)! })),
    );
    await scans.updateScan(tx, accountId, scanId, {
      state: 'done',
      processed: total,
      pairsFound: found.length,
      finishedAt: new Date(),
    });
  });
}

/** The scan job: keys rebuilt, candidate pairs compared, the stored pairs replaced. */
export async function runDoubleScan(target: Target, context: JobContext) {
  const begun = await begin(context, target);
  if (!begun) return;
  try {
    const { ids, kept } = await rebuildKeys(context, target, begun.total);
    const found = await comparePairs(context, target, ids, kept);
    await storePairs(context, target, found, Math.max(begun.total, ids.length));
  } catch (error) {
    context.log.error({ err: error, ...target }, 'double scan failed');
    await context.database.withTenant(target.accountId, (tx) =>
      scans.updateScan(tx, target.accountId, target.scanId, {
        state: 'failed',
        error: SCAN_FAILED,
        finishedAt: new Date(),
      }),
    );
  }
}
