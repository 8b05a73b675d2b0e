import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  ZApplicantImport,
  ZImportMatches,
  ZImportMatchesRequest,
  ZImportParams,
  ZStartImportRequest,
} from '@ats/contracts/applicant-import';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { queueNotStarted } from '../../platform/queue.ts';
import { AppError } from '../../platform/errors.ts';
import { sheetStream, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.ts';
import { storageFor } from '../../platform/storage.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { TRIAL_IMPORT_QUOTA, spendTrialQuota } from '../auth/email-confirmation.service.ts';
import * as importService from './applicant-import.service.ts';

const tooLarge = () => new AppError(413, IMPORT_MESSAGES.tooLarge);

/** Import of applicants from xlsx or CSV: upload, start with a mapping, follow, report. */
export function registerApplicantImportRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Кандидаты: импорт'];
  const storage = storageFor(deps.config);
  const one = { 200: successEnvelope(ZApplicantImport) };

  r.post(
    '/api/applicants/imports',
    {
      schema: {
        tags,
        summary: 'Загрузить файл xlsx или CSV для импорта кандидатов',
        description:
          `multipart/form-data, поле file. Тип определяется по содержимому: xlsx или CSV ` +
          `(UTF-8 с BOM или без, Windows-1251; разделитель «;» или «,»). Первая строка — ` +
          `названия столбцов; не больше ${MAX_IMPORT_ROWS} строк и 10 МБ. Ответ: столбцы, ` +
          `несколько строк и предложенные поля (${importService.IMPORT_FIELD_LIST}). ` +
          'Нужны право can_upload_data (администратору не нужно) и право создавать кандидатов.',
        consumes: ['multipart/form-data'],
        response: one,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await spendTrialQuota(deps, session.accountId, TRIAL_IMPORT_QUOTA);
      const file = await receiveUpload(request, MAX_IMPORT_BYTES, tooLarge);
      return success(await importService.uploadApplicantImport(storage, tenant, session, file));
    },
  );

  r.post(
    '/api/applicants/imports/:id/start',
    {
      schema: {
        tags,
        summary: 'Запустить импорт: поле кандидата для каждого столбца (null — не импортировать)',
        description:
          'Строки обрабатываются фоновой задачей партиями; ход импорта — GET /api/applicants/imports/{id}.',
        params: ZImportParams,
        body: ZStartImportRequest,
        response: one,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await importService.startApplicantImport(
          deps.queue ?? queueNotStarted,
          tenant,
          session,
          request.params.id,
          request.body,
        ),
      );
    },
  );

  r.post(
    '/api/applicants/imports/:id/matches',
    {
      schema: {
        tags,
        summary: 'Совпадения строк файла с кандидатами в базе (до запуска импорта)',
        description:
          'Тело — то же сопоставление столбцов, что для start. Ответ: строки, похожие на ' +
          'кандидатов в базе (телефон, email, Telegram, имя), с причинами. Что делать с ними — ' +
          'on_match и row_actions в start: merge (объединить), skip (пропустить), create (создать).',
        params: ZImportParams,
        body: ZImportMatchesRequest,
        response: { 200: successEnvelope(ZImportMatches) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await importService.findApplicantImportMatches(
          storage,
          tenant,
          session,
          request.params.id,
          request.body.fields,
        ),
      );
    },
  );

  r.get(
    '/api/applicants/imports/:id',
    {
      schema: {
        tags,
        summary: 'Ход импорта: статус, обработано из всего, импортировано, строки с ошибками',
        params: ZImportParams,
        response: one,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await importService.getApplicantImport(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/applicants/imports/:id/failures.xlsx',
    {
      schema: {
        tags,
        summary: 'Строки, которые не удалось импортировать, файлом xlsx (строка, причина, данные)',
        params: ZImportParams,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const report = await importService.applicantImportFailuresSheet(
        tenant,
        session,
        request.params.id,
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header(
          'content-disposition',
          contentDisposition('attachment', report.fileName, 'import-errors.xlsx'),
        )
        .header('cache-control', 'private, no-store')
        .send(sheetStream(report.sheet));
    },
  );
}
