import {
  PUBLICATION_MESSAGES,
  PUBLICATION_STATE_NAMES,
  type TPublication,
  type TPublicationFields,
  type TPublicationSample,
  type TPublicationState,
} from '@ats/contracts/job-site-publications';
import { JOB_SITE_MESSAGES, type TJobSite } from '@ats/contracts/job-sites';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../platform/tenancy.ts';
import { getVacancy } from '../vacancies/vacancies.service.ts';
import { STILL_CREATING, avitoPublications } from './avito/avito-publication.ts';
import { habrPublications } from './habr/habr-publication.ts';
import { hhPublications, type SitePublicationState } from './hh/hh-publication.ts';
import { assertCanManageJobSites } from './job-sites.policy.ts';
import { type JobSitesDeps, connectionOf, siteSessionOf } from './job-sites.service.ts';
import { insertLink } from './job-sites.repository.ts';
import * as repo from './publications.repository.ts';
import type { SiteFailure, SiteResult } from './site-call.ts';
import { SiteError } from './site-client.ts';

// Publishing our vacancies on job sites (decision 0053). A publication is one vacancy of ours on
// one site through one connection. The site is asked first: a refusal stores nothing (the site's
// validation comes back as field errors of our form, in Russian), an acceptance is stored on
// moderation with the form as sent. The state is read back from the site when the vacancy's
// card lists its publications and by the sync sweep; closing our vacancy archives its
// publications on the sites. Each site brings a `SitePublisher`; hh.ru is the first.

export type SitePublisher = {
  create: (
    config: JobSitesDeps['config'],
    token: string,
    fields: TPublicationFields,
    /** Our vacancy's id (a site may take it as its own code for the vacancy). */
    vacancyId?: number,
    /** `linkId`: the site's vacancy id its responses name, when it is known at once (hh.ru). */
  ) => Promise<SiteResult<{ externalId: string; linkId?: string | null }>>;
  update: (
    config: JobSitesDeps['config'],
    token: string,
    externalId: string,
    fields: TPublicationFields,
  ) => Promise<SiteResult<unknown>>;
  prolong: (
    config: JobSitesDeps['config'],
    token: string,
    externalId: string,
    /** The form as last sent (Avito prolongs with the billing it chose). */
    fields?: Record<string, unknown>,
  ) => Promise<SiteResult<unknown>>;
  archive: (
    config: JobSitesDeps['config'],
    token: string,
    ref: { externalAccountId: string; externalUserId: string | null },
    externalId: string,
  ) => Promise<SiteResult<unknown>>;
  read: (
    config: JobSitesDeps['config'],
    token: string,
    externalId: string,
  ) => Promise<SiteResult<SitePublicationState & { linkId?: string | null }>>;
};

const PUBLISHERS: Partial<Record<TJobSite, SitePublisher>> = {
  hh: hhPublications,
  avito: avitoPublications,
  habr: habrPublications,
};

function publisherOf(site: string): SitePublisher {
  const publisher = (PUBLISHERS as Record<string, SitePublisher | undefined>)[site];
  if (!publisher) throw badRequest(JOB_SITE_MESSAGES.siteNotAvailable);
  return publisher;
}

const LIVE: readonly TPublicationState[] = ['moderation', 'published'];

/** A published vacancy changes by our own calls (read back then) or slowly (expiry, a block). */
export const PUBLISHED_READ_INTERVAL_MS = 30 * 60_000;

export function toPublication(
  row: repo.PublicationRow,
  vacancyName: string | null = null,
): TPublication {
  // hh.ru's address from the id; another site's as its read names it (Avito's statuses).
  const url =
    row.site === 'hh'
      ? row.externalId
        ? `https://hh.ru/vacancy/${row.externalId}`
        : null
      : row.siteUrl;
  return {
    id: row.id,
    site: row.site as TJobSite,
    connection_id: row.connectionId,
    vacancy_id: row.vacancyId,
    vacancy_name: vacancyName,
    external_id: row.externalId,
    url,
    state: row.state,
    state_name: PUBLICATION_STATE_NAMES[row.state],
    refusal_reason: row.refusalReason,
    fields: row.fields,
    published_at: row.publishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    checked_at: row.checkedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    archive_requested: row.archiveRequestedAt !== null && row.state !== 'archived',
  };
}

/** A site's refusal as our envelope: field errors under `fields.<name>`, all in Russian. */
function failed(failure: SiteFailure): never {
  if (failure.kind === 'invalid') {
    const errors: Record<string, string> = {};
    const loose: string[] = [];
    for (const e of failure.errors) {
      if (e.field) errors[`fields.${e.field}`] ??= e.message;
      else loose.push(e.message);
    }
    const message = loose.length ? `${failure.message}. ${loose.join('; ')}` : failure.message;
    throw badRequest(message, errors);
  }
  if (failure.kind === 'paused') throw new AppError(429, JOB_SITE_MESSAGES.paused);
  if (failure.kind === 'retryable') throw new AppError(503, JOB_SITE_MESSAGES.unavailable);
  throw conflict(failure.message);
}

const thrownBySite = (error: unknown): never => {
  if (error instanceof SiteError) {
    throw new AppError(
      error.kind === 'rate' ? 429 : 503,
      error.kind === 'rate' ? JOB_SITE_MESSAGES.paused : JOB_SITE_MESSAGES.unavailable,
    );
  }
  throw error;
};

async function vacancyNameOf(tenant: Tenant, session: Session, vacancyId: number) {
  const vacancy = await getVacancy(tenant, session, vacancyId).catch(() => null);
  if (!vacancy) throw notFound(JOB_SITE_MESSAGES.vacancyNotFound);
  return vacancy.position;
}

async function publicationOf(tenant: Tenant, id: number) {
  const row = await tenant.transaction((tx) => repo.findPublication(tx, tenant.accountId, id));
  if (!row) throw notFound(PUBLICATION_MESSAGES.notFound);
  return row;
}

/** Runs one call of the site as the publication's connection. */
async function withSite<T>(
  deps: JobSitesDeps,
  tenant: Tenant,
  connectionId: number,
  work: (
    publisher: SitePublisher,
    token: string,
    ref: { externalAccountId: string; externalUserId: string | null },
  ) => Promise<SiteResult<T>>,
) {
  const connection = await connectionOf(tenant, connectionId);
  const publisher = publisherOf(connection.site);
  const { call, ref } = siteSessionOf(deps, tenant, connection);
  const result = await call((token) => work(publisher, token, ref)).catch(thrownBySite);
  return { connection, result };
}

/** Publishes our vacancy on the connection's site: stored on moderation once the site takes it. */
export async function createPublication(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  vacancyId: number,
  input: { connection_id: number; fields: TPublicationFields },
) {
  assertCanManageJobSites(session);
  const name = await vacancyNameOf(tenant, session, vacancyId);
  const { connection, result } = await withSite(deps, tenant, input.connection_id, (p, token) =>
    p.create(deps.config, token, input.fields, vacancyId),
  );
  if (!result.ok) failed(result);
  // A site that answers a repeat with the publication it already has (Avito) gets that one back.
  const known = await tenant.transaction((tx) =>
    repo.findPublicationByExternal(tx, tenant.accountId, connection.site, result.value.externalId),
  );
  if (known && known.vacancyId === vacancyId) return toPublication(known, name);
  const row = await tenant.transaction(async (tx) => {
    const inserted = await repo.insertPublication(tx, {
      accountId: tenant.accountId,
      site: connection.site,
      connectionId: connection.id,
      vacancyId,
      externalId: result.value.externalId,
      state: 'moderation',
      fields: input.fields,
      createdBy: session.userId,
    });
    // The site's vacancy tied to ours at once, so the next sync brings its responses here.
    if (result.value.linkId) {
      await linkPublished(tx, tenant.accountId, inserted, result.value.linkId);
    }
    return inserted;
  });
  return toPublication(row, name);
}

export async function updatePublication(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  fields: TPublicationFields,
) {
  assertCanManageJobSites(session);
  const row = await publicationOf(tenant, id);
  const name = await vacancyNameOf(tenant, session, row.vacancyId);
  if (row.state === 'archived') throw conflict(PUBLICATION_MESSAGES.archived);
  const { result } = await withSite(deps, tenant, row.connectionId, (p, token) =>
    p.update(deps.config, token, row.externalId!, fields),
  );
  if (!result.ok) failed(result);
  const saved = await tenant.transaction((tx) =>
    repo.updatePublication(tx, tenant.accountId, id, { fields }),
  );
  return toPublication(saved, name);
}

async function refreshed(
  deps: JobSitesDeps,
  tenant: Tenant,
  row: repo.PublicationRow,
): Promise<repo.PublicationRow> {
  if (!row.externalId) return row;
  const { result } = await withSite(deps, tenant, row.connectionId, (p, token) =>
    p.read(deps.config, token, row.externalId!),
  );
  if (!result.ok) return row;
  const site = result.value;
  const now = await tenant.transaction(async (tx) => {
    // The site's vacancy (Avito's integer id) tied to ours, so the sync brings its responses.
    if (site.linkId) {
      await linkPublished(tx, tenant.accountId, row, site.linkId);
    }
    return repo.updatePublication(tx, tenant.accountId, row.id, {
      state: site.state,
      refusalReason: site.refusalReason,
      publishedAt: site.publishedAt,
      expiresAt: site.expiresAt,
      siteUrl: site.url ?? row.siteUrl,
      checkedAt: new Date(),
    });
  });
  // Our vacancy closed while the site could not archive yet: archived as soon as it can be.
  if (now.archiveRequestedAt && LIVE.includes(now.state)) {
    return archiveRow(deps, tenant, now).catch(() => now);
  }
  return now;
}

/** Links the site's vacancy to ours unless it is linked already (to ours or, by hand, another). */
async function linkPublished(
  tx: Parameters<typeof repo.findPublication>[0],
  accountId: number,
  row: repo.PublicationRow,
  externalId: string,
) {
  const name = typeof row.fields.name === 'string' ? row.fields.name : externalId;
  await insertLink(tx, {
    accountId,
    connectionId: row.connectionId,
    site: row.site,
    externalId,
    name,
    vacancyId: row.vacancyId,
  });
}

export async function prolongPublication(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
) {
  assertCanManageJobSites(session);
  const row = await publicationOf(tenant, id);
  const name = await vacancyNameOf(tenant, session, row.vacancyId);
  if (row.state === 'archived') throw conflict(PUBLICATION_MESSAGES.archived);
  const { result } = await withSite(deps, tenant, row.connectionId, (p, token) =>
    p.prolong(deps.config, token, row.externalId!, row.fields),
  );
  if (!result.ok) failed(result);
  return toPublication(await refreshed(deps, tenant, row), name);
}

async function archiveRow(
  deps: JobSitesDeps,
  tenant: Tenant,
  row: repo.PublicationRow,
  /** The site cannot archive yet (Avito still creating it): leave it live, wished, for the sweep. */
  options: { waitWhileCreating?: boolean } = {},
) {
  if (row.externalId) {
    const { result } = await withSite(deps, tenant, row.connectionId, (p, token, ref) =>
      p.archive(deps.config, token, ref, row.externalId!),
    );
    if (
      options.waitWhileCreating &&
      !result.ok &&
      result.kind === 'refused' &&
      result.siteMessage === STILL_CREATING
    ) {
      return row;
    }
    // Already gone at the site (404) counts as archived.
    if (!result.ok && !(result.kind === 'refused' && result.status === 404)) failed(result);
  }
  return tenant.transaction((tx) =>
    repo.updatePublication(tx, tenant.accountId, row.id, {
      state: 'archived',
      checkedAt: new Date(),
    }),
  );
}

export async function archivePublication(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  id: number,
) {
  assertCanManageJobSites(session);
  const row = await publicationOf(tenant, id);
  const name = await vacancyNameOf(tenant, session, row.vacancyId);
  if (row.state === 'archived') return toPublication(row, name);
  // The wish first (decision 0071): a publication the site is still creating, or a site that
  // fails now, is archived by the sweep's next read; the card says «Будет снята с публикации».
  const wished = await tenant.transaction((tx) =>
    repo.updatePublication(tx, tenant.accountId, row.id, {
      archiveRequestedAt: row.archiveRequestedAt ?? new Date(),
    }),
  );
  return toPublication(await archiveRow(deps, tenant, wished, { waitWhileCreating: true }), name);
}

/** The vacancy's card: its publications, the live ones read back from their sites first. */
export async function vacancyPublications(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  vacancyId: number,
) {
  const name = await vacancyNameOf(tenant, session, vacancyId);
  const rows = await tenant.transaction((tx) =>
    repo.listVacancyPublications(tx, tenant.accountId, vacancyId),
  );
  const out = [];
  for (const row of rows) {
    const now = LIVE.includes(row.state)
      ? await refreshed(deps, tenant, row).catch(() => row)
      : row;
    out.push(toPublication(now, name));
  }
  return out;
}

/** GET /api/vacancy_sites/published_vacancies: the account's publications, filtered. */
export async function publishedVacancies(
  tenant: Tenant,
  session: Session,
  query: { site_name?: TJobSite | undefined; state?: TPublicationState | undefined },
) {
  const rows = await tenant.transaction((tx) =>
    repo.listPublications(tx, tenant.accountId, { site: query.site_name, state: query.state }),
  );
  const names = new Map<number, string | null>();
  const out = [];
  for (const row of rows) {
    if (!names.has(row.vacancyId)) {
      const vacancy = await getVacancy(tenant, session, row.vacancyId).catch(() => null);
      names.set(row.vacancyId, vacancy?.position ?? null);
    }
    // A vacancy the caller may not read is not listed.
    const name = names.get(row.vacancyId) ?? null;
    if (name !== null) out.push(toPublication(row, name));
  }
  return out;
}

/**
 * Our vacancy closed: each of its live publications is archived on its site. The wish is stored
 * first: a site that cannot archive yet (Avito still creating the vacancy) or fails is left live
 * (logged), and the sweep archives it on a later read.
 */
export async function archiveVacancyPublications(
  deps: JobSitesDeps,
  tenant: Tenant,
  vacancyId: number,
) {
  const rows = await tenant.transaction((tx) =>
    repo.listVacancyPublications(tx, tenant.accountId, vacancyId),
  );
  for (const row of rows) {
    if (!LIVE.includes(row.state) && row.state !== 'refused') continue;
    const wished = await tenant.transaction((tx) =>
      repo.updatePublication(tx, tenant.accountId, row.id, { archiveRequestedAt: new Date() }),
    );
    await archiveRow(deps, tenant, wished).catch((error: unknown) => {
      deps.log?.warn(
        { publicationId: row.id, error: error instanceof Error ? error.message : 'failed' },
        'archiving a publication failed',
      );
    });
  }
}

/**
 * The sweep's step: live publications read back from their sites no more often than their state
 * can change — on moderation (or to be archived) each run, published every
 * PUBLISHED_READ_INTERVAL_MS (decision 0063).
 */
export async function refreshLivePublications(deps: JobSitesDeps, at = new Date()) {
  const live = await repo.listLivePublicationsAcrossAccounts(
    deps.database.system,
    new Date(at.getTime() - PUBLISHED_READ_INTERVAL_MS),
  );
  for (const item of live) {
    const tenant = tenantFor(deps.database, item.accountId, item.createdBy ?? 0);
    const row = await publicationOf(tenant, item.id).catch(() => null);
    if (row) await refreshed(deps, tenant, row).catch(() => undefined);
  }
}

/**
 * Right after publishing (the job queue): the publication's state read from the site, and once
 * the site names its vacancy (the link made), its applications pulled in. Answers whether the
 * site's vacancy is known yet, so the job reads again until it is.
 */
export async function readNewPublication(
  deps: JobSitesDeps,
  accountId: number,
  publicationId: number,
  sync: (connectionId: number) => Promise<void>,
) {
  const tenant = tenantFor(deps.database, accountId, 0);
  const row = await publicationOf(tenant, publicationId).catch(() => null);
  if (!row || !LIVE.includes(row.state)) return true;
  const now = await refreshed(deps, tenant, row);
  if (now.siteUrl === null && LIVE.includes(now.state)) return false;
  await sync(now.connectionId);
  return true;
}

const toSample = (row: Awaited<ReturnType<typeof repo.insertSample>>): TPublicationSample => ({
  id: row.id,
  site: row.site as TJobSite,
  name: row.name,
  fields: row.fields,
  created_at: row.createdAt.toISOString(),
});

export async function listPublicationSamples(tenant: Tenant, site: TJobSite | undefined) {
  const rows = await tenant.transaction((tx) => repo.listSamples(tx, tenant.accountId, site));
  return rows.map(toSample);
}

export async function createPublicationSample(
  tenant: Tenant,
  session: Session,
  input: { site: TJobSite; name: string; fields: TPublicationFields },
) {
  assertCanManageJobSites(session);
  const row = await tenant.transaction((tx) =>
    repo.insertSample(tx, {
      accountId: tenant.accountId,
      site: input.site,
      name: input.name,
      fields: input.fields,
      createdBy: session.userId,
    }),
  );
  return toSample(row);
}

export async function deletePublicationSample(tenant: Tenant, session: Session, id: number) {
  assertCanManageJobSites(session);
  const gone = await tenant.transaction((tx) => repo.deleteSample(tx, tenant.accountId, id));
  if (!gone) throw notFound(PUBLICATION_MESSAGES.sampleNotFound);
}
