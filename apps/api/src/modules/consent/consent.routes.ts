import {
  ZApplicantConsent,
  ZConsentDecision,
  ZConsentTokenParams,
  ZPrivacyLetterSettings,
  ZPublicConsent,
  ZUpdatePrivacyLetterSettings,
} from '@ats/contracts/consent';
import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { type RateLimit, clientOf, spendAllowance } from '../../platform/throttle.ts';
import { callerOf } from '../../platform/tenancy.ts';
import {
  decideConsent,
  getApplicantConsent,
  getPrivacySettings,
  readPublicConsent,
  requestConsent,
  sendConsentToNewApplicants,
  updatePrivacySettings,
} from './consent.service.ts';

/** Anyone holding a link may call the public pair: a person reads a page and answers once. */
export const CONSENT_LINK_LIMIT: RateLimit = {
  name: 'consent_link',
  perClient: 60,
  global: 3000,
  windowSeconds: 600,
  message: 'Слишком много обращений по ссылке. Попробуйте позже',
};

export function registerConsentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Согласие на обработку данных'];
  // The API process sends the request to the applicants it creates (`npm run worker` to its own).
  const stopConsentRequests = sendConsentToNewApplicants(deps);
  app.addHook('onClose', async () => stopConsentRequests());

  r.get(
    '/api/account/privacy_letter_settings',
    {
      schema: {
        tags,
        summary: 'Текст согласия на обработку персональных данных и настройки запроса',
        response: { 200: successEnvelope(ZPrivacyLetterSettings) },
      },
    },
    async (request) => success(await getPrivacySettings(callerOf(request).tenant)),
  );

  r.patch(
    '/api/account/privacy_letter_settings',
    {
      schema: {
        tags,
        summary: 'Изменить текст согласия (новая версия) и настройки запроса (администратор)',
        body: ZUpdatePrivacyLetterSettings,
        response: { 200: successEnvelope(ZPrivacyLetterSettings) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(await updatePrivacySettings(tenant, session, request.body));
    },
  );

  r.get(
    '/api/applicants/:id/consent',
    {
      schema: {
        tags,
        summary: 'Согласие кандидата: не запрошено, запрошено, дано, отказ, отозвано',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantConsent) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(await getApplicantConsent(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/applicants/:id/consent/request',
    {
      schema: {
        tags,
        summary: 'Отправить кандидату письмо с запросом согласия',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantConsent) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      return success(
        await requestConsent(
          deps,
          tenant,
          session,
          request.params.id,
          publicUrlFor(deps.config, request),
        ),
      );
    },
  );

  r.get(
    '/api/public/consents/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Публичное'],
        summary: 'Текст согласия по ссылке из письма кандидату',
        params: ZConsentTokenParams,
        response: { 200: successEnvelope(ZPublicConsent) },
      },
    },
    async (request) => {
      await spendAllowance(deps, CONSENT_LINK_LIMIT, clientOf(request));
      return success(await readPublicConsent(deps, request.params.token));
    },
  );

  r.post(
    '/api/public/consents/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Публичное'],
        summary: 'Дать согласие, отказаться или отозвать согласие по ссылке',
        params: ZConsentTokenParams,
        body: ZConsentDecision,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      await spendAllowance(deps, CONSENT_LINK_LIMIT, clientOf(request));
      return success(await decideConsent(deps, request.params.token, request.body.decision));
    },
  );
}
