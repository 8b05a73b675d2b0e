import type { TTelegramLink } from '@ats/contracts/messaging-telegram';
import type { Config } from '../../../platform/config.ts';
import type { Session } from '../../../platform/auth.ts';
import type { Tenant } from '../../../platform/tenancy.ts';
import { provideTelegramLinks } from '../../mail-templates/mail-template-links.service.ts';
import * as repo from '../messaging.repository.ts';
import { assertReachesApplicant, listChannels } from '../messaging.service.ts';
import { deepLinkOf, signStartToken } from './telegram-keys.ts';

/**
 * The applicant's deep links, one per active Telegram bot the caller may write through (the
 * company's and their own): `https://t.me/<bot>?start=<token>`, the token signed for this
 * account, channel and applicant only. 404 for an applicant the caller does not reach.
 */
export async function applicantTelegramLinks(
  config: Config,
  tenant: Tenant,
  session: Session,
  applicantId: number,
): Promise<TTelegramLink[]> {
  await assertReachesApplicant(tenant, session, applicantId);
  const [company, own] = await Promise.all([
    listChannels(tenant, session, 'account'),
    listChannels(tenant, session, 'user'),
  ]);
  const bots = [...company, ...own].filter(
    (c) =>
      c.kind === 'telegram' &&
      c.state !== 'disabled' &&
      typeof c.settings.bot_username === 'string',
  );
  if (bots.length === 0) return [];
  const links = await tenant.transaction((tx) =>
    repo.listApplicantChatLinks(tx, tenant.accountId, applicantId),
  );
  return bots.map((bot) => ({
    channel_id: bot.id,
    channel_name: bot.name,
    bot_username: String(bot.settings.bot_username),
    url: deepLinkOf(
      String(bot.settings.bot_username),
      signStartToken(config, { accountId: tenant.accountId, channelId: bot.id, applicantId }),
    ),
    linked: links.some((link) => link.channelId === bot.id),
  }));
}

/**
 * Gives mail templates their `%telegram_link%`: the applicant's deep link to the company's bot
 * (the oldest active one), signed as the card's links are; none without a company bot. Called
 * where templates are rendered from: the API process and the worker.
 */
export function startTelegramLetterLinks(config: Config) {
  provideTelegramLinks(async (tenant) => {
    const channels = await tenant.transaction((tx) =>
      repo.listChannels(tx, tenant.accountId, { scope: 'account' }),
    );
    const bot = channels
      .filter(
        (c) =>
          c.kind === 'telegram' &&
          c.state !== 'disabled' &&
          typeof c.settings.bot_username === 'string',
      )
      .sort((a, b) => a.id - b.id)[0];
    if (!bot) return null;
    const username = String(bot.settings.bot_username);
    return (applicantId) =>
      deepLinkOf(
        username,
        signStartToken(config, { accountId: tenant.accountId, channelId: bot.id, applicantId }),
      );
  });
}
