import {
  REMOTE_VACANCY_MESSAGES,
  type TUnlinkedVacanciesPage,
  type TUnlinkedVacancy,
  type TSiteVacancyList,
} from '@ats/contracts/job-site-remote-vacancies';
import { PUBLICATION_MESSAGES } from '@ats/contracts/job-site-publications';
import { JOB_SITE_MESSAGES, type TJobSite } from '@ats/contracts/job-sites';
import { type TCreateVacancyRequest, ZCreateVacancyRequest } from '@ats/contracts/vacancies';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { createVacancy, getVacancy } from '../vacancies/vacancies.service.ts';
import { hhVacancies } from './hh/hh-vacancies.ts';
import * as linksRepo from './job-sites.repository.ts';
import { assertCanManageJobSites } from './job-sites.policy.ts';
import { type JobSitesDeps, connectionOf, siteSessionOf } from './job-sites.service.ts';
import * as publicationsRepo from './publications.repository.ts';
import { toPublication } from './publications.service.ts';
import * as repo from './remote-vacancies.repository.ts';
import { tenantInTransaction } from './responses-sync.service.ts';
import { SiteError } from './site-client.ts';
import type { SiteVacancyDetail, SiteVacancyReader, SiteVacancySummary } from './site-vacancies.ts';

// The employer's vacancies on a site that none of ours is tied to yet (decision 0060). The site
// is read a page at a time, as it pages; the ones linked or published here are left out. «Связать»
// ties one to our vacancy, «Импортировать» makes our vacancy from the site's fields first. Either
// way one transaction stores the link (the sync brings its responses to that vacancy) and a
// publication in the site's current state (so it is edited, prolonged and archived like ours).
// Both are idempotent: the link is unique per account, site and site id, and a second import
// answers the first one's publication instead of making a second vacancy.

const READERS: Partial<Record<TJobSite, SiteVacancyReader>> = { hh: hhVacancies };

/** A writer outside the site vacancy's turn stored it first: read again and answer what it made. */
class Raced extends Error {}

const siteFailed = (error: unknown): never => {
  if (error instanceof SiteError) {
    if (error.kind === 'rate') throw new AppError(429, JOB_SITE_MESSAGES.paused);
    if (error.kind === 'unavailable') throw new AppError(503, JOB_SITE_MESSAGES.unavailable);
    throw conflict(REMOTE_VACANCY_MESSAGES.refused);
  }
  throw error;
};

async function readerOf(deps: JobSitesDeps, tenant: Tenant, connectionId: number) {
  const connection = await connectionOf(tenant, connectionId);
  const reader = (READERS as Record<string, SiteVacancyReader | undefined>)[connection.site];
  if (!reader) throw badRequest(REMOTE_VACANCY_MESSAGES.notAvailable);
  const { call, ref } = siteSessionOf(deps, tenant, connection);
  return { connection, reader, call, ref };
}

const toUnlinked = (v: SiteVacancySummary): TUnlinkedVacancy => ({
  external_id: v.externalId,
  name: v.name,
  area: v.area,
  salary_from: v.salaryFrom,
  salary_to: v.salaryTo,
  currency: v.currency,
  responses: v.responses,
  url: v.url,
  archived: v.archived,
  created_at: v.createdAt?.toISOString() ?? null,
});

/** GET /api/job_sites/{id}/unlinked_vacancies: one page of the site's list, tied ones left out. */
export async function unlinkedVacancies(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  connectionId: number,
  query: { status: TSiteVacancyList; page: number },
): Promise<TUnlinkedVacanciesPage> {
  assertCanManageJobSites(session);
  const { connection, reader, call, ref } = await readerOf(deps, tenant, connectionId);
  const answer = await call((token) =>
    reader.list(deps.config, token, ref, query.status, query.page - 1),
  ).catch(siteFailed);
  const tied = await tenant.transaction((tx) =>
    repo.tiedExternalIds(
      tx,
      tenant.accountId,
      connection.site,
      answer.items.map((v) => v.externalId),
    ),
  );
  return {
    items: answer.items.filter((v) => !tied.has(v.externalId)).map(toUnlinked),
    page: query.page,
    pages: answer.pages,
    found: answer.found,
  };
}

/** The site's vacancy read whole; a 400 on `external_id` when the employer has none by that id. */
async function siteVacancy(
  deps: JobSitesDeps,
  tenant: Tenant,
  connectionId: number,
  externalId: string,
) {
  const { connection, reader, call, ref } = await readerOf(deps, tenant, connectionId);
  const found = await call((token) => reader.read(deps.config, token, ref, externalId)).catch(
    siteFailed,
  );
  if (!found) {
    throw badRequest(REMOTE_VACANCY_MESSAGES.notFound, {
      external_id: REMOTE_VACANCY_MESSAGES.notFound,
    });
  }
  return { connection, found };
}

type Connection = Awaited<ReturnType<typeof connectionOf>>;

/** Which vacancy of ours the site's vacancy is to be tied to. */
type Choice =
  /**
   * «Связать»: this one. `freeBefore`: the site's vacancy was tied to none when the request
   * began, so a tie found now was made beside this request, which answers it instead of a 409.
   */
  | { vacancyId: number; freeBefore: boolean }
  /** «Импортировать»: the one it is tied to already, else one made from the site's fields. */
  | { make: () => Promise<number> };

/**
 * Ties the site's vacancy to ours in the caller's transaction: the link (unless there is one) and
 * the publication (unless there is one). Ties of one site vacancy take turns (decision 0077):
 * the second waits for the first one's commit and reads its link, so two links at once, two
 * imports, or a link racing an import end in one link and answer the same publication. Tied
 * to another vacancy of ours before this request → 409.
 */
async function tie(
  tx: Db,
  context: { accountId: number; session: Session; connection: Connection },
  site: SiteVacancyDetail,
  choice: Choice,
): Promise<publicationsRepo.PublicationRow> {
  const { accountId, session, connection } = context;
  await linksRepo.lockSiteVacancy(tx, accountId, connection.site, site.externalId);
  const link = await linksRepo.findLinkByExternal(tx, accountId, connection.site, site.externalId);
  const published = await repo.findPublicationByExternal(
    tx,
    accountId,
    connection.site,
    site.externalId,
  );
  const tiedTo = link?.vacancyId ?? published?.vacancyId ?? null;
  let vacancyId: number;
  if ('make' in choice) vacancyId = tiedTo ?? (await choice.make());
  else if (tiedTo !== null && tiedTo !== choice.vacancyId && choice.freeBefore) vacancyId = tiedTo;
  else vacancyId = choice.vacancyId;
  if ((link && link.vacancyId !== vacancyId) || (published && published.vacancyId !== vacancyId)) {
    throw conflict(REMOTE_VACANCY_MESSAGES.linkedElsewhere);
  }
  if (!link) {
    const made = await linksRepo.insertLink(tx, {
      accountId,
      connectionId: connection.id,
      site: connection.site,
      externalId: site.externalId,
      name: site.name,
      vacancyId,
    });
    if (!made) throw new Raced();
  }
  if (published) return published;
  const made = await repo.insertPublicationOnce(tx, {
    accountId,
    site: connection.site,
    connectionId: connection.id,
    vacancyId,
    externalId: site.externalId,
    state: site.state.state,
    refusalReason: site.state.refusalReason,
    fields: site.fields,
    publishedAt: site.state.publishedAt,
    expiresAt: site.state.expiresAt,
    checkedAt: new Date(),
    createdBy: session.userId,
  });
  if (!made) throw new Raced();
  return made;
}

/**
 * Runs `work` in one transaction; once more when a writer that does not take the site vacancy's
 * turn (a publication the site has just named) stored the same one first.
 */
async function once<T>(tenant: Tenant, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await tenant.transaction(work);
  } catch (error) {
    if (!(error instanceof Raced)) throw error;
    return tenant.transaction(work);
  }
}

const nameOf = async (tenant: Tenant, session: Session, vacancyId: number) =>
  (await getVacancy(tenant, session, vacancyId).catch(() => null))?.position ?? null;

/** «Связать»: the site's vacancy becomes a publication of our vacancy (the caller must see it). */
export async function linkSiteVacancy(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  connectionId: number,
  input: { external_id: string; vacancy_id: number },
) {
  assertCanManageJobSites(session);
  const before = await connectionOf(tenant, connectionId);
  // Read first: a tie made after this (a request beside this one) is a race this one lost.
  const tiedBefore = await tenant.transaction((tx) =>
    repo.tiedExternalIds(tx, tenant.accountId, before.site, [input.external_id]),
  );
  const name = await nameOf(tenant, session, input.vacancy_id);
  if (name === null) throw notFound(JOB_SITE_MESSAGES.vacancyNotFound);
  const { connection, found } = await siteVacancy(deps, tenant, connectionId, input.external_id);
  const context = { accountId: tenant.accountId, session, connection };
  const choice = { vacancyId: input.vacancy_id, freeBefore: !tiedBefore.has(input.external_id) };
  const row = await once(tenant, (tx) => tie(tx, context, found, choice));
  // Raced and lost: the vacancy the other request tied it to is named.
  const shown =
    row.vacancyId === input.vacancy_id ? name : await nameOf(tenant, session, row.vacancyId);
  return toPublication(row, shown);
}

/** Our vacancy's fields from the site's: name, salary, description, the region as the city. */
export function vacancyInputOf(site: SiteVacancyDetail): TCreateVacancyRequest {
  const position = site.name.trim().slice(0, 255) || 'Вакансия с сайта';
  const currency = site.currency === 'RUR' ? 'RUB' : site.currency;
  const whole = {
    position,
    body: site.description.trim() || null,
    city: site.area?.slice(0, 255) ?? null,
  };
  const salary = {
    salary_from: site.salaryFrom === null ? null : Math.round(site.salaryFrom),
    salary_to: site.salaryTo === null ? null : Math.round(site.salaryTo),
    ...(currency && (site.salaryFrom !== null || site.salaryTo !== null) ? { currency } : {}),
  };
  // What our contract refuses (a salary out of order, an odd currency, a long text) is left out.
  for (const candidate of [{ ...whole, ...salary }, whole, { position }]) {
    const parsed = ZCreateVacancyRequest.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return ZCreateVacancyRequest.parse({ position: 'Вакансия с сайта' });
}

/**
 * «Импортировать»: our vacancy made from the site's fields and tied to it, in one transaction.
 * Imported (or linked) before → the publication made then, and no second vacancy.
 */
export async function importSiteVacancy(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  connectionId: number,
  input: { external_id: string },
) {
  assertCanManageJobSites(session);
  const { connection, found } = await siteVacancy(deps, tenant, connectionId, input.external_id);
  const context = { accountId: tenant.accountId, session, connection };
  const row = await once(tenant, (tx) =>
    tie(tx, context, found, {
      make: async () => {
        const inTransaction = tenantInTransaction(tx, tenant.accountId, session.userId);
        return (await createVacancy(inTransaction, session, vacancyInputOf(found))).id;
      },
    }),
  );
  return toPublication(row, await nameOf(tenant, session, row.vacancyId));
}

/** GET /api/job_site_publications/{id}: one publication as stored, for its edit form. */
export async function getPublication(tenant: Tenant, session: Session, id: number) {
  const row = await tenant.transaction((tx) =>
    publicationsRepo.findPublication(tx, tenant.accountId, id),
  );
  // A publication of a vacancy the caller may not read is not theirs to see.
  const name = row ? await nameOf(tenant, session, row.vacancyId) : null;
  if (!row || name === null) throw notFound(PUBLICATION_MESSAGES.notFound);
  return toPublication(row, name);
}
