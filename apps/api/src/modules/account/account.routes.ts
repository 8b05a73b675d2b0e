import {
  LOGO_MESSAGES,
  MAX_LOGO_BYTES,
  ZAccount,
  ZUpdateAccountSettingsRequest,
} from '@ats/contracts/account';
import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import { UPLOAD_MESSAGES } from '@ats/contracts/files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { storageFor } from '../../platform/storage.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { findUserEmail } from '../users/users.service.ts';
import { assertAccountAction } from './account.policy.ts';
import {
  getAccount,
  removeAccountLogo,
  replaceAccountLogo,
  requestTariffExtension,
  updateAccountSettings,
} from './account.service.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(deps.config);
  const answers = deps.answers ?? uncachedAnswers;

  // A deactivated account gets 419 here with the inactive text: the app then shows its notice.
  r.get(
    '/api/account',
    {
      schema: {
        tags: ['Аккаунт'],
        summary: 'Аккаунт и его тариф',
        response: { 200: successEnvelope(ZAccount) },
      },
    },
    // The same for every user of the account; reached only while the account is active, so its
    // `tariff_is_active` is true whenever it is served (decision 0078).
    async (request, reply) =>
      answers(
        request,
        reply,
        'account',
        async () => success(await getAccount(callerOf(request).tenant)),
        partTags('account'),
      ),
  );

  r.post(
    '/api/tariffs/send_letter_about_extension_tariff',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags: ['Аккаунт'],
        summary: 'Запросить продление тарифа',
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const tenant = callerOf(request).tenant;
      return success(
        await requestTariffExtension(deps, tenant, await findUserEmail(tenant, tenant.userId)),
      );
    },
  );

  r.patch(
    '/api/account/account_settings',
    {
      schema: {
        tags: ['Аккаунт'],
        summary:
          'Изменить название компании, ИНН (с контрольным числом) и часовой пояс (только администратор)',
        body: ZUpdateAccountSettingsRequest,
        response: { 200: successEnvelope(ZAccount) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await updateAccountSettings(tenant, session, request.body));
    },
  );

  r.post(
    '/api/account/logo',
    {
      schema: {
        tags: ['Аккаунт'],
        summary:
          'Загрузить логотип компании (multipart: file; JPEG, PNG, WebP или GIF до 2 МБ; тип по содержимому)',
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(ZAccount) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      // Refused before the body is read: a watcher's upload never reaches the disk.
      assertAccountAction(session, 'change');
      const upload = await receiveUpload(
        request,
        MAX_LOGO_BYTES,
        () => new AppError(413, LOGO_MESSAGES.tooLarge, { file: LOGO_MESSAGES.tooLarge }),
      );
      if (upload.bytes.length === 0) {
        throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
      }
      return success(await replaceAccountLogo(storage, tenant, session, upload.bytes));
    },
  );

  r.delete(
    '/api/account/logo',
    {
      schema: {
        tags: ['Аккаунт'],
        summary: 'Убрать логотип компании (только администратор)',
        response: { 200: successEnvelope(ZAccount) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await removeAccountLogo(storage, tenant, session));
    },
  );
}
