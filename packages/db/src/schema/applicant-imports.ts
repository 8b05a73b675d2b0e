import {
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

export type ImportMatchAction = 'merge' | 'skip' | 'create';
export type ImportMatchActions = {
  on_match: ImportMatchAction;
  rows: Record<string, { action: ImportMatchAction; applicant_id?: number }>;
};

/**
 * An import of applicants from an uploaded xlsx or CSV file. The file's bytes live in storage
 * under `storageKey`; the header and a few rows are read at upload so the recruiter can map the
 * columns; a background job then works through the rows, committing `processed` with each batch.
 */
export const applicantImports = pgTable(
  'applicant_imports',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    createdBy: integer().notNull(),
    fileName: text().notNull(),
    format: text({ enum: ['xlsx', 'csv'] }).notNull(),
    storageKey: text().notNull(),
    // How a CSV file is read: its encoding and delimiter, as detected at upload.
    encoding: text(),
    delimiter: text(),
    columns: jsonb().$type<string[]>().notNull(),
    sampleRows: jsonb().$type<string[][]>().notNull(),
    // The applicant field of each column, in column order (null: not imported); set at start.
    mapping: jsonb().$type<(string | null)[]>(),
    status: text({ enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    total: integer().notNull(),
    processed: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    // Rows that matched an applicant in the base: what to do with them (set at start), and counts.
    matchActions: jsonb().$type<ImportMatchActions>(),
    merged: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), tenantPolicy('applicant_imports')],
).enableRLS();

/** A row of the file that was not imported: its line as Excel shows it, the reason and its cells. */
export const applicantImportFailures = pgTable(
  'applicant_import_failures',
  {
    accountId: accountIdColumn(),
    importId: integer().notNull(),
    line: integer().notNull(),
    reason: text().notNull(),
    cells: jsonb().$type<string[]>().notNull(),
  },
  (t) => [
    // A batch that runs again writes the same lines: the key makes that a no-op.
    primaryKey({ columns: [t.accountId, t.importId, t.line] }),
    foreignKey({
      columns: [t.accountId, t.importId],
      foreignColumns: [applicantImports.accountId, applicantImports.id],
    }).onDelete('cascade'),
    tenantPolicy('applicant_import_failures'),
  ],
).enableRLS();
