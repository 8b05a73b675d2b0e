import { z } from 'zod';
import {
  ADDITIONAL_FIELD_TYPES,
  ZCreateVacancyRequest,
  ZCreateVacancyTemplateRequest,
  ZUpdateVacancyRequest,
  type TAdditionalField,
  type TVacancy,
  type TVacancyTemplate,
} from '@ats/contracts/vacancies';

// The vacancy form holds what its inputs hold (text, ids as strings, HTML); each use turns it into
// the contract's request and checks it with the contract itself, so the browser and the server
// answer with the same Russian words.

const nullIfBlank = (value: string) => (value.trim() ? value.trim() : null);
const idOrNull = (value: string) => (value ? Number(value) : null);
/** '150 000' → 150000; '' → null; 'abc' → NaN, which the contract refuses in Russian. */
const numberOrNull = (value: string) => {
  const compact = value.replace(/\s/g, '').replace(',', '.');
  return compact ? Number(compact) : null;
};
const htmlOrNull = (value: string) => (value.replace(/<[^>]*>/g, '').trim() ? value : null);

export const RICH_TEXT_SECTIONS = [
  { name: 'body', label: 'Описание' },
  { name: 'requirements', label: 'Требования' },
  { name: 'conditions', label: 'Условия' },
  { name: 'information', label: 'Дополнительная информация' },
] as const;
export type RichTextSection = (typeof RICH_TEXT_SECTIONS)[number]['name'];

const ZAdditionalFieldRow = z
  .object({
    type: z.enum(ADDITIONAL_FIELD_TYPES),
    name: z.string(),
    value: z.string(),
  })
  .refine((row) => row.type !== 'number' || !Number.isNaN(numberOrNull(row.value)), {
    path: ['value'],
    error: 'Значение поля — число',
  });
export type AdditionalFieldRow = z.infer<typeof ZAdditionalFieldRow>;

export const ZVacancyFormValues = z.object({
  name: z.string(),
  position: z.string(),
  salary_from: z.string(),
  salary_to: z.string(),
  currency: z.string(),
  needed: z.string(),
  priority: z.string(),
  is_hidden: z.boolean(),
  status_group: z.string(),
  owners: z.array(z.number()),
  watchers: z.array(z.number()),
  account_division_id: z.string(),
  country: z.string(),
  city: z.string(),
  date_will_close: z.string(),
  days_until_deadline: z.string(),
  additional_fields_list: z.array(ZAdditionalFieldRow),
  body: z.string(),
  requirements: z.string(),
  conditions: z.string(),
  information: z.string(),
  vacancy_template_id: z.number().nullable(),
});
export type VacancyFormValues = z.infer<typeof ZVacancyFormValues>;

export const EMPTY_VACANCY_FORM: VacancyFormValues = {
  name: '',
  position: '',
  salary_from: '',
  salary_to: '',
  currency: 'RUB',
  needed: '1',
  priority: '0',
  is_hidden: false,
  status_group: '',
  owners: [],
  watchers: [],
  account_division_id: '',
  country: '',
  city: '',
  date_will_close: '',
  days_until_deadline: '',
  additional_fields_list: [],
  body: '',
  requirements: '',
  conditions: '',
  information: '',
  vacancy_template_id: null,
};

export const VACANCY_FORM_FIELDS = Object.keys(EMPTY_VACANCY_FORM) as Array<
  keyof VacancyFormValues
>;

const additionalFieldsOf = (rows: AdditionalFieldRow[]) =>
  rows.map((row) => ({
    type: row.type,
    name: row.name.trim(),
    value: row.type === 'number' ? numberOrNull(row.value) : nullIfBlank(row.value),
  }));

/** The fields vacancies and templates share. */
function commonBody(v: VacancyFormValues) {
  return {
    position: v.position.trim(),
    salary_from: numberOrNull(v.salary_from),
    salary_to: numberOrNull(v.salary_to),
    currency: v.currency,
    needed: numberOrNull(v.needed) ?? undefined,
    priority: Number(v.priority) || 0,
    is_hidden: v.is_hidden,
    account_division_id: idOrNull(v.account_division_id),
    country: idOrNull(v.country),
    city: nullIfBlank(v.city),
    days_until_deadline: numberOrNull(v.days_until_deadline),
    additional_fields_list: additionalFieldsOf(v.additional_fields_list),
    body: htmlOrNull(v.body),
    requirements: htmlOrNull(v.requirements),
    conditions: htmlOrNull(v.conditions),
    information: htmlOrNull(v.information),
  };
}

function vacancyBody(v: VacancyFormValues) {
  return {
    ...commonBody(v),
    owners: v.owners,
    watchers: v.watchers,
    date_will_close: nullIfBlank(v.date_will_close),
  };
}

export const ZCreateVacancyForm = ZVacancyFormValues.transform(
  (v): z.input<typeof ZCreateVacancyRequest> => ({
    ...vacancyBody(v),
    status_group: idOrNull(v.status_group),
    vacancy_template_id: v.vacancy_template_id,
  }),
).pipe(ZCreateVacancyRequest);

/** Editing never sends the funnel: a running vacancy keeps its own stages. */
export const ZUpdateVacancyForm = ZVacancyFormValues.transform(
  (v): z.input<typeof ZUpdateVacancyRequest> => vacancyBody(v),
).pipe(ZUpdateVacancyRequest);

export const ZVacancyTemplateForm = ZVacancyFormValues.transform(
  (v): z.input<typeof ZCreateVacancyTemplateRequest> => ({
    ...commonBody(v),
    name: v.name.trim(),
    // A template may leave the title for the vacancy to fill.
    position: nullIfBlank(v.position) ?? undefined,
    status_group: idOrNull(v.status_group),
  }),
).pipe(ZCreateVacancyTemplateRequest.omit({ vacancy_id: true }));

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));
/** '2026-12-31' → '31.12.2026' for the date input. */
export const ruDate = (iso: string | null | undefined) => {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
};
const rowsOf = (fields: TAdditionalField[]): AdditionalFieldRow[] =>
  fields.map((field) => ({
    type: field.type,
    name: field.name,
    value: field.value == null ? '' : String(field.value),
  }));

type SharedSource = Pick<
  TVacancyTemplate,
  | 'position'
  | 'salary_from'
  | 'salary_to'
  | 'currency'
  | 'needed'
  | 'priority'
  | 'is_hidden'
  | 'country'
  | 'city'
  | 'status_group'
  | 'days_until_deadline'
  | 'additional_fields_list'
  | 'body'
  | 'requirements'
  | 'conditions'
  | 'information'
>;

function sharedValuesOf(source: SharedSource) {
  return {
    position: text(source.position),
    salary_from: numberText(source.salary_from),
    salary_to: numberText(source.salary_to),
    currency: source.currency || 'RUB',
    needed: numberText(source.needed ?? 1),
    priority: numberText(source.priority ?? 0),
    is_hidden: source.is_hidden,
    status_group: numberText(source.status_group),
    country: numberText(source.country),
    city: text(source.city),
    days_until_deadline: numberText(source.days_until_deadline),
    additional_fields_list: rowsOf(source.additional_fields_list),
    body: text(source.body),
    requirements: text(source.requirements),
    conditions: text(source.conditions),
    information: text(source.information),
  };
}

export function formValuesOfVacancy(vacancy: TVacancy): VacancyFormValues {
  return {
    ...EMPTY_VACANCY_FORM,
    ...sharedValuesOf(vacancy),
    owners: vacancy.owners.map((u) => u.id),
    watchers: vacancy.watchers.map((u) => u.id),
    account_division_id: numberText(vacancy.account_division?.id),
    date_will_close: ruDate(vacancy.date_will_close),
  };
}

/** A template's values in a form: for a new vacancy from it, or to edit the template itself. */
export function formValuesOfTemplate(
  template: TVacancyTemplate,
  base: VacancyFormValues = EMPTY_VACANCY_FORM,
): VacancyFormValues {
  return {
    ...base,
    ...sharedValuesOf(template),
    name: template.name,
    account_division_id: numberText(template.account_division_id),
  };
}
