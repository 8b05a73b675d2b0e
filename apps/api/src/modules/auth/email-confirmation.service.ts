import {
  EMAIL_ALREADY_CONFIRMED,
  EMAIL_CONFIRMATION_INVALID,
  EMAIL_CONFIRMATION_SENT,
  EMAIL_CONFIRMED,
} from '@ats/contracts/auth';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import { type RateLimit, spendAllowance } from '../../platform/throttle.ts';
import * as repo from './auth.repository.ts';

// A company signed up through the public form confirms its e-mail by a mailed link (decision
// 0026). Until then its heavy work — résumé parsing and imports — stays within a daily quota, so
// an anonymous visitor cannot turn sign-ups into free parsing capacity.

const CONFIRM_FIRST =
  'Подтвердите адрес электронной почты по ссылке из письма, отправленного при регистрации, ' +
  'чтобы продолжить';

/** Résumés a company may parse a day before its e-mail is confirmed. */
export const TRIAL_PARSE_QUOTA: RateLimit = {
  name: 'trial-parse',
  perClient: 50,
  windowSeconds: 86_400,
  message: `Лимит разбора резюме до подтверждения почты исчерпан. ${CONFIRM_FIRST}`,
};
/** Import files a company may upload a day before its e-mail is confirmed. */
export const TRIAL_IMPORT_QUOTA: RateLimit = {
  name: 'trial-import',
  perClient: 20,
  windowSeconds: 86_400,
  message: `Лимит импорта до подтверждения почты исчерпан. ${CONFIRM_FIRST}`,
};
/** Repeated confirmation mails: a few a day for one company. */
const RESEND_LIMIT: RateLimit = {
  name: 'confirm-resend',
  perClient: 5,
  global: 500,
  windowSeconds: 86_400,
  message: 'Письмо уже отправлено несколько раз. Попробуйте завтра',
};

/** Gives the account a new link (the previous one stops working) and mails it to `email`. */
export async function sendConfirmationLink(
  deps: Pick<AppDeps, 'database' | 'mailer'>,
  account: { accountId: number; email: string },
  publicUrl: string,
) {
  const token = generateToken();
  await repo.setEmailConfirmationHashAcrossAccounts(
    deps.database.system,
    account.accountId,
    hashToken(token),
  );
  const link = `${publicUrl}/auth/confirm-account?token=${token}`;
  await deps.mailer.send({
    to: account.email,
    subject: 'Подтвердите адрес электронной почты',
    text:
      `Здравствуйте!\n\nСпасибо за регистрацию. Подтвердите адрес электронной почты по ссылке:\n` +
      `${link}\n\nДо подтверждения разбор резюме и импорт кандидатов ограничены.\n` +
      `Если вы не регистрировались, просто проигнорируйте это письмо.\n`,
    kind: 'email_confirmation',
    accountId: account.accountId,
    devLogLine: `Ссылка для подтверждения почты: ${link}`,
  });
}

/** Uses a link: the account is confirmed and the link spent. */
export async function confirmEmail(deps: Pick<AppDeps, 'database'>, token: string) {
  const confirmed = await repo.confirmEmailAcrossAccounts(deps.database.system, hashToken(token));
  if (!confirmed) {
    throw badRequest(EMAIL_CONFIRMATION_INVALID, { token: EMAIL_CONFIRMATION_INVALID });
  }
  return EMAIL_CONFIRMED;
}

/** A new link for a signed-in user's company, mailed to its owner who signed up. */
export async function resendConfirmationLink(
  deps: AppDeps,
  caller: { accountId: number },
  publicUrl: string,
) {
  const account = await repo.findEmailConfirmationAcrossAccounts(
    deps.database.system,
    caller.accountId,
  );
  if (!account || account.confirmedAt) throw badRequest(EMAIL_ALREADY_CONFIRMED);
  await spendAllowance(deps, RESEND_LIMIT, `account:${caller.accountId}`);
  await sendConfirmationLink(
    deps,
    { accountId: caller.accountId, email: account.email },
    publicUrl,
  );
  return EMAIL_CONFIRMATION_SENT;
}

/** Counts one heavy call of an unconfirmed company; 429 once its quota for the day is spent. */
export async function spendTrialQuota(
  deps: Pick<AppDeps, 'database' | 'config'>,
  accountId: number,
  quota: RateLimit,
) {
  const account = await repo.findEmailConfirmationAcrossAccounts(deps.database.system, accountId);
  if (!account || account.confirmedAt) return;
  await spendAllowance(deps, quota, `account:${accountId}`);
}
