import { randomBytes } from 'node:crypto';
import type { Db } from '@ats/db/connection';
import {
  RECOVERY_CODE_COUNT,
  SAFETY_MESSAGES,
  type TDisableTwoFactorRequest,
  type TRecoveryCodes,
  type TRenewRecoveryCodesRequest,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
} from '@ats/contracts/safety';
import QRCode from 'qrcode';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { hashToken, verifyPassword } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  USER_SECRET_LIMIT,
  assertNotThrottled,
  clearAttempts,
  recordFailedAttempt,
  userSecretKeys,
} from '../auth/attempts.service.ts';
import * as repo from './safety.repository.ts';
import {
  encodeBase32,
  generateTotpSecret,
  matchTotpStep,
  otpauthUrl,
} from '../../platform/totp.ts';
import { recordAudit, securityEvent } from '../../platform/audit.ts';

/** The name authenticator apps show above the code. */
const ISSUER = 'ATS';

/** What a typed code turned out to be. */
export type SecondFactorCheck = 'accepted' | 'wrong' | 'replayed';

const normaliseCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, '');
// Recovery codes are random (50 bits), so a fast hash is enough; the user ids salt it.
const recoveryCodeHash = (accountId: number, userId: number, code: string) =>
  hashToken(`recovery:${accountId}:${userId}:${normaliseCode(code)}`);

function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** The user's recovery codes become `codes` (hashed); the ones before are gone, used or not. */
const storeRecoveryCodes = (tx: Db, accountId: number, userId: number, codes: string[]) =>
  repo.replaceRecoveryCodes(
    tx,
    accountId,
    userId,
    codes.map((c) => recoveryCodeHash(accountId, userId, c)),
  );

export async function isTwoFactorOn(tx: Db, accountId: number, userId: number) {
  const factor = await repo.findTwoFactor(tx, accountId, userId);
  return Boolean(factor?.confirmedAt);
}

/**
 * Checks a code from the app (six digits) or a recovery code against a user's confirmed factor
 * and spends it: an app code is accepted once per 30-second step, a recovery code once ever.
 */
export async function consumeSecondFactor(
  tx: Db,
  accountId: number,
  userId: number,
  code: string,
  atMs = Date.now(),
): Promise<SecondFactorCheck> {
  const factor = await repo.findTwoFactor(tx, accountId, userId);
  if (!factor?.confirmedAt) return 'wrong';
  const digits = code.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchTotpStep(factor.secret, digits, atMs);
    if (step === null) return 'wrong';
    return (await repo.advanceTwoFactorStep(tx, accountId, userId, step)) ? 'accepted' : 'replayed';
  }
  const used = await repo.useRecoveryCode(
    tx,
    accountId,
    userId,
    recoveryCodeHash(accountId, userId, code),
  );
  return used === 'used' ? 'accepted' : used === 'spent' ? 'replayed' : 'wrong';
}

/** The Russian refusal for a code that was not accepted. */
export const refusalFor = (check: Exclude<SecondFactorCheck, 'accepted'>) =>
  check === 'replayed' ? SAFETY_MESSAGES.codeAlreadyUsed : SAFETY_MESSAGES.wrongCode;

export async function getTwoFactorStatus(tenant: Tenant): Promise<TTwoFactorStatus> {
  return tenant.transaction(async (tx) => {
    const factor = await repo.findTwoFactor(tx, tenant.accountId, tenant.userId);
    if (!factor?.confirmedAt) return { enabled: false, enabled_at: null, recovery_codes_left: 0 };
    return {
      enabled: true,
      enabled_at: factor.confirmedAt.toISOString(),
      recovery_codes_left: await repo.countUnusedRecoveryCodes(tx, tenant.accountId, tenant.userId),
    };
  });
}

/** Enrolment, step one: a new secret, as text and as a QR code for the app to scan. */
export async function startTwoFactorSetup(tenant: Tenant): Promise<TTwoFactorSetup> {
  const secret = generateTotpSecret();
  const email = await tenant.transaction(async (tx) => {
    const user = await repo.findUserCredentials(tx, tenant.accountId, tenant.userId);
    const pending = await repo.upsertPendingTwoFactor(tx, tenant.accountId, tenant.userId, secret);
    return pending ? user!.email : null;
  });
  if (!email) throw conflict(SAFETY_MESSAGES.twoFactorAlreadyOn);
  const url = otpauthUrl(secret, email, ISSUER);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    secret,
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Enrolment, step two: a code from the app proves it holds the secret; recovery codes follow. */
export async function confirmTwoFactorSetup(tenant: Tenant, code: string): Promise<TRecoveryCodes> {
  const codes = newRecoveryCodes();
  await tenant.transaction(async (tx) => {
    const { accountId, userId } = tenant;
    const factor = await repo.findTwoFactor(tx, accountId, userId);
    if (!factor) throw badRequest(SAFETY_MESSAGES.twoFactorNotStarted);
    if (factor.confirmedAt) throw conflict(SAFETY_MESSAGES.twoFactorAlreadyOn);
    const step = matchTotpStep(factor.secret, code, Date.now());
    if (step === null) {
      throw badRequest(SAFETY_MESSAGES.wrongCode, { code: SAFETY_MESSAGES.wrongCode });
    }
    await repo.confirmTwoFactor(tx, accountId, userId, step);
    await storeRecoveryCodes(tx, accountId, userId, codes);
    await recordAudit(tx, tenant, securityEvent('auth.two_factor_enabled', userId));
  });
  return { recovery_codes: codes };
}

type Proven<T> =
  { ok: true; value: T } | { ok: false; field: 'password' | 'code'; message: string };

/**
 * Runs `act` once the user has proven it is them with the password and a code (of the app or a
 * recovery code), so a tab left open is not enough. Failures count towards the user's limit;
 * the decision is taken inside the transaction and refused after it, so a spent code stays spent.
 */
async function withPasswordAndCode<T>(
  deps: AppDeps,
  tenant: Tenant,
  input: { password: string; code: string },
  act: (tx: Db) => Promise<T>,
): Promise<T> {
  const { accountId, userId } = tenant;
  const keys = userSecretKeys(accountId, userId);
  await assertNotThrottled(deps, keys);
  const outcome = await tenant.transaction(async (tx): Promise<Proven<T>> => {
    if (!(await isTwoFactorOn(tx, accountId, userId))) {
      throw badRequest(SAFETY_MESSAGES.twoFactorOff);
    }
    const user = await repo.findUserCredentials(tx, accountId, userId);
    const passwordOk = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : false;
    if (!passwordOk) {
      return { ok: false, field: 'password', message: SAFETY_MESSAGES.wrongCurrentPassword };
    }
    const check = await consumeSecondFactor(tx, accountId, userId, input.code);
    if (check !== 'accepted') return { ok: false, field: 'code', message: refusalFor(check) };
    return { ok: true, value: await act(tx) };
  });
  if (!outcome.ok) {
    await recordFailedAttempt(deps, keys, USER_SECRET_LIMIT);
    throw badRequest(outcome.message, { [outcome.field]: outcome.message });
  }
  await clearAttempts(deps, keys[0]!);
  return outcome.value;
}

/** Turning the factor off: its secret and recovery codes are deleted. */
export async function disableTwoFactor(
  deps: AppDeps,
  tenant: Tenant,
  input: TDisableTwoFactorRequest,
) {
  await withPasswordAndCode(deps, tenant, input, async (tx) => {
    await repo.deleteTwoFactor(tx, tenant.accountId, tenant.userId);
    await recordAudit(tx, tenant, securityEvent('auth.two_factor_disabled', tenant.userId));
  });
  return SAFETY_MESSAGES.twoFactorDisabled;
}

/** Ten new recovery codes replace the old ones, used or not (shown once, stored hashed). */
export async function renewRecoveryCodes(
  deps: AppDeps,
  tenant: Tenant,
  input: TRenewRecoveryCodesRequest,
): Promise<TRecoveryCodes> {
  const { accountId, userId } = tenant;
  const codes = newRecoveryCodes();
  await withPasswordAndCode(deps, tenant, input, async (tx) => {
    await storeRecoveryCodes(tx, accountId, userId, codes);
    await recordAudit(tx, tenant, securityEvent('auth.recovery_codes_renewed', userId));
  });
  return { recovery_codes: codes };
}
