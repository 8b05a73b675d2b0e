import type { AppDeps } from '../../platform/deps.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import * as repo from './auth.repository.ts';

const DAY_MS = 86_400_000;
const RESET_TOKEN_TTL_MS = 3_600_000;
export const INVITE_TOKEN_TTL_MS = 7 * DAY_MS;

/** Mails a one-time link to set a password: after "forgot password", or as an invitation. */
export async function sendPasswordLink(
  deps: Pick<AppDeps, 'database' | 'mailer'>,
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

/** The job after "forgot password": a link for a user who exists and may sign in, else nothing. */
export async function mailResetLinkIfRegistered(
  deps: Pick<AppDeps, 'database' | 'mailer'>,
  email: string,
  publicUrl: string,
) {
  const user = await repo.findUserByEmailAcrossAccounts(deps.database.system, email);
  if (!user || !user.isActive || user.deletedAt) return;
  await sendPasswordLink(
    deps,
    { accountId: user.accountId, userId: user.id, email: user.email },
    publicUrl,
    'reset',
  );
}
