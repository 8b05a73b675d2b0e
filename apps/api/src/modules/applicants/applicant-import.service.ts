import { randomUUID } from 'node:crypto';
import {
  IMPORT_FAILURES_SHOWN,
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  IMPORT_SAMPLE_ROWS,
  MAX_IMPORT_ROWS,
  type TApplicantImport,
  type TImportField,
  type TImportMatches,
  type TStartImportRequest,
} from '@ats/contracts/applicant-import';
import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { personDisplayName } from '@ats/contracts/person-name';
import { buffer } from 'node:stream/consumers';
import type { ImportMatchActions } from '@ats/db/schema/applicant-imports';
import { findDoublesOfDrafts } from '../duplicates/duplicates.service.ts';
import type { Session } from '../../platform/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Queue } from '../../platform/queue.ts';
import type { Sheet } from '../../platform/spreadsheet.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import {
  detectImportFormat,
  type ImportFormat,
  readImportFile,
  storedFormatOf,
} from './applicant-import.file.ts';
import { applicantImportJob } from './applicant-import.jobs.ts';
import { applicantOfRow, suggestFields } from './applicant-import.mapping.ts';
import * as repo from './applicant-import.repository.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';
import { assertApplicantAction } from './applicants.policy.ts';

/**
 * Who may import: not a watcher; an admin, or a user with can_upload_data; and, since every row
 * becomes an applicant, someone allowed to create applicants.
 */
async function assertCanImport(tenant: Tenant, session: Session) {
  assertCanReadApplicants(session);
  const permissions = (await getUser(tenant, session.userId)).admin_user_setting
    .permissions_actions;
  if (!session.isAdmin && !permissions.can_upload_data) {
    throw forbidden(IMPORT_MESSAGES.cannotUpload);
  }
  assertApplicantAction({ ...session, permissions }, 'create');
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toImport(row: repo.ImportRow, failures: { line: number; reason: string }[]) {
  return {
    id: row.id,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    columns: row.columns,
    sample_rows: row.sampleRows,
    fields: (row.mapping as (TImportField | null)[] | null) ?? suggestFields(row.columns),
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    failed: row.failed,
    merged: row.merged,
    skipped: row.skipped,
    failures: failures.map(({ line, reason }) => ({ line, reason })),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  } satisfies TApplicantImport;
}

/** The header, a few rows under it and the number of data rows; refuses files it cannot take. */
async function surveyFile(bytes: Buffer, format: ImportFormat) {
  let header: string[] | null = null;
  const sample: string[][] = [];
  let total = 0;
  for (const row of await readImportFile(bytes, format)) {
    if (!header) {
      header = row.cells.map((cell, index) => cell || `Столбец ${index + 1}`);
      continue;
    }
    total += 1;
    if (total > MAX_IMPORT_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
    if (sample.length < IMPORT_SAMPLE_ROWS) {
      sample.push(header.map((_, index) => row.cells[index] ?? ''));
    }
  }
  if (!header) throw badRequest(IMPORT_MESSAGES.noHeader, { file: IMPORT_MESSAGES.noHeader });
  if (total === 0) throw badRequest(IMPORT_MESSAGES.noRows, { file: IMPORT_MESSAGES.noRows });
  return { columns: header, sample, total };
}

/** Checks and keeps the file, and answers what the recruiter needs to map its columns. */
export async function uploadApplicantImport(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  file: { bytes: Buffer; fileName: string | undefined },
) {
  await assertCanImport(tenant, session);
  const format = detectImportFormat(file.bytes);
  const { columns, sample, total } = await surveyFile(file.bytes, format);
  const storageKey = `${tenant.accountId}/imports/${randomUUID()}.${format.format}`;
  await storage.put(storageKey, file.bytes);
  try {
    const row = await tenant.transaction((tx) =>
      repo.insertImport(tx, {
        accountId: tenant.accountId,
        createdBy: tenant.userId,
        fileName: (file.fileName ?? `import.${format.format}`).slice(0, 255),
        format: format.format,
        storageKey,
        encoding: format.format === 'csv' ? format.encoding : null,
        delimiter: format.format === 'csv' ? format.delimiter : null,
        columns,
        sampleRows: sample,
        total,
      }),
    );
    return toImport(row, []);
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
}

function assertMapping(columns: string[], fields: (TImportField | null)[]) {
  if (fields.length !== columns.length) {
    throw badRequest(IMPORT_MESSAGES.mappingLength, { fields: IMPORT_MESSAGES.mappingLength });
  }
  const chosen = fields.filter((field): field is TImportField => field !== null);
  if (new Set(chosen).size !== chosen.length) {
    throw badRequest(IMPORT_MESSAGES.mappingDuplicate, {
      fields: IMPORT_MESSAGES.mappingDuplicate,
    });
  }
  if (!chosen.some((field) => ['full_name', 'last_name', 'first_name'].includes(field))) {
    throw badRequest(IMPORT_MESSAGES.mappingNeedsName, {
      fields: IMPORT_MESSAGES.mappingNeedsName,
    });
  }
}

/**
 * Before the start: the rows, read with the mapping the recruiter chose, that match applicants
 * already in the base (the duplicates module's matching: phone, e-mail, Telegram, name), so the
 * recruiter decides per row whether to merge, skip or create.
 */
export async function findApplicantImportMatches(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  fields: (TImportField | null)[],
): Promise<TImportMatches> {
  await assertCanImport(tenant, session);
  const row = await tenant.transaction((tx) => repo.findImport(tx, tenant.accountId, id));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  if (row.startedAt) throw conflict(IMPORT_MESSAGES.alreadyStarted);
  assertMapping(row.columns, fields);
  const stored = await storage.get(row.storageKey);
  if (!stored) throw notFound(IMPORT_MESSAGES.notFound);
  const rows = (await readImportFile(await buffer(stored.stream), storedFormatOf(row))).slice(1);
  const drafts = rows.flatMap((fileRow) => {
    const parsed = ZCreateApplicantRequest.safeParse(applicantOfRow(fields, fileRow.cells).request);
    // A row the contract refuses fails at import with its reason; it matches nobody here.
    return parsed.success ? [{ line: fileRow.line, draft: parsed.data }] : [];
  });
  const found = await findDoublesOfDrafts(
    tenant,
    session,
    drafts.map((d) => d.draft),
  );
  return {
    rows: drafts.flatMap(({ line, draft }, index) =>
      found[index]!.length === 0
        ? []
        : [
            {
              line,
              name: personDisplayName(draft),
              phone: draft.phone ?? null,
              email: draft.email ?? null,
              matches: found[index]!,
            },
          ],
    ),
  };
}

/** The choices for matching rows as the job reads them; null: every row created (as before). */
function matchActionsOf(request: TStartImportRequest): ImportMatchActions | null {
  if (request.on_match === undefined && !request.row_actions?.length) return null;
  return {
    on_match: request.on_match ?? 'create',
    rows: Object.fromEntries(
      (request.row_actions ?? []).map(({ line, action, applicant_id }) => [
        String(line),
        applicant_id === undefined ? { action } : { action, applicant_id },
      ]),
    ),
  };
}

/** Fixes the mapping and hands the import to the job queue; answers the import as it stands. */
export async function startApplicantImport(
  queue: Queue,
  tenant: Tenant,
  session: Session,
  id: number,
  request: TStartImportRequest,
) {
  const { fields } = request;
  await assertCanImport(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.lockImport(tx, tenant.accountId, id);
    if (!current) throw notFound(IMPORT_MESSAGES.notFound);
    if (current.startedAt) throw conflict(IMPORT_MESSAGES.alreadyStarted);
    assertMapping(current.columns, fields);
    await repo.updateImport(tx, tenant.accountId, id, {
      mapping: fields,
      matchActions: matchActionsOf(request),
      startedAt: new Date(),
    });
    return repo.findImport(tx, tenant.accountId, id);
  });
  // Enqueued after the commit: the job must find the mapping. PGlite would also wait for ever
  // on a queue statement sent from inside an open transaction (one connection).
  try {
    await queue.enqueue(
      applicantImportJob,
      { accountId: tenant.accountId, importId: id },
      { singletonKey: `applicant-import-${tenant.accountId}-${id}` },
    );
  } catch (error) {
    await tenant.transaction((tx) =>
      repo.updateImport(tx, tenant.accountId, id, {
        mapping: null,
        matchActions: null,
        startedAt: null,
      }),
    );
    throw error;
  }
  return toImport(row!, []);
}

export async function getApplicantImport(tenant: Tenant, session: Session, id: number) {
  await assertCanImport(tenant, session);
  return tenant.transaction(async (tx) => {
    const row = await repo.findImport(tx, tenant.accountId, id);
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    const failures = await repo.listFailures(tx, tenant.accountId, id, IMPORT_FAILURES_SHOWN);
    return toImport(row, failures);
  });
}

/** The rows not imported, as a workbook: line, reason, then the row's cells under its header. */
export async function applicantImportFailuresSheet(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<{ fileName: string; sheet: Sheet }> {
  await assertCanImport(tenant, session);
  const { row, failures } = await tenant.transaction(async (tx) => {
    const found = await repo.findImport(tx, tenant.accountId, id);
    if (!found) throw notFound(IMPORT_MESSAGES.notFound);
    return { row: found, failures: await repo.listFailures(tx, tenant.accountId, id) };
  });
  const base = row.fileName.replace(/\.[^.]*$/, '');
  return {
    fileName: `${base} — ошибки импорта.xlsx`,
    sheet: {
      name: 'Ошибки импорта',
      columns: [
        { header: 'Строка', width: 8 },
        { header: 'Причина', width: 50 },
        ...row.columns.map((header) => ({ header, width: 20 })),
      ],
      rows: failures.map((failure) => [
        failure.line,
        failure.reason,
        ...row.columns.map((_, index) => failure.cells[index] || null),
      ]),
    },
  };
}

/** For the contract's description: which fields a column can fill. */
export const IMPORT_FIELD_LIST = Object.values(IMPORT_FIELD_LABELS).join(', ');
