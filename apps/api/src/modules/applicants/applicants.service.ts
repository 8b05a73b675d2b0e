import type {
  TApplicantArchivePage,
  TCreateApplicantRequest,
  TUpdateApplicantRequest,
} from '@ats/contracts/applicants';
import type { TPageQuery } from '@ats/contracts/pagination';
import { personDisplayName } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  type StoredBlob,
  discardBlobs,
  recordFile,
  removeApplicantFileRecords,
  removeFileRecords,
  storePhoto,
  storePhotoFromDataUrl,
} from '../files/files.service.ts';
import {
  detachFromDoubles,
  detectApplicantDoubles,
} from '../duplicates/double-detection.service.ts';
import { rememberDeletedApplicant } from '../analytics/analytics-history.service.ts';
import { evaluationFileKeysOf } from '../evaluations/applicant-evaluations.service.ts';
import { placeApplicantsIn } from '../pipeline/placement.service.ts';
import { handOverNoticesLater, type ToldUsers } from '../messaging/user-notices.service.ts';
import { getUser, getUserIn } from '../users/users.service.ts';
import { changedFields, columnsOf } from './applicant-columns.ts';
import {
  cardSeenThrough,
  toApplicant,
  toApplicantCard,
  toWorklogEntry,
  worklogSeenThrough,
} from './applicant-view.ts';
import {
  type ApplicantAction,
  type ApplicantActor,
  assertApplicantAction,
} from './applicants.policy.ts';
import {
  APPLICANT_NOT_FOUND,
  assertCanReadApplicants,
  reachApplicant,
  seesApplicantBase,
} from './applicant-base.service.ts';
import * as repo from './applicants.repository.ts';
import { tellMentionedIn } from './comment-mentions.ts';
import {
  announceCreatedAfterCommit,
  announceCreatedInTransaction,
} from './applicant-created.service.ts';

export { APPLICANT_NOT_FOUND };
const TAG_NOT_FOUND = 'Тег не найден';
const NAME_REQUIRED = 'Укажите имя или фамилию кандидата';
const ADMIN_USER_UNKNOWN = 'Ответственный не найден среди пользователей аккаунта';
const SOURCE_UNKNOWN = 'Источник не найден среди источников аккаунта';
export const APPLICANT_DELETED = 'Кандидат удалён';

/**
 * The caller with their permission flags, read only for actions that need them; with `tx`, in
 * that transaction (the write's own, before it writes anything), otherwise in one of its own.
 */
async function actorOf(tenant: Tenant, session: Session, tx?: Db): Promise<ApplicantActor> {
  if (session.memberType === 'watcher') {
    return {
      userId: session.userId,
      memberType: 'watcher',
      isAdmin: session.isAdmin,
      permissions: {},
    };
  }
  const user = tx
    ? await getUserIn(tx, tenant, session.userId)
    : await getUser(tenant, session.userId);
  return {
    userId: session.userId,
    memberType: session.memberType,
    isAdmin: session.isAdmin,
    permissions: user.admin_user_setting.permissions_actions,
  };
}

async function allowed(tenant: Tenant, session: Session, action: ApplicantAction, tx?: Db) {
  const actor = await actorOf(tenant, session, tx);
  assertApplicantAction(actor, action);
  return actor;
}

async function readCard(tx: Db, tenant: Tenant, id: number) {
  const row = await repo.findApplicantCard(tx, tenant.accountId, id);
  if (!row) throw notFound(APPLICANT_NOT_FOUND);
  return toApplicantCard(row);
}

/** Locks the applicant for the change and checks the actor may make it. */
async function headFor(
  tx: Db,
  tenant: Tenant,
  actor: ApplicantActor,
  id: number,
  action: ApplicantAction,
) {
  const head = await repo.findApplicantHead(tx, tenant.accountId, id);
  if (!head) throw notFound(APPLICANT_NOT_FOUND);
  assertApplicantAction(actor, action, head);
  return head;
}

/** Ids in the body are looked up in the caller's account: another account's id names nothing. */
async function assertReferencesExist(
  tx: Db,
  tenant: Tenant,
  input: {
    admin_user_id?: number | null | undefined;
    account_source_id?: number | null | undefined;
  },
  /** A user already found live in this transaction (the caller whose rights were read). */
  knownLiveUserId?: number,
) {
  const errors: Record<string, string> = {};
  if (
    input.admin_user_id &&
    input.admin_user_id !== knownLiveUserId &&
    !(await repo.isLiveUser(tx, tenant.accountId, input.admin_user_id))
  ) {
    errors.admin_user_id = ADMIN_USER_UNKNOWN;
  }
  if (
    input.account_source_id &&
    !(await repo.isAccountSource(tx, tenant.accountId, input.account_source_id))
  ) {
    errors.account_source_id = SOURCE_UNKNOWN;
  }
  const messages = Object.values(errors);
  if (messages.length > 0) throw badRequest(messages.join('. '), errors);
}

const log = repo.logApplicantChange;

/** A photo as a data URL (JSON clients) or as the uploaded bytes. */
type PhotoSource = string | Buffer;

/** Photo bytes go to storage before the transaction; if it fails they are removed again. */
async function withPhoto<T>(
  storage: Storage,
  tenant: Tenant,
  photo: PhotoSource | null | undefined,
  work: (blob: StoredBlob | null) => Promise<T>,
) {
  const blob =
    typeof photo === 'string'
      ? await storePhotoFromDataUrl(storage, tenant.accountId, photo)
      : photo
        ? await storePhoto(storage, tenant.accountId, photo)
        : null;
  try {
    return await work(blob);
  } catch (error) {
    if (blob) await discardBlobs(storage, [blob.storageKey]);
    throw error;
  }
}

/**
 * A new applicant, placed on a vacancy when asked. An `arrival` (a job site's response) is told
 * to every owner of that vacancy, the user the site acts as too (decision 0066).
 */
export async function createApplicant(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  input: TCreateApplicantRequest,
  options: { arrival?: boolean } = {},
) {
  // The right is read in the creating transaction, before anything is written (decision 0111);
  // a photo's bytes are stored before that transaction, so with one it is asked first, apart.
  const withPhotoFirst = input.photo !== undefined && input.photo !== null;
  if (withPhotoFirst) await allowed(tenant, session, 'create');
  return insertNewApplicant(
    storage,
    tenant,
    session,
    input,
    { ...options, checkRight: !withPhotoFirst },
    async (tx, id, doubles) => ({
      ...(await readCard(tx, tenant, id)),
      doubles,
    }),
  );
}

/** The caller's right to create applicants, checked once for a batch of arrivals. */
export type RightToCreate = { readonly userId: number; readonly right: 'create' };

export async function rightToCreate(tenant: Tenant, session: Session): Promise<RightToCreate> {
  await allowed(tenant, session, 'create');
  return { userId: session.userId, right: 'create' };
}

/**
 * An applicant arriving from a job site, one of a page of them (decision 0070): created as
 * createApplicant creates (placed, logged, keyed, announced), the right checked once for the page
 * by `rightToCreate`, and only the new id answered (no card read back).
 */
export async function createArrivedApplicant(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  right: RightToCreate,
  input: TCreateApplicantRequest,
) {
  if (right.userId !== session.userId) await allowed(tenant, session, 'create');
  return insertNewApplicant(
    storage,
    tenant,
    session,
    input,
    { arrival: true },
    async (_tx, id) => ({
      id,
    }),
  );
}

async function insertNewApplicant<T>(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  input: TCreateApplicantRequest,
  options: { arrival?: boolean; checkRight?: boolean },
  answer: (
    tx: Db,
    id: number,
    doubles: Awaited<ReturnType<typeof detectApplicantDoubles>>,
  ) => Promise<T & { id: number }>,
) {
  const { photo, comment, vacancy_id, status_id, source, ...fields } = input;
  const createdVia = session.source === 'plugin' ? 'plugin' : (source ?? 'web');
  const told: ToldUsers[] = [];
  const created = await withPhoto(storage, tenant, photo, (blob) =>
    tenant.transaction(async (tx) => {
      // Asked first: a refusal writes nothing. The caller's row it reads is a live user of the
      // account (a watcher is refused without a read), so it need not be looked up again below.
      if (options.checkRight) await allowed(tenant, session, 'create', tx);
      const adminUserId = fields.admin_user_id ?? tenant.userId;
      await assertReferencesExist(
        tx,
        tenant,
        { ...fields, admin_user_id: adminUserId },
        options.checkRight ? session.userId : undefined,
      );
      const { id, ...subject } = await repo.insertApplicant(tx, {
        ...columnsOf(fields),
        accountId: tenant.accountId,
        adminUserId,
        requestedVacancyId: vacancy_id ?? null,
        requestedStatusId: status_id ?? null,
        createdVia,
        createdBy: tenant.userId,
      });
      if (blob) {
        const photoFileId = await recordFile(tx, tenant, blob, { applicantId: id, kind: 'photo' });
        await repo.updateApplicant(tx, tenant.accountId, id, { photoFileId });
      }
      await log(tx, tenant, id, 'create', {
        created_via: createdVia,
        ...(vacancy_id ? { vacancy_id, status_id: status_id ?? null } : {}),
      });
      if (vacancy_id) {
        // Placed as POST /api/applications would: the vacancy must be open, the stage its own.
        const placement = await placeApplicantsIn(tx, tenant, session, {
          vacancyId: vacancy_id,
          statusId: status_id,
          applicantIds: [id],
          ...(options.arrival && { arrival: true }),
        });
        told.push(placement.told);
        await log(tx, tenant, id, 'vacancy_add', {
          vacancy_id,
          vacancy_name: placement.vacancyPosition,
          status: { from: null, to: placement.stage.name },
        });
      }
      if (comment?.description) {
        const commentId = await repo.insertComment(tx, {
          accountId: tenant.accountId,
          applicantId: id,
          authorId: tenant.userId,
          description: comment.description,
        });
        await log(tx, tenant, id, 'comment_create', {
          comment_id: commentId,
          description: comment.description,
        });
        const mentioned = await tellMentionedIn(tx, tenant, {
          applicantId: id,
          commentId,
          description: comment.description,
        });
        if (mentioned) told.push(mentioned);
      }
      // Keys, stored pairs and the doubles to show, in the same transaction as the applicant.
      // The subject compared is what the insert answered: nothing since changes its fields.
      const doubles = await detectApplicantDoubles(tx, tenant.accountId, id, {
        isNew: true,
        subject: { id, ...subject },
      });
      await announceCreatedInTransaction(tx, tenant, id);
      return answer(tx, id, doubles);
    }),
  );
  handOverNoticesLater(told);
  await announceCreatedAfterCommit(tenant, created.id);
  return created;
}

/**
 * The card; seen from a vacancy (`vacancyId`), the applicant's application on it comes first in
 * `vacancies`, the others keeping their order (the most recent arrival first). A watcher reads
 * the card of an applicant on the vacancies they reach, seen through those vacancies only.
 */
export async function getApplicantCard(
  tenant: Tenant,
  session: Session,
  id: number,
  vacancyId?: number,
) {
  const reached = seesApplicantBase(session)
    ? undefined
    : await tenant.transaction((tx) => reachApplicant(tx, tenant, session, id));
  const [row] = await tenant.read<repo.ApplicantCardRow>(
    repo.applicantCardQuery(tenant.accountId, id),
    'applicant_card',
  );
  if (!row) throw notFound(APPLICANT_NOT_FOUND);
  const card = reached ? cardSeenThrough(toApplicantCard(row), reached) : toApplicantCard(row);
  if (vacancyId === undefined) return card;
  const here = card.vacancies.filter((v) => v.vacancy_id === vacancyId);
  return {
    ...card,
    vacancies: [...here, ...card.vacancies.filter((v) => v.vacancy_id !== vacancyId)],
  };
}

export async function updateApplicant(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  input: Omit<TUpdateApplicantRequest, 'photo'> & { photo?: PhotoSource | null },
) {
  const actor = await allowed(tenant, session, 'update');
  const { photo, ...fields } = input;
  const named = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  let staleKeys: string[] = [];
  const card = await withPhoto(storage, tenant, photo, (blob) =>
    tenant.transaction(async (tx) => {
      const head = await headFor(tx, tenant, actor, id, 'update');
      await assertReferencesExist(tx, tenant, fields);
      const before = await readCard(tx, tenant, id);
      const columns = columnsOf(fields);
      const firstName = 'firstName' in columns ? columns.firstName : before.first_name;
      const lastName = 'lastName' in columns ? columns.lastName : before.last_name;
      // An edit that touches the names must leave one; a record that came without any (an import,
      // a job site's hidden name) can still have its other fields corrected.
      const namesTouched = 'firstName' in columns || 'lastName' in columns;
      if (namesTouched && !firstName && !lastName) {
        throw badRequest(NAME_REQUIRED, { first_name: NAME_REQUIRED });
      }
      if (photo !== undefined) {
        if (head.photoFileId) staleKeys = await removeFileRecords(tx, tenant, [head.photoFileId]);
        columns.photoFileId = blob
          ? await recordFile(tx, tenant, blob, { applicantId: id, kind: 'photo' })
          : null;
      }
      if (Object.keys(columns).length === 0) return before;
      await repo.updateApplicant(tx, tenant.accountId, id, columns);
      const changes = changedFields(before, await readCard(tx, tenant, id), named);
      if (Object.keys(changes).length > 0) await log(tx, tenant, id, 'update', changes);
      await detectApplicantDoubles(tx, tenant.accountId, id);
      return readCard(tx, tenant, id);
    }),
  );
  await discardBlobs(storage, staleKeys);
  return card;
}

/** The photo sent as an upload: replaced, checked and recorded exactly as a data URL would be. */
export const replaceApplicantPhoto = (
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  bytes: Buffer,
) => updateApplicant(storage, tenant, session, id, { photo: bytes });

/** What a module changing something that belongs to an applicant gets inside the transaction. */
export type ApplicantChange = {
  tx: Db;
  /** Writes the change to the applicant's history and marks the applicant as updated. */
  record: (action: string, changes: Record<string, unknown>) => Promise<void>;
};

/**
 * For other modules changing what belongs to an applicant (its files): allowed as editing the
 * applicant is, with the applicant locked for the change; another account's id is not found.
 */
export async function changeApplicantBelongings<T>(
  tenant: Tenant,
  session: Session,
  id: number,
  work: (change: ApplicantChange) => Promise<T>,
) {
  const actor = await allowed(tenant, session, 'update');
  return tenant.transaction(async (tx) => {
    await headFor(tx, tenant, actor, id, 'update');
    return work({
      tx,
      record: async (action, changes) => {
        await log(tx, tenant, id, action, changes);
        await repo.updateApplicant(tx, tenant.accountId, id, {});
      },
    });
  });
}

/**
 * For the pipeline: writes placements and moves to the applicants' history inside the caller's
 * transaction (the pipeline has already checked the caller's rights on the vacancy).
 */
export const recordApplicantsHistory = (
  tx: Db,
  tenant: Tenant,
  entries: { applicantId: number; action: string; changes: Record<string, unknown> }[],
) => repo.logApplicantsChanges(tx, tenant, entries);

/**
 * For a change the applicant makes themselves (an answer on a public page): a history entry with
 * no user, inside the caller's transaction, the applicant marked as updated.
 */
export async function recordApplicantOwnChange(
  tx: Db,
  accountId: number,
  applicantId: number,
  action: string,
  changes: Record<string, unknown>,
) {
  await repo.logApplicantsChanges(tx, { accountId, userId: null }, [
    { applicantId, action, changes },
  ]);
  await repo.updateApplicant(tx, accountId, applicantId, {});
}

/**
 * Locks the applicants of `ids` that exist in the account for a change of several at once (a
 * bulk action, a merge), inside the caller's transaction; missing ones are absent.
 */
export const lockApplicants = (tx: Db, accountId: number, ids: number[]) =>
  repo.lockApplicants(tx, accountId, ids);

/**
 * For other modules reading what belongs to an applicant: as reading the card is allowed (a
 * watcher reads the belongings of the applicants they reach through their vacancies).
 */
export async function readApplicantBelongings<T>(
  tenant: Tenant,
  session: Session,
  id: number,
  work: (tx: Db) => Promise<T>,
) {
  return tenant.transaction(async (tx) => {
    if (!(await repo.findApplicantHead(tx, tenant.accountId, id))) {
      throw notFound(APPLICANT_NOT_FOUND);
    }
    await reachApplicant(tx, tenant, session, id);
    return work(tx);
  });
}

/** Replaces the applicant's tags with exactly `tagIds`; an unknown id changes nothing. */
export async function updateApplicantTags(
  tenant: Tenant,
  session: Session,
  id: number,
  tagIds: number[],
) {
  const actor = await allowed(tenant, session, 'tag');
  const wanted = [...new Set(tagIds)];
  return tenant.transaction(async (tx) => {
    await headFor(tx, tenant, actor, id, 'tag');
    const found = await repo.findTagsByIds(tx, tenant.accountId, wanted);
    if (found.length !== wanted.length) throw notFound(TAG_NOT_FOUND);
    const from = await repo.findApplicantTagNames(tx, tenant.accountId, id);
    await repo.replaceApplicantTags(tx, tenant.accountId, id, wanted);
    const to = found.map((t) => t.name);
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      await log(tx, tenant, id, 'update_tags', { tags: { from, to } });
      await repo.updateApplicant(tx, tenant.accountId, id, {});
    }
    return readCard(tx, tenant, id);
  });
}

/** Archiving hides the applicant from the base and keeps everything; restoring brings it back. */
export async function setApplicantArchived(
  tenant: Tenant,
  session: Session,
  id: number,
  archived: boolean,
) {
  const actor = await allowed(tenant, session, 'archive');
  return tenant.transaction(async (tx) => {
    const head = await headFor(tx, tenant, actor, id, 'archive');
    if ((head.archivedAt !== null) === archived) {
      throw conflict(archived ? 'Кандидат уже в архиве' : 'Кандидат не в архиве');
    }
    await repo.updateApplicant(tx, tenant.accountId, id, {
      archivedAt: archived ? new Date() : null,
      archivedBy: archived ? tenant.userId : null,
    });
    await log(tx, tenant, id, archived ? 'archive' : 'restore', {
      is_archived: { from: !archived, to: archived },
    });
    return readCard(tx, tenant, id);
  });
}

export async function listArchivedApplicants(
  tenant: Tenant,
  session: Session,
  query: TPageQuery,
): Promise<TApplicantArchivePage> {
  assertCanReadApplicants(session);
  const { rows, total } = await tenant.transaction(async (tx) => ({
    rows: await repo.listArchivedApplicants(
      tx,
      tenant.accountId,
      query.per_page,
      (query.page - 1) * query.per_page,
    ),
    total: await repo.countArchivedApplicants(tx, tenant.accountId),
  }));
  return {
    applicants: rows.map(toApplicant),
    applicant_count: total,
    page: query.page,
    per_page: query.per_page,
  };
}

/** Final: the applicant, its tags, comments, history and files go (only an admin). */
export async function deleteApplicant(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
) {
  const actor = await allowed(tenant, session, 'delete');
  const keys = await tenant.transaction(async (tx) => {
    await headFor(tx, tenant, actor, id, 'delete');
    const card = await readCard(tx, tenant, id);
    const fileKeys = await removeApplicantFileRecords(tx, tenant, [id]);
    const evaluationKeys = await evaluationFileKeysOf(tx, tenant, [id]);
    await detachFromDoubles(tx, tenant.accountId, id);
    await rememberDeletedApplicant(tx, tenant.accountId, id);
    await repo.deleteApplicant(tx, tenant.accountId, id);
    const name = personDisplayName(card) || `№${id}`;
    await recordAudit(tx, tenant, deletionEvent('applicant', id, `Удалён кандидат ${name}`));
    return [...fileKeys, ...evaluationKeys];
  });
  await discardBlobs(storage, keys);
  return APPLICANT_DELETED;
}

/** The history; a watcher reads what happened on the vacancies they reach the applicant by. */
export async function listApplicantWorklog(tenant: Tenant, session: Session, id: number) {
  const { rows, reached } = await tenant.transaction(async (tx) => {
    if (!(await repo.findApplicantHead(tx, tenant.accountId, id))) {
      throw notFound(APPLICANT_NOT_FOUND);
    }
    return {
      reached: await reachApplicant(tx, tenant, session, id),
      rows: await repo.listWorklog(tx, tenant.accountId, id, 10_000),
    };
  });
  const entries = rows.map(toWorklogEntry);
  return reached ? worklogSeenThrough(entries, reached) : entries;
}

/**
 * The name parts and contacts of many applicants at once (a delayed letter to thousands), for a
 * caller who sees the base; a watcher gets those they reach. Missing ones are left out.
 */
export async function findApplicantContacts(tenant: Tenant, session: Session, ids: number[]) {
  if (ids.length === 0) return [];
  return tenant.transaction(async (tx) => {
    const rows = await repo.findApplicantContacts(tx, tenant.accountId, ids);
    if (seesApplicantBase(session)) return rows;
    const reached = [];
    for (const row of rows) {
      try {
        await reachApplicant(tx, tenant, session, row.id);
        reached.push(row);
      } catch {
        // not reached: as absent as another account's
      }
    }
    return reached;
  });
}

/**
 * Names and contacts of applicants for work done without a caller (the message outbox, incoming
 * messages of issue 14), in that work's tenant transaction.
 */
export const applicantContactsIn = (tx: Db, accountId: number, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : repo.findApplicantContacts(tx, accountId, ids);
