import { buffer } from 'node:stream/consumers';
import { IMPORT_MESSAGES, type TImportField } from '@ats/contracts/applicant-import';
import {
  type TCreateApplicantRequest,
  type TUpdateApplicantRequest,
  ZCreateApplicantRequest,
} from '@ats/contracts/applicants';
import type { ImportMatchActions } from '@ats/db/schema/applicant-imports';
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
import { findDoublesOfDraft } from '../duplicates/double-detection.service.ts';
import { createTag, listTags } from '../tags/tags.service.ts';
import { addApplicantComment } from './applicant-comments.service.ts';
import { readImportFile, storedFormatOf, type ImportRow } from './applicant-import.file.ts';
import { applicantOfRow, reasonOfIssues } from './applicant-import.mapping.ts';
import {
  handOverNotices,
  noticesQueuedIn,
  type ToldUsers,
} from '../messaging/user-notices.service.ts';
import * as repo from './applicant-import.repository.ts';
import {
  createApplicant,
  getApplicantCard,
  updateApplicant,
  updateApplicantTags,
} from './applicants.service.ts';

/** Rows committed together: the progress a restart resumes from moves in these steps. */
export const IMPORT_BATCH_SIZE = 50;

const ROW_NOT_SAVED = 'Не удалось сохранить строку';
const IMPORTER_GONE = 'Пользователь, запустивший импорт, больше не работает в аккаунте';
const MERGE_TARGET_GONE =
  'Кандидат, с которым выбрано объединение, больше не совпадает со строкой или удалён';

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

const digitsOf = (value: string) => value.replace(/\D/g, '').replace(/^[78](?=\d{10}$)/, '');
const sameContact = (type: 'phone' | 'email', a: string, b: string) =>
  type === 'phone'
    ? digitsOf(a) === digitsOf(b)
    : a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A row merged into an applicant already in the base: the row's fields written over theirs, a
 * phone or e-mail of theirs kept (the row's other one joins the contacts), skills and tags
 * joined, the name kept, the comment added.
 */
async function mergeRowInto(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  input: TCreateApplicantRequest,
  tagIds: number[],
) {
  const card = await getApplicantCard(tenant, session, id);
  const update: TUpdateApplicantRequest = {};
  if (!card.first_name && !card.last_name) {
    update.first_name = input.first_name ?? null;
    update.last_name = input.last_name ?? null;
    update.middle_name = input.middle_name ?? null;
  }
  const contacts = [...card.contacts];
  for (const type of ['phone', 'email'] as const) {
    const value = input[type];
    if (!value) continue;
    const current = card[type];
    if (!current) {
      update[type] = value;
    } else if (
      !sameContact(type, current, value) &&
      !contacts.some((c) => c.contact_type === type && sameContact(type, c.value, value))
    ) {
      contacts.push({ contact_type: type, value, is_prefered: false });
    }
  }
  if (contacts.length !== card.contacts.length) update.contacts = contacts;
  if (input.tg && !card.tg) update.tg = input.tg;
  if (input.money) {
    update.money = input.money;
    update.currency = input.currency ?? card.currency;
  } else if (input.currency) {
    update.currency = input.currency;
  }
  for (const key of ['position', 'company', 'birthday', 'about_me', 'account_source_id'] as const) {
    if (input[key] !== undefined && input[key] !== null) {
      Object.assign(update, { [key]: input[key] });
    }
  }
  if (input.skills?.length) update.skills = [...new Set([...card.skills, ...input.skills])];
  if (input.unidentified_info) {
    update.unidentified_info = card.unidentified_info
      ? `${card.unidentified_info}\n${input.unidentified_info}`
      : input.unidentified_info;
  }
  if (Object.keys(update).length > 0) await updateApplicant(storage, tenant, session, id, update);
  if (tagIds.length > 0) {
    const ids = [...new Set([...card.tags.map((tag) => tag.id), ...tagIds])];
    await updateApplicantTags(tenant, session, id, ids);
  }
  if (input.comment?.description) {
    await addApplicantComment(tenant, session, id, input.comment.description);
  }
}

type RowOutcome = 'created' | 'merged' | 'skipped';

/**
 * One row through the same contract and services as POST /api/applicants; a row matching an
 * applicant in the base (the duplicates module's matching) is merged or skipped when so chosen.
 */
async function importRow(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  run: { fields: (TImportField | null)[]; matchActions: ImportMatchActions | null },
  row: ImportRow,
): Promise<RowOutcome> {
  const { request, tagNames, sourceName } = applicantOfRow(run.fields, row.cells);
  const parsed = ZCreateApplicantRequest.safeParse(request);
  if (!parsed.success) throw badRequest(reasonOfIssues(parsed.error.issues));
  const input = parsed.data;
  if (sourceName) input.account_source_id = await sourceIdOf(tenant, session, sourceName);
  const chosen = run.matchActions?.rows[String(row.line)];
  const action = chosen?.action ?? run.matchActions?.on_match ?? 'create';
  if (action !== 'create') {
    const matches = await tenant.transaction((tx) =>
      findDoublesOfDraft(tx, tenant.accountId, input),
    );
    const target =
      chosen?.applicant_id === undefined
        ? matches[0]
        : matches.find((match) => match.applicant.id === chosen.applicant_id);
    if (!target && chosen?.applicant_id !== undefined) throw new AppError(409, MERGE_TARGET_GONE);
    if (target && action === 'skip') return 'skipped';
    if (target) {
      const tagIds = tagNames.length > 0 ? await tagIdsOf(tenant, session, tagNames) : [];
      await mergeRowInto(storage, tenant, session, target.applicant.id, input, tagIds);
      return 'merged';
    }
  }
  const card = await createApplicant(storage, tenant, session, input);
  if (tagNames.length > 0) {
    await updateApplicantTags(tenant, session, card.id, await tagIdsOf(tenant, session, tagNames));
  }
  return 'created';
}

type Run = {
  context: JobContext;
  accountId: number;
  importId: number;
  session: Session;
  fields: (TImportField | null)[];
  matchActions: ImportMatchActions | null;
};

/**
 * One transaction per batch: the rows not yet processed become applicants (each behind a
 * savepoint, so a bad row is undone alone) or failures, and the progress moves past them. A
 * batch that runs again after a crash finds `processed` beyond its rows and does nothing.
 */
async function commitBatch(run: Run, batch: { index: number; row: ImportRow }[]) {
  const { context, accountId, importId, session } = run;
  const storage = storageFor(context.config);
  let told: ToldUsers[] = [];
  const done = await context.database.withTenant(accountId, async (tx) => {
    const current = await repo.lockImport(tx, accountId, importId);
    if (!current || current.status !== 'running') return false;
    const todo = batch.filter((item) => item.index >= current.processed);
    if (todo.length === 0) return true;
    const tenant = tenantInTransaction(tx, accountId, session.userId);
    const failures: repo.FailureInsert[] = [];
    const outcomes: Record<RowOutcome, number> = { created: 0, merged: 0, skipped: 0 };
    for (const { row } of todo) {
      await tx.execute(sql.raw('savepoint import_row'));
      try {
        outcomes[await importRow(storage, tenant, session, run, row)] += 1;
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
      imported: outcomes.created,
      merged: outcomes.merged,
      skipped: outcomes.skipped,
      failed: failures.length,
    });
    told = noticesQueuedIn(tx);
    return true;
  });
  // The owners of the vacancies the batch placed on, one message each: after the commit.
  await handOverNotices(told, context);
  return done;
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
      matchActions: row.matchActions ?? null,
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
    for (const fileRow of await readImportFile(bytes, storedFormatOf(row))) {
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
