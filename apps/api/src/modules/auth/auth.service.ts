import {
  RESET_LINK_INVALID,
  RESET_NEUTRAL_MESSAGE,
  SESSION_TTL_SECONDS,
  TWO_FACTOR_CHALLENGE_INVALID,
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  type TLoginRequest,
  type TLoginTwoFactorRequest,
  type TResetFromMailRequest,
  type TSignUpRequest,
} from '@ats/contracts/auth';
import { MESSAGES } from '@ats/contracts/envelope';
import { NO_END, NO_USERS_LIMIT, SELF_HOSTED_TARIFF, TRIAL_TARIFF } from '@ats/contracts/tariffs';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, isUniqueViolation, tooManyAttempts } from '../../platform/errors.ts';
import {
  generateToken,
  hashPassword,
  hashToken,
  verifyDecoyPassword,
  verifyPassword,
} from '../../platform/secrets.ts';
import { queueNotStarted } from '../../platform/queue.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  defaultAdminUserSetting,
  defaultApplicantFieldSettings,
} from '@ats/contracts/user-settings';
import { seedAccountSources } from '../account-sources/account-sources.service.ts';
import { seedAccountPipeline } from '../statuses/pipeline-seed.service.ts';
import * as twoFactor from '../safety/two-factor.service.ts';
import {
  RESET_LIMIT,
  USER_SECRET_LIMIT,
  assertNotThrottled,
  clearAttempts,
  emailCeilingLeft,
  loginKeys,
  recordFailedAttempt,
  recordFailedLogin,
  userSecretKeys,
} from './attempts.service.ts';
import * as repo from './auth.repository.ts';
import { referrerOfCodeAcrossAccounts } from '../billing/affiliate.service.ts';
import { billingEnabled } from '../billing/billing.service.ts';
import { sendConfirmationLink } from './email-confirmation.service.ts';
import { passwordResetJob } from './password-reset.jobs.ts';
import {
  recordAudit,
  recordFailedSecondFactor,
  recordFailedSignIn,
  securityEvent,
} from '../../platform/audit.ts';

export type ClientMeta = { ip: string | null; userAgent: string | null };

const DAY_MS = 86_400_000;
const EMAIL_TAKEN = 'Пользователь с таким email уже зарегистрирован';

async function openSession(
  deps: AppDeps,
  accountId: number,
  userId: number,
  source: 'web' | 'plugin',
  meta: ClientMeta,
) {
  const token = generateToken();
  await deps.database.withTenant(accountId, async (tx) => {
    await repo.insertSession(tx, {
      accountId,
      userId,
      tokenHash: hashToken(token),
      source,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    // Every way in (password, second step, sign-up, reset, invitation) opens a session here.
    await recordAudit(tx, { accountId, userId }, securityEvent('auth.sign_in', userId), meta);
  });
  return token;
}

export async function signUp(
  deps: AppDeps,
  input: TSignUpRequest['admin_user'],
  meta: ClientMeta,
  /** Where the confirmation link points; null for an address already known (the demo seed). */
  publicUrl: string | null,
) {
  const existing = await repo.findUserByEmailAcrossAccounts(deps.database.system, input.email);
  if (existing) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
  const now = new Date();
  // A referral link's code names the referrer; an unknown one is ignored, as a missing one.
  const referredBy = input.referral_code
    ? await referrerOfCodeAcrossAccounts(deps.database.system, input.referral_code)
    : null;
  try {
    const owner = await repo.insertAccountWithOwnerAcrossAccounts(
      deps.database.system,
      {
        account: {
          name: input.company,
          inn: input.inn || null,
          timeZone: input.time_zone ?? 'Europe/Moscow',
          utmSource: input.utm_source ?? null,
          isAdvAgree: input.is_adv_agree ?? false,
          referredByAccountId: referredBy,
          // Confirmed by the mailed link; until then the trial quota applies.
          ...(publicUrl === null ? {} : { emailConfirmedAt: null }),
        },
        // With payments connected a company starts on the trial; a self-hosted install has no
        // end and no user limit (decision 0036).
        tariff: billingEnabled(deps.config)
          ? {
              name: TRIAL_TARIFF.name,
              startAt: now,
              endAt: new Date(now.getTime() + TRIAL_TARIFF.days * DAY_MS),
              usersLimit: TRIAL_TARIFF.users,
            }
          : {
              name: SELF_HOSTED_TARIFF.name,
              startAt: now,
              endAt: NO_END,
              usersLimit: NO_USERS_LIMIT,
            },
        owner: {
          email: input.email,
          passwordHash: await hashPassword(input.password),
          name: input.name,
          nick: input.nick ?? null,
          memberType: 'owner',
          isAdmin: true,
          timeZone: input.time_zone ?? 'Europe/Moscow',
          settings: defaultAdminUserSetting('owner'),
          fieldSettings: defaultApplicantFieldSettings(),
        },
      },
      async (tx, accountId) => {
        await seedAccountSources(tx, accountId);
        await seedAccountPipeline(tx, accountId);
      },
    );
    const authToken = await openSession(deps, owner.accountId, owner.id, 'web', meta);
    if (publicUrl !== null) {
      await sendConfirmationLink(
        deps,
        { accountId: owner.accountId, email: owner.email },
        publicUrl,
      );
    }
    return {
      admin_user: {
        id: owner.id,
        account_id: owner.accountId,
        email: owner.email,
        name: owner.name,
        middle_name: owner.middleName,
        last_name: owner.lastName,
      },
      auth_token: authToken,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
    throw error;
  }
}

/** What the password step of a sign-in gives: a session, or a second step still to take. */
export type LogInOutcome =
  { kind: 'session'; auth_token: string } | { kind: 'two_factor'; challenge: string };

/** An address the user has signed in from within 90 days, or a second factor to ask for. */
async function mayPassCeiling(
  deps: AppDeps,
  user: { accountId: number; id: number },
  ip: string | null,
) {
  return deps.database.withTenant(user.accountId, async (tx) => {
    if (await twoFactor.isTwoFactorOn(tx, user.accountId, user.id)) return true;
    return ip !== null && (await repo.hasSignedInFrom(tx, user.accountId, user.id, ip, 90));
  });
}

export async function logIn(
  deps: AppDeps,
  input: TLoginRequest,
  meta: ClientMeta,
): Promise<LogInOutcome> {
  const keys = loginKeys(input.email, meta.ip);
  // The address and the pair: a stranger's failures elsewhere never stop this one.
  await assertNotThrottled(deps, [...(keys.address ? [keys.address] : []), keys.pair]);
  const ceilingLeft = await emailCeilingLeft(deps, keys.email);
  const user = await repo.findUserByEmailAcrossAccounts(deps.database.system, input.email);
  const passwordOk =
    user?.passwordHash && user.isActive && !user.deletedAt
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyDecoyPassword(input.password);
  if (!user || !passwordOk) {
    await recordFailedLogin(deps, keys);
    await recordFailedSignIn(deps.database, input.email, meta);
    if (ceilingLeft !== null) throw tooManyAttempts(ceilingLeft);
    throw badRequest(MESSAGES.wrongCredentials);
  }
  // Guessed from many addresses: only a known address or a second factor still opens the door,
  // and a stranger learns nothing of the password (the same 429 whether it was right or wrong).
  if (ceilingLeft !== null && !(await mayPassCeiling(deps, user, meta.ip))) {
    throw tooManyAttempts(ceilingLeft);
  }
  await clearAttempts(deps, keys.pair);
  const source = input.source ?? 'web';
  // Users without an authenticator get their session exactly as before: the known clients rely on it.
  const challenge = await deps.database.withTenant(user.accountId, async (tx) => {
    if (!(await twoFactor.isTwoFactorOn(tx, user.accountId, user.id))) return null;
    const token = generateToken();
    await repo.insertChallenge(tx, {
      accountId: user.accountId,
      userId: user.id,
      tokenHash: hashToken(token),
      source,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000),
    });
    return token;
  });
  if (challenge) return { kind: 'two_factor', challenge };
  return {
    kind: 'session',
    auth_token: await openSession(deps, user.accountId, user.id, source, meta),
  };
}

const MAX_CODES_PER_CHALLENGE = 5;

/**
 * The second step: the challenge from the password step and a code from the app or a recovery
 * code. The session opens with the source and device of the password step.
 */
export async function logInWithSecondFactor(
  deps: AppDeps,
  input: TLoginTwoFactorRequest,
  meta: ClientMeta,
) {
  const invalid = () =>
    badRequest(TWO_FACTOR_CHALLENGE_INVALID, { challenge: TWO_FACTOR_CHALLENGE_INVALID });
  const found = await repo.findChallengeAcrossAccounts(
    deps.database.system,
    hashToken(input.challenge),
  );
  if (!found) throw invalid();
  const secretKeys = userSecretKeys(found.accountId, found.userId);
  await assertNotThrottled(deps, secretKeys);
  // Decided inside the transaction, thrown after it: a wrong code must still be counted.
  const outcome = await deps.database.withTenant(found.accountId, async (tx) => {
    const challenge = await repo.lockOpenChallenge(tx, found.accountId, found.id);
    if (!challenge || challenge.failedAttempts >= MAX_CODES_PER_CHALLENGE) {
      return { kind: 'invalid' as const };
    }
    const check = await twoFactor.consumeSecondFactor(
      tx,
      found.accountId,
      challenge.userId,
      input.code,
    );
    if (check !== 'accepted') {
      await repo.countChallengeFailure(tx, found.accountId, found.id);
      return { kind: 'refused' as const, check };
    }
    await repo.closeChallenge(tx, found.accountId, found.id);
    return { kind: 'accepted' as const, challenge };
  });
  if (outcome.kind === 'invalid') throw invalid();
  if (outcome.kind === 'refused') {
    await recordFailedSecondFactor(
      deps.database,
      { accountId: found.accountId, userId: found.userId },
      meta,
    );
    await recordFailedAttempt(
      deps,
      [...secretKeys, ...(meta.ip ? [`login:ip:${meta.ip}`] : [])],
      USER_SECRET_LIMIT,
    );
    const message = twoFactor.refusalFor(outcome.check);
    throw badRequest(message, { code: message });
  }
  await clearAttempts(deps, secretKeys[0]!);
  const { challenge } = outcome;
  return {
    auth_token: await openSession(deps, challenge.accountId, challenge.userId, challenge.source, {
      ip: challenge.ip,
      userAgent: challenge.userAgent,
    }),
  };
}

/**
 * Answers at once and the same way for every address: the look-up of the user and the mail run
 * in a job after the answer (password-reset.jobs.ts), so neither the answer nor its timing tells
 * whether the address has an account.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  publicUrl: string,
  meta: ClientMeta,
) {
  const keys = [`reset:email:${email}`, ...(meta.ip ? [`reset:ip:${meta.ip}`] : [])];
  await assertNotThrottled(deps, keys);
  await recordFailedAttempt(deps, keys, RESET_LIMIT);
  await (deps.queue ?? queueNotStarted).enqueue(passwordResetJob, { email, publicUrl });
  return RESET_NEUTRAL_MESSAGE;
}

export async function resetPasswordFromMail(
  deps: AppDeps,
  input: TResetFromMailRequest,
  meta: ClientMeta,
) {
  const owner = await repo.consumePasswordTokenAcrossAccounts(
    deps.database.system,
    hashToken(input.token),
  );
  if (!owner) throw badRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
  const passwordHash = await hashPassword(input.password);
  await deps.database.withTenant(owner.accountId, async (tx) => {
    await repo.updatePasswordHash(tx, owner.accountId, owner.userId, passwordHash);
    // A new password ends every session opened with the old one.
    await repo.revokeUserSessions(tx, owner.accountId, owner.userId);
    await recordAudit(tx, owner, securityEvent('auth.password_reset', owner.userId), meta);
  });
  return { auth_token: await openSession(deps, owner.accountId, owner.userId, 'web', meta) };
}

export async function logOut(tenant: Tenant, sessionId: number) {
  await tenant.transaction(async (tx) => {
    await repo.revokeSession(tx, tenant.accountId, sessionId);
    await recordAudit(tx, tenant, securityEvent('auth.sign_out', tenant.userId));
  });
}

export async function endUserSessions(tenant: Tenant, userId: number) {
  await tenant.transaction((tx) => repo.revokeUserSessions(tx, tenant.accountId, userId));
}
