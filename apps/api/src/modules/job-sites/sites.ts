import type { TJobSite } from '@ats/contracts/job-sites';
import type { SiteClient } from './site-client.ts';
import { hhClient } from './hh/hh-client.ts';

/** The sites this installation talks to; Avito and Habr Career add their clients here. */
const CLIENTS: Partial<Record<TJobSite, SiteClient>> = { hh: hhClient };

export const siteClientOf = (site: string): SiteClient | null =>
  (CLIENTS as Record<string, SiteClient | undefined>)[site] ?? null;
