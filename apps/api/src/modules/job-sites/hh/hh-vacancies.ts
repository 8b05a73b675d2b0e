import type { Config } from '../../../platform/config.ts';
import type { SiteConnectionRef } from '../site-client.ts';
import type {
  SiteVacancyDetail,
  SiteVacancyReader,
  SiteVacancySummary,
} from '../site-vacancies.ts';
import { hhHttp } from './hh-client.ts';
import { publicationStateOf } from './hh-publication.ts';

// The employer's vacancies on hh.ru (the spec's `GET /employers/{eid}/vacancies/active`,
// `…/archived`, paged `{found, pages, page, per_page, items}`, and `GET /vacancies/{id}`), for the
// screen of vacancies not linked yet (decision 0060). A vacancy of another employer is treated as
// missing: hh.ru shows anyone's public vacancy by id, but only the connection's own may be linked.
// Token refusals, 429 and 5xx are thrown as SiteError, as everywhere in the module.

const PER_PAGE = 50;
const enc = encodeURIComponent;

type HhSalary = {
  from?: number | null;
  to?: number | null;
  currency?: string | null;
  gross?: boolean | null;
};
type HhRef = { id?: string | number | null; name?: string | null } | null | undefined;

type HhListedVacancy = {
  id: string | number;
  name?: string | null;
  area?: HhRef;
  salary?: HhSalary | null;
  salary_range?: HhSalary | null;
  alternate_url?: string | null;
  archived?: boolean;
  created_at?: string | null;
  counters?: { responses?: number | null } | null;
};

type HhFullVacancy = HhListedVacancy & {
  description?: string | null;
  employer?: { id?: string | number | null } | null;
  professional_roles?: { id?: string | number | null }[] | null;
  experience?: HhRef;
  employment?: HhRef;
  employment_form?: HhRef;
  schedule?: HhRef;
  billing_type?: HhRef;
  type?: HhRef;
  address?: HhRef;
  manager?: HhRef;
  approved?: boolean;
  moderation_note?: string | null;
  published_at?: string | null;
  expires_at?: string | null;
};

const dateOf = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
};
const idOf = (ref: HhRef) => (ref?.id != null && ref.id !== '' ? String(ref.id) : null);
const amount = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function summaryOf(v: HhListedVacancy): SiteVacancySummary {
  const salary = v.salary_range ?? v.salary ?? null;
  return {
    externalId: String(v.id),
    name: v.name ?? '',
    area: v.area?.name ?? null,
    salaryFrom: amount(salary?.from),
    salaryTo: amount(salary?.to),
    currency: salary?.currency ?? null,
    responses: amount(v.counters?.responses),
    url: v.alternate_url ?? null,
    archived: Boolean(v.archived),
    createdAt: dateOf(v.created_at),
  };
}

/** hh.ru's vacancy as our publication form (contracts `ZPublicationFields`), so it can be edited. */
export function publicationFieldsOf(v: HhFullVacancy): Record<string, unknown> {
  const salary = v.salary_range ?? v.salary ?? null;
  return {
    name: v.name ?? '',
    area_id: idOf(v.area) ?? '',
    professional_role_id: idOf(v.professional_roles?.[0]) ?? '',
    experience_id: idOf(v.experience),
    employment_id: idOf(v.employment) ?? idOf(v.employment_form),
    schedule_id: idOf(v.schedule),
    salary_from: amount(salary?.from),
    salary_to: amount(salary?.to),
    currency: salary?.currency ?? 'RUR',
    salary_gross: salary?.gross ?? true,
    address_id: idOf(v.address),
    manager_id: idOf(v.manager),
    billing_type_id: idOf(v.billing_type) ?? 'standard',
    vacancy_type_id: idOf(v.type) ?? 'open',
    description: v.description ?? '',
  };
}

/** A GET of the API: the body on 200, null on 404, a classified SiteError otherwise. */
async function getJson<T>(config: Config, token: string, path: string): Promise<T | null> {
  const response = await hhHttp.send(`${hhHttp.base(config)}${path}`, {
    headers: hhHttp.headersOf(config, token),
  });
  if (response.status === 200) return (await response.json()) as T;
  if (response.status === 404) return null;
  throw await hhHttp.errorOf(response);
}

export const hhVacancies: SiteVacancyReader = {
  async list(config, token, ref: SiteConnectionRef, list, page) {
    const answer = await getJson<{ found?: number; pages?: number; items?: HhListedVacancy[] }>(
      config,
      token,
      `/employers/${enc(ref.externalAccountId)}/vacancies/${list}?page=${page}&per_page=${PER_PAGE}`,
    );
    const items = (answer?.items ?? []).map((v) => ({
      ...summaryOf(v),
      // The archived list is archived whatever its items say.
      archived: list === 'archived' || Boolean(v.archived),
    }));
    return { items, pages: answer?.pages ?? 0, found: answer?.found ?? items.length };
  },
  async read(config, token, ref, externalId): Promise<SiteVacancyDetail | null> {
    const v = await getJson<HhFullVacancy>(config, token, `/vacancies/${enc(externalId)}`);
    if (!v || String(v.employer?.id ?? '') !== ref.externalAccountId) return null;
    return {
      ...summaryOf(v),
      description: v.description ?? '',
      fields: publicationFieldsOf(v),
      state: publicationStateOf(v),
    };
  },
};
