import type {
  TBulkApplicantTagsRequest,
  TBulkApplicantsResult,
  TBulkArchiveApplicantsRequest,
} from '@ats/contracts/applicant-list';
import { API_CODES } from '@ats/contracts/envelope';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './applicant-bulk.repository.ts';
import { lockApplicants, recordApplicantsHistory } from './applicants.service.ts';

const APPLICANTS_NOT_FOUND = 'Некоторые кандидаты не найдены';
const TAGS_NOT_FOUND = 'Некоторые теги не найдены';

/** Every id of the selection must be in the account, or nothing changes. */
async function assertAllApplicantsFound(
  tx: Parameters<typeof lockApplicants>[0],
  tenant: Tenant,
  ids: number[],
) {
  const found = await lockApplicants(tx, tenant.accountId, ids);
  if (found.length !== ids.length) {
    const known = new Set(found.map((row) => row.id));
    throw new AppError(API_CODES.notFound, APPLICANTS_NOT_FOUND, {
      applicant_ids: `Нет в базе: ${ids.filter((id) => !known.has(id)).join(', ')}`,
    });
  }
  return found;
}

/** Adds and removes tags on a selection; the worklog of each changed applicant names the tags. */
export async function changeApplicantTags(
  tenant: Tenant,
  input: TBulkApplicantTagsRequest,
): Promise<TBulkApplicantsResult> {
  const ids = input.applicant_ids;
  return tenant.transaction(async (tx) => {
    await assertAllApplicantsFound(tx, tenant, ids);
    const tagIds = [...input.add_tag_ids, ...input.remove_tag_ids];
    const tags = await repo.findTags(tx, tenant.accountId, tagIds);
    if (tags.length !== tagIds.length) throw notFound(TAGS_NOT_FOUND);
    const tagById = new Map(tags.map((tag) => [tag.id, { id: tag.id, name: tag.name }]));

    const added = input.add_tag_ids.length
      ? await repo.addTagLinks(tx, tenant.accountId, ids, input.add_tag_ids)
      : [];
    const removed = input.remove_tag_ids.length
      ? await repo.removeTagLinks(tx, tenant.accountId, ids, input.remove_tag_ids)
      : [];

    const changes = new Map<number, { added: number[]; removed: number[] }>();
    const entry = (id: number) => {
      const existing = changes.get(id) ?? { added: [], removed: [] };
      changes.set(id, existing);
      return existing;
    };
    for (const link of added) entry(link.applicant_id).added.push(link.tag_id);
    for (const link of removed) entry(link.applicant_id).removed.push(link.tag_id);

    const changedIds = [...changes.keys()].sort((a, b) => a - b);
    await repo.touchApplicants(tx, tenant.accountId, changedIds);
    await recordApplicantsHistory(
      tx,
      tenant,
      changedIds.map((applicantId) => {
        const change = changes.get(applicantId)!;
        return {
          applicantId,
          action: 'tags_changed',
          changes: {
            tags: {
              added: change.added.map((id) => tagById.get(id)!),
              removed: change.removed.map((id) => tagById.get(id)!),
            },
            bulk: true,
          },
        };
      }),
    );
    return { applicant_ids: ids, changed_count: changedIds.length };
  });
}

/** Moves a selection to the archive; archiving never deletes. Already archived ones stay as they are. */
export async function archiveApplicants(
  tenant: Tenant,
  input: TBulkArchiveApplicantsRequest,
): Promise<TBulkApplicantsResult> {
  const ids = input.applicant_ids;
  return tenant.transaction(async (tx) => {
    await assertAllApplicantsFound(tx, tenant, ids);
    const archived = await repo.archiveApplicants(tx, tenant.accountId, tenant.userId, ids);
    await recordApplicantsHistory(
      tx,
      tenant,
      archived.map((row) => ({
        applicantId: row.id,
        action: 'archived',
        changes: {
          archived_at: { from: null, to: new Date(row.archived_at).toISOString() },
          bulk: true,
        },
      })),
    );
    return { applicant_ids: ids, changed_count: archived.length };
  });
}
