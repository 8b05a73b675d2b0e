import {
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_TTL_HOURS,
  type TConfirmEmailResponse,
  emailConfirmedMessage,
} from '@ats/contracts/users';
import { changesBetween, recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, isUniqueViolation } from '../../platform/errors.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { isOwnPasswordRight } from '../auth/attempts.service.ts';
import { endOutstandingLinks } from '../auth/credentials.service.ts';
import * as repo from './users.repository.ts';

// Decision 0025: one's own address changes only after the current password and a link opened
// from the new address; the old address is told. An admin changes a colleague's address at
// once, and the colleague's old address is told too.

export const EMAIL_TAKEN = 'Пользователь с таким email уже существует';
const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3_600_000;

const PASSWORD_FIELD = 'admin_user.current_password';

/**
 * The current password, before one's own address may change. Wrong passwords count against the
 * same throttle as the other secrets a signed-in user types, so a borrowed session cannot guess.
 */
export async function assertCurrentPassword(
  deps: AppDeps,
  tenant: Tenant,
  user: { passwordHash: string | null },
  currentPassword: string | undefined,
) {
  if (!currentPassword) {
    throw badRequest(EMAIL_CHANGE_MESSAGES.passwordRequired, {
      [PASSWORD_FIELD]: EMAIL_CHANGE_MESSAGES.passwordRequired,
    });
  }
  const { accountId, userId } = tenant;
  if (!(await isOwnPasswordRight(deps, { accountId, userId, ...user }, currentPassword))) {
    throw badRequest(EMAIL_CHANGE_MESSAGES.wrongPassword, {
      [PASSWORD_FIELD]: EMAIL_CHANGE_MESSAGES.wrongPassword,
    });
  }
}

/** 409 at once for an address someone already signs in with (it would fail at confirmation). */
export async function assertEmailFree(deps: AppDeps, email: string) {
  if (await repo.isEmailTakenAcrossAccounts(deps.database.system, email)) {
    throw conflict(EMAIL_TAKEN, { 'admin_user.email': EMAIL_TAKEN });
  }
}

/**
 * Records the request and mails the link to the new address and a notice to the old one. An
 * earlier request of the user stops working.
 */
export async function requestOwnEmailChange(
  deps: AppDeps,
  tenant: Tenant,
  user: { id: number; email: string },
  newEmail: string,
  publicUrl: string,
) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + TTL_MS);
  await tenant.transaction(async (tx) => {
    await repo.revokePendingEmailChanges(tx, tenant.accountId, user.id);
    await repo.insertEmailChange(tx, {
      accountId: tenant.accountId,
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt,
    });
  });
  const link = `${publicUrl}/auth/confirm-email?token=${token}`;
  await deps.mailer.send({
    to: newEmail,
    subject: 'Подтвердите новый email',
    text:
      'Здравствуйте!\n\n' +
      `Вы меняете email для входа в систему подбора персонала с ${user.email} на этот адрес.\n` +
      `Чтобы подтвердить, перейдите по ссылке (действует ${EMAIL_CHANGE_TTL_HOURS} часа, сработает один раз):\n${link}\n\n` +
      'Если вы не меняли email, просто проигнорируйте это письмо: адрес останется прежним.\n',
    kind: 'email_change_confirmation',
    accountId: tenant.accountId,
    devLogLine: `Ссылка для подтверждения email ${newEmail}: ${link}`,
  });
  await tellOldAddress(deps, tenant.accountId, user.email, newEmail, 'requested');
}

/**
 * The notice to the address being replaced: a change asked for (it happens once the link from
 * the new address is opened) or made by an admin.
 */
export async function tellOldAddress(
  deps: AppDeps,
  accountId: number,
  oldEmail: string,
  newEmail: string,
  how: 'requested' | 'by-admin',
) {
  const what =
    how === 'requested'
      ? `Кто-то, войдя в вашу учётную запись, попросил сменить email для входа на ${newEmail}. ` +
        'Email сменится, только когда по ссылке из письма на новый адрес перейдут.'
      : `Администратор вашей команды сменил email для входа в вашу учётную запись на ${newEmail}.`;
  await deps.mailer.send({
    to: oldEmail,
    subject: 'Смена email учётной записи',
    text:
      `Здравствуйте!\n\n${what}\n\n` +
      'Если это были не вы, смените пароль на странице «Безопасность» и напишите администратору ' +
      'вашей команды или в поддержку.\n',
    kind: 'email_change_notice',
    accountId,
  });
}

const invalidLink = () =>
  badRequest(EMAIL_CHANGE_MESSAGES.linkInvalid, { token: EMAIL_CHANGE_MESSAGES.linkInvalid });

/**
 * The link from the new address: the address changes, once, and only while the user still has
 * the address the request was made from. Links mailed to the old address (reset, other
 * requests) stop working.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
): Promise<TConfirmEmailResponse> {
  const found = await repo.findOpenEmailChangeAcrossAccounts(
    deps.database.system,
    hashToken(token),
  );
  if (!found) throw invalidLink();
  try {
    const email = await deps.database.withTenant(found.accountId, async (tx) => {
      const change = await repo.confirmEmailChange(tx, found.accountId, found.id);
      // Thrown inside the transaction, so a half-confirmed link is rolled back.
      if (!change) throw invalidLink();
      const user = await repo.replaceEmail(
        tx,
        found.accountId,
        change.userId,
        change.oldEmail,
        change.newEmail,
      );
      if (!user) throw invalidLink();
      await endOutstandingLinks(tx, found.accountId, user.id);
      await recordAudit(
        tx,
        { accountId: found.accountId, userId: user.id },
        {
          action: 'user.updated',
          target: { type: 'user', id: user.id },
          summary: `Email подтверждён по ссылке: ${change.oldEmail} → ${change.newEmail}`,
          changes: changesBetween({ email: change.oldEmail }, { email: change.newEmail }),
        },
      );
      return user.email;
    });
    return { email, notice: emailConfirmedMessage(email) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { token: EMAIL_TAKEN });
    throw error;
  }
}
