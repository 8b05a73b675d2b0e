import type { Config } from '../../../platform/config.ts';
import { type SiteClient, SiteError, type SiteResponse } from '../site-client.ts';
import { syncApplicantOf, valueOf, valueOrNull } from '../site-result.ts';
import { type AvitoClient, avitoApplicationIdsSince, avitoClient } from './avito-client.ts';
import { avitoApplicant } from './avito-mappers.ts';
import type { AvitoApplication } from './avito-types.ts';

// Avito behind the module's SiteClient (decision 0055). A company connects with its own client
// id and secret (Avito Pro → API, client credentials): they are what is sealed in the
// connection's access token, as JSON, and Avito's short-lived token is fetched from them inside
// the client (again before it ends, and once more on "token expired"), so the connection has no
// refresh token and never needs one. Avito has no list of an account's vacancies for a client:
// the vacancies to link are those its applications name (get_ids + get_by_ids, 30 days back).
// Applications are read by `updatedAtFrom` from the day before the last whole sync.

const WINDOW_DAYS = 30;
const BATCH = 100;
const CACHE_LIMIT = 200;

export type AvitoCredentials = { client_id: string; client_secret: string };

export const avitoCredentialsToken = (credentials: AvitoCredentials) =>
  JSON.stringify({ client_id: credentials.client_id, client_secret: credentials.client_secret });

/** One client per credentials (it keeps Avito's token between calls and syncs). */
const clients = new Map<string, AvitoClient>();

export function avitoClientFor(config: Config, sealedOpen: string): AvitoClient {
  const key = `${config.AVITO_API_BASE}\n${sealedOpen}`;
  const cached = clients.get(key);
  if (cached) return cached;
  let credentials: AvitoCredentials;
  try {
    credentials = JSON.parse(sealedOpen) as AvitoCredentials;
  } catch {
    throw new SiteError(401, 'revoked');
  }
  const client = avitoClient({
    apiBase: config.AVITO_API_BASE,
    clientId: credentials.client_id,
    clientSecret: credentials.client_secret,
  });
  if (clients.size >= CACHE_LIMIT) clients.delete(clients.keys().next().value!);
  clients.set(key, client);
  return client;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function applicationsSince(
  client: AvitoClient,
  since: Date,
  vacancyIds?: readonly string[],
): Promise<AvitoApplication[]> {
  const listed = await avitoApplicationIdsSince(client, {
    updatedAtFrom: day(since),
    ...(vacancyIds ? { vacancyIds } : {}),
  });
  // Pages read before a pause are not kept: the next sync reads from the same day again.
  if (listed.stopped) valueOf(listed.stopped);
  const ids = [...new Set(listed.refs.map((r) => r.id))];
  const applications: AvitoApplication[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    applications.push(...valueOf(await client.getApplications(ids.slice(i, i + BATCH))));
  }
  return applications;
}

/** Avito's values of the vacancy body's enums (job.json), named in Russian. */
const ENUMS = {
  schedule: [
    { id: 'fixed', name: 'Фиксированный' },
    { id: 'flexible', name: 'Гибкий' },
    { id: 'shift', name: 'Сменный' },
    { id: 'flyInFlyOut', name: 'Вахта' },
  ],
  experience: [
    { id: 'noMatter', name: 'Не имеет значения' },
    { id: 'moreThan1', name: 'Более 1 года' },
    { id: 'moreThan3', name: 'Более 3 лет' },
    { id: 'moreThan5', name: 'Более 5 лет' },
    { id: 'moreThan10', name: 'Более 10 лет' },
  ],
  employment: [
    { id: 'full', name: 'Полная' },
    { id: 'partial', name: 'Частичная' },
    { id: 'temporary', name: 'Временная' },
    { id: 'internship', name: 'Стажировка' },
  ],
  billing_type: [
    { id: 'package', name: 'Из пакета размещений' },
    { id: 'packageOrSingle', name: 'Из пакета или разово с кошелька Авито' },
  ],
};

/** The publication form's pickers: Avito's professions (deprecated ones left out) and enums. */
async function avitoDictionaries(client: AvitoClient) {
  const professions = valueOf(await client.getDictionary('profession'));
  return {
    profession: professions
      .filter((p) => !p.deprecated)
      .map((p) => ({ id: String(p.id), name: p.name })),
    ...ENUMS,
  };
}

const windowStart = () => new Date(Date.now() - WINDOW_DAYS * 86_400_000);

export const avitoSite: SiteClient = {
  site: 'avito',
  configured: () => true,
  authorizeUrl: () => {
    throw new SiteError(400, 'other');
  },
  exchangeCode: () => Promise.reject(new SiteError(400, 'other')),
  refresh: () => Promise.reject(new SiteError(401, 'revoked')),
  async whoAmI(config, credentials) {
    const self = valueOf(await avitoClientFor(config, credentials).getSelf());
    return { externalAccountId: String(self.id), name: self.name ?? null, userId: String(self.id) };
  },
  async call(config, credentials, _connection, name) {
    const client = avitoClientFor(config, credentials);
    // SPEC.md §8: Avito has the account and nothing else of these.
    if (name === 'get_me') return { code: 200, result: valueOf(await client.getSelf()) };
    if (name === 'get_accounts') return { code: 200, result: [valueOf(await client.getSelf())] };
    if (name === 'get_dictionaries') return { code: 200, result: await avitoDictionaries(client) };
    return { code: 200, result: null };
  },
  async activeVacancies(config, credentials) {
    const applications = await applicationsSince(
      avitoClientFor(config, credentials),
      windowStart(),
    );
    const counts = new Map<string, number>();
    for (const a of applications) {
      const id = String(a.vacancy_id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts].map(([id, responses]) => ({
      externalId: id,
      name: `Вакансия на Авито № ${id}`,
      area: null,
      responses,
      url: `https://www.avito.ru/${id}`,
    }));
  },
  async responsesPage(config, credentials, externalVacancyId, _page, since) {
    const from =
      since && since.getTime() > windowStart().getTime()
        ? new Date(since.getTime() - 86_400_000)
        : windowStart();
    const applications = await applicationsSince(avitoClientFor(config, credentials), from, [
      externalVacancyId,
    ]);
    const items: SiteResponse[] = applications.map((a) => ({
      externalId: a.id,
      resumeId: a.applicant?.resume_id ? String(a.applicant.resume_id) : null,
      resumeUrl: null,
      chatId: a.contacts?.chat?.value ?? null,
      raw: a,
    }));
    return { items, pages: 1 };
  },
  async applicantOf(config, credentials, response) {
    const application = response.raw as AvitoApplication | undefined;
    if (!application) return null;
    const client = avitoClientFor(config, credentials);
    const resumeId = application.applicant?.resume_id;
    const resume = resumeId ? valueOrNull(await client.getResume(resumeId)) : null;
    // Contacts are paid (402 when the package is spent): the application's phone is kept then.
    const contacts = resumeId ? valueOrNull(await client.getResumeContacts(resumeId)) : null;
    return syncApplicantOf(avitoApplicant(application, resume, contacts));
  },
};
