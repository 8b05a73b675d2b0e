import {
  ZCreateDelayedTaskRequest,
  ZDelayedSubTaskList,
  ZDelayedTask,
  ZDelayedTaskList,
  ZDelayedTaskListQuery,
  ZDelayedTaskMenuItems,
  ZUpdateDelayedTaskRequest,
} from '@ats/contracts/delayed-tasks';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as service from './delayed-tasks.service.ts';

export function registerDelayedTasksRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Отложенные задачи'];

  r.get(
    '/api/delayed_tasks',
    {
      schema: {
        tags,
        summary: 'Отложенные задачи: запланированные, выполненные, с ошибками',
        querystring: ZDelayedTaskListQuery,
        response: { 200: successEnvelope(ZDelayedTaskList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.listDelayedTasks(tenant, session, request.query));
    },
  );

  r.get(
    '/api/delayed_tasks/menu_items',
    {
      schema: {
        tags,
        summary: 'Какие действия пользователь может отложить',
        response: { 200: successEnvelope(ZDelayedTaskMenuItems) },
      },
    },
    async (request) => success(service.listMenuItems(callerOf(request).session)),
  );

  r.post(
    '/api/delayed_tasks',
    {
      schema: {
        tags,
        summary:
          'Отложить действие для кандидатов: время — дата и время или «через N рабочих дней в ЧЧ:ММ»',
        body: ZCreateDelayedTaskRequest,
        response: { 200: successEnvelope(ZDelayedTask) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.scheduleTask(tenant, session, request.body, deps));
    },
  );

  r.get(
    '/api/delayed_tasks/:id',
    {
      schema: {
        tags,
        summary: 'Отложенная задача',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDelayedTask) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.getDelayedTask(tenant, session, request.params.id));
    },
  );

  r.patch(
    '/api/delayed_tasks/:id',
    {
      schema: {
        tags,
        summary: 'Изменить отложенную задачу (пока она не началась)',
        params: ZIdParams,
        body: ZUpdateDelayedTaskRequest,
        response: { 200: successEnvelope(ZDelayedTask) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await service.updateDelayedTask(tenant, session, request.params.id, request.body, deps),
      );
    },
  );

  r.delete(
    '/api/delayed_tasks/:id',
    {
      schema: {
        tags,
        summary: 'Отменить то, что ещё не началось',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDelayedTask) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.cancelDelayedTask(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/delayed_tasks/:id/sub_tasks',
    {
      schema: {
        tags,
        summary: 'Действия задачи по кандидатам: состояние и результат',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDelayedSubTaskList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.listDelayedSubTasks(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/delayed_tasks/:id/retry',
    {
      schema: {
        tags,
        summary: 'Повторить действия, завершившиеся ошибкой',
        params: ZIdParams,
        response: { 200: successEnvelope(ZDelayedTask) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.retryDelayedTask(tenant, session, request.params.id, deps));
    },
  );
}
