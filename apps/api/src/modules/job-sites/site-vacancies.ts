import type { TSiteVacancyList } from '@ats/contracts/job-site-remote-vacancies';
import type { Config } from '../../platform/config.ts';
import type { SitePublicationState } from './hh/hh-publication.ts';
import type { SiteConnectionRef } from './site-client.ts';

// The employer's own vacancies as a site lists and shows them (decision 0060): what the screen of
// vacancies not linked yet needs, and what linking or importing one reads. hh.ru's reader is in
// `hh/hh-vacancies.ts`; a site without one answers that it cannot list its vacancies.

/** A vacancy in the site's list. */
export type SiteVacancySummary = {
  externalId: string;
  name: string;
  /** The region (a city) as text. */
  area: string | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  currency: string | null;
  responses: number | null;
  url: string | null;
  archived: boolean;
  createdAt: Date | null;
};

/** One vacancy read whole: its fields as our publication form and its state on the site. */
export type SiteVacancyDetail = SiteVacancySummary & {
  /** The site's HTML description. */
  description: string;
  /** Our publication form (contracts `ZPublicationFields`) filled from the site's vacancy. */
  fields: Record<string, unknown>;
  state: SitePublicationState;
};

export type SiteVacancyPage = {
  items: SiteVacancySummary[];
  /** How many pages and vacancies the site has in this list. */
  pages: number;
  found: number;
};

export type SiteVacancyReader = {
  /** One page (0-based) of the employer's active or archived vacancies. */
  list: (
    config: Config,
    token: string,
    ref: SiteConnectionRef,
    list: TSiteVacancyList,
    page: number,
  ) => Promise<SiteVacancyPage>;
  /** One vacancy of this employer; null when the site has none by that id, or not theirs. */
  read: (
    config: Config,
    token: string,
    ref: SiteConnectionRef,
    externalId: string,
  ) => Promise<SiteVacancyDetail | null>;
};
