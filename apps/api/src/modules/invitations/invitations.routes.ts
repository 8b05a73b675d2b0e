import { ZAuthTokenResponse } from '@ats/contracts/auth';
import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZAcceptInvitationRequest,
  ZInvitation,
  ZInvitationTokenParams,
} from '@ats/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import * as invitations from './invitations.service.ts';

/** The invitee's side: open the link, set a password, land signed in. */
export function registerInvitationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Пользователи'];

  r.get(
    '/api/invitations/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Приглашение по ссылке из письма: кому и от какой компании',
        params: ZInvitationTokenParams,
        response: { 200: successEnvelope(ZInvitation) },
      },
    },
    async (request) => success(await invitations.readInvitation(deps, request.params.token)),
  );

  r.post(
    '/api/invitations/accept',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Принять приглашение: задать пароль и войти',
        body: ZAcceptInvitationRequest,
        response: { 200: successEnvelope(ZAuthTokenResponse) },
      },
    },
    async (request, reply) => {
      const result = await invitations.acceptInvitation(deps, request.body, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(reply, request, result.auth_token);
      return success(result);
    },
  );
}
