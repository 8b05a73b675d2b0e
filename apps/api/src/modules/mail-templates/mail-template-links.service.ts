import type { Tenant } from '../../platform/tenancy.ts';

/** Makes an applicant's deep link to the account's bot; null when the account has no bot. */
export type TelegramLinkMaker = (
  tenant: Tenant,
) => Promise<((applicantId: number) => string) | null>;

let maker: TelegramLinkMaker = async () => null;

/**
 * `%telegram_link%` is the messaging module's deep link, but messaging renders templates through
 * this module: it hands its link maker over here at start instead of being imported (no cycle).
 */
export const provideTelegramLinks = (provided: TelegramLinkMaker) => {
  maker = provided;
};

/** The account's link maker, once per rendering (the bot is looked up once for many letters). */
export const telegramLinksFor = (tenant: Tenant) => maker(tenant);
