import type {
  TCheckDoublesRequest,
  TDoubleGroup,
  TDoubleMatch,
  TDoubleMatchList,
  TDoublesPage,
  TDoublesQuery,
} from '@ats/contracts/duplicates';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import {
  type DoubleDraft,
  type DoublesRead,
  findDoublesOfDraft,
  findDoublesOfSubject,
  regroupPairs,
  subjectOfDraft,
} from './double-detection.service.ts';
import { doubleApplicantOf, orderedPair, subjectOf } from './double-subject.ts';
import {
  assertCanReadDoubles,
  assertDoubleAction,
  type DoubleAction,
  type DoubleActor,
} from './duplicates.policy.ts';
import * as repo from './duplicates.repository.ts';

export const APPLICANT_NOT_FOUND = 'Кандидат не найден';
export const DOUBLE_DISMISSED = 'Пара отмечена как «Не дубль» и больше не будет предложена';

/** The caller with their permission flags, for the actions that change something. */
export async function doubleActorOf(tenant: Tenant, session: Session): Promise<DoubleActor> {
  const base = { userId: session.userId, memberType: session.memberType, isAdmin: session.isAdmin };
  if (session.memberType === 'watcher') return { ...base, permissions: {} };
  const user = await getUser(tenant, session.userId);
  return { ...base, permissions: user.admin_user_setting.permissions_actions };
}

export async function assertDoublesAllowed(tenant: Tenant, session: Session, action: DoubleAction) {
  assertCanReadDoubles(session);
  const actor = await doubleActorOf(tenant, session);
  assertDoubleAction(actor, action);
  return actor;
}

/** The create (or edit) form's check before saving: 'Похожие кандидаты'. */
export async function checkApplicantDoubles(
  tenant: Tenant,
  session: Session,
  input: TCheckDoublesRequest,
): Promise<TDoubleMatchList> {
  assertCanReadDoubles(session);
  const excludeId = input.exclude_id;
  const subject = subjectOfDraft(input, excludeId ?? 0);
  const found = await tenant.transaction((tx) =>
    findDoublesOfSubject(tx, tenant.accountId, subject, excludeId ? [excludeId] : []),
  );
  return { items: found.map((f) => f.match) };
}

/**
 * The applicants each draft matches (an import's rows before it starts), best first, in one
 * transaction: one indexed look-up of the blocking keys per draft.
 */
export async function findDoublesOfDrafts(
  tenant: Tenant,
  session: Session,
  drafts: DoubleDraft[],
): Promise<TDoubleMatch[][]> {
  assertCanReadDoubles(session);
  return tenant.transaction(async (tx) => {
    const found: TDoubleMatch[][] = [];
    for (const draft of drafts) found.push(await findDoublesOfDraft(tx, tenant.accountId, draft));
    return found;
  });
}

/**
 * An applicant's doubles compared live (the stored pairs may predate an edit). `read`, when
 * given, gets the keys and the other applicants the answer was built from.
 */
export async function getApplicantDoubles(
  tenant: Tenant,
  session: Session,
  id: number,
  read?: DoublesRead,
): Promise<TDoubleMatchList> {
  assertCanReadDoubles(session);
  const found = await tenant.transaction(async (tx) => {
    const [row] = await repo.findSubjectRows(tx, tenant.accountId, [id]);
    if (!row) throw notFound(APPLICANT_NOT_FOUND);
    return findDoublesOfSubject(tx, tenant.accountId, subjectOf(row), [id], read && { read });
  });
  return { items: found.map((f) => f.match) };
}

/** The stored groups of doubles, certain ones first, then by their best score. */
export async function listApplicantDoubles(
  tenant: Tenant,
  session: Session,
  query: TDoublesQuery,
): Promise<TDoublesPage> {
  assertCanReadDoubles(session);
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    const offset = (query.page - 1) * query.per_page;
    const heads = await repo.listGroupHeads(tx, accountId, query.level, query.per_page, offset);
    const counts = await repo.countGroups(tx, accountId);
    const pairs = await repo.findPairsInGroups(
      tx,
      accountId,
      heads.map((h) => h.group_id),
    );
    const ids = [...new Set(pairs.flatMap((p) => [p.applicant_id, p.double_id]))];
    const people = new Map(
      (await repo.findSubjectRows(tx, accountId, ids)).map((row) => [row.id, row]),
    );
    const groups: TDoubleGroup[] = heads.map((head) => {
      const own = pairs
        .filter((p) => p.group_id === head.group_id)
        .sort((x, y) => y.score - x.score || x.applicant_id - y.applicant_id);
      const members = [...new Set(own.flatMap((p) => [p.applicant_id, p.double_id]))].sort(
        (x, y) => x - y,
      );
      return {
        id: head.group_id,
        level: head.certain ? 'certain' : 'probable',
        score: Number(head.score),
        applicants: members.flatMap((m) => {
          const row = people.get(m);
          return row ? [doubleApplicantOf(row)] : [];
        }),
        pairs: own.map((p) => ({
          applicant_id: p.applicant_id,
          double_id: p.double_id,
          level: p.level,
          score: Number(p.score),
          reasons: p.reasons,
        })),
      };
    });
    return {
      groups,
      group_count: query.level ? counts[query.level] : counts.certain + counts.probable,
      counts,
      page: query.page,
      per_page: query.per_page,
    };
  });
}

/** «Не дубль»: the pair leaves the list and is never suggested again, not even by the scan. */
export async function dismissApplicantDouble(
  tenant: Tenant,
  session: Session,
  input: { applicant_id: number; double_id: number },
) {
  await assertDoublesAllowed(tenant, session, 'dismiss');
  const pair = orderedPair(input.applicant_id, input.double_id);
  await tenant.transaction(async (tx) => {
    if ((await repo.countExistingApplicants(tx, tenant.accountId, pair)) !== 2) {
      throw notFound(APPLICANT_NOT_FOUND);
    }
    await repo.insertDismissal(tx, tenant.accountId, pair, tenant.userId);
    await regroupPairs(tx, tenant.accountId, await repo.deletePair(tx, tenant.accountId, pair));
  });
  return DOUBLE_DISMISSED;
}
