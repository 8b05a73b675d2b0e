import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { PDF_CONTENT_TYPE } from '../../platform/pdf.ts';
import { storageFor } from '../../platform/storage.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { renderApplicantPdf } from './applicant-pdf.service.ts';

export function registerApplicantPdfRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);

  r.get(
    '/api/applicants/:id/pdf',
    {
      schema: {
        tags: ['Кандидаты'],
        summary: 'Карточка кандидата в PDF для печати (A4)',
        description:
          `Файл ${PDF_CONTENT_TYPE} с именем кандидата (filename* по RFC 5987). В него попадают ` +
          'поля, включённые в настройке пользователя download_pdf: фото, ФИО, контакты, ' +
          'должность и компания, зарплата, возраст и дата рождения, страна и гражданство, опыт ' +
          'работы, образование, навыки, языки и права, теги, источник и дата добавления, ' +
          'вакансии, «О себе», нераспознанная информация, ссылки на резюме и история.',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      const file = await renderApplicantPdf(storage, tenant, session, request.params.id);
      return reply
        .header('content-type', PDF_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .send(file.bytes);
    },
  );
}
