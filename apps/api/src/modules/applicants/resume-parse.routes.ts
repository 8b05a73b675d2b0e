import { successEnvelope } from '@ats/contracts/envelope';
import { MAX_UPLOAD_BYTES } from '@ats/contracts/files';
import { ZParseResumeResponse } from '@ats/contracts/resume-parse';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { receiveUpload, uploadTooLarge } from '../../platform/uploads.ts';
import { TRIAL_PARSE_QUOTA, spendTrialQuota } from '../auth/email-confirmation.service.ts';
import { parseResume } from './resume-parse.service.ts';

export function registerResumeParseRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/applicants/parse_resume',
    {
      schema: {
        tags: ['Кандидаты'],
        summary:
          'Разобрать резюме (multipart: file; PDF или DOCX до 15 МБ) в черновик кандидата. Ничего не создаёт',
        response: { 200: successEnvelope(ZParseResumeResponse) },
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      await spendTrialQuota(deps, session.accountId, TRIAL_PARSE_QUOTA);
      return success(
        await parseResume(tenant, session, deps.database.system, async () => {
          const upload = await receiveUpload(request, MAX_UPLOAD_BYTES, uploadTooLarge);
          return upload.bytes;
        }),
      );
    },
  );
}
