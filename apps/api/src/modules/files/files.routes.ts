import { MAX_PHOTO_BYTES, ZApplicantCard } from '@ats/contracts/applicants';
import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  ZApplicantFile,
  ZApplicantFileKind,
  ZApplicantFileList,
  ZApplicantFileParams,
  ZFileQuery,
} from '@ats/contracts/files';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { STORED_FILE_CSP } from '../../platform/security-headers.ts';
import { storageFor } from '../../platform/storage.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { receiveUpload, uploadTooLarge } from '../../platform/uploads.ts';
import { replaceApplicantPhoto } from '../applicants/applicants.service.ts';
import * as applicantFiles from './applicant-files.service.ts';
import { PHOTO_TOO_LARGE } from './files.service.ts';
import * as filesService from './files.service.ts';

/** Uploads are multipart; the body is read by the handler, not validated by a schema. */
const multipartBody = {
  consumes: ['multipart/form-data'],
};

export function registerFilesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);

  r.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['Файлы'],
        summary:
          'Файл аккаунта (фото, резюме, вложение) с его типом содержимого; изображение с size (CSS-пиксели: 32, 36, 64, 80, 96) и density (1 или 2) — уменьшенное под этот размер и плотность экрана',
        params: ZIdParams,
        querystring: ZFileQuery,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const file = await filesService.openFile(
        storage,
        tenant,
        session,
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', STORED_FILE_CSP)
        .header('content-disposition', file.contentDisposition)
        .send(file.stream);
    },
  );

  const tags = ['Кандидаты'];

  r.get(
    '/api/applicants/:id/files',
    {
      schema: {
        tags,
        summary: 'Резюме и вложения кандидата, старые первыми',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantFileList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await applicantFiles.listApplicantFiles(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/applicants/:id/files',
    {
      schema: {
        tags,
        summary:
          'Загрузить резюме или вложение (multipart: file; kind = resume | attachment). PDF, DOCX, RTF или изображение до 15 МБ; тип определяется по содержимому',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantFile) },
        ...multipartBody,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const upload = await receiveUpload(request, MAX_UPLOAD_BYTES, uploadTooLarge);
      const kind = ZApplicantFileKind.default('resume').safeParse(upload.fields.kind || undefined);
      if (!kind.success) {
        const message = kind.error.issues[0]!.message;
        throw badRequest(message, { kind: message });
      }
      return success(
        await applicantFiles.addApplicantFile(storage, tenant, session, request.params.id, {
          bytes: upload.bytes,
          fileName: upload.fileName,
          kind: kind.data,
        }),
      );
    },
  );

  r.delete(
    '/api/applicants/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Удалить резюме или вложение кандидата',
        params: ZApplicantFileParams,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await applicantFiles.removeApplicantFile(
          storage,
          tenant,
          session,
          request.params.id,
          request.params.fileId,
        ),
      );
    },
  );

  r.post(
    '/api/applicants/:id/photo',
    {
      schema: {
        tags,
        summary:
          'Загрузить фото кандидата (multipart: file; JPEG, PNG, WebP или GIF до 5 МБ) вместо прежнего',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantCard) },
        ...multipartBody,
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      const upload = await receiveUpload(
        request,
        MAX_PHOTO_BYTES,
        () => new AppError(413, PHOTO_TOO_LARGE, { photo: PHOTO_TOO_LARGE }),
      );
      if (upload.bytes.length === 0) {
        throw badRequest(UPLOAD_MESSAGES.empty, { photo: UPLOAD_MESSAGES.empty });
      }
      return success(
        await replaceApplicantPhoto(storage, tenant, session, request.params.id, upload.bytes),
      );
    },
  );
}
