import { buffer } from 'node:stream/consumers';
import { IMPORT_MESSAGES, type TImportField } from '@ats/contracts/applicant-import';
import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/queue.ts';
import { type Storage, storageFor } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  createAccountSource,
  listAccountSources,
} from '../account-sources/account-sources.service.ts';
import { createTag, listTags } from '../tags/tags.service.ts';
import { readImportFile, type ImportFormat, type ImportRow } from './applicant-import.file.ts';
import { applicantOfRow, reasonOfIssues } from './applicant-import.mapping.ts';
import * as repo from './applicant-import.repository.ts';
import { createApplicant, updateApplicantTags } from './applicants.service.ts';

/** Rows committed together: the progress a restart resumes from moves in these steps. */
export const IMPORT_BATCH_SIZE = 50;

const ROW_NOT_SAVED = 'Не удалось сохранить строку';
const IMPORTER_GONE = 'Пользователь, запустивший импорт, больше не работает в аккаунте';

/**
 * The tenant of the batch's open transaction: the services a row goes through (create,
 * tags, sources) run their "transactions" inside it, so a batch commits as one.
 */
const tenantInTransaction = (tx: Db, accountId: number, userId: number): Tenant => ({
  accountId,
  userId,
  transaction: (work) => work(tx),
  read: (query) => selectRows(tx, query),
});

const sameName = (a: string, b: string) => a.toLocaleLowerCase('ru') === b.toLocaleLowerCase('ru');

async function sourceIdOf(tenant: Tenant, session: Session, name: string) {
  const found = (await listAccountSources(tenant)).find((source) => sameName(source.name, name));
  return found ? found.id : (await createAccountSource(tenant, session, { name })).id;
}

async function tagIdsOf(tenant: Tenant, session: Session, names: string[]) {
  const existing = await listTags(tenant);
  const ids: number[] = [];
  for (const name of names) {
    const found = existing.find((tag) => sameName(tag.name, name));
    ids.push(found ? found.id : (await createTag(tenant, session, { name })).id);
  }
  return ids;
}

/** One row through the same contract and services as POST /api/applicants. */
async function importRow(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  fields: (TImportField | null)[],
  row: ImportRow,
) {
  const { request, tagNames, sourceName } = applicantOfRow(fields, row.cells);
  const parsed = ZCreateApplicantRequest.safeParse(request);
  if (!parsed.success) throw badRequest(reasonOfIssues(parsed.error.issues));
  const input = parsed.data;
  if (sourceName) input.account_source_id = await sourceIdOf(tenant, session, sourceName);
  const card = await createApplicant(storage, tenant, session, input);
  if (tagNames.length > 0) {
    await updateApplicantTags(tenant, session, card.id, await tagIdsOf(tenant, session, tagNames));
  }
}

type Run = {
  context: JobContext;
  accountId: number;
  importId: number;
  session: Session;
  fields: (TImportField | null)[];
};

/**
 * One transaction per batch: the rows not yet processed become applicants (each behind a
 * savepoint, so a bad row is undone alone) or failures, and the progress moves past them. A
 * batch that runs again after a crash finds `processed` beyond its rows and does nothing.
 */
async function commitBatch(run: Run, batch: { index: number; row: ImportRow }[]) {
  const { context, accountId, importId, session, fields } = run;
  const storage = storageFor(context.config);
  return context.database.withTenant(accountId, async (tx) => {
    const current = await repo.lockImport(tx, accountId, importId);
    if (!current || current.status !== 'running') return false;
    const todo = batch.filter((item) => item.index >= current.processed);
    if (todo.length === 0) return true;
    const tenant = tenantInTransaction(tx, accountId, session.userId);
    const failures: repo.FailureInsert[] = [];
    for (const { row } of todo) {
      await tx.execute(sql.raw('savepoint import_row'));
      try {
        await importRow(storage, tenant, session, fields, row);
        await tx.execute(sql.raw('release savepoint import_row'));
      } catch (error) {
        await tx.execute(sql.raw('rollback to savepoint import_row'));
        if (!(error instanceof AppError)) {
          context.log.warn({ err: error, importId, line: row.line }, 'import row not saved');
        }
        const reason = error instanceof AppError ? error.message : ROW_NOT_SAVED;
        failures.push({ importId, line: row.line, reason, cells: row.cells });
      }
    }
    await repo.insertFailures(tx, accountId, failures);
    await repo.advanceImport(tx, accountId, importId, {
      processed: todo[todo.length - 1]!.index + 1,
      imported: todo.length - failures.length,
      failed: failures.length,
    });
    return true;
  });
}

async function finish(
  context: JobContext,
  accountId: number,
  importId: number,
  outcome: { status: 'done' } | { status: 'failed'; error: string },
) {
  await context.database.withTenant(accountId, (tx) =>
    repo.updateImport(tx, accountId, importId, {
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      finishedAt: new Date(),
    }),
  );
}

/** Marks the import as running and answers what the run needs, or null when there is no work. */
async function beginRun(context: JobContext, accountId: number, importId: number) {
  return context.database.withTenant(accountId, async (tx) => {
    const row = await repo.lockImport(tx, accountId, importId);
    if (!row?.mapping || row.status === 'done' || row.status === 'failed') return null;
    if (row.status === 'pending') {
      await repo.updateImport(tx, accountId, importId, { status: 'running' });
    }
    return { row, importer: await repo.findImporter(tx, accountId, row.createdBy) };
  });
}

const formatOf = (row: repo.ImportRow): ImportFormat =>
  row.format === 'xlsx'
    ? { format: 'xlsx' }
    : {
        format: 'csv',
        encoding: row.encoding === 'windows-1251' ? 'windows-1251' : 'utf-8',
        delimiter: row.delimiter ?? ',',
      };

/** The import job: the stored file read again, its data rows imported batch by batch. */
export async function runApplicantImport(
  target: { accountId: number; importId: number },
  context: JobContext,
) {
  const { accountId, importId } = target;
  const begun = await beginRun(context, accountId, importId);
  if (!begun) return;
  const { row, importer } = begun;
  try {
    if (!importer?.isActive) throw new AppError(409, IMPORTER_GONE);
    const storage = storageFor(context.config);
    const stored = await storage.get(row.storageKey);
    if (!stored) throw new AppError(410, IMPORT_MESSAGES.jobFailed);
    const bytes = await buffer(stored.stream);
    const run: Run = {
      context,
      accountId,
      importId,
      fields: row.mapping as (TImportField | null)[],
      // The job acts as the user who started the import, with their role at this moment.
      session: {
        token: '',
        sessionId: 0,
        accountId,
        userId: row.createdBy,
        source: 'web',
        isAdmin: importer.isAdmin,
        memberType: importer.memberType,
        accountIsActive: true,
        lastSeenAt: new Date(),
        via: 'header',
      },
    };
    let batch: { index: number; row: ImportRow }[] = [];
    let index = -1;
    for (const fileRow of await readImportFile(bytes, formatOf(row))) {
      // The first row with anything in it is the header.
      if (index++ < 0) continue;
      batch.push({ index: index - 1, row: fileRow });
      if (batch.length === IMPORT_BATCH_SIZE) {
        if (!(await commitBatch(run, batch))) return;
        batch = [];
      }
    }
    if (batch.length > 0 && !(await commitBatch(run, batch))) return;
    await finish(context, accountId, importId, { status: 'done' });
    await storage.delete(row.storageKey);
  } catch (error) {
    context.log.error({ err: error, accountId, importId }, 'applicant import failed');
    const message = error instanceof AppError ? error.message : IMPORT_MESSAGES.jobFailed;
    await finish(context, accountId, importId, { status: 'failed', error: message });
  }
}
