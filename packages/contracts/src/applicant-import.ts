import { z } from 'zod';
import { ZDoubleMatch } from './duplicates.ts';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Import of applicants from an Excel (xlsx) or CSV file:
//   POST /api/applicants/imports            multipart `file` → the columns, sample rows, a mapping
//   POST /api/applicants/imports/{id}/start  { fields } → the import runs as a background job
//   GET  /api/applicants/imports/{id}        status and progress, with the rows not imported
//   GET  /api/applicants/imports/{id}/failures.xlsx  the rows not imported, as a workbook

/** The largest file accepted, and the most data rows one import takes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Lines read in all, empty ones included: a file of a million empty rows is refused, not walked. */
export const MAX_IMPORT_LINES = 50_000;
/** Columns a row may fill. */
export const MAX_IMPORT_COLUMNS = 500;
/** Rows shown under each column while mapping. */
export const IMPORT_SAMPLE_ROWS = 3;
/** Bad rows returned with the import; all of them are in the xlsx report. */
export const IMPORT_FAILURES_SHOWN = 500;

/** For `<input type="file" accept>`: a hint only; the server decides by the file's content. */
export const IMPORT_ACCEPT =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The applicant fields a column can fill, with the names the interface shows. */
export const IMPORT_FIELD_LABELS = {
  full_name: 'ФИО',
  last_name: 'Фамилия',
  first_name: 'Имя',
  middle_name: 'Отчество',
  phone: 'Телефон',
  email: 'E-mail',
  tg: 'Telegram',
  position: 'Должность',
  company: 'Компания',
  money: 'Зарплата',
  currency: 'Валюта',
  city: 'Город',
  source: 'Источник',
  tags: 'Теги',
  skills: 'Навыки',
  birthday: 'Дата рождения',
  about_me: 'О себе',
  comment: 'Комментарий',
} as const;
export const IMPORT_FIELDS = Object.keys(IMPORT_FIELD_LABELS) as [
  keyof typeof IMPORT_FIELD_LABELS,
  ...(keyof typeof IMPORT_FIELD_LABELS)[],
];
export type TImportField = keyof typeof IMPORT_FIELD_LABELS;

export const IMPORT_MESSAGES = {
  tooLarge: 'Файл больше 10 МБ',
  empty: 'Файл пустой',
  wrongType: 'Загрузите таблицу Excel (.xlsx) или CSV',
  oldExcel: 'Старый формат Excel (.xls) не поддерживается: сохраните файл как .xlsx',
  unreadableXlsx: 'Не удалось прочитать файл Excel: он повреждён или это не .xlsx',
  unreadableCsv: 'Не удалось прочитать CSV: проверьте кавычки в строках файла',
  noHeader: 'В первой строке файла должны быть названия столбцов',
  noRows: 'В файле нет строк с кандидатами',
  tooManyRows: `В файле больше ${MAX_IMPORT_ROWS.toLocaleString('ru-RU')} строк: разделите его на части`,
  tooManyLines: `В файле больше ${MAX_IMPORT_LINES.toLocaleString('ru-RU')} строк, считая пустые: разделите его на части`,
  tooManyColumns: `В строке файла больше ${MAX_IMPORT_COLUMNS} столбцов`,
  notFound: 'Импорт не найден',
  alreadyStarted: 'Этот импорт уже запущен',
  mappingLength: 'Укажите поле для каждого столбца файла',
  mappingNeedsName: 'Сопоставьте столбец с ФИО, фамилией или именем кандидата',
  mappingDuplicate: 'Одно поле выбрано для нескольких столбцов',
  cannotUpload: 'Нет прав на загрузку данных',
  jobFailed: 'Не удалось обработать файл. Попробуйте загрузить его ещё раз',
} as const;

/**
 * What a row that matches an applicant already in the base becomes: merged into that applicant
 * (the row's fields written over theirs, contacts kept), skipped, or created as a new person.
 */
export const IMPORT_MATCH_ACTIONS = ['merge', 'skip', 'create'] as const;
export type TImportMatchAction = (typeof IMPORT_MATCH_ACTIONS)[number];
export const IMPORT_MATCH_ACTION_LABELS: Record<TImportMatchAction, string> = {
  merge: 'Объединить с найденным',
  skip: 'Пропустить строку',
  create: 'Создать нового кандидата',
};

const ZMatchAction = lazySchema(() =>
  z.enum(IMPORT_MATCH_ACTIONS, {
    error: 'Действие для совпадения: merge, skip или create',
  }),
);

const ZImportFields = lazySchema(() =>
  z
    .array(
      z
        .enum(IMPORT_FIELDS, {
          error: (issue) =>
            `Неизвестное поле «${String(issue.input)}»: выберите поле кандидата или «не импортировать»`,
        })
        .nullable(),
    )
    .min(1, { error: IMPORT_MESSAGES.mappingLength })
    .max(500),
);

/** POST /api/applicants/imports/{id}/matches: the rows that match applicants already in the base. */
export const ZImportMatchesRequest = lazySchema(() => z.object({ fields: ZImportFields }));

export const ZImportRowMatch = lazySchema(() =>
  z.object({
    /** The line as Excel shows it. */
    line: z.number().int(),
    /** The row's name, phone and e-mail as the file has them. */
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** The applicants it matches, best first, with the reasons (the duplicates' matching). */
    matches: z.array(ZDoubleMatch),
  }),
);
export type TImportRowMatch = z.infer<typeof ZImportRowMatch>;

export const ZImportMatches = lazySchema(() => z.object({ rows: z.array(ZImportRowMatch) }));
export type TImportMatches = z.infer<typeof ZImportMatches>;

/** One field per column of the file, in order; null leaves the column out («не импортировать»). */
export const ZStartImportRequest = lazySchema(() =>
  z.object({
    /**
     * Optional: what to do with a row that matches an applicant (by the duplicates' matching).
     * Without it every row is created, as before.
     */
    on_match: ZMatchAction.optional(),
    /** Optional: a choice per line, over `on_match`; `applicant_id` picks which match to merge into. */
    row_actions: z
      .array(
        z.object({
          line: z
            .number()
            .int()
            .min(2)
            .max(MAX_IMPORT_LINES + 1),
          action: ZMatchAction,
          applicant_id: ZId.optional(),
        }),
      )
      .max(MAX_IMPORT_ROWS)
      .optional(),
    fields: ZImportFields,
  }),
);
export type TStartImportRequest = z.infer<typeof ZStartImportRequest>;

export const ZImportParams = lazySchema(() => z.object({ id: ZId }));

export const IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

export const ZImportFailure = lazySchema(() =>
  z.object({
    /** The line as Excel shows it: the header is line 1. */
    line: z.number().int(),
    reason: z.string(),
  }),
);
export type TImportFailure = z.infer<typeof ZImportFailure>;

/**
 * An import. `pending` with `started_at: null` waits for its mapping; `pending` once started
 * waits for a worker; `running` moves `processed` towards `total`; `done` or `failed` end it.
 */
export const ZApplicantImport = lazySchema(() =>
  z.object({
    id: z.number().int(),
    file_name: z.string(),
    format: z.enum(['xlsx', 'csv']),
    status: z.enum(IMPORT_STATUSES),
    columns: z.array(z.string()),
    sample_rows: z.array(z.array(z.string())),
    /** A field per column: the one chosen at start, or before that the one suggested by its name. */
    fields: z.array(z.enum(IMPORT_FIELDS).nullable()),
    total: z.number().int(),
    processed: z.number().int(),
    imported: z.number().int(),
    failed: z.number().int(),
    /** Rows merged into an applicant already in the base, and rows skipped as such (added in 2026). */
    merged: z.number().int().optional(),
    skipped: z.number().int().optional(),
    /** The first IMPORT_FAILURES_SHOWN bad rows, by line. */
    failures: z.array(ZImportFailure),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  }),
);
export type TApplicantImport = z.infer<typeof ZApplicantImport>;
