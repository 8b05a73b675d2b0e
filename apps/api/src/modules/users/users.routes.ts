import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZCreateUserRequest,
  ZUpdateUserRequest,
  ZUser,
  ZUserIdParams,
  ZUserList,
} from '@ats/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { tenantFromSession } from '../../platform/tenancy.ts';
import { assertCanDeleteUser, assertCanManageUsers, assertCanUpdateUser } from './users.policy.ts';
import * as usersService from './users.service.ts';

export function registerUsersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Пользователи'];
  const tenantOf = (request: Parameters<typeof requireSession>[0]) =>
    tenantFromSession(deps.database, requireSession(request));

  r.get(
    '/api/users',
    {
      schema: { tags, summary: 'Команда аккаунта', response: { 200: successEnvelope(ZUserList) } },
    },
    async (request) => success(await usersService.listUsers(tenantOf(request))),
  );

  r.get(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Пользователь',
        params: ZUserIdParams,
        response: { 200: successEnvelope(ZUser) },
      },
    },
    async (request) => success(await usersService.getUser(tenantOf(request), request.params.id)),
  );

  for (const url of ['/api/users', '/api/create_admin_user']) {
    r.post(
      url,
      {
        schema: {
          tags,
          summary: 'Добавить пользователя (без пароля — приглашение на email)',
          body: ZCreateUserRequest,
          response: { 200: successEnvelope(ZUser) },
        },
      },
      async (request) => {
        assertCanManageUsers(requireSession(request));
        const user = await usersService.createUser(
          deps,
          tenantOf(request),
          request.body.admin_user,
          publicUrlFor(deps.config, request),
        );
        return success(user);
      },
    );
  }

  r.patch(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Изменить пользователя',
        params: ZUserIdParams,
        body: ZUpdateUserRequest,
        response: { 200: successEnvelope(ZUser) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertCanUpdateUser(session, request.params.id);
      return success(
        await usersService.updateUser(
          tenantOf(request),
          session,
          request.params.id,
          request.body.admin_user,
        ),
      );
    },
  );

  r.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Удалить пользователя',
        params: ZUserIdParams,
        response: { 200: successEnvelope(ZUser) },
      },
    },
    async (request) => {
      assertCanDeleteUser(requireSession(request), request.params.id);
      return success(await usersService.deleteUser(tenantOf(request), request.params.id));
    },
  );
}
