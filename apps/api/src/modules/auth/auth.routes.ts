import {
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  TWO_FACTOR_REQUIRED_CODE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  ZAuthTokenResponse,
  ZLoginRequest,
  ZLoginTwoFactorRequest,
  ZTwoFactorRequiredEnvelope,
  ZResetFromMailRequest,
  ZResetRequest,
  ZConfirmEmailRequest,
  ZSignUpRequest,
  ZSignUpResponse,
} from '@ats/contracts/auth';
import { MESSAGES, ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { type RateLimit, spendAllowance } from '../../platform/throttle.ts';
import * as auth from './auth.service.ts';
import { confirmEmail, resendConfirmationLink } from './email-confirmation.service.ts';

const clientMeta = (request: FastifyRequest): auth.ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** A company signs up once; a few tries from one address an hour, a couple of hundred in all. */
export const SIGN_UP_LIMIT: RateLimit = {
  name: 'sign-up',
  perClient: 5,
  global: 200,
  windowSeconds: 3600,
  message: 'Слишком много регистраций. Попробуйте позже',
};

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Авторизация'];

  r.post(
    '/api/sign_up',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Регистрация компании и её первого пользователя',
        body: ZSignUpRequest,
        response: { 200: successEnvelope(ZSignUpResponse) },
      },
    },
    async (request, reply) => {
      await spendAllowance(deps, SIGN_UP_LIMIT, request.ip ? `ip:${request.ip}` : null);
      const result = await auth.signUp(
        deps,
        request.body.admin_user,
        clientMeta(request),
        publicUrlFor(deps.config, request),
      );
      setSessionCookie(reply, request, result.auth_token);
      return success(result);
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Вход по email и паролю',
        description:
          'Пользователь с двухфакторным входом получает ошибку 401 с `two_factor_required` и `challenge`; ' +
          'сессию тогда выдаёт POST /api/auth/login/two_factor.',
        body: ZLoginRequest,
        response: {
          200: successEnvelope(ZAuthTokenResponse),
          [TWO_FACTOR_REQUIRED_CODE]: ZTwoFactorRequiredEnvelope,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.logIn(deps, request.body, clientMeta(request));
      if (result.kind === 'two_factor') {
        return reply.code(TWO_FACTOR_REQUIRED_CODE).send({
          code: TWO_FACTOR_REQUIRED_CODE,
          status: 'error',
          message: TWO_FACTOR_REQUIRED_MESSAGE,
          two_factor_required: true,
          challenge: result.challenge,
          challenge_expires_in: TWO_FACTOR_CHALLENGE_TTL_SECONDS,
        });
      }
      setSessionCookie(reply, request, result.auth_token);
      return reply.send(success({ auth_token: result.auth_token }));
    },
  );

  r.post(
    '/api/auth/login/two_factor',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Вход, второй шаг: код из приложения-аутентификатора или резервный код',
        body: ZLoginTwoFactorRequest,
        response: { 200: successEnvelope(ZAuthTokenResponse) },
      },
    },
    async (request, reply) => {
      const result = await auth.logInWithSecondFactor(deps, request.body, clientMeta(request));
      setSessionCookie(reply, request, result.auth_token);
      return success(result);
    },
  );

  r.post(
    '/api/auth/reset',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Письмо со ссылкой для восстановления пароля',
        body: ZResetRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) =>
      success(
        await auth.requestPasswordReset(
          deps,
          request.body.email,
          publicUrlFor(deps.config, request),
          clientMeta(request),
        ),
      ),
  );

  r.post(
    '/api/auth/reset_from_mail',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Новый пароль по ссылке из письма',
        body: ZResetFromMailRequest,
        response: { 200: successEnvelope(ZAuthTokenResponse) },
      },
    },
    async (request, reply) => {
      const result = await auth.resetPasswordFromMail(deps, request.body, clientMeta(request));
      setSessionCookie(reply, request, result.auth_token);
      return success(result);
    },
  );

  r.post(
    '/api/auth/confirm_email',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Подтверждение email по ссылке из письма о регистрации',
        description:
          'До подтверждения компания разбирает не больше 50 резюме и загружает не больше 20 файлов ' +
          'импорта в сутки; сверх этого — 429 с просьбой подтвердить почту.',
        body: ZConfirmEmailRequest,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => success(await confirmEmail(deps, request.body.token)),
  );

  r.post(
    '/api/auth/confirm_email/resend',
    {
      schema: {
        tags,
        summary:
          'Отправить ссылку для подтверждения email ещё раз (владельцу, который регистрировался)',
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      const { session } = callerOf(request);
      return success(
        await resendConfirmationLink(deps, session, publicUrlFor(deps.config, request)),
      );
    },
  );

  r.delete(
    '/api/log_out',
    {
      config: { allowInactiveAccount: true },
      schema: {
        tags,
        summary: 'Выход: сессия отзывается, cookie очищается',
        response: { 200: ZTextEnvelope },
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      await auth.logOut(tenant, session.sessionId);
      clearSessionCookie(reply, request);
      return success(MESSAGES.loggedOut);
    },
  );
}
