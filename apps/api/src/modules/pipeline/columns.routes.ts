import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZColumn,
  ZColumnCardPage,
  ZColumnCardQuery,
  ZColumnList,
  ZColumnSettings,
  ZCreateColumnRequest,
  ZUpdateColumnRequest,
  ZUpdateColumnSettingsRequest,
} from '@ats/contracts/pipeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import * as columns from './columns.service.ts';

/** The caller's saved board views (`/api/columns`; update uses PUT) and their order. */
export function registerColumnsRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Колонки'];

  r.get(
    '/api/columns',
    {
      schema: {
        tags,
        summary: 'Мои сохранённые колонки',
        response: { 200: successEnvelope(ZColumnList) },
      },
    },
    async (request) => success(await columns.listColumns(callerOf(request).tenant)),
  );

  r.get(
    '/api/columns/get_applicants',
    {
      schema: {
        tags,
        summary: 'Кандидаты, которых отбирает сохранённая колонка (id), по страницам',
        querystring: ZColumnCardQuery,
        response: { 200: successEnvelope(ZColumnCardPage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await columns.listColumnCards(tenant, session, request.query));
    },
  );

  r.get(
    '/api/columns/:id',
    {
      schema: {
        tags,
        summary: 'Сохранённая колонка',
        params: ZIdParams,
        response: { 200: successEnvelope(ZColumn) },
      },
    },
    async (request) =>
      success(await columns.getColumn(callerOf(request).tenant, request.params.id)),
  );

  r.post(
    '/api/columns',
    {
      schema: {
        tags,
        summary: 'Сохранить колонку: название, размер S/M/L, фильтры',
        body: ZCreateColumnRequest,
        response: { 200: successEnvelope(ZColumn) },
      },
    },
    async (request) => success(await columns.createColumn(callerOf(request).tenant, request.body)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/api/columns/:id',
      schema: {
        tags,
        summary: 'Изменить колонку',
        params: ZIdParams,
        body: ZUpdateColumnRequest,
        response: { 200: successEnvelope(ZColumn) },
      },
      handler: async (request) =>
        success(
          await columns.updateColumn(callerOf(request).tenant, request.params.id, request.body),
        ),
    });
  }

  r.delete(
    '/api/columns/:id',
    {
      schema: {
        tags,
        summary: 'Удалить колонку',
        params: ZIdParams,
        response: { 200: successEnvelope(ZColumn) },
      },
    },
    async (request) =>
      success(await columns.deleteColumn(callerOf(request).tenant, request.params.id)),
  );

  r.get(
    '/api/settings_columns',
    {
      schema: {
        tags,
        summary: 'Порядок и видимость моих колонок',
        response: { 200: successEnvelope(ZColumnSettings) },
      },
    },
    async (request) => success(await columns.getColumnSettings(callerOf(request).tenant)),
  );

  r.put(
    '/api/settings_columns',
    {
      schema: {
        tags,
        summary: 'Задать порядок колонок и какие из них показывать',
        body: ZUpdateColumnSettingsRequest,
        response: { 200: successEnvelope(ZColumnSettings) },
      },
    },
    async (request) =>
      success(await columns.updateColumnSettings(callerOf(request).tenant, request.body)),
  );
}
