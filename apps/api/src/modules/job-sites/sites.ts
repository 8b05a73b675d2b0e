import type { TJobSite } from '@ats/contracts/job-sites';
import type { SiteClient } from './site-client.ts';
import { avitoSite } from './avito/avito-site.ts';
import { habrSite } from './habr/habr-site.ts';
import { hhClient } from './hh/hh-client.ts';

/** The sites this installation talks to (decisions 0047, 0055). */
const CLIENTS: Partial<Record<TJobSite, SiteClient>> = {
  hh: hhClient,
  avito: avitoSite,
  habr: habrSite,
};

export const siteClientOf = (site: string): SiteClient | null =>
  (CLIENTS as Record<string, SiteClient | undefined>)[site] ?? null;
