import { z } from 'zod';
import { ZDate } from './applicants.ts';
import { ZIconAnswer } from './icons.ts';
import { MAX_ID } from './ids.ts';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from './pagination.ts';
import { lazySchema } from './lazy-schema.ts';

// The applicant list: GET /api/applicants with the filters of research/huntlee-api.md §5.3, saved
// filter sets (/api/applicant_filters) and bulk actions on a selection.
//
// Query strings arrive as text, repeated (`tags=1&tags=2`), bracketed (`tags[]=1`) or as a comma
// list (`tags=1,2`); a saved filter set arrives as JSON with numbers and booleans. Every parameter
// accepts all of these, treats an empty value as absent, and is normalised to one typed shape,
// TApplicantListFilters, which the server filters by and saved filter sets store.

export const APPLICANT_LIST_SORTS = [
  'created_desc',
  'created_asc',
  'name_asc',
  'salary_desc',
  'relevance',
] as const;
export type TApplicantListSort = (typeof APPLICANT_LIST_SORTS)[number];

export const MAX_BULK_APPLICANTS = 1000;
const MAX_LIST_IDS = 100;

const scalar = lazySchema(() => z.union([z.string(), z.number()]));
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const intParam = (message: string, min: number, max: number) =>
  scalar.nullish().transform((value, ctx): number | undefined => {
    if (isBlank(value)) return undefined;
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

const idParam = lazySchema(() => intParam('Некорректный идентификатор', 1, MAX_ID));

/** `1,2`, `['1','2']`, `[1, 2]` or `1` → [1, 2]. */
const idListParam = lazySchema(() =>
  z
    .union([scalar, z.array(scalar)])
    .nullish()
    .transform((value, ctx): number[] | undefined => {
      if (isBlank(value)) return undefined;
      const parts = (Array.isArray(value) ? value : [value!]).flatMap(
        (part): (string | number)[] => (typeof part === 'number' ? [part] : part.split(',')),
      );
      const ids = parts
        .filter((part) => !isBlank(part))
        .map((part) => (typeof part === 'number' ? part : Number(part.trim())));
      if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: 'Список должен состоять из идентификаторов' });
        return z.NEVER;
      }
      if (ids.length > MAX_LIST_IDS) {
        ctx.addIssue({ code: 'custom', message: `Не больше ${MAX_LIST_IDS} значений` });
        return z.NEVER;
      }
      return ids.length ? [...new Set(ids)] : undefined;
    }),
);

const textParam = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` })
    .nullish()
    .transform((value) => value || undefined);

const dateParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (isBlank(value)) return undefined;
      const parsed = ZDate.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' });
        return z.NEVER;
      }
      return parsed.data;
    }),
);

const flagParam = lazySchema(() =>
  z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((value, ctx): boolean | undefined => {
      if (typeof value === 'boolean') return value;
      if (isBlank(value)) return undefined;
      const text = String(value).trim().toLowerCase();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      ctx.addIssue({ code: 'custom', message: 'Ожидается true или false' });
      return z.NEVER;
    }),
);

const sortParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): TApplicantListSort | undefined => {
      if (isBlank(value)) return undefined;
      const sort = String(value).trim() as TApplicantListSort;
      if (!APPLICANT_LIST_SORTS.includes(sort)) {
        ctx.addIssue({
          code: 'custom',
          message: `Сортировка: одна из ${APPLICANT_LIST_SORTS.join(', ')}`,
        });
        return z.NEVER;
      }
      return sort;
    }),
);

const currencyParam = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (isBlank(value)) return undefined;
      const code = String(value).trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code)) {
        ctx.addIssue({ code: 'custom', message: 'Валюта — трёхбуквенный код, например RUB' });
        return z.NEVER;
      }
      return code;
    }),
);

const phoneParam = lazySchema(() =>
  textParam(50).transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    if (!/\d/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Телефон: укажите хотя бы одну цифру' });
      return z.NEVER;
    }
    return value;
  }),
);

/** A value made on its first use, then kept. */
/* @__NO_SIDE_EFFECTS__ */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * The list's query fields, made on first use (each is a schema built when called) and then kept:
 * a page that imports this module for its types or another schema builds none of them.
 */
const filterFields = once(() => ({
  /** Stage and vacancy: placement on a vacancy (research/huntlee-api.md §5.3). */
  status_id: idParam,
  vacancy_id: idParam,
  /** Names across Cyrillic and Latin with typos, and résumé text with Russian stemming. */
  search: textParam(200),
  /** Inclusive dates (Moscow) of the last change. */
  status_from: dateParam,
  status_to: dateParam,
  /** Inclusive dates (Moscow) the applicant was added to the base. */
  created_from: dateParam,
  created_to: dateParam,
  account_source_id: idParam,
  /** Applicants carrying any of these tags. */
  tags: idListParam,
  'tags[]': idListParam,
  /** Hard-skill dictionary ids: applicants having every one of these skills. */
  skill_ids: idListParam,
  'skill_ids[]': idListParam,
  country_id: idParam,
  position: textParam(),
  /** The current employer or any in the work history. */
  company: textParam(),
  /** At least this many years of experience. */
  total_experience: intParam('Опыт работы — целое число лет от 0 до 80', 0, 80),
  age_from: intParam('Возраст — целое число от 0 до 120', 0, 120),
  age_to: intParam('Возраст — целое число от 0 до 120', 0, 120),
  salary_from: intParam('Зарплата — целое неотрицательное число', 0, MAX_ID),
  salary_to: intParam('Зарплата — целое неотрицательное число', 0, MAX_ID),
  currency: currencyParam,
  /** Applicants open to any of these employment types. */
  employments: idListParam,
  'employments[]': idListParam,
  /** The responsible recruiter. */
  admin_user_id: idParam,
  email: textParam(),
  /** Digits are compared, formatting ignored; 8 and +7 prefixes are the same number. */
  phone: phoneParam,
  tg: textParam(100),
  only_mine: flagParam,
  /** `relevance` by default when searching, otherwise `created_desc`. */
  sort: sortParam,
}));

/**
 * The board's filters (`GET /api/status_vacancy_columns/get_applicants` and the columns' counts,
 * all optional): the one search box of the applicants (names, résumé words, e-mail, phone), their
 * tags and source, and who put them on the vacancy and when (inclusive days in Moscow).
 */
export const ZBoardFilters = lazySchema(() =>
  z.object({
    search: textParam(200),
    tags: idListParam,
    account_source_id: idParam,
    added_by: idParam,
    added_from: dateParam,
    added_to: dateParam,
  }),
);
export type TBoardFilters = z.infer<typeof ZBoardFilters>;

/** The filters in their one normalised shape: what the server filters by and saved sets keep. */
export const ZApplicantListFilters = lazySchema(() =>
  z.object({
    status_id: z.number().int().optional(),
    vacancy_id: z.number().int().optional(),
    search: z.string().optional(),
    status_from: z.string().optional(),
    status_to: z.string().optional(),
    created_from: z.string().optional(),
    created_to: z.string().optional(),
    account_source_id: z.number().int().optional(),
    tags: z.array(z.number().int()).optional(),
    skill_ids: z.array(z.number().int()).optional(),
    country_id: z.number().int().optional(),
    position: z.string().optional(),
    company: z.string().optional(),
    total_experience: z.number().int().optional(),
    age_from: z.number().int().optional(),
    age_to: z.number().int().optional(),
    salary_from: z.number().int().optional(),
    salary_to: z.number().int().optional(),
    currency: z.string().optional(),
    employments: z.array(z.number().int()).optional(),
    admin_user_id: z.number().int().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    tg: z.string().optional(),
    only_mine: z.boolean().optional(),
    sort: z.enum(APPLICANT_LIST_SORTS).optional(),
  }),
);
export type TApplicantListFilters = z.infer<typeof ZApplicantListFilters>;

type FilterFields = ReturnType<typeof filterFields>;
type RawFilters = { [K in keyof FilterFields]: z.output<FilterFields[K]> };

function normalizeFilters(raw: RawFilters): TApplicantListFilters {
  const merge = (a: number[] | undefined, b: number[] | undefined) =>
    a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined;
  const {
    'tags[]': tagsBracketed,
    'skill_ids[]': skillsBracketed,
    'employments[]': employmentsBracketed,
    ...rest
  } = raw;
  const merged: Record<string, unknown> = {
    ...rest,
    tags: merge(rest.tags, tagsBracketed),
    skill_ids: merge(rest.skill_ids, skillsBracketed),
    employments: merge(rest.employments, employmentsBracketed),
  };
  // Absent filters are left out, so a saved set stores only what was chosen.
  return Object.fromEntries(
    Object.entries(merged).filter(([, value]) => value !== undefined),
  ) as TApplicantListFilters;
}

const rangeChecks = (filters: TApplicantListFilters, ctx: z.RefinementCtx) => {
  const ranges = [
    ['age_from', 'age_to', 'Возраст «от» больше, чем «до»'],
    ['salary_from', 'salary_to', 'Зарплата «от» больше, чем «до»'],
    ['status_from', 'status_to', 'Дата «с» позже, чем «по»'],
    ['created_from', 'created_to', 'Дата добавления «с» позже, чем «по»'],
  ] as const;
  for (const [from, to, message] of ranges) {
    const a = filters[from];
    const b = filters[to];
    if (a !== undefined && b !== undefined && a > b) {
      ctx.addIssue({ code: 'custom', message, path: [from] });
    }
  }
};

/**
 * A filter set as a client sends it, normalised. A saved set is a document kept as sent, so it
 * is held to the filters the list knows: an unknown key is refused, not stored.
 */
export const ZApplicantListFiltersInput = lazySchema(() =>
  z
    .strictObject(filterFields(), {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Неизвестный фильтр: ${issue.keys.join(', ').slice(0, 200)}`
          : 'Фильтры — объект с полями списка кандидатов',
    })
    .transform(normalizeFilters)
    .superRefine(rangeChecks)
    .pipe(ZApplicantListFilters),
);

/**
 * GET /api/applicants/export query: the list's filters as a query string. Like the list's own
 * query it ignores what it does not know (clients pass the list's page and per_page along).
 */
export const ZApplicantExportQuery = lazySchema(() =>
  z
    .object(filterFields())
    .transform(normalizeFilters)
    .superRefine(rangeChecks)
    .pipe(ZApplicantListFilters),
);

/** GET /api/applicants query. */
export const ZApplicantListQuery = lazySchema(() =>
  z
    .object({
      page: intParam(`Номер страницы — целое число от 1 до ${MAX_PAGE}`, 1, MAX_PAGE).transform(
        (page) => page ?? 1,
      ),
      per_page: intParam(
        `На странице от 1 до ${MAX_PAGE_SIZE} кандидатов`,
        1,
        MAX_PAGE_SIZE,
      ).transform((perPage) => perPage ?? PAGE_SIZE),
      ...filterFields(),
      /**
       * The applicants behind a count of analytics (`drill` of its answer, opaque): the list shows
       * exactly them, with the other filters on top. Optional; not kept in saved filter sets.
       */
      drill: z.string().trim().max(400, { error: 'Некорректная ссылка из аналитики' }).optional(),
    })
    .transform(({ page, per_page, drill, ...raw }) => ({
      page,
      per_page,
      ...normalizeFilters(raw),
      ...(drill ? { drill } : {}),
    }))
    .superRefine(rangeChecks),
);
export type TApplicantListQuery = z.output<typeof ZApplicantListQuery>;

export const ZApplicantListTag = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    icon: ZIconAnswer,
  }),
);

/** A vacancy the applicant is on, and the stage there (the list's «Вакансия и этап» column). */
export const ZApplicantListPlacement = lazySchema(() =>
  z.object({
    vacancy_id: z.number().int(),
    vacancy_name: z.string(),
    status_id: z.number().int(),
    status_name: z.string(),
    status_color: z.string(),
  }),
);
export type TApplicantListPlacement = z.infer<typeof ZApplicantListPlacement>;

export const ZApplicantListItem = lazySchema(() =>
  z.object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    /** URL of the photo, or null. */
    photo: z.string().nullable(),
    position: z.string().nullable(),
    company: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    tg: z.string().nullable(),
    money: z.string().nullable(),
    currency: z.string().nullable(),
    age: z.number().int().nullable(),
    tags: z.array(ZApplicantListTag),
    account_source_id: z.number().int().nullable(),
    source_name: z.string().nullable(),
    source_icon: ZIconAnswer,
    admin_user_id: z.number().int().nullable(),
    created_at: z.string(),
    /** The vacancies the applicant is on with their stage, the latest change first (added in 2026). */
    applications: z.array(ZApplicantListPlacement).optional(),
  }),
);
export type TApplicantListItem = z.infer<typeof ZApplicantListItem>;

export const ZApplicantListResponse = lazySchema(() =>
  z.object({
    applicants: z.array(ZApplicantListItem),
    /** How many can be paged through; a search pages through its best 1,000 at most. */
    applicant_count: z.number().int(),
    /** True when a search matched more applicants than it lists (`applicant_count` is the limit). */
    applicant_count_capped: z.boolean(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
);
export type TApplicantListResponse = z.infer<typeof ZApplicantListResponse>;

// Saved filter sets.

const filterName = lazySchema(() =>
  z
    .string({ error: 'Укажите название набора фильтров' })
    .trim()
    .min(1, { error: 'Укажите название набора фильтров' })
    .max(100, { error: 'Не длиннее 100 символов' }),
);

export const ZApplicantFilter = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    filters: ZApplicantListFilters,
    is_shared: z.boolean(),
    user_id: z.number().int(),
    /** The caller's own set (the author may edit it). */
    is_own: z.boolean(),
    created_at: z.string(),
  }),
);
export type TApplicantFilter = z.infer<typeof ZApplicantFilter>;
export const ZApplicantFilterList = lazySchema(() => z.array(ZApplicantFilter));

export const ZCreateApplicantFilterRequest = lazySchema(() =>
  z.object({
    name: filterName,
    filters: ZApplicantListFiltersInput.default({}),
    is_shared: z.boolean({ error: 'is_shared: true или false' }).default(false),
  }),
);
export type TCreateApplicantFilterRequest = z.infer<typeof ZCreateApplicantFilterRequest>;

export const ZUpdateApplicantFilterRequest = lazySchema(() =>
  z
    .object({
      name: filterName.optional(),
      filters: ZApplicantListFiltersInput.optional(),
      is_shared: z.boolean({ error: 'is_shared: true или false' }).optional(),
    })
    .refine(
      (body) =>
        body.name !== undefined || body.filters !== undefined || body.is_shared !== undefined,
      { error: 'Укажите, что изменить: name, filters или is_shared' },
    ),
);
export type TUpdateApplicantFilterRequest = z.infer<typeof ZUpdateApplicantFilterRequest>;

// Bulk actions on a selection of the list.

const bulkIds = (field: string, max: number) =>
  z
    .array(
      z.number({ error: 'Некорректный идентификатор' }).int().positive().max(MAX_ID, {
        error: 'Некорректный идентификатор',
      }),
      { error: `${field}: список идентификаторов` },
    )
    .max(max, { error: `Не больше ${max} за один раз` })
    .transform((ids) => [...new Set(ids)]);

export const ZBulkApplicantTagsRequest = lazySchema(() =>
  z
    .object({
      applicant_ids: bulkIds('applicant_ids', MAX_BULK_APPLICANTS).refine((ids) => ids.length > 0, {
        error: 'Выберите кандидатов',
      }),
      add_tag_ids: bulkIds('add_tag_ids', MAX_LIST_IDS).default([]),
      remove_tag_ids: bulkIds('remove_tag_ids', MAX_LIST_IDS).default([]),
    })
    .refine((body) => body.add_tag_ids.length > 0 || body.remove_tag_ids.length > 0, {
      path: ['add_tag_ids'],
      error: 'Укажите теги, которые нужно добавить или снять',
    })
    .refine((body) => !body.add_tag_ids.some((id) => body.remove_tag_ids.includes(id)), {
      path: ['remove_tag_ids'],
      error: 'Один и тот же тег нельзя одновременно добавить и снять',
    }),
);
export type TBulkApplicantTagsRequest = z.infer<typeof ZBulkApplicantTagsRequest>;

export const ZBulkArchiveApplicantsRequest = lazySchema(() =>
  z.object({
    applicant_ids: bulkIds('applicant_ids', MAX_BULK_APPLICANTS).refine((ids) => ids.length > 0, {
      error: 'Выберите кандидатов',
    }),
  }),
);
export type TBulkArchiveApplicantsRequest = z.infer<typeof ZBulkArchiveApplicantsRequest>;

export const ZBulkApplicantsResult = lazySchema(() =>
  z.object({
    /** The selection, every id of which was found in the account. */
    applicant_ids: z.array(z.number().int()),
    /** How many applicants actually changed (the rest already were so). */
    changed_count: z.number().int(),
  }),
);
export type TBulkApplicantsResult = z.infer<typeof ZBulkApplicantsResult>;
