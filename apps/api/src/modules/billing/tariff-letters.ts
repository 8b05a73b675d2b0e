import type { Database } from '@ats/db/connection';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { currentTariffsEndingBeforeAcrossAccounts } from '../account/account.service.ts';
import * as repo from './billing.repository.ts';
import { findActiveAdminEmails } from '../users/users.service.ts';
import { billingEnabled } from './yookassa-client.ts';
import { PAID_TARIFFS, TRIAL_TARIFF } from '@ats/contracts/tariffs';

// The letters about a tariff's end (decision 0036): 7 days before, 1 day before, and when it has
// ended — the account is then deactivated (every call but /me, the payment and the extension
// request answers 419 from the end on; see platform/auth.ts). Each letter is claimed in
// `tariff_letters` before it is sent, so a run repeated or retried sends nothing twice, and a
// period that is paid for again (a new row of account_tariffs) starts afresh.

const DAY_MS = 86_400_000;

export type LetterKind = 'remind_7' | 'remind_1' | 'ended';

const titleOf = (name: string) =>
  name === TRIAL_TARIFF.name
    ? 'Пробный'
    : (PAID_TARIFFS.find((t) => t.name === name)?.title ?? name);

const dateRu = (d: Date) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  }).format(d);

export function tariffLetter(
  kind: LetterKind,
  company: string,
  tariff: string,
  endAt: Date,
  url: string,
) {
  const title = titleOf(tariff);
  if (kind === 'ended') {
    return {
      subject: `Тариф «${title}» закончился — аккаунт отключён`,
      text:
        `Тариф «${title}» компании «${company}» закончился ${dateRu(endAt)}, и аккаунт отключён.\n` +
        `Все вакансии и кандидаты сохранены: оплатите тариф, и аккаунт снова заработает сразу ` +
        `после оплаты.\n\nОплатить: ${url}/settings/account\n`,
    };
  }
  const days = kind === 'remind_7' ? '7 дней' : '1 день';
  return {
    subject: `Тариф «${title}» закончится через ${days}`,
    text:
      `Тариф «${title}» компании «${company}» действует до ${dateRu(endAt)}.\n` +
      `После этой даты аккаунт будет отключён до оплаты. Продлить тариф: ${url}/settings/account\n`,
  };
}

/** Which letter an end at `endAt` calls for at `now`, if any. */
export function letterDue(endAt: Date, now: Date): LetterKind | null {
  const left = endAt.getTime() - now.getTime();
  if (left <= 0) return 'ended';
  if (left <= DAY_MS) return 'remind_1';
  if (left <= 7 * DAY_MS) return 'remind_7';
  return null;
}

/** Sends the letters due; answers how many went out. */
export async function sendTariffLetters(
  deps: { config: Config; database: Database; mailer: Mailer },
  now = new Date(),
) {
  if (!billingEnabled(deps.config)) return 0;
  const url = (deps.config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const ending = await currentTariffsEndingBeforeAcrossAccounts(
    deps.database.system,
    new Date(now.getTime() + 7 * DAY_MS),
  );
  let sent = 0;
  for (const tariff of ending) {
    const endAt = new Date(tariff.end_at);
    const kind = letterDue(endAt, now);
    if (!kind) continue;
    const recipients = await deps.database.withTenant(tariff.account_id, async (tx) => {
      const claimed = await repo.claimTariffLetter(tx, tariff.account_id, tariff.tariff_id, kind);
      // A later letter makes the earlier ones moot: a 1-day reminder is never followed by a 7-day one.
      if (kind !== 'remind_7') {
        await repo.claimTariffLetter(tx, tariff.account_id, tariff.tariff_id, 'remind_7');
      }
      if (kind === 'ended') {
        await repo.claimTariffLetter(tx, tariff.account_id, tariff.tariff_id, 'remind_1');
      }
      return claimed ? findActiveAdminEmails(tx, tariff.account_id) : [];
    });
    const letter = tariffLetter(kind, tariff.company, tariff.name, endAt, url);
    for (const to of recipients) {
      await deps.mailer.send({
        to,
        ...letter,
        kind: `tariff_${kind}`,
        accountId: tariff.account_id,
      });
      sent += 1;
    }
  }
  return sent;
}
