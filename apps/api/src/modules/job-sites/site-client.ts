import type { TCreateApplicantRequest } from '@ats/contracts/applicants';
import type { TJobSite, TJobSiteCall } from '@ats/contracts/job-sites';
import type { Config } from '../../platform/config.ts';

// What every job site gives the module (decision 0047): hh.ru here, Avito and Habr Career in their
// own folders beside it, each registering one `SiteClient` in `sites.ts`. The module's tables,
// routes, sync and screen do not know which site they talk to.

export type SiteTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds; null when the site does not say. */
  expiresIn: number | null;
};

export type SiteAccount = { externalAccountId: string; name: string | null; userId: string | null };

export type SiteVacancy = {
  externalId: string;
  name: string;
  area: string | null;
  responses: number | null;
  url: string | null;
};

/** One response on the site, as listed; the résumé is fetched separately. */
export type SiteResponse = {
  externalId: string;
  resumeId: string | null;
  resumeUrl: string | null;
  /** What the site listed, for `applicantOf` (Avito's application, Habr's response). */
  raw?: unknown;
  /** hh: the negotiation's message count as listed (null: the site did not say). */
  messageCount?: number | null;
  /** Avito: the application's chat in the messenger. */
  chatId?: string | null;
};

/** A résumé as our applicant fields, with what has no field of ours kept beside them. */
export type SiteApplicant = {
  draft: TCreateApplicantRequest;
  photoUrl: string | null;
  resumeLink: string | null;
};

/**
 * A refusal or failure of the site, classified: `expired` (refresh and retry once), `revoked`
 * (connect again), `rate` (429, captcha: pause), `unavailable` (5xx, network: pause), `other`.
 */
export class SiteError extends Error {
  constructor(
    readonly status: number,
    readonly kind: 'expired' | 'revoked' | 'rate' | 'unavailable' | 'other',
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`job site answered ${status} (${kind})`);
    this.name = 'SiteError';
  }
}

export type SiteConnectionRef = { externalAccountId: string; externalUserId: string | null };

export type SiteClient = {
  site: TJobSite;
  configured: (config: Config) => boolean;
  authorizeUrl: (config: Config, redirectUri: string, state: string) => string;
  exchangeCode: (config: Config, code: string, redirectUri: string) => Promise<SiteTokens>;
  refresh: (config: Config, refreshToken: string) => Promise<SiteTokens>;
  whoAmI: (config: Config, accessToken: string) => Promise<SiteAccount>;
  /** get_me, get_dictionaries, …: the site's status and body (null body unless 200). */
  call: (
    config: Config,
    accessToken: string,
    connection: SiteConnectionRef,
    name: TJobSiteCall,
  ) => Promise<{ code: number; result: unknown }>;
  activeVacancies: (
    config: Config,
    accessToken: string,
    connection: SiteConnectionRef,
  ) => Promise<SiteVacancy[]>;
  /** One page (0-based) of a vacancy's responses; `pages` is how many there are. */
  responsesPage: (
    config: Config,
    accessToken: string,
    externalVacancyId: string,
    page: number,
    /** The last sync that finished whole: sites listing by date (Avito) read from there. */
    since?: Date | null,
  ) => Promise<{ items: SiteResponse[]; pages: number }>;
  applicantOf: (
    config: Config,
    accessToken: string,
    response: SiteResponse,
  ) => Promise<SiteApplicant | null>;
};
