import {
  PUBLICATION_MESSAGES,
  type TPublicationFields,
  type TPublicationState,
} from '@ats/contracts/job-site-publications';
import type { Config } from '../../../platform/config.ts';
import {
  type SiteFailure,
  type SiteFieldError,
  type SiteResult,
  siteHtml,
  succeeded,
} from '../site-call.ts';
import { avitoClientFor } from './avito-site.ts';
import type { AvitoClient } from './avito-client.ts';
import { AVITO_HTML_TAGS, type AvitoVacancyRequest } from './avito-mappers.ts';
import type { AvitoPublicationStatus } from './avito-types.ts';

// Publishing on Avito Работа (integrations.md §2.2, job.json) through the one publication form
// (decision 0053): `POST /job/v2/vacancies` → 202 `{id: uuid}` — the publication's UUID is our
// external id; its state is read with `POST /job/v2/vacancies/statuses` (`created` while on
// moderation, `activated` once published, `blocked`/`rejected` with reasons); the site's integer
// vacancy id that archive (`PUT /job/v1/vacancies/archived/{id}`) and prolong
// (`POST /job/v1/vacancies/{id}/prolongate`) take is read from the same statuses, and is what
// Avito's applications name, so the publication links it to our vacancy for the sync.
//
// The form's fields on Avito: name → title (Avito: up to 50 characters), description → description
// (Avito's tags only), professional_role_id → profession (dictionary `profession`),
// schedule_id/experience_id/employment_id → Avito's own values, salary (roubles a month),
// area_id (the city) and address_id (street and house) → location.address, billing_type_id →
// billing_type (`package` | `packageOrSingle`). Avito's `{errors: ["field: текст"]}` comes back
// on those fields.

/** Avito's field (as avitoFieldErrors names it) → the publication form's field. */
const FORM_FIELD: Record<string, keyof TPublicationFields> = {
  position: 'name',
  body: 'description',
  salary_from: 'salary_from',
  salary_to: 'salary_to',
  city: 'area_id',
  billing_type: 'billing_type_id',
  schedule: 'schedule_id',
  experience: 'experience_id',
  employment: 'employment_id',
  profession: 'professional_role_id',
};

const AVITO_WEB = 'https://www.avito.ru';

/** The form as Avito's vacancy body; `vacancyCode` (our vacancy's id) makes a repeat the same. */
export function avitoPublicationBody(
  fields: TPublicationFields,
  vacancyCode?: number,
): AvitoVacancyRequest {
  const salary =
    fields.salary_from != null || fields.salary_to != null
      ? {
          ...(fields.salary_from != null ? { from: fields.salary_from } : {}),
          ...(fields.salary_to != null ? { to: fields.salary_to } : {}),
        }
      : undefined;
  const address = [fields.area_id, fields.address_id]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    billing_type: fields.billing_type_id,
    title: fields.name.trim(),
    description: siteHtml(fields.description, AVITO_HTML_TAGS),
    ...(vacancyCode !== undefined ? { vacancy_code: String(vacancyCode) } : {}),
    location: { address },
    ...(salary ? { salary } : {}),
    ...(/^\d+$/.test(fields.professional_role_id)
      ? { profession: Number(fields.professional_role_id) }
      : {}),
    ...(fields.employment_id ? { employment: fields.employment_id } : {}),
    ...(fields.schedule_id ? { schedule: fields.schedule_id } : {}),
    ...(fields.experience_id ? { experience: fields.experience_id } : {}),
    apply_processing: { apply_type: 'only_with_resume' },
  };
}

/** What we check before Avito: a profession not from its dictionary, a salary not in roubles. */
function formErrors(fields: TPublicationFields): SiteFailure | null {
  const errors: SiteFieldError[] = [];
  if (!/^\d+$/.test(fields.professional_role_id)) {
    errors.push({
      field: 'professional_role_id',
      message: 'Профессия: выберите из списка Авито',
      siteMessage: 'profession',
    });
  }
  const rub = ['RUR', 'RUB'].includes(fields.currency.toUpperCase());
  if (!rub && (fields.salary_from != null || fields.salary_to != null)) {
    errors.push({
      field: 'salary_from',
      message: 'Зарплата на Авито — в рублях в месяц',
      siteMessage: 'salary',
    });
  }
  return errors.length
    ? { ok: false, kind: 'invalid', errors, message: PUBLICATION_MESSAGES.invalid }
    : null;
}

/** Avito's failure with its field errors moved onto the form's fields. */
function onForm<T>(result: SiteResult<T>): SiteResult<T> {
  if (result.ok || result.kind !== 'invalid') return result;
  return {
    ...result,
    errors: result.errors.map((e) => ({
      ...e,
      field: e.field ? (FORM_FIELD[e.field] ?? null) : null,
    })),
  };
}

const reasonsText = (status: AvitoPublicationStatus) => {
  const reasons = status.vacancy?.reasons;
  const list = Array.isArray(reasons) ? reasons : reasons ? [reasons] : [];
  const texts = list
    .map((r) =>
      typeof r === 'string'
        ? r
        : typeof r === 'object' && r !== null
          ? String(
              (r as { title?: unknown; message?: unknown }).title ??
                (r as { message?: unknown }).message ??
                '',
            )
          : '',
    )
    .filter(Boolean);
  return texts.join('; ') || status.last_action?.error?.message || 'Авито отклонил вакансию';
};

const dateOf = (value: string | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** Avito's status of a publication as ours; `linkId` is the site's vacancy id once it has one. */
export function avitoPublicationState(status: AvitoPublicationStatus) {
  const site = status.vacancy?.status;
  const state: TPublicationState =
    site === 'activated' || site === 'unblocked'
      ? 'published'
      : site === 'archived' || site === 'closed' || site === 'expired'
        ? 'archived'
        : site === 'blocked' || site === 'rejected'
          ? 'refused'
          : 'moderation';
  const url = status.vacancy?.url ? new URL(status.vacancy.url, AVITO_WEB).toString() : null;
  return {
    state,
    refusalReason: state === 'refused' ? reasonsText(status) : null,
    publishedAt: state === 'published' ? dateOf(status.last_action?.datetime) : null,
    // Avito's statuses give no end date.
    expiresAt: null,
    url,
    linkId: status.vacancy?.id ? String(status.vacancy.id) : null,
  };
}

async function statusOf(client: AvitoClient, uuid: string) {
  const result = await client.getVacancyStatuses([uuid]);
  if (!result.ok) return result;
  const found = result.value.find((s) => s.id === uuid);
  if (!found) {
    return {
      ok: false as const,
      kind: 'refused' as const,
      status: 404,
      message: 'Авито не нашёл публикацию: возможно, её удалили',
    };
  }
  return succeeded(found);
}

/** Avito has not named the vacancy yet: archive is wished and done by the sweep (decision 0071). */
export const STILL_CREATING = 'still_creating';

/** The site's integer vacancy id of a publication (archive and prolong take it). */
async function siteVacancyOf(client: AvitoClient, uuid: string) {
  const status = await statusOf(client, uuid);
  if (!status.ok) return status;
  const id = status.value.vacancy?.id;
  if (!id) {
    return {
      ok: false as const,
      kind: 'refused' as const,
      status: 409,
      message: 'Авито ещё создаёт вакансию: повторите, когда она пройдёт модерацию',
      siteMessage: STILL_CREATING,
    };
  }
  return succeeded({ id, state: avitoPublicationState(status.value).state });
}

const billingOf = (fields: Record<string, unknown> | undefined) =>
  fields?.billing_type_id === 'packageOrSingle' ? 'packageOrSingle' : 'package';

export const avitoPublications = {
  async create(config: Config, token: string, fields: TPublicationFields, vacancyId?: number) {
    const ours = formErrors(fields);
    if (ours) return ours;
    const client = avitoClientFor(config, token);
    const result = onForm(await client.publishVacancy(avitoPublicationBody(fields, vacancyId)));
    if (!result.ok) return result;
    return succeeded({ externalId: result.value.id });
  },
  async update(config: Config, token: string, externalId: string, fields: TPublicationFields) {
    const ours = formErrors(fields);
    if (ours) return ours;
    const client = avitoClientFor(config, token);
    return onForm(await client.updateVacancy(externalId, avitoPublicationBody(fields)));
  },
  /** Prolongs with the billing the form chose; only a published vacancy. */
  async prolong(
    config: Config,
    token: string,
    externalId: string,
    fields?: Record<string, unknown>,
  ): Promise<SiteResult<unknown>> {
    const client = avitoClientFor(config, token);
    const site = await siteVacancyOf(client, externalId);
    if (!site.ok) return site;
    if (site.value.state !== 'published') {
      return {
        ok: false,
        kind: 'refused',
        status: 409,
        message: PUBLICATION_MESSAGES.notPublished,
      };
    }
    return client.prolongVacancy(site.value.id, billingOf(fields));
  },
  async archive(
    config: Config,
    token: string,
    _ref: unknown,
    externalId: string,
  ): Promise<SiteResult<unknown>> {
    const client = avitoClientFor(config, token);
    const site = await siteVacancyOf(client, externalId);
    if (!site.ok) return site;
    if (site.value.state === 'archived') return succeeded(true);
    return client.archiveVacancy(site.value.id);
  },
  async read(config: Config, token: string, externalId: string) {
    const status = await statusOf(avitoClientFor(config, token), externalId);
    if (!status.ok) return status;
    return succeeded(avitoPublicationState(status.value));
  },
};
