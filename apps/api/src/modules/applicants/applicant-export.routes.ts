import {
  // The selection of a bulk export has the same shape and limits as the one of a bulk archive.
  ZBulkArchiveApplicantsRequest as ZBulkExportApplicantsRequest,
  ZApplicantExportQuery,
} from '@ats/contracts/applicant-list';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as exportService from './applicant-export.service.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';

const sendFile = (reply: FastifyReply, file: exportService.ApplicantExport) =>
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header(
      'content-disposition',
      contentDisposition('attachment', file.fileName, 'applicants.xlsx'),
    )
    .header('cache-control', 'private, no-store')
    .send(file.stream);

const description =
  `Файл xlsx (${XLSX_CONTENT_TYPE}) со столбцами ФИО, Должность, Компания, Телефон, Email, ` +
  'Telegram, Зарплата, Валюта, Возраст, Теги, Источник, Добавлен — те из них, что разрешены ' +
  `настройкой пользователя download_pdf. Не больше ${exportService.MAX_EXPORT_APPLICANTS.toLocaleString('ru-RU')} кандидатов.`;

export function registerApplicantExportRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tenantOf = (request: FastifyRequest) => {
    const { session, tenant } = callerOf(request);
    assertCanReadApplicants(session);
    return tenant;
  };

  r.get(
    '/api/applicants/export',
    {
      schema: {
        tags: ['Кандидаты'],
        summary: 'Выгрузить список кандидатов в Excel с фильтрами, поиском и сортировкой списка',
        description,
        querystring: ZApplicantExportQuery,
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportService.exportApplicantList(tenantOf(request), request.query)),
  );

  r.post(
    '/api/applicants/bulk/export',
    {
      schema: {
        tags: ['Кандидаты: массовые действия'],
        summary: 'Выгрузить выбранных кандидатов в Excel (в порядке выбора)',
        description,
        body: ZBulkExportApplicantsRequest,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportService.exportApplicantSelection(tenantOf(request), request.body.applicant_ids),
      ),
  );
}
