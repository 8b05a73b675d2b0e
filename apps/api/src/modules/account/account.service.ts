import {
  LOGO_MESSAGES,
  MAX_LOGO_BYTES,
  type TAccount,
  type TAccountSettingsFields,
} from '@ats/contracts/account';
import { EXTENSION_REQUEST_SENT, hasNoEnd, shownUsersLimit } from '@ats/contracts/tariffs';
import type { Session } from '../../platform/auth.ts';
import { changesBetween, recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { PHOTO_TYPES, detectImageType } from '../../platform/file-types.ts';
import { assertImageWithinLimits } from '../../platform/untrusted-files.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  blobOf,
  discardBlobs,
  fileUrl,
  recordFile,
  removeFileRecords,
} from '../files/files.service.ts';
import { assertAccountAction } from './account.policy.ts';
import * as repo from './account.repository.ts';

const ACCOUNT_NOT_FOUND = 'Аккаунт не найден';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

export async function getAccount(tenant: Tenant): Promise<TAccount> {
  const row = await tenant.transaction((tx) => repo.findAccount(tx, tenant.accountId));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    inn: row.inn,
    time_zone: row.time_zone,
    currency: row.currency,
    is_active: row.is_active,
    created_at: iso(row.created_at),
    tariff_name: row.tariff_name ?? '',
    tariff_start_at: iso(row.tariff_start_at),
    tariff_end_at: hasNoEnd(row.tariff_end_at) ? '' : iso(row.tariff_end_at),
    tariff_is_active: row.tariff_end_at !== null && new Date(row.tariff_end_at) > new Date(),
    tariff_users: shownUsersLimit(row.tariff_users),
    users_count: row.users_count,
    logo_url: fileUrl(row.logo_file_id),
  };
}

const logoEvent = (summary: string) => ({
  action: 'account.settings_changed' as const,
  target: { type: 'account', id: null },
  summary,
});

type Actor = Pick<Session, 'memberType' | 'isAdmin'>;

/** The company's name, ИНН and time zone (/settings/account); the answer is the account. */
export async function updateAccountSettings(
  tenant: Tenant,
  actor: Actor,
  input: TAccountSettingsFields,
): Promise<TAccount> {
  assertAccountAction(actor, 'change');
  const updated = await tenant.transaction(async (tx) => {
    const was = await repo.findAccount(tx, tenant.accountId);
    const before = await repo.updateAccountSettings(tx, tenant.accountId, {
      ...(input.company_name !== undefined && { name: input.company_name }),
      ...(input.inn !== undefined && { inn: input.inn }),
      ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
    });
    const changes = changesBetween(
      { company_name: was?.name, inn: was?.inn, time_zone: was?.time_zone },
      { company_name: input.company_name, inn: input.inn, time_zone: input.time_zone },
    );
    if (before && Object.keys(changes).length) {
      await recordAudit(tx, tenant, {
        action: 'account.settings_changed',
        target: { type: 'account', id: tenant.accountId },
        summary: 'Изменены данные компании',
        changes,
      });
    }
    return before;
  });
  if (!updated) throw notFound(ACCOUNT_NOT_FOUND);
  return getAccount(tenant);
}

/**
 * A new logo in place of the old one. What the file is, is decided by its bytes (an SVG, which may
 * carry scripts, or a renamed document is refused); the bytes go to storage before the row, and
 * are removed again if the row is not written.
 */
export async function replaceAccountLogo(
  storage: Storage,
  tenant: Tenant,
  actor: Actor,
  bytes: Buffer,
): Promise<TAccount> {
  assertAccountAction(actor, 'change');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new AppError(413, LOGO_MESSAGES.tooLarge, { file: LOGO_MESSAGES.tooLarge });
  }
  const mimeType = detectImageType(bytes);
  const notImage = () => badRequest(LOGO_MESSAGES.notImage, { file: LOGO_MESSAGES.notImage });
  if (!mimeType) throw notImage();
  assertImageWithinLimits(bytes, notImage);
  const blob = blobOf(tenant.accountId, bytes, mimeType, `logo.${PHOTO_TYPES[mimeType]}`);
  await storage.put(blob.storageKey, bytes);
  let replacedKeys: string[];
  try {
    replacedKeys = await tenant.transaction(async (tx) => {
      // A logo is a file of the account, not of an applicant: every member may load it.
      const logoFileId = await recordFile(tx, tenant, blob, { applicantId: null, kind: 'photo' });
      const before = await repo.updateAccountSettings(tx, tenant.accountId, { logoFileId });
      if (!before) throw notFound(ACCOUNT_NOT_FOUND);
      await recordAudit(tx, tenant, logoEvent('Загружен новый логотип компании'));
      return before.logoFileId ? removeFileRecords(tx, tenant, [before.logoFileId]) : [];
    });
  } catch (error) {
    await discardBlobs(storage, [blob.storageKey]);
    throw error;
  }
  await discardBlobs(storage, replacedKeys);
  return getAccount(tenant);
}

export async function removeAccountLogo(
  storage: Storage,
  tenant: Tenant,
  actor: Actor,
): Promise<TAccount> {
  assertAccountAction(actor, 'change');
  const removedKeys = await tenant.transaction(async (tx) => {
    const before = await repo.updateAccountSettings(tx, tenant.accountId, { logoFileId: null });
    if (!before) throw notFound(ACCOUNT_NOT_FOUND);
    if (before.logoFileId) await recordAudit(tx, tenant, logoEvent('Удалён логотип компании'));
    return before.logoFileId ? removeFileRecords(tx, tenant, [before.logoFileId]) : [];
  });
  await discardBlobs(storage, removedKeys);
  return getAccount(tenant);
}

/** The deactivated screen's request: the support team gets a mail naming the account and user. */
export async function requestTariffExtension(deps: AppDeps, tenant: Tenant, userEmail: string) {
  const account = await tenant.transaction((tx) => repo.findAccount(tx, tenant.accountId));
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  await deps.mailer.send({
    to: deps.config.SUPPORT_EMAIL,
    subject: `Запрос продления тарифа: ${account.name}`,
    text:
      `Компания «${account.name}» (аккаунт ${account.id}) просит продлить тариф.\n` +
      `Тариф: ${account.tariff_name ?? '—'}, до ${iso(account.tariff_end_at) || '—'}.\n` +
      `Пользователь: ${userEmail} (id ${tenant.userId}).\n`,
    kind: 'tariff_extension',
    accountId: tenant.accountId,
  });
  return EXTENSION_REQUEST_SENT;
}

/**
 * A paid tariff period (the billing module, after a payment succeeded): it starts when the
 * current paid period of the same tariff ends, else now — a trial or an ended tariff is replaced
 * at once, which also reactivates a deactivated account. Runs in the caller's transaction.
 */
export async function startPaidTariffPeriod(
  tx: Parameters<typeof repo.lockCurrentTariff>[0],
  accountId: number,
  paid: { name: string; usersLimit: number; months: number; amount: number },
  now = new Date(),
) {
  const current = await repo.lockCurrentTariff(tx, accountId);
  const currentEnd = current ? new Date(current.end_at) : null;
  const extends_ = current && current.name === paid.name && currentEnd && currentEnd > now;
  const startAt = extends_ ? currentEnd : now;
  const endAt = new Date(startAt);
  endAt.setUTCMonth(endAt.getUTCMonth() + paid.months);
  const id = await repo.insertTariffPeriod(tx, accountId, {
    name: paid.name,
    startAt,
    endAt,
    usersLimit: paid.usersLimit,
    balance: paid.amount,
  });
  return { id, startAt, endAt };
}

/** The affiliate program (billing): the account a referral code names, or null. */
export const findAccountByReferralCodeAcrossAccounts = repo.findAccountByReferralCodeAcrossAccounts;
/** The code of the account's referral link. */
export const findReferralCode = repo.findReferralCode;
/** The companies that signed up through the account's link (id, name, sign-up time). */
export const referredAccountsAcrossAccounts = repo.referredAccountsAcrossAccounts;

export const currentTariffsEndingBeforeAcrossAccounts =
  repo.currentTariffsEndingBeforeAcrossAccounts;
