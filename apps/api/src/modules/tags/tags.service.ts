import type { TCreateTagRequest, TTag, TTagUsage } from '@ats/contracts/tags';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import { assertCanManageTags } from './tags.policy.ts';
import * as repo from './tags.repository.ts';

const TAG_NOT_FOUND = 'Тег не найден';
const TAG_TAKEN = 'Тег с таким названием уже есть';

export const toTag = (row: repo.TagRow): TTag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  description: row.description,
  icon: row.icon,
});

async function assertManager(tenant: Tenant, session: Session) {
  const user = await getUser(tenant, session.userId);
  assertCanManageTags(session, user.admin_user_setting.permissions_actions);
}

/** The name is unique per account whatever its case (index tags_name_key). */
async function withUniqueName<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_TAKEN, { name: TAG_TAKEN });
    throw error;
  }
}

export async function listTags(tenant: Tenant) {
  const rows = await tenant.transaction((tx) => repo.listTags(tx, tenant.accountId));
  return rows.map(toTag);
}

/** For the tag settings: how much each tag is used, before one is renamed or deleted. */
export async function countTagUsage(tenant: Tenant, session: Session): Promise<TTagUsage> {
  await assertManager(tenant, session);
  const rows = await tenant.transaction((tx) => repo.countApplicantsByTag(tx, tenant.accountId));
  return rows.map((row) => ({ tag_id: row.tagId, applicants_count: row.applicantsCount }));
}

export async function createTag(tenant: Tenant, session: Session, input: TCreateTagRequest) {
  await assertManager(tenant, session);
  const row = await withUniqueName(() =>
    tenant.transaction((tx) =>
      repo.insertTag(tx, {
        accountId: tenant.accountId,
        name: input.name,
        ...(input.color !== undefined && { color: input.color }),
        description: input.description ?? null,
        icon: input.icon ?? null,
      }),
    ),
  );
  return toTag(row);
}

export async function updateTag(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: Partial<TCreateTagRequest>,
) {
  await assertManager(tenant, session);
  const row = await withUniqueName(() =>
    tenant.transaction(async (tx) => {
      const current = await repo.findTagById(tx, tenant.accountId, id);
      if (!current) return null;
      const set = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.color !== undefined && { color: changes.color }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.icon !== undefined && { icon: changes.icon }),
      };
      if (Object.keys(set).length === 0) return current;
      return repo.updateTag(tx, tenant.accountId, id, set);
    }),
  );
  if (!row) throw notFound(TAG_NOT_FOUND);
  return toTag(row);
}

/** Deleting a tag takes it off every applicant (applicant_tags cascades). */
export async function deleteTag(tenant: Tenant, session: Session, id: number) {
  await assertManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const deleted = await repo.deleteTag(tx, tenant.accountId, id);
    if (deleted) {
      await recordAudit(tx, tenant, deletionEvent('tag', id, `Удалена метка «${deleted.name}»`));
    }
    return deleted;
  });
  if (!row) throw notFound(TAG_NOT_FOUND);
  return toTag(row);
}
