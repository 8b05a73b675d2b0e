import type { Readable } from 'node:stream';
import type { TApplicantListFilters } from '@ats/contracts/applicant-list';
import { API_CODES } from '@ats/contracts/envelope';
import { personDisplayName } from '@ats/contracts/person-name';
import { formatPhone } from '@ats/contracts/phone';
import type { TAdminUserSetting } from '@ats/contracts/users';
import { recordAuditNow } from '../../platform/audit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { type CellValue, type SheetColumn, sheetStream } from '../../platform/spreadsheet.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import * as repo from './applicant-export.repository.ts';

/** One file holds at most this many applicants; more asks the recruiter to narrow the list. */
export const MAX_EXPORT_APPLICANTS = 100_000;
/** Applicants read per query while the file is written. */
export const EXPORT_BATCH_SIZE = 1000;

const TOO_MANY =
  'В выгрузку попадает больше 100\u00a0000 кандидатов. Уточните фильтры, чтобы выгрузить список частями.';
const APPLICANTS_NOT_FOUND = 'Некоторые кандидаты не найдены';
const SHEET_NAME = 'Кандидаты';

export type FieldFlag = keyof TAdminUserSetting['download_pdf'];
type Row = repo.ApplicantExportRow;

type ExportColumn = SheetColumn & {
  /** Shown when any of these of the user's download settings is on. */
  fields: FieldFlag[];
  value: (row: Row, shown: ReadonlySet<FieldFlag>) => CellValue;
};

/** '150000' and '150 000' are numbers a spreadsheet can sum; 'от 150 000' stays as written. */
const salaryOf = (row: Row): CellValue =>
  row.salary_amount !== null && /^[\d\s\u00a0\u202f]+$/.test(row.money ?? '')
    ? row.salary_amount
    : row.money;

const COLUMNS: ExportColumn[] = [
  {
    header: 'ФИО',
    width: 32,
    fields: ['is_last_name', 'is_first_name', 'is_middle_name'],
    // The display name of SPEC.md §3 from the parts the settings let through; the e-mail has
    // its own column, so it is not repeated here.
    value: (row, shown) =>
      personDisplayName({
        last_name: shown.has('is_last_name') ? row.last_name : null,
        first_name: shown.has('is_first_name') ? row.first_name : null,
        middle_name: shown.has('is_middle_name') ? row.middle_name : null,
      }),
  },
  { header: 'Должность', width: 28, fields: ['is_position'], value: (row) => row.position },
  { header: 'Компания', width: 24, fields: ['is_company'], value: (row) => row.company },
  {
    header: 'Телефон',
    width: 18,
    fields: ['is_phone'],
    value: (row) => formatPhone(row.phone) || null,
  },
  { header: 'Email', width: 28, fields: ['is_email'], value: (row) => row.email },
  { header: 'Telegram', width: 18, fields: ['is_tg'], value: (row) => row.tg },
  { header: 'Зарплата', width: 14, fields: ['is_money'], value: salaryOf },
  { header: 'Валюта', width: 9, fields: ['is_money'], value: (row) => row.currency },
  { header: 'Возраст', width: 9, fields: ['is_age'], value: (row) => row.age },
  { header: 'Теги', width: 24, fields: ['is_tags'], value: (row) => row.tags },
  { header: 'Источник', width: 18, fields: ['is_source_name'], value: (row) => row.source_name },
  {
    header: 'Добавлен',
    width: 17,
    format: 'dd.mm.yyyy hh:mm',
    fields: ['is_source_add'],
    // Moscow wall-clock time as the cell's date: spreadsheets have no time zones.
    value: (row) => new Date(`${row.created_at}Z`),
  },
];

/**
 * The applicant fields the user's download settings (`admin_user_setting.download_pdf`) let into
 * a file: the columns of this export and the fields of the card's PDF.
 */
export async function downloadFieldsOf(tenant: Tenant): Promise<ReadonlySet<FieldFlag>> {
  const user = await getUser(tenant, tenant.userId);
  const flags = user.admin_user_setting.download_pdf;
  return new Set((Object.keys(flags) as FieldFlag[]).filter((flag) => flags[flag]));
}

/** The columns the download settings let through; settings that hide everything give every column. */
async function columnsFor(tenant: Tenant) {
  const shown = await downloadFieldsOf(tenant);
  const columns = COLUMNS.filter((column) => column.fields.some((flag) => shown.has(flag)));
  if (columns.length) return { columns, shown };
  return { columns: COLUMNS, shown: new Set(COLUMNS.flatMap((column) => column.fields)) };
}

/** The day in Moscow, 'YYYY-MM-DD'. */
function moscowDate(now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export type ApplicantExport = { fileName: string; stream: Readable };

/**
 * The file of `ids` (a snapshot taken before the first byte), read in batches as the client takes
 * the file, each batch in its own short transaction: no connection or snapshot is held while a
 * slow download runs.
 */
async function exportOf(tenant: Tenant, ids: number[]): Promise<ApplicantExport> {
  const { columns, shown } = await columnsFor(tenant);
  await recordAuditNow(tenant, {
    action: 'applicants.exported',
    summary: `Выгрузка кандидатов в Excel: ${ids.length}`,
    changes: { count: ids.length, columns: columns.map((column) => column.header) },
  });
  async function* rows() {
    for (let start = 0; start < ids.length; start += EXPORT_BATCH_SIZE) {
      const batch = repo.applicantExportRowsQuery(
        tenant.accountId,
        ids.slice(start, start + EXPORT_BATCH_SIZE),
      );
      for (const row of await tenant.read<Row>(batch.query, batch.name)) {
        yield columns.map((column) => column.value(row, shown));
      }
    }
  }
  return {
    fileName: `Кандидаты ${moscowDate()}.xlsx`,
    stream: sheetStream({ name: SHEET_NAME, columns, rows: rows() }),
  };
}

/** The whole list as it is filtered, searched and sorted, in one xlsx. */
export async function exportApplicantList(
  tenant: Tenant,
  filters: TApplicantListFilters,
): Promise<ApplicantExport> {
  const snapshot = repo.applicantListIdsQuery(
    tenant.accountId,
    tenant.userId,
    filters,
    MAX_EXPORT_APPLICANTS + 1,
  );
  const found = await tenant.read<{ id: number }>(snapshot.query, snapshot.name);
  if (found.length > MAX_EXPORT_APPLICANTS) throw badRequest(TOO_MANY);
  return exportOf(
    tenant,
    found.map((row) => row.id),
  );
}

/** The selected applicants, in the order of the selection; every one must be in the account. */
export async function exportApplicantSelection(
  tenant: Tenant,
  ids: number[],
): Promise<ApplicantExport> {
  const check = repo.accountApplicantIdsQuery(tenant.accountId, ids);
  const known = new Set(
    (await tenant.read<{ id: number }>(check.query, check.name)).map((row) => row.id),
  );
  if (known.size !== ids.length) {
    throw new AppError(API_CODES.notFound, APPLICANTS_NOT_FOUND, {
      applicant_ids: `Нет в базе: ${ids.filter((id) => !known.has(id)).join(', ')}`,
    });
  }
  return exportOf(tenant, ids);
}
