import type { TPublicationFields, TPublicationState } from '@ats/contracts/job-site-publications';
import { PUBLICATION_MESSAGES } from '@ats/contracts/job-site-publications';
import type { Config } from '../../../platform/config.ts';
import {
  type SiteFieldError,
  type SiteResult,
  refusal,
  siteFetch,
  siteHtml,
  succeeded,
} from '../site-call.ts';
import { type SiteConnectionRef, SiteError } from '../site-client.ts';

// hh.ru vacancies (integrations.md §1.3, the spec's /vacancies): POST /vacancies → 201 {id},
// PUT /vacancies/{id} → 204, POST /vacancies/{id}/prolongate → 204,
// PUT /employers/{eid}/vacancies/archived/{id} → 204, GET /vacancies/{id}. Token refusals,
// 429 and 5xx are thrown as SiteError (the connection's session refreshes or pauses); the
// site's validation (`400 bad_json_data`, `value` the field) comes back as errors on our form's
// fields in Russian; `403 vacancies/…` is a refusal with its Russian reason.

const TIMEOUT_MS = 15_000;
const enc = encodeURIComponent;
const HH_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'em']);

/** hh.ru's field (errors[].value) → our publication form's field. */
const FIELD_OF: Record<string, keyof TPublicationFields> = {
  name: 'name',
  description: 'description',
  area: 'area_id',
  professional_roles: 'professional_role_id',
  billing_type: 'billing_type_id',
  type: 'vacancy_type_id',
  experience: 'experience_id',
  employment: 'employment_id',
  employment_form: 'employment_id',
  schedule: 'schedule_id',
  work_format: 'schedule_id',
  salary: 'salary_from',
  salary_range: 'salary_from',
  address: 'address_id',
  manager: 'manager_id',
};

const LABEL_OF: Record<keyof TPublicationFields, string> = {
  name: 'Название',
  description: 'Описание',
  area_id: 'Регион',
  professional_role_id: 'Профессиональная роль',
  billing_type_id: 'Тип публикации',
  vacancy_type_id: 'Видимость',
  experience_id: 'Опыт работы',
  employment_id: 'Занятость',
  schedule_id: 'График',
  salary_from: 'Зарплата',
  salary_to: 'Зарплата',
  currency: 'Валюта',
  salary_gross: 'Зарплата',
  address_id: 'Адрес',
  manager_id: 'Менеджер',
};

const REASON_TEXT: Record<string, string> = {
  is_empty: 'заполните поле',
  is_too_short: 'слишком коротко',
  is_too_long: 'слишком длинно',
  not_available: 'значение недоступно на hh.ru',
  invalid: 'hh.ru не принимает это значение',
  chosen_area_is_not_a_leaf_or_not_exist: 'выберите город, а не страну или область',
  salary_from_greater_than_salary_to: '«от» больше, чем «до»',
  email_in_description: 'уберите e-mail из описания',
};

const VACANCIES_REFUSAL: Record<string, string> = {
  not_enough_purchased_services: PUBLICATION_MESSAGES.noPublications,
  quota_exceeded: PUBLICATION_MESSAGES.noPublications,
  limit_exceeded: PUBLICATION_MESSAGES.noPublications,
  not_enough_quotas: PUBLICATION_MESSAGES.noPublications,
  unavailable_for_archived: PUBLICATION_MESSAGES.archived,
  vacancy_archived: PUBLICATION_MESSAGES.archived,
  vacancy_not_premoderated: PUBLICATION_MESSAGES.notPublished,
  duplicate: 'На hh.ru уже есть такая вакансия',
  creation_forbidden: 'hh.ru запретил этому менеджеру публиковать вакансии',
  too_early: 'hh.ru разрешает продлевать вакансию не чаще раза в три дня',
};

/** Our publication form as hh.ru's vacancy body. */
export function hhVacancyBody(fields: TPublicationFields) {
  const salary =
    fields.salary_from != null || fields.salary_to != null
      ? {
          salary_range: {
            from: fields.salary_from ?? null,
            to: fields.salary_to ?? null,
            currency: fields.currency,
            gross: fields.salary_gross,
            mode: { id: 'MONTH' },
          },
        }
      : {};
  return {
    name: fields.name,
    description: siteHtml(fields.description, HH_TAGS),
    area: { id: fields.area_id },
    professional_roles: [{ id: fields.professional_role_id }],
    billing_type: { id: fields.billing_type_id },
    type: { id: fields.vacancy_type_id },
    ...(fields.experience_id ? { experience: { id: fields.experience_id } } : {}),
    ...(fields.employment_id ? { employment: { id: fields.employment_id } } : {}),
    ...(fields.schedule_id ? { schedule: { id: fields.schedule_id } } : {}),
    ...(fields.address_id ? { address: { id: fields.address_id } } : {}),
    ...(fields.manager_id ? { manager: { id: fields.manager_id } } : {}),
    ...salary,
  };
}

type HhErrors = { errors?: { type?: string; value?: string; reason?: string }[] };

const headersOf = (config: Config, token: string) => ({
  'HH-User-Agent': config.HH_USER_AGENT,
  'User-Agent': config.HH_USER_AGENT,
  accept: 'application/json',
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
});

/** One call: 2xx → the body; the rest classified (thrown for the session, returned otherwise). */
async function request(
  config: Config,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<SiteResult<unknown>> {
  const answer = await siteFetch(
    `${config.HH_API_BASE.replace(/\/$/, '')}${path}`,
    {
      method,
      headers: headersOf(config, token),
      redirect: 'error',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    TIMEOUT_MS,
  );
  if (answer === null) throw new SiteError(0, 'unavailable');
  if (answer.status >= 200 && answer.status < 300) return succeeded(answer.body);
  const retryAfter = Number(answer.headers.get('retry-after'));
  const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (answer.status === 429) throw new SiteError(429, 'rate', wait);
  if (answer.status >= 500) throw new SiteError(answer.status, 'unavailable', wait);
  const errors = (
    typeof answer.body === 'object' && answer.body !== null
      ? ((answer.body as HhErrors).errors ?? [])
      : []
  ) as NonNullable<HhErrors['errors']>;
  const values = errors.map((e) => `${e.type}/${e.value ?? ''}`);
  if (values.includes('oauth/token_expired')) throw new SiteError(answer.status, 'expired');
  if (values.some((v) => v.startsWith('oauth/'))) throw new SiteError(answer.status, 'revoked');
  const invalid = errors.filter((e) => e.type === 'bad_json_data' || e.type === 'bad_argument');
  if (answer.status === 400 && invalid.length) {
    const fieldErrors: SiteFieldError[] = invalid.map((e) => {
      const field = FIELD_OF[e.value ?? ''] ?? null;
      const reason = REASON_TEXT[e.reason ?? ''] ?? 'hh.ru не принимает это значение';
      const label = field ? LABEL_OF[field] : (e.value ?? 'поле');
      return {
        field,
        message: `${label}: ${reason}`,
        siteMessage: `${e.type}/${e.value ?? ''}${e.reason ? `/${e.reason}` : ''}`,
      };
    });
    return {
      ok: false,
      kind: 'invalid',
      errors: fieldErrors,
      message: PUBLICATION_MESSAGES.invalid,
    };
  }
  const vacancies = errors.find((e) => e.type === 'vacancies');
  if (vacancies) {
    return {
      ok: false,
      kind: 'refused',
      status: answer.status,
      message: VACANCIES_REFUSAL[vacancies.value ?? ''] ?? PUBLICATION_MESSAGES.refused,
      siteMessage: `vacancies/${vacancies.value ?? ''}`,
    };
  }
  return refusal('hh.ru', answer.status, values.join(', ') || undefined);
}

/** The site's view of a publication: our state and its dates. */
export type SitePublicationState = {
  state: TPublicationState;
  refusalReason: string | null;
  publishedAt: Date | null;
  expiresAt: Date | null;
  url: string | null;
};

type HhVacancy = {
  approved?: boolean;
  archived?: boolean;
  moderation_note?: string | null;
  published_at?: string | null;
  expires_at?: string | null;
  alternate_url?: string | null;
};

const dateOf = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
};

export function publicationStateOf(vacancy: HhVacancy): SitePublicationState {
  const state: TPublicationState = vacancy.archived
    ? 'archived'
    : vacancy.moderation_note
      ? 'refused'
      : vacancy.approved
        ? 'published'
        : 'moderation';
  return {
    state,
    refusalReason: state === 'refused' ? (vacancy.moderation_note ?? null) : null,
    publishedAt: dateOf(vacancy.published_at),
    expiresAt: dateOf(vacancy.expires_at),
    url: vacancy.alternate_url ?? null,
  };
}

export const hhPublications = {
  async create(config: Config, token: string, fields: TPublicationFields) {
    const result = await request(config, token, 'POST', '/vacancies', hhVacancyBody(fields));
    if (!result.ok) return result;
    const id = String((result.value as { id: string | number }).id);
    // hh.ru's negotiations name the vacancy by this same id: the link is known at once.
    return succeeded({ externalId: id, linkId: id });
  },
  async update(config: Config, token: string, externalId: string, fields: TPublicationFields) {
    // billing_type and manager go in PUTs of their own at hh.ru: an edit keeps them.
    const {
      billing_type: _b,
      manager: _m,
      ...body
    } = hhVacancyBody(fields) as Record<string, unknown>;
    return request(config, token, 'PUT', `/vacancies/${enc(externalId)}`, body);
  },
  prolong: (config: Config, token: string, externalId: string) =>
    request(config, token, 'POST', `/vacancies/${enc(externalId)}/prolongate`),
  archive: (config: Config, token: string, ref: SiteConnectionRef, externalId: string) =>
    request(
      config,
      token,
      'PUT',
      `/employers/${enc(ref.externalAccountId)}/vacancies/archived/${enc(externalId)}`,
    ),
  async read(config: Config, token: string, externalId: string) {
    const result = await request(config, token, 'GET', `/vacancies/${enc(externalId)}`);
    if (!result.ok) return result;
    return succeeded({ ...publicationStateOf(result.value as HhVacancy), linkId: externalId });
  },
};
