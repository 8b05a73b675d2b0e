import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  SAFETY_MESSAGES,
  ZActiveSessionList,
  ZChangePasswordRequest,
  ZConfirmTwoFactorRequest,
  ZDisableTwoFactorRequest,
  ZRenewRecoveryCodesRequest,
  ZEndedSessions,
  ZRecoveryCodes,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@ats/contracts/safety';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { changePassword } from './password.service.ts';
import { type SafetyAction, assertCanDoSafetyAction } from './safety.policy.ts';
import { endOtherSessions, endSession, listActiveSessions } from './sessions.service.ts';
import * as twoFactor from './two-factor.service.ts';

export function registerSafetyRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Безопасность'];
  /** The caller's session and tenant, once the policy allows the action. */
  const allowed = (request: FastifyRequest, action: SafetyAction) => {
    const { session, tenant } = callerOf(request);
    assertCanDoSafetyAction(session, action);
    return { session, tenant };
  };

  r.patch(
    '/api/safety/password',
    {
      schema: {
        tags,
        summary: 'Сменить пароль; другие сессии завершаются, текущая остаётся',
        body: ZChangePasswordRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { session, tenant } = allowed(request, 'change_password');
      await changePassword(deps, tenant, session.sessionId, request.body);
      return success(SAFETY_MESSAGES.passwordChanged);
    },
  );

  r.get(
    '/api/safety/sessions',
    {
      schema: {
        tags,
        summary: 'Мои активные сессии: устройство, адрес, время; текущая отмечена',
        response: { 200: successEnvelope(ZActiveSessionList) },
      },
    },
    async (request) => {
      const { session, tenant } = allowed(request, 'view_safety');
      return success(await listActiveSessions(tenant, session.sessionId));
    },
  );

  r.post(
    '/api/safety/sessions/end_others',
    {
      schema: {
        tags,
        summary: 'Завершить все сессии, кроме текущей',
        response: { 200: successEnvelope(ZEndedSessions) },
      },
    },
    async (request) => {
      const { session, tenant } = allowed(request, 'end_sessions');
      return success(await endOtherSessions(tenant, session.sessionId));
    },
  );

  r.delete(
    '/api/safety/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Завершить одну из моих сессий',
        params: ZIdParams,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { session, tenant } = allowed(request, 'end_sessions');
      return success(await endSession(tenant, session.sessionId, request.params.id));
    },
  );

  r.get(
    '/api/safety/two_factor',
    {
      schema: {
        tags,
        summary: 'Включён ли двухфакторный вход и сколько осталось резервных кодов',
        response: { 200: successEnvelope(ZTwoFactorStatus) },
      },
    },
    async (request) =>
      success(await twoFactor.getTwoFactorStatus(allowed(request, 'view_safety').tenant)),
  );

  r.post(
    '/api/safety/two_factor/setup',
    {
      schema: {
        tags,
        summary: 'Подключение приложения-аутентификатора: новый секрет и QR-код',
        response: { 200: successEnvelope(ZTwoFactorSetup) },
      },
    },
    async (request) =>
      success(await twoFactor.startTwoFactorSetup(allowed(request, 'manage_two_factor').tenant)),
  );

  r.post(
    '/api/safety/two_factor/confirm',
    {
      schema: {
        tags,
        summary:
          'Подтвердить подключение кодом из приложения; ответ — 10 резервных кодов (один раз)',
        body: ZConfirmTwoFactorRequest,
        response: { 200: successEnvelope(ZRecoveryCodes) },
      },
    },
    async (request) => {
      const { tenant } = allowed(request, 'manage_two_factor');
      return success(await twoFactor.confirmTwoFactorSetup(tenant, request.body.code));
    },
  );

  r.post(
    '/api/safety/two_factor/disable',
    {
      schema: {
        tags,
        summary: 'Отключить двухфакторный вход: пароль и код из приложения или резервный код',
        body: ZDisableTwoFactorRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { tenant } = allowed(request, 'manage_two_factor');
      return success(await twoFactor.disableTwoFactor(deps, tenant, request.body));
    },
  );

  r.post(
    '/api/safety/two_factor/recovery_codes',
    {
      schema: {
        tags,
        summary:
          'Новые резервные коды вместо прежних: пароль и код из приложения или резервный код; ответ — 10 кодов (один раз)',
        body: ZRenewRecoveryCodesRequest,
        response: { 200: successEnvelope(ZRecoveryCodes) },
      },
    },
    async (request) => {
      const { tenant } = allowed(request, 'manage_two_factor');
      return success(await twoFactor.renewRecoveryCodes(deps, tenant, request.body));
    },
  );
}
