import {
  RESET_LINK_INVALID,
  RESET_NEUTRAL_MESSAGE,
  SESSION_TTL_SECONDS,
  type TLoginRequest,
  type TResetFromMailRequest,
  type TSignUpRequest,
} from '@ats/contracts/auth';
import { MESSAGES } from '@ats/contracts/envelope';
import { TRIAL_TARIFF } from '@ats/contracts/tariffs';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, isUniqueViolation, tooManyAttempts } from '../../platform/errors.ts';
import {
  generateToken,
  hashPassword,
  hashToken,
  verifyDecoyPassword,
  verifyPassword,
} from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  defaultAdminUserSetting,
  defaultApplicantFieldSettings,
} from '@ats/contracts/user-settings';
import { seedAccountSources } from '../account-sources/account-sources.service.ts';
import { seedAccountPipeline } from '../statuses/pipeline-seed.service.ts';
import * as repo from './auth.repository.ts';

export type ClientMeta = { ip: string | null; userAgent: string | null };

const DAY_MS = 86_400_000;
type AttemptLimit = { perEmail: number; perIp: number; windowSeconds: number; lockSeconds: number };
const LOGIN_LIMIT: AttemptLimit = { perEmail: 5, perIp: 30, windowSeconds: 900, lockSeconds: 900 };
const RESET_LIMIT: AttemptLimit = {
  perEmail: 5,
  perIp: 30,
  windowSeconds: 3600,
  lockSeconds: 3600,
};
const RESET_TOKEN_TTL_MS = 3_600_000;
export const INVITE_TOKEN_TTL_MS = 7 * DAY_MS;
const EMAIL_TAKEN = 'Пользователь с таким email уже зарегистрирован';

async function assertNotThrottled(deps: AppDeps, keys: string[]) {
  for (const key of keys) {
    const row = await repo.findThrottle(deps.database.system, key);
    if (row?.lockedUntil && row.lockedUntil > new Date()) {
      throw tooManyAttempts((row.lockedUntil.getTime() - Date.now()) / 1000);
    }
  }
}

/** Counts an attempt against the e-mail and the client address, each with its own limit. */
async function recordAttempt(deps: AppDeps, keys: string[], limit: AttemptLimit) {
  const [emailKey, ipKey] = keys;
  const db = deps.database.system;
  await repo.recordThrottledAttempt(
    db,
    emailKey!,
    limit.perEmail,
    limit.windowSeconds,
    limit.lockSeconds,
  );
  if (ipKey) {
    await repo.recordThrottledAttempt(
      db,
      ipKey,
      limit.perIp,
      limit.windowSeconds,
      limit.lockSeconds,
    );
  }
}

async function openSession(
  deps: AppDeps,
  accountId: number,
  userId: number,
  source: 'web' | 'plugin',
  meta: ClientMeta,
) {
  const token = generateToken();
  await deps.database.withTenant(accountId, (tx) =>
    repo.insertSession(tx, {
      accountId,
      userId,
      tokenHash: hashToken(token),
      source,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    }),
  );
  return token;
}

export async function signUp(deps: AppDeps, input: TSignUpRequest['admin_user'], meta: ClientMeta) {
  const existing = await repo.findUserByEmailAcrossAccounts(deps.database.system, input.email);
  if (existing) throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
  const now = new Date();
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
        },
        tariff: {
          name: TRIAL_TARIFF.name,
          startAt: now,
          endAt: new Date(now.getTime() + TRIAL_TARIFF.days * DAY_MS),
          usersLimit: TRIAL_TARIFF.users,
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

export async function logIn(deps: AppDeps, input: TLoginRequest, meta: ClientMeta) {
  const keys = [`login:email:${input.email}`, ...(meta.ip ? [`login:ip:${meta.ip}`] : [])];
  await assertNotThrottled(deps, keys);
  const user = await repo.findUserByEmailAcrossAccounts(deps.database.system, input.email);
  const passwordOk =
    user?.passwordHash && user.isActive && !user.deletedAt
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyDecoyPassword(input.password);
  if (!user || !passwordOk) {
    await recordAttempt(deps, keys, LOGIN_LIMIT);
    throw badRequest(MESSAGES.wrongCredentials);
  }
  await repo.clearThrottle(deps.database.system, keys[0]!);
  return {
    auth_token: await openSession(deps, user.accountId, user.id, input.source ?? 'web', meta),
  };
}

export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  publicUrl: string,
  meta: ClientMeta,
) {
  const keys = [`reset:email:${email}`, ...(meta.ip ? [`reset:ip:${meta.ip}`] : [])];
  await assertNotThrottled(deps, keys);
  await recordAttempt(deps, keys, RESET_LIMIT);
  const db = deps.database.system;
  const user = await repo.findUserByEmailAcrossAccounts(db, email);
  if (user && user.isActive && !user.deletedAt) {
    await sendPasswordLink(
      deps,
      { accountId: user.accountId, userId: user.id, email: user.email },
      publicUrl,
      'reset',
    );
  }
  return RESET_NEUTRAL_MESSAGE;
}

/** Mails a one-time link to set a password: after "forgot password", or as an invitation. */
export async function sendPasswordLink(
  deps: AppDeps,
  user: { accountId: number; userId: number; email: string },
  publicUrl: string,
  purpose: 'reset' | 'invite',
) {
  const token = generateToken();
  const ttl = purpose === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await deps.database.withTenant(user.accountId, (tx) =>
    repo.insertPasswordToken(tx, {
      accountId: user.accountId,
      userId: user.userId,
      tokenHash: hashToken(token),
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    }),
  );
  const link = `${publicUrl}/auth/reset-from-mail?token=${token}`;
  const text =
    purpose === 'invite'
      ? `Здравствуйте!\n\nВас пригласили в команду подбора. Чтобы войти, задайте пароль по ссылке (действует 7 дней):\n${link}\n`
      : `Здравствуйте!\n\nЧтобы задать новый пароль, перейдите по ссылке (действует 1 час, сработает один раз):\n${link}\n\nЕсли вы не запрашивали восстановление, просто проигнорируйте это письмо.\n`;
  await deps.mailer.send({
    to: user.email,
    subject: purpose === 'invite' ? 'Приглашение в команду' : 'Восстановление пароля',
    text,
    kind: purpose === 'invite' ? 'invitation' : 'password_reset',
    accountId: user.accountId,
    devLogLine: `${purpose === 'invite' ? 'Ссылка-приглашение' : 'Ссылка для восстановления пароля'}: ${link}`,
  });
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
  });
  return { auth_token: await openSession(deps, owner.accountId, owner.userId, 'web', meta) };
}

export async function logOut(tenant: Tenant, sessionId: number) {
  await tenant.transaction((tx) => repo.revokeSession(tx, tenant.accountId, sessionId));
}

export async function endUserSessions(tenant: Tenant, userId: number) {
  await tenant.transaction((tx) => repo.revokeUserSessions(tx, tenant.accountId, userId));
}
