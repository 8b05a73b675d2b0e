import type { TDoubleMatch } from '@ats/contracts/duplicates';
import type { Db } from '@ats/db/connection';
import { groupIdsOf } from './double-groups.ts';
import { byStrength, matchOf, orderedPair, type SubjectRow, subjectOf } from './double-subject.ts';
import * as repo from './duplicates.repository.ts';
import {
  compareSubjects,
  contactKeysOf,
  type DoubleSubject,
  matchKeysOf,
} from './matching/double-matching.ts';

/**
 * Detection inside the caller's transaction: the applicants module calls it on every create,
 * update and import, the merge on merge and undo. Nothing here checks rights; callers have.
 */

/** The most applicants compared for one check: keys are narrow, so real doubles are far fewer. */
export const CHECK_CANDIDATE_LIMIT = 300;

type Found = { row: SubjectRow; match: TDoubleMatch };

/**
 * What a look-up of doubles read besides the subject: the keys it looked the candidates up by
 * and the candidates it compared (a remembered answer depends on them, decision 0082).
 */
export type DoublesRead = { keys: string[]; applicantIds: number[] };

/** The doubles of a subject (saved or a draft), best first; dismissed pairs left out. */
export async function findDoublesOfSubject(
  tx: Db,
  accountId: number,
  subject: DoubleSubject,
  excludeIds: number[],
  options: { isNew?: boolean; read?: DoublesRead; storeKeys?: boolean } = {},
): Promise<Found[]> {
  const keys = matchKeysOf(subject);
  // A new applicant's keys are stored by the look-up's own statement (one round trip less).
  const rows = options.storeKeys
    ? await repo.insertKeysAndFindCandidates(tx, accountId, subject.id, keys, CHECK_CANDIDATE_LIMIT)
    : await repo.findCandidatesByKeys(tx, accountId, keys, excludeIds, CHECK_CANDIDATE_LIMIT);
  if (options.read) {
    options.read.keys.push(...keys);
    options.read.applicantIds.push(...rows.map((row) => row.id));
  }
  // A draft, or an applicant saved in this very transaction, cannot have been dismissed yet.
  const dismissed =
    subject.id > 0 && !options.isNew
      ? await repo.findDismissedWith(tx, accountId, subject.id)
      : new Set<number>();
  const found: Found[] = [];
  for (const row of rows) {
    if (dismissed.has(row.id)) continue;
    const verdict = compareSubjects(subject, subjectOf(row));
    if (verdict) found.push({ row, match: matchOf(row, verdict) });
  }
  return found.sort((x, y) => byStrength(x.match, y.match));
}

/** What an applicant not yet saved (a form, an import's row) gives the matching. */
export type DoubleDraft = {
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
  birthday?: string | null;
  email?: string | null;
  phone?: string | null;
  tg?: string | null;
  contacts?: { contact_type: string; value: string }[];
  resume_urls?: string[];
  city?: string | null;
  company?: string | null;
};

export const subjectOfDraft = (draft: DoubleDraft, id = 0): DoubleSubject => ({
  id,
  firstName: draft.first_name ?? null,
  lastName: draft.last_name ?? null,
  middleName: draft.middle_name ?? null,
  birthday: draft.birthday ?? null,
  email: draft.email ?? null,
  phone: draft.phone ?? null,
  tg: draft.tg ?? null,
  contacts: (draft.contacts ?? []).map((c) => ({ contact_type: c.contact_type, value: c.value })),
  resumeUrls: draft.resume_urls ?? [],
  city: draft.city ?? null,
  company: draft.company ?? null,
});

/**
 * The applicants a draft matches, best first, inside the caller's transaction: the import calls
 * it for each row it is told to merge or skip. Nothing here checks rights; callers have.
 */
export async function findDoublesOfDraft(
  tx: Db,
  accountId: number,
  draft: DoubleDraft,
): Promise<TDoubleMatch[]> {
  return (await findDoublesOfSubject(tx, accountId, subjectOfDraft(draft), [])).map((f) => f.match);
}

/** What `findContactDoublesOfDrafts` answers for one draft of the list. */
export type DraftContactDoubles = {
  /** Applicants sharing a contact with the draft, best first. */
  matches: TDoubleMatch[];
  /** Earlier drafts of the same list sharing a contact with it (the same person twice). */
  earlier: { index: number; reasons: string[] }[];
};

/**
 * For an import of many drafts at once (a job site's page of responses): per draft, the applicants
 * sharing a contact with it (phone, e-mail, Telegram, Skype, résumé link), best first, and the
 * earlier drafts of the list it shares one with — one statement for the whole list instead of a
 * check per draft. Namesakes without a shared contact are not looked for: the create that follows
 * stores those. Nothing here checks rights; callers have.
 */
export async function findContactDoublesOfDrafts(
  tx: Db,
  accountId: number,
  drafts: DoubleDraft[],
): Promise<DraftContactDoubles[]> {
  const subjects = drafts.map((draft) => subjectOfDraft(draft));
  const keysOf = subjects.map(contactKeysOf);
  const keys = [...new Set(keysOf.flat())];
  const rows = keys.length
    ? await repo.findCandidatesByKeys(
        tx,
        accountId,
        keys,
        [],
        CHECK_CANDIDATE_LIMIT * Math.max(1, drafts.length),
      )
    : [];
  const rowsByKey = new Map<string, SubjectRow[]>();
  const rowSubjects = new Map<SubjectRow, DoubleSubject>();
  for (const row of rows) {
    const subject = subjectOf(row);
    rowSubjects.set(row, subject);
    for (const key of contactKeysOf(subject)) {
      const list = rowsByKey.get(key) ?? [];
      list.push(row);
      rowsByKey.set(key, list);
    }
  }
  const draftsByKey = new Map<string, number[]>();
  return subjects.map((subject, index) => {
    const candidates = new Set(keysOf[index]!.flatMap((key) => rowsByKey.get(key) ?? []));
    const found: Found[] = [];
    for (const row of candidates) {
      const verdict = compareSubjects(subject, rowSubjects.get(row)!);
      if (verdict) found.push({ row, match: matchOf(row, verdict) });
    }
    const before = new Set(keysOf[index]!.flatMap((key) => draftsByKey.get(key) ?? []));
    const earlier = [...before]
      .sort((a, b) => a - b)
      .flatMap((other) => {
        const verdict = compareSubjects(subject, subjects[other]!);
        return verdict ? [{ index: other, reasons: verdict.reasons }] : [];
      });
    for (const key of keysOf[index]!) {
      draftsByKey.set(key, [...(draftsByKey.get(key) ?? []), index]);
    }
    return {
      matches: found.sort((x, y) => byStrength(x.match, y.match)).map((f) => f.match),
      earlier,
    };
  });
}

/** Re-derives the groups of the pairs now in `groupIds` (connected components). */
export async function regroupPairs(tx: Db, accountId: number, groupIds: Iterable<number>) {
  const ids = [...new Set(groupIds)];
  if (ids.length === 0) return;
  const pairs = await repo.findPairsInGroups(tx, accountId, ids);
  const groupOf = groupIdsOf(pairs.map((p) => ({ a: p.applicant_id, b: p.double_id })));
  await repo.setPairGroups(
    tx,
    accountId,
    pairs.map((p) => ({ a: p.applicant_id, b: p.double_id, g: groupOf.get(p.applicant_id)! })),
  );
}

/**
 * Stores `matches` as the applicant's pairs, replacing the ones it had. New links only join
 * groups: every pair of the joined groups takes the smallest id among them, one UPDATE, whatever
 * the groups' size. Only when a link is lost may a group split; then that group is re-derived.
 */
async function storePairsOf(
  tx: Db,
  accountId: number,
  applicantId: number,
  matches: TDoubleMatch[],
  isNew: boolean,
) {
  const before = isNew ? [] : await repo.findPairsOf(tx, accountId, [applicantId]);
  const otherOf = (p: { applicant_id: number; double_id: number }) =>
    p.applicant_id === applicantId ? p.double_id : p.applicant_id;
  const kept = new Set(matches.map((m) => m.applicant.id));
  const lostLinks = before.some((p) => !kept.has(otherOf(p)));
  if (lostLinks) await repo.deletePairsOf(tx, accountId, applicantId);
  if (matches.length === 0) {
    if (lostLinks) {
      await regroupPairs(
        tx,
        accountId,
        before.map((p) => p.group_id),
      );
    }
    return;
  }
  const joined = await repo.findGroupIdsOf(tx, accountId, [applicantId, ...kept]);
  const target = Math.min(applicantId, ...kept, ...joined);
  const pairs = matches.map((m) => {
    const [a, b] = orderedPair(applicantId, m.applicant.id);
    return {
      applicant_id: a,
      double_id: b,
      level: m.level,
      score: m.score,
      reasons: m.reasons,
      group_id: target,
    };
  });
  await repo.upsertPairs(tx, accountId, pairs);
  await repo.moveGroupsTo(tx, accountId, joined, target);
  if (lostLinks) await regroupPairs(tx, accountId, [target, ...before.map((p) => p.group_id)]);
}

/**
 * After an applicant is saved: its match keys, its stored pairs and their groups. Answers its
 * doubles, best first (archived applicants included, flagged). `isNew`: inserted in this
 * transaction, so it has no keys, pairs or dismissals yet and nothing of them is looked up.
 * `subject`: the applicant's fields as just stored (an insert's RETURNING), so they are not read
 * back; without it they are.
 */
export async function detectApplicantDoubles(
  tx: Db,
  accountId: number,
  applicantId: number,
  options: { isNew?: boolean; subject?: DoubleSubject } = {},
): Promise<TDoubleMatch[]> {
  const isNew = options.isNew ?? false;
  const subject = options.subject
    ? ownSubject(options.subject)
    : await storedSubject(tx, accountId, applicantId);
  if (!subject) return [];
  if (!isNew) {
    await repo.replaceMatchKeys(tx, accountId, [{ applicantId, keys: matchKeysOf(subject) }]);
  }
  const found = await findDoublesOfSubject(tx, accountId, subject, [applicantId], {
    isNew,
    storeKeys: isNew,
  });
  const matches = found.map((f) => f.match);
  await storePairsOf(tx, accountId, applicantId, matches, isNew);
  return matches;
}

/** A subject as the comparison reads it: of the contacts, only their type and value. */
const ownSubject = (subject: DoubleSubject): DoubleSubject => ({
  ...subject,
  contacts: subject.contacts.map((c) => ({ contact_type: c.contact_type, value: c.value })),
});

async function storedSubject(tx: Db, accountId: number, applicantId: number) {
  const [row] = await repo.findSubjectRows(tx, accountId, [applicantId]);
  return row ? subjectOf(row) : null;
}

/**
 * Before an applicant is deleted: its pairs go, and the groups they joined are derived again,
 * since it may have been the only link between parts of a group (or the id a group is named by).
 */
export async function detachFromDoubles(tx: Db, accountId: number, applicantId: number) {
  const groupIds = await repo.findGroupIdsOf(tx, accountId, [applicantId]);
  if (groupIds.length === 0) return;
  await repo.deletePairsOf(tx, accountId, applicantId);
  await regroupPairs(tx, accountId, groupIds);
}
