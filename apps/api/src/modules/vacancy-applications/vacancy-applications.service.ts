import { ZDate } from '@ats/contracts/applicants';
import {
  REQUEST_STATE_LABELS,
  type TRequest,
  type TRequestHistoryEntry,
  type TRequestListQuery,
  type TRequestStep,
  type ZCreateRequest,
  type ZUpdateRequest,
} from '@ats/contracts/vacancy-applications';
import type { Db } from '@ats/db/connection';
import type { z } from 'zod';
import type {
  RequestTemplateFieldSpec,
  RouteStep,
  TemplateValue,
  VacancyApplicationEventAction,
  VacancyApplicationState,
} from '@ats/db/schema/vacancy-applications';
import type { Session } from '../../platform/auth.ts';
import { changesBetween, recordAudit } from '../../platform/audit.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Storage } from '../../platform/storage.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../platform/timestamps.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { blobOf, discardBlobs, type StoredBlob } from '../files/files.service.ts';
import { requestPermissions } from './request-permissions.ts';
import { findTemplateOrFail } from './vacancy-application-templates.service.ts';
import { type RequestReader, requestVisibility } from './vacancy-applications.policy.ts';
import * as repo from './vacancy-applications.repository.ts';
import { toRequestSteps } from './request-flow.rules.ts';

export const REQUEST_NOT_FOUND = 'Заявка не найдена';
export const REQUEST_FILE_NOT_FOUND = 'Файл не найден';
export const MAX_REQUEST_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'Файл больше 10 МБ';
export const DIVISION_NOT_FOUND = 'Подразделение не найдено';
export const ONLY_AUTHOR_EDITS = 'Изменять заявку может только её автор или администратор';
export const ONLY_AUTHOR_DELETES = 'Удалить черновик может только его автор или администратор';
export const NO_TEMPLATE_FIELDS = 'Поля шаблона заполняются только в заявке по шаблону';
export const fieldRequired = (name: string) => `Заполните поле «${name}»`;
export const fieldUnknown = (key: string) => `В шаблоне нет поля «${key}»`;
export const fieldNotNumber = (name: string) => `Поле «${name}» — число`;
export const fieldNotText = (name: string) => `Поле «${name}» — текст`;
export const fieldNotDate = (name: string) =>
  `Поле «${name}» — дата в виде ГГГГ-ММ-ДД или ДД.ММ.ГГГГ`;
export const fieldNotChoice = (name: string) => `Поле «${name}»: выберите один из вариантов`;
export const fieldNotFile = (name: string) => `Поле «${name}»: приложите файл`;
/** Acting on a request in a state that does not allow it (409). */
export const stateForbids = (state: VacancyApplicationState) =>
  `Заявка в состоянии «${REQUEST_STATE_LABELS[state]}»: действие недоступно`;

/** A request's fields as the route's contract hands them over (parsed, ids as numbers). */
export type CreateRequestInput = z.output<typeof ZCreateRequest>;
export type UpdateRequestInput = z.output<typeof ZUpdateRequest>;

// ─── Answers ────────────────────────────────────────────────────────────────────────────────

const iso = isoTimestampOrNull;

/** Who may decide on a step now: the users of its approvers who have not decided. */
export function currentApproverIdsOf(route: RouteStep[], step: number | null): number[] {
  if (step === null) return [];
  const ids = (route[step]?.approvers ?? []).flatMap((a) =>
    a.user_id !== null && a.decision === null ? [a.user_id] : [],
  );
  return [...new Set(ids)];
}

/** The route as answered: a step started before `started_at` was kept on it takes the request's. */
function toSteps(
  row: Pick<repo.AnsweredRequest, 'route' | 'currentStep' | 'stepStartedAt' | 'state'>,
  now = new Date(),
): TRequestStep[] {
  const route = row.route.map((step, index) =>
    index === row.currentStep && !step.started_at
      ? { ...step, started_at: iso(row.stepStartedAt) }
      : step,
  );
  return toRequestSteps(route, row.state, row.currentStep, now);
}

const fileUrl = (applicationId: number, fileId: number) =>
  `/api/vacancy_applications/${applicationId}/files/${fileId}`;

/** A request as the reader sees it: names resolved, the route drawn, the reader's `can`. */
export function toRequest(
  found: repo.AnsweredRequestWithNames,
  files: repo.RequestListFile[],
  reader: RequestReader,
): TRequest {
  const row = found.request;
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: found.templateName,
    state: row.state,
    position: row.position,
    salary: row.salary,
    salary_from: row.salaryFrom,
    salary_to: row.salaryTo,
    currency: row.currency,
    description: row.description,
    comment: row.comment,
    needed: row.needed,
    date_will_close: row.dateWillClose,
    body: row.body,
    requirements: row.requirements,
    conditions: row.conditions,
    information: row.information,
    priority: row.priority,
    additional_fields_list: row.additionalFieldsList,
    template_values: row.templateValues,
    files: files
      .filter((f) => f.applicationId === row.id)
      .map((f) => ({
        id: f.id,
        file_name: f.fileName,
        size: f.sizeBytes,
        field_key: f.fieldKey,
        url: fileUrl(row.id, f.id),
      })),
    days_until_deadline: row.daysUntilDeadline,
    account_division:
      row.accountDivisionId !== null && found.divisionName !== null
        ? { id: row.accountDivisionId, name: found.divisionName }
        : null,
    author: { id: row.authorId, name: userDisplayName(found.author) ?? '' },
    vacancy_id: row.vacancyId,
    current_step: row.state === 'pending' ? row.currentStep : null,
    steps: toSteps(row),
    can: requestPermissions(row, reader),
    submitted_at: iso(row.submittedAt),
    created_at: isoTimestamp(row.createdAt),
    updated_at: isoTimestamp(row.updatedAt),
  };
}

const toHistory = (e: repo.RequestEventRow): TRequestHistoryEntry => ({
  id: e.id,
  action: e.action,
  actor: { user_id: e.actorUserId, name: e.actorName, email: e.actorEmail },
  step: e.step,
  comment: e.comment,
  at: e.at.toISOString(),
});

/**
 * The request as the reader sees it (with its history when asked), inside the caller's
 * transaction; 404 when it is another account's, deleted, or not the reader's to see.
 */
export async function readRequest(
  tx: Db,
  accountId: number,
  reader: RequestReader,
  id: number,
  options: { history?: boolean } = {},
): Promise<TRequest> {
  const found = await repo.findRequestForReader(tx, accountId, id, requestVisibility(reader));
  if (!found) throw notFound(REQUEST_NOT_FOUND);
  const files = await repo.listFiles(tx, accountId, [id]);
  const answer = toRequest(found, files, reader);
  if (options.history) {
    answer.history = (await repo.listEvents(tx, accountId, id)).map(toHistory);
  }
  return answer;
}

// ─── For the actions (submit, approve, …) ───────────────────────────────────────────────────

/**
 * The request locked for a change, if the reader may see it (else 404): the actions read it,
 * decide with `requestPermissions`, then `saveRequestState` and `recordRequestEvent`.
 */
export async function loadRequestForChange(
  tx: Db,
  accountId: number,
  reader: RequestReader,
  id: number,
) {
  const visible = await repo.findRequestForReader(tx, accountId, id, requestVisibility(reader));
  if (!visible) throw notFound(REQUEST_NOT_FOUND);
  const row = await repo.findRequest(tx, accountId, id, true);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** A request locked for a change by whoever acts without a session (an outside approver). */
export async function loadRequestForSystem(tx: Db, accountId: number, id: number) {
  const row = await repo.findRequest(tx, accountId, id, true);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** 409 «Заявка в состоянии «…»: действие недоступно» unless the request is in one of `states`. */
export function assertRequestState(row: repo.RequestRow, states: VacancyApplicationState[]) {
  if (!states.includes(row.state)) throw conflict(stateForbids(row.state));
}

/**
 * Writes a request's state, route and the rest: `current_approver_ids` follows the route and
 * the current step unless given, so the «На моём согласовании» tab stays true.
 */
export async function saveRequestState(
  tx: Db,
  accountId: number,
  id: number,
  changes: Partial<repo.RequestInsert>,
) {
  const current = await repo.findRequest(tx, accountId, id);
  if (!current) throw notFound(REQUEST_NOT_FOUND);
  const route = changes.route ?? current.route;
  const step = changes.currentStep !== undefined ? changes.currentStep : current.currentStep;
  const state = changes.state ?? current.state;
  const row = await repo.updateRequest(tx, accountId, id, {
    currentApproverIds: state === 'pending' ? currentApproverIdsOf(route, step) : [],
    ...changes,
  });
  return row!;
}

/** Who acted, as the history names them: a user of the account, or an outside person. */
export type RequestActor = { userId: number | null; name: string; email: string | null };

export async function userActor(tx: Db, accountId: number, userId: number): Promise<RequestActor> {
  const person = (await repo.findUserNames(tx, accountId, [userId])).get(userId);
  return {
    userId,
    name: userDisplayName(person) ?? '',
    email: person?.email?.replace(/^deleted-\d+-/, '') ?? null,
  };
}

/** One row of the request's history (every action writes one, beside its audit event). */
export async function recordRequestEvent(
  tx: Db,
  accountId: number,
  event: {
    applicationId: number;
    action: VacancyApplicationEventAction;
    actor: RequestActor;
    step?: number | null;
    comment?: string | null;
  },
) {
  return repo.insertEvent(tx, {
    accountId,
    applicationId: event.applicationId,
    action: event.action,
    actorUserId: event.actor.userId,
    actorName: event.actor.name,
    actorEmail: event.actor.email,
    step: event.step ?? null,
    comment: event.comment ?? null,
  });
}

// ─── Files and template values ──────────────────────────────────────────────────────────────

type Upload = { file: string; file_name: string };
const isUpload = (v: unknown): v is Upload =>
  typeof v === 'object' && v !== null && 'file' in v && 'file_name' in v;

/** Decodes a data URL and writes it to storage (its row is written in the transaction). */
async function storeUpload(
  storage: Storage,
  accountId: number,
  upload: Upload,
  errorKey: string,
): Promise<StoredBlob> {
  const comma = upload.file.indexOf(',');
  const mimeType =
    /^data:([^;,]+)/.exec(upload.file)?.[1]?.toLowerCase() ?? 'application/octet-stream';
  const bytes = Buffer.from(upload.file.slice(comma + 1).replace(/\s+/g, ''), 'base64');
  if (bytes.length > MAX_REQUEST_FILE_BYTES) {
    throw badRequest(FILE_TOO_LARGE, { [errorKey]: FILE_TOO_LARGE });
  }
  const blob = {
    ...blobOf(accountId, bytes, mimeType, upload.file_name),
    fileName: upload.file_name,
  };
  await storage.put(blob.storageKey, bytes);
  return blob;
}

type PendingFile = { blob: StoredBlob; fieldKey: string | null };

/**
 * The template's fields decide `template_values`: known keys only, required ones filled, each of
 * its type (a date as ISO, a choice among the options); a file field's upload is stored and its
 * value becomes the file's id once its row exists (`fileFields`), or names a file the request has.
 */
function checkTemplateValues(
  fields: RequestTemplateFieldSpec[],
  values: Record<string, unknown>,
  existingFileIds: Set<number>,
) {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const clean: Record<string, TemplateValue> = {};
  const uploads: { key: string; upload: Upload }[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    const where = `template_values.${key}`;
    if (!field) throw badRequest(fieldUnknown(key), { [where]: fieldUnknown(key) });
    const value = typeof raw === 'string' && raw.trim() === '' ? null : raw;
    if (value === null || value === undefined) {
      clean[key] = null;
      continue;
    }
    const fail = (message: string) => badRequest(message, { [where]: message });
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') throw fail(fieldNotText(field.name));
        clean[key] = value;
        break;
      case 'number': {
        const number = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
        if (typeof number !== 'number' || !Number.isFinite(number)) {
          throw fail(fieldNotNumber(field.name));
        }
        clean[key] = number;
        break;
      }
      case 'date': {
        const parsed = ZDate.safeParse(value);
        if (!parsed.success) throw fail(fieldNotDate(field.name));
        clean[key] = parsed.data;
        break;
      }
      case 'choice':
        if (typeof value !== 'string' || !field.options.includes(value)) {
          throw fail(fieldNotChoice(field.name));
        }
        clean[key] = value;
        break;
      case 'file':
        if (isUpload(value)) {
          uploads.push({ key, upload: value });
          clean[key] = null;
        } else if (typeof value === 'number' && existingFileIds.has(value)) {
          clean[key] = value;
        } else {
          throw fail(fieldNotFile(field.name));
        }
        break;
    }
  }
  return { clean, uploads };
}

function assertRequiredFilled(
  fields: RequestTemplateFieldSpec[],
  values: Record<string, TemplateValue>,
  uploadKeys: Set<string>,
) {
  for (const field of fields) {
    if (!field.required) continue;
    if ((values[field.key] ?? null) === null && !uploadKeys.has(field.key)) {
      const message = fieldRequired(field.name);
      throw badRequest(message, { [`template_values.${field.key}`]: message });
    }
  }
}

/** Everything of a create or an update that needs the template and the request's files. */
async function prepareValues(
  tx: Db,
  accountId: number,
  templateId: number | null,
  values: Record<string, unknown> | undefined,
  before: Record<string, TemplateValue>,
  existingFileIds: Set<number>,
) {
  if (templateId === null) {
    if (values && Object.values(values).some((v) => v !== null)) {
      throw badRequest(NO_TEMPLATE_FIELDS, { template_values: NO_TEMPLATE_FIELDS });
    }
    return { clean: {}, uploads: [] };
  }
  const template = await findTemplateForRequest(tx, accountId, templateId);
  const { clean, uploads } = checkTemplateValues(template.fields, values ?? {}, existingFileIds);
  // Values of fields the template no longer has are dropped.
  const kept = Object.fromEntries(
    Object.entries(before).filter(([key]) => template.fields.some((f) => f.key === key)),
  );
  const merged = { ...kept, ...clean };
  assertRequiredFilled(template.fields, merged, new Set(uploads.map((u) => u.key)));
  return { clean: merged, uploads };
}

async function findTemplateForRequest(tx: Db, accountId: number, id: number) {
  try {
    return await findTemplateOrFail(tx, accountId, id);
  } catch {
    const message = 'Шаблон заявки не найден';
    throw badRequest(message, { template_id: message });
  }
}

/** Writes the stored files' rows; a file field's value becomes its file's id. */
async function recordFiles(
  tx: Db,
  tenant: Tenant,
  applicationId: number,
  files: PendingFile[],
  values: Record<string, TemplateValue>,
) {
  for (const { blob, fieldKey } of files) {
    const row = await repo.insertFile(tx, {
      accountId: tenant.accountId,
      applicationId,
      fieldKey,
      storageKey: blob.storageKey,
      fileName: blob.fileName,
      mimeType: blob.mimeType,
      sizeBytes: blob.sizeBytes,
      sha256: blob.sha256,
      uploadedBy: tenant.userId,
    });
    if (fieldKey !== null) values[fieldKey] = row.id;
  }
  return values;
}

// ─── CRUD ───────────────────────────────────────────────────────────────────────────────────

type Fields = Omit<UpdateRequestInput, 'files' | 'template_values' | 'template_id'>;

/** The request's writable fields as columns; absent fields untouched. */
function requestColumns(input: Fields): Partial<repo.RequestInsert> {
  const columns: Partial<repo.RequestInsert> = {
    position: input.position,
    salary: input.salary,
    salaryFrom: input.salary_from,
    salaryTo: input.salary_to,
    currency: input.currency,
    description: input.description,
    comment: input.comment,
    needed: input.needed,
    dateWillClose: input.date_will_close,
    body: input.body,
    requirements: input.requirements,
    conditions: input.conditions,
    information: input.information,
    priority: input.priority,
    accountDivisionId: input.account_division_id,
    additionalFieldsList: input.additional_fields_list?.map((f) => ({
      ...f,
      value: f.value ?? null,
    })),
    daysUntilDeadline: input.days_until_deadline,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function assertDivision(tx: Db, accountId: number, id: number | null | undefined) {
  if (id != null && !(await repo.divisionExists(tx, accountId, id))) {
    throw badRequest(DIVISION_NOT_FOUND, { account_division_id: DIVISION_NOT_FOUND });
  }
}

/** Stores every upload first; the caller discards them if the transaction fails. */
async function storeUploads(
  storage: Storage,
  accountId: number,
  files: Upload[] | undefined,
  fieldUploads: { key: string; upload: Upload }[],
  stored: PendingFile[],
) {
  for (const [i, upload] of (files ?? []).entries()) {
    stored.push({
      blob: await storeUpload(storage, accountId, upload, `files.${i}`),
      fieldKey: null,
    });
  }
  for (const { key, upload } of fieldUploads) {
    stored.push({
      blob: await storeUpload(storage, accountId, upload, `template_values.${key}`),
      fieldKey: key,
    });
  }
}

/** Checks a file's declared size before anything is decoded or opened. */
function assertUploadSizes(
  files: Upload[] | undefined,
  values: Record<string, unknown> | undefined,
) {
  const all = [...(files ?? []), ...Object.values(values ?? {}).filter(isUpload)];
  for (const upload of all) {
    const base64 = upload.file.length - upload.file.indexOf(',') - 1;
    if (Math.floor((base64 * 3) / 4) - 2 > MAX_REQUEST_FILE_BYTES) {
      throw badRequest(FILE_TOO_LARGE, { files: FILE_TOO_LARGE });
    }
  }
}

async function withStoredFiles<T>(storage: Storage, work: (stored: PendingFile[]) => Promise<T>) {
  const stored: PendingFile[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await discardBlobs(
      storage,
      stored.map((s) => s.blob.storageKey),
    );
    throw error;
  }
}

/** A watcher, recruiter or admin writes a request (a draft) from a template or without one. */
export async function createRequest(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  input: CreateRequestInput,
) {
  const { accountId } = tenant;
  assertUploadSizes(input.files, input.template_values);
  return withStoredFiles(storage, (stored) =>
    tenant.transaction(async (tx) => {
      await assertDivision(tx, accountId, input.account_division_id);
      const templateId = input.template_id ?? null;
      const { clean, uploads } = await prepareValues(
        tx,
        accountId,
        templateId,
        input.template_values,
        {},
        new Set(),
      );
      await storeUploads(storage, accountId, input.files, uploads, stored);
      const row = await repo.insertRequest(tx, {
        ...requestColumns(input),
        position: input.position,
        accountId,
        templateId,
        authorId: session.userId,
        state: 'draft',
        templateValues: clean,
      });
      const values = await recordFiles(tx, tenant, row.id, stored, { ...clean });
      if (stored.some((s) => s.fieldKey !== null)) {
        await repo.updateRequest(tx, accountId, row.id, { templateValues: values });
      }
      const actor = await userActor(tx, accountId, session.userId);
      await recordRequestEvent(tx, accountId, { applicationId: row.id, action: 'create', actor });
      await recordAudit(tx, tenant, {
        action: 'vacancy_application.created',
        target: { type: 'vacancy_application', id: row.id },
        summary: `Создана заявка на подбор «${row.position}»`,
      });
      return readRequest(tx, accountId, session, row.id, { history: true });
    }),
  );
}

export async function getRequest(tenant: Tenant, session: Session, id: number) {
  return tenant.transaction((tx) =>
    readRequest(tx, tenant.accountId, session, id, { history: true }),
  );
}

/** A draft or a returned request, by its author or an admin. */
export async function updateRequest(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  input: UpdateRequestInput,
) {
  const { accountId } = tenant;
  assertUploadSizes(input.files, input.template_values);
  return withStoredFiles(storage, (stored) =>
    tenant.transaction(async (tx) => {
      const current = await loadRequestForChange(tx, accountId, session, id);
      if (!requestPermissions(current, session).edit) {
        assertRequestState(current, ['draft', 'returned']);
        throw forbidden(ONLY_AUTHOR_EDITS);
      }
      await assertDivision(tx, accountId, input.account_division_id);
      const templateId = input.template_id === undefined ? current.templateId : input.template_id;
      const files = await repo.listFiles(tx, accountId, [id]);
      const sameTemplate = templateId === current.templateId;
      const { clean, uploads } = await prepareValues(
        tx,
        accountId,
        templateId ?? null,
        input.template_values,
        sameTemplate ? current.templateValues : {},
        new Set(files.map((f) => f.id)),
      );
      const salaryFrom = input.salary_from === undefined ? current.salaryFrom : input.salary_from;
      const salaryTo = input.salary_to === undefined ? current.salaryTo : input.salary_to;
      if (salaryFrom != null && salaryTo != null && salaryFrom > salaryTo) {
        const message = 'Зарплата «от» больше, чем «до»';
        throw badRequest(message, { salary_from: message });
      }
      await storeUploads(storage, accountId, input.files, uploads, stored);
      const values = await recordFiles(tx, tenant, id, stored, { ...clean });
      const changes = {
        ...requestColumns(input),
        templateId: templateId ?? null,
        templateValues: values,
      };
      const row = await repo.updateRequest(tx, accountId, id, changes);
      const actor = await userActor(tx, accountId, session.userId);
      await recordRequestEvent(tx, accountId, { applicationId: id, action: 'update', actor });
      await recordAudit(tx, tenant, {
        action: 'vacancy_application.updated',
        target: { type: 'vacancy_application', id },
        summary: `Изменена заявка на подбор «${row!.position}»`,
        changes: changesBetween(
          current as unknown as Record<string, unknown>,
          changes as Record<string, unknown>,
        ),
      });
      return readRequest(tx, accountId, session, id, { history: true });
    }),
  );
}

/** Only a draft is deleted (by its author or an admin); a sent request is withdrawn instead. */
export async function deleteRequest(tenant: Tenant, session: Session, id: number) {
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    const current = await loadRequestForChange(tx, accountId, session, id);
    const answer = await readRequest(tx, accountId, session, id, { history: true });
    assertRequestState(current, ['draft']);
    if (!requestPermissions(current, session).delete) throw forbidden(ONLY_AUTHOR_DELETES);
    await repo.markRequestDeleted(tx, accountId, id);
    await recordAudit(tx, tenant, {
      action: 'vacancy_application.deleted',
      target: { type: 'vacancy_application', id },
      summary: `Удалена заявка на подбор «${current.position}»`,
    });
    return answer;
  });
}

/**
 * A page of the requests the reader may see, by tab and filters, newest first, as the JSON text
 * of its answer (decision 0113): the statement writes each request's plain fields, files,
 * division and times as text; the additional fields, the template's values, the author's name
 * (SPEC.md §3's rule), the route drawn as steps (`toRequestSteps`, as the one request's read) and
 * the reader's permissions are written here, and the integers around the list.
 */
export async function listRequests(
  tenant: Tenant,
  session: Session,
  query: TRequestListQuery,
): Promise<string> {
  // One statement, one round trip (decision 0031): count, page, names and files together.
  const { query: statement, name } = repo.requestListQuery(
    tenant.accountId,
    {
      visibility: requestVisibility(session),
      tab: query.tab,
      state: query.state,
      divisionId: query.account_division_id,
      authorId: query.author_id,
      templateId: query.template_id,
      q: query.q,
      overdue: query.overdue === undefined ? undefined : query.overdue === 'true',
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const { total, page } = repo.requestListPage(
    await tenant.read<repo.RequestListRow>(statement, name),
  );
  const requests = page.map((row) => requestListItemText(row, session)).join(',');
  return `{"vacancy_applications":[${requests}],"vacancy_application_count":${total},"page":${query.page},"per_page":${query.per_page}}`;
}

/**
 * A request of the list as `toRequest` answers it and the contract writes it: the statement's
 * texts around what is written here — each object with the contract's keys in its order, the
 * additional fields' texts trimmed as the contract's `boundedText` answers them.
 */
function requestListItemText(row: repo.RequestListRow, reader: RequestReader) {
  const additionalFields = JSON.stringify(
    row.additionalFieldsList.map((field) => ({
      type: field.type,
      name: field.name.trim(),
      value: typeof field.value === 'string' ? field.value.trim() : (field.value ?? null),
    })),
  );
  const author = JSON.stringify({ id: row.authorId, name: userDisplayName(row.author) ?? '' });
  const steps = JSON.stringify(
    toSteps(row).map((step) => ({
      index: step.index,
      name: step.name,
      mode: step.mode,
      deadline_days: step.deadline_days,
      state: step.state,
      started_at: step.started_at,
      due_at: step.due_at,
      overdue: step.overdue,
      approvers: step.approvers.map((approver) => ({
        type: approver.type,
        user_id: approver.user_id,
        email: approver.email,
        name: approver.name,
        decision: approver.decision,
        decided_at: approver.decided_at,
        comment: approver.comment,
      })),
    })),
  );
  const can = JSON.stringify(requestPermissions(row, reader));
  const currentStep = row.state === 'pending' ? row.currentStep : null;
  // The times as the one request's read answers them (isoTimestamp: digits and signs alone).
  const submittedAt = row.submittedAt === null ? 'null' : `"${isoTimestamp(row.submittedAt)}"`;
  return `${row.head!.slice(0, -1)},"additional_fields_list":${additionalFields},"template_values":${JSON.stringify(row.templateValues)},${row.middle.slice(1, -1)},"author":${author},"vacancy_id":${row.vacancyId},"current_step":${currentStep},"steps":${steps},"can":${can},"submitted_at":${submittedAt},"created_at":"${isoTimestamp(row.createdAt)}","updated_at":"${isoTimestamp(row.updatedAt)}"}`;
}

/** A file of a request the reader may see, to download (never shown as a page of the app). */
export async function openRequestFile(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  fileId: number,
) {
  const row = await tenant.transaction(async (tx) => {
    const visible = await repo.findRequestForReader(
      tx,
      tenant.accountId,
      id,
      requestVisibility(session),
    );
    if (!visible) throw notFound(REQUEST_FILE_NOT_FOUND);
    const file = await repo.findFile(tx, tenant.accountId, id, fileId);
    if (!file) throw notFound(REQUEST_FILE_NOT_FOUND);
    return file;
  });
  const content = await storage.get(row.storageKey);
  if (!content) throw notFound(REQUEST_FILE_NOT_FOUND);
  return {
    stream: content.stream,
    size: content.size,
    // The declared type is the sender's word: anything a browser could run is sent as bytes.
    mimeType: /html|xml|svg|script/i.test(row.mimeType) ? 'application/octet-stream' : row.mimeType,
    contentDisposition: contentDisposition('attachment', row.fileName),
  };
}
