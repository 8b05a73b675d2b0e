import { z } from 'zod';
import { ZDate } from '@ats/contracts/applicants';
import {
  ZCreateRequest,
  type TCreateRequest,
  type TRequest,
  type TRequestTemplate,
} from '@ats/contracts/vacancy-applications';

// The request form holds what its inputs hold (text, ids as strings, HTML, files read as data
// URLs); sending turns it into the contract's request and checks it with the contract itself, so
// the browser and the server answer with the same Russian words. The company's own fields live
// under `template_values.<key>`, the same path the API names in its field errors.

/** A file picked in the form, read as a data URL the API accepts. */
export type PickedFile = { file: string; file_name: string };
/** A custom field's value: text as typed, a picked file, or the id of a file already stored. */
export type CustomValue = string | number | PickedFile | null;

export type RequestFormValues = {
  template_id: string;
  position: string;
  needed: string;
  salary_from: string;
  salary_to: string;
  currency: string;
  date_will_close: string;
  account_division_id: string;
  priority: string;
  body: string;
  requirements: string;
  conditions: string;
  information: string;
  template_values: Record<string, CustomValue>;
  files: PickedFile[];
};

export const RICH_TEXT_SECTIONS = [
  { name: 'body', label: 'Описание' },
  { name: 'requirements', label: 'Требования' },
  { name: 'conditions', label: 'Условия' },
  { name: 'information', label: 'Дополнительная информация' },
] as const;

export const REQUEST_FORM_FIELDS: readonly string[] = [
  'template_id',
  'position',
  'needed',
  'salary_from',
  'salary_to',
  'currency',
  'date_will_close',
  'account_division_id',
  'priority',
  'body',
  'requirements',
  'conditions',
  'information',
  'files',
];

type TemplateField = TRequestTemplate['fields'][number];

const nullIfBlank = (value: string) => (value.trim() ? value.trim() : null);
const idOrNull = (value: string) => (value ? Number(value) : null);
/** '150 000' → 150000; '' → null; 'abc' → NaN, which the contract refuses in Russian. */
const numberOrNull = (value: string) => {
  const compact = value.replace(/\s/g, '').replace(',', '.');
  return compact ? Number(compact) : null;
};
const htmlOrNull = (value: string) => (value.replace(/<[^>]*>/g, '').trim() ? value : null);
const isBlank = (value: CustomValue | undefined) =>
  value == null || (typeof value === 'string' && !value.trim());

export const requiredMessage = (field: Pick<TemplateField, 'name'>) =>
  `Заполните поле «${field.name}»`;

/** '31.12.2026' → '2026-12-31'; null when it is not a date of the calendar. */
const isoDate = (value: string) => {
  const parsed = ZDate.safeParse(value);
  return parsed.success ? parsed.data : null;
};

function customValue(field: TemplateField, value: CustomValue | undefined) {
  if (isBlank(value)) return null;
  if (typeof value !== 'string') return value ?? null;
  if (field.type === 'number') return numberOrNull(value);
  if (field.type === 'date') return isoDate(value) ?? value;
  return value.trim();
}

export function requestOf(values: RequestFormValues, fields: TemplateField[]): TCreateRequest {
  return {
    template_id: idOrNull(values.template_id),
    position: values.position.trim(),
    needed: numberOrNull(values.needed) ?? undefined,
    salary_from: numberOrNull(values.salary_from),
    salary_to: numberOrNull(values.salary_to),
    currency: values.currency,
    date_will_close: nullIfBlank(values.date_will_close),
    account_division_id: idOrNull(values.account_division_id),
    priority: Number(values.priority) || 0,
    body: htmlOrNull(values.body),
    requirements: htmlOrNull(values.requirements),
    conditions: htmlOrNull(values.conditions),
    information: htmlOrNull(values.information),
    // Without fields to fill nothing is sent, so a request whose template is gone keeps its values.
    ...(fields.length
      ? {
          template_values: Object.fromEntries(
            fields.map((field) => [
              field.key,
              customValue(field, values.template_values[field.key]),
            ]),
          ) as TCreateRequest['template_values'],
        }
      : {}),
    ...(values.files.length ? { files: values.files } : {}),
  };
}

/**
 * The form's check, before anything is sent: every required field of the template (the API
 * refuses a request without one, a draft too), numbers and dates of the calendar.
 */
export function requestFormSchema(fields: TemplateField[]) {
  const values = z.custom<RequestFormValues>(() => true);
  return values
    .superRefine((v, ctx) => {
      for (const field of fields) {
        const value = v.template_values[field.key];
        const path = ['template_values', field.key];
        if (isBlank(value)) {
          if (field.required) {
            ctx.addIssue({ code: 'custom', path, message: requiredMessage(field) });
          }
        } else if (typeof value === 'string' && field.type === 'number') {
          if (Number.isNaN(numberOrNull(value))) {
            ctx.addIssue({ code: 'custom', path, message: 'Значение поля — число' });
          }
        } else if (typeof value === 'string' && field.type === 'date' && !isoDate(value)) {
          ctx.addIssue({ code: 'custom', path, message: 'Дата указывается как ДД.ММ.ГГГГ' });
        }
      }
    })
    .transform((v) => requestOf(v, fields))
    .pipe(ZCreateRequest);
}

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));
/** '2026-12-31' → '31.12.2026' for the date input. */
export const ruDate = (iso: string | null | undefined) => {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : (iso ?? '');
};

export function emptyRequestForm(template: TRequestTemplate | null): RequestFormValues {
  return {
    template_id: template ? String(template.id) : '',
    position: '',
    needed: '1',
    salary_from: '',
    salary_to: '',
    currency: 'RUB',
    date_will_close: '',
    account_division_id: '',
    priority: '0',
    body: '',
    requirements: '',
    conditions: '',
    information: '',
    template_values: Object.fromEntries(
      (template?.fields ?? []).map((field) => [field.key, field.type === 'file' ? null : '']),
    ),
    files: [],
  };
}

/** A stored request in the form, to edit it (a draft, or one returned for changes). */
export function formValuesOfRequest(
  request: TRequest,
  template: TRequestTemplate | null,
): RequestFormValues {
  const stored = request.template_values;
  return {
    ...emptyRequestForm(template),
    template_id: numberText(request.template_id),
    position: request.position,
    needed: numberText(request.needed),
    salary_from: numberText(request.salary_from),
    salary_to: numberText(request.salary_to),
    currency: request.currency || 'RUB',
    date_will_close: ruDate(request.date_will_close),
    account_division_id: numberText(request.account_division?.id),
    priority: numberText(request.priority),
    body: text(request.body),
    requirements: text(request.requirements),
    conditions: text(request.conditions),
    information: text(request.information),
    template_values: Object.fromEntries(
      (template?.fields ?? []).map((field) => {
        const value = stored[field.key] ?? null;
        if (field.type === 'file') return [field.key, typeof value === 'number' ? value : null];
        if (field.type === 'date') return [field.key, ruDate(value == null ? '' : String(value))];
        return [field.key, value == null ? '' : String(value)];
      }),
    ),
  };
}

/** Reads a picked file as the data URL the API takes (a file without a type as octet-stream). */
export function readAsDataUrl(file: File): Promise<PickedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result).replace(
        /^data:(;|base64,)/,
        (_, rest: string) => `data:application/octet-stream${rest === ';' ? ';' : ';base64,'}`,
      );
      resolve({ file: url, file_name: file.name });
    };
    reader.onerror = () => reject(reader.error ?? new Error('Не удалось прочитать файл'));
    reader.readAsDataURL(file);
  });
}
