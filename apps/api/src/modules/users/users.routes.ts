import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZConfirmEmailRequest,
  ZConfirmEmailResponse,
  ZCreateUserRequest,
  ZTeamMember,
  ZTeamMemberList,
  ZTeamSeats,
  ZUpdateUserRequest,
  ZUpdatedTeamMember,
  ZUserIdParams,
} from '@ats/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerKey, partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { confirmEmailChange } from './email-change.service.ts';
import { assertUserAction, seesTeamDetails } from './users.policy.ts';
import * as usersService from './users.service.ts';

export function registerUsersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const tags = ['Пользователи'];

  r.get(
    '/api/users',
    {
      config: { etag: true },
      schema: {
        tags,
        summary: 'Команда аккаунта',
        response: { 200: successEnvelope(ZTeamMemberList) },
      },
    },
    async (request, reply) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'list');
      const read = async () => success(await usersService.listTeam(tenant, session));
      // An administrator's list shows each user's last sign-in, read from the sessions, whose
      // changes are not announced: computed every time. Others' is remembered (decision 0078).
      if (seesTeamDetails(session)) return read();
      return answers(request, reply, `users:${callerKey(session)}`, read, partTags('users'));
    },
  );

  r.get(
    '/api/users/seats',
    {
      schema: {
        tags,
        summary: 'Места тарифа: активные пользователи и лимит',
        response: { 200: successEnvelope(ZTeamSeats) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'list');
      return success(await usersService.getTeamSeats(tenant));
    },
  );

  r.get(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Пользователь',
        params: ZUserIdParams,
        response: { 200: successEnvelope(ZTeamMember) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'read', request.params.id);
      return success(await usersService.getTeamMember(tenant, session, request.params.id));
    },
  );

  for (const url of ['/api/users', '/api/create_admin_user']) {
    r.post(
      url,
      {
        schema: {
          tags,
          summary: 'Добавить пользователя (без пароля — приглашение на email)',
          body: ZCreateUserRequest,
          response: { 200: successEnvelope(ZTeamMember) },
        },
      },
      async (request) => {
        const { session, tenant } = callerOf(request);
        assertUserAction(session, 'invite');
        const user = await usersService.createUser(
          deps,
          tenant,
          request.body.admin_user,
          publicUrlFor(deps.config, request),
        );
        return success(user);
      },
    );
  }

  r.post(
    '/api/users/:id/resend_invitation',
    {
      schema: {
        tags,
        summary: 'Отправить приглашение ещё раз (прежние ссылки перестают работать)',
        params: ZUserIdParams,
        response: { 200: successEnvelope(ZTeamMember) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'resend-invitation', request.params.id);
      return success(
        await usersService.resendInvitation(
          deps,
          tenant,
          session,
          request.params.id,
          publicUrlFor(deps.config, request),
        ),
      );
    },
  );

  r.patch(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Изменить пользователя',
        description:
          'Свой email меняется только с текущим паролем (`admin_user.current_password`) и после ' +
          'перехода по ссылке из письма на новый адрес: ответ несёт прежний email, `pending_email` ' +
          'и `notice`. Email другого пользователя администратор меняет сразу; на прежний адрес ' +
          'уходит уведомление.',
        params: ZUserIdParams,
        body: ZUpdateUserRequest,
        response: { 200: successEnvelope(ZUpdatedTeamMember) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'update-profile', request.params.id);
      return success(
        await usersService.updateUser(
          deps,
          tenant,
          session,
          request.params.id,
          request.body.admin_user,
          publicUrlFor(deps.config, request),
        ),
      );
    },
  );

  r.post(
    '/api/users/confirm_email',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Подтвердить новый email по ссылке из письма',
        description:
          'Ссылка приходит на новый адрес после смены своего email; срабатывает один раз и ' +
          'перестаёт работать после смены пароля или нового запроса.',
        body: ZConfirmEmailRequest,
        response: { 200: successEnvelope(ZConfirmEmailResponse) },
      },
    },
    async (request) => success(await confirmEmailChange(deps, request.body.token)),
  );

  r.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Удалить пользователя',
        params: ZUserIdParams,
        response: { 200: successEnvelope(ZTeamMember) },
      },
    },
    async (request) => {
      const { session, tenant } = callerOf(request);
      assertUserAction(session, 'delete', request.params.id);
      return success(await usersService.deleteUser(tenant, session, request.params.id));
    },
  );
}
