import {
  DEFAULT_ACCOUNT_SOURCES,
  SOURCE_LOGO_NOT_IMAGE,
  type TAccountSource,
  type TReorderAccountSourcesRequest,
  type ZCreateAccountSourceRequest,
} from '@ats/contracts/account-sources';
import { readAdminUserSetting } from '@ats/contracts/user-settings';
import type { Db } from '@ats/db/connection';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isRasterDataUrl, rasterDataUrl } from '../../platform/file-types.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertCanManageAccountSources } from './account-sources.policy.ts';
import * as repo from './account-sources.repository.ts';

type TCreateAccountSourceRequest = z.infer<typeof ZCreateAccountSourceRequest>;

const SOURCE_NOT_FOUND = 'Источник не найден';
const LIST_CHANGED = 'Список источников изменился: обновите страницу и повторите';
const SOURCE_TAKEN = 'Источник с таким названием уже есть';
const sourceInUse = (n: number) =>
  `Источник указан у кандидатов (${n}); его нельзя удалить, но можно сделать неактивным`;

export const toAccountSource = (row: repo.AccountSourceRow): TAccountSource => ({
  id: row.id,
  name: row.name,
  abbr: row.abbr,
  description: row.description,
  is_active: row.isActive,
  // A logo stored before SVGs were refused is not handed out: it could carry a script.
  logo: row.logo && isRasterDataUrl(row.logo) ? row.logo : null,
  order: row.position,
  icon: row.icon,
});

/**
 * The logo as it is kept: its type is what its bytes show (JPEG, PNG, WebP or GIF), never what the
 * sender declared; anything else (an SVG, which may carry a script) is a 400.
 */
function checkedLogo(logo: string | null | undefined) {
  if (!logo) return logo;
  const checked = rasterDataUrl(logo);
  if (!checked) throw badRequest(SOURCE_LOGO_NOT_IMAGE, { logo: SOURCE_LOGO_NOT_IMAGE });
  return checked;
}

/**
 * Gives a new account the usual résumé sources. Runs inside the sign-up transaction, so an
 * account never exists without them.
 */
export async function seedAccountSources(tx: Db, accountId: number) {
  await repo.insertAccountSources(
    tx,
    DEFAULT_ACCOUNT_SOURCES.map((source, i) => ({
      accountId,
      name: source.name,
      abbr: source.abbr,
      position: i + 1,
    })),
  );
}

// Read here rather than through the users service: sign-up calls this module, and the users
// service calls sign-up's module, so going through it would close a cycle.
async function assertManager(tenant: Tenant, session: Session) {
  const settings = await tenant.transaction((tx) =>
    repo.findUserSettings(tx, tenant.accountId, session.userId),
  );
  assertCanManageAccountSources(
    session,
    readAdminUserSetting(settings ?? {}, session.memberType).permissions_actions,
  );
}

async function assertNameFree(tx: Db, accountId: number, name: string, exceptId?: number) {
  if (await repo.findAccountSourceByName(tx, accountId, name, exceptId)) {
    throw conflict(SOURCE_TAKEN, { name: SOURCE_TAKEN });
  }
}

export async function listAccountSources(tenant: Tenant) {
  const rows = await tenant.transaction((tx) => repo.listAccountSources(tx, tenant.accountId));
  return rows.map(toAccountSource);
}

export async function createAccountSource(
  tenant: Tenant,
  session: Session,
  input: TCreateAccountSourceRequest,
) {
  await assertManager(tenant, session);
  const logo = checkedLogo(input.logo);
  const row = await tenant.transaction(async (tx) => {
    await assertNameFree(tx, tenant.accountId, input.name);
    const last = await repo.findLastAccountSourcePosition(tx, tenant.accountId);
    const [created] = await repo.insertAccountSources(tx, [
      {
        accountId: tenant.accountId,
        name: input.name,
        abbr: input.abbr ?? null,
        description: input.description ?? null,
        isActive: input.is_active ?? true,
        logo: logo ?? null,
        icon: input.icon ?? null,
        position: last + 1,
      },
    ]);
    return created!;
  });
  return toAccountSource(row);
}

export async function updateAccountSource(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: Partial<TCreateAccountSourceRequest>,
) {
  await assertManager(tenant, session);
  const logo = checkedLogo(changes.logo);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.findAccountSourceById(tx, tenant.accountId, id);
    if (!current) throw notFound(SOURCE_NOT_FOUND);
    if (changes.name !== undefined) await assertNameFree(tx, tenant.accountId, changes.name, id);
    const set = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.abbr !== undefined && { abbr: changes.abbr }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.is_active !== undefined && { isActive: changes.is_active }),
      ...(logo !== undefined && { logo }),
      ...(changes.icon !== undefined && { icon: changes.icon }),
    };
    if (Object.keys(set).length === 0) return current;
    return (await repo.updateAccountSource(tx, tenant.accountId, id, set))!;
  });
  return toAccountSource(row);
}

/** A source that applicants name stays (history would lose where they came from): deactivate it. */
export async function deleteAccountSource(tenant: Tenant, session: Session, id: number) {
  await assertManager(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.findAccountSourceById(tx, tenant.accountId, id);
    if (!current) throw notFound(SOURCE_NOT_FOUND);
    const used = await repo.countApplicantsFromSource(tx, tenant.accountId, id);
    if (used > 0) throw conflict(sourceInUse(used));
    await recordAudit(tx, tenant, deletionEvent('source', id, `Удалён источник «${current.name}»`));
    return (await repo.deleteAccountSource(tx, tenant.accountId, id))!;
  });
  return toAccountSource(row);
}

/**
 * The new order of the account's sources. The list must name each source once: another
 * account's id is not found, and a list missing a source added meanwhile is refused.
 */
export async function reorderAccountSources(
  tenant: Tenant,
  session: Session,
  input: TReorderAccountSourcesRequest,
) {
  await assertManager(tenant, session);
  const rows = await tenant.transaction(async (tx) => {
    const current = await repo.listAccountSources(tx, tenant.accountId);
    const known = new Set(current.map((row) => row.id));
    if (input.ids.some((id) => !known.has(id))) throw notFound(SOURCE_NOT_FOUND);
    if (input.ids.length !== current.length) throw conflict(LIST_CHANGED);
    await repo.updateAccountSourcePositions(tx, tenant.accountId, input.ids);
    return repo.listAccountSources(tx, tenant.accountId);
  });
  return rows.map(toAccountSource);
}
