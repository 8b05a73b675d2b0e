import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { storageFor } from '../../platform/storage.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import * as filesService from './files.service.ts';

export function registerFilesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);

  r.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['Файлы'],
        summary: 'Файл аккаунта (фото, резюме, вложение) с его типом содержимого',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await filesService.openFile(
        storage,
        tenantFromSession(deps.database, session),
        session,
        request.params.id,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.stream);
    },
  );
}
