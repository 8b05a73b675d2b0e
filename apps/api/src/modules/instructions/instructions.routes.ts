import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZInstruction,
  ZInstructionIdParams,
  ZInstructionKeyParams,
  ZInstructionOrder,
  ZInstructionSearchAnswer,
  ZInstructionSearchQuery,
  ZInstructionSectionList,
  ZInstructionSectionWrite,
  ZInstructionSuggestionList,
  ZInstructionWrite,
} from '@ats/contracts/instructions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { assertFaqEditor } from './instructions.policy.ts';
import * as service from './instructions.service.ts';

export function registerInstructionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.system;
  const tags = ['База знаний'];
  const pub = { auth: 'none' as const };
  // The editor account is read at each request, so a changed configuration applies at once; the
  // refusal comes before the body is read, so nobody else learns anything of the shapes.
  const editorOnly = {
    preValidation: async (request: FastifyRequest) =>
      assertFaqEditor(deps.config, callerOf(request).session),
  };

  r.get(
    '/api/instructions',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Разделы базы знаний с опубликованными статьями',
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async () => success(await service.listSections(db, { drafts: false })),
  );
  r.get(
    '/api/instructions/search',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Поиск по базе знаний (формы слов, ё/е, опечатки), с подсветкой',
        querystring: ZInstructionSearchQuery,
        response: { 200: successEnvelope(ZInstructionSearchAnswer) },
      },
    },
    async (request) => success(await service.searchInstructions(db, request.query.search)),
  );
  r.get(
    '/api/instructions/search_suggestions',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Подсказки при наборе запроса (не больше 10)',
        querystring: ZInstructionSearchQuery,
        response: { 200: successEnvelope(ZInstructionSuggestionList) },
      },
    },
    async (request) => success(await service.suggestInstructions(db, request.query.search)),
  );

  r.get(
    '/api/instructions/editor',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Все разделы и статьи, с черновиками (редактор базы знаний)',
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async () => success(await service.listSections(db, { drafts: true })),
  );
  r.get(
    '/api/instructions/editor/:id',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Статья или черновик (редактор базы знаний)',
        params: ZInstructionIdParams,
        response: { 200: successEnvelope(ZInstruction) },
      },
    },
    async (request) => {
      return success(await service.getInstruction(db, String(request.params.id), { drafts: true }));
    },
  );
  r.put(
    '/api/instructions/order',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Порядок разделов и статей (редактор базы знаний)',
        body: ZInstructionOrder,
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async (request) => {
      return success(await service.reorder(db, request.body));
    },
  );
  r.post(
    '/api/instructions/sections',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Новый раздел (редактор базы знаний)',
        body: ZInstructionSectionWrite,
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async (request) => {
      return success(await service.createSection(db, request.body));
    },
  );
  r.put(
    '/api/instructions/sections/:id',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Изменить раздел (редактор базы знаний)',
        params: ZInstructionIdParams,
        body: ZInstructionSectionWrite,
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async (request) => {
      return success(await service.updateSection(db, request.params.id, request.body));
    },
  );
  r.delete(
    '/api/instructions/sections/:id',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Удалить пустой раздел (редактор базы знаний)',
        params: ZInstructionIdParams,
        response: { 200: successEnvelope(ZInstructionSectionList) },
      },
    },
    async (request) => {
      return success(await service.deleteSection(db, request.params.id));
    },
  );
  r.post(
    '/api/instructions',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Новая статья (редактор базы знаний)',
        body: ZInstructionWrite,
        response: { 200: successEnvelope(ZInstruction) },
      },
    },
    async (request) => {
      return success(await service.createInstruction(db, request.body));
    },
  );
  r.put(
    '/api/instructions/:id',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Изменить статью (редактор базы знаний)',
        params: ZInstructionIdParams,
        body: ZInstructionWrite,
        response: { 200: successEnvelope(ZInstruction) },
      },
    },
    async (request) => {
      return success(await service.updateInstruction(db, request.params.id, request.body));
    },
  );
  r.delete(
    '/api/instructions/:id',
    {
      ...editorOnly,
      schema: {
        tags,
        summary: 'Удалить статью (редактор базы знаний)',
        params: ZInstructionIdParams,
        response: { 200: successEnvelope(z.string()) },
      },
    },
    async (request) => {
      await service.deleteInstruction(db, request.params.id);
      return success('Статья удалена');
    },
  );
  r.get(
    '/api/instructions/:id',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Статья по номеру или адресу (slug)',
        params: ZInstructionKeyParams,
        response: { 200: successEnvelope(ZInstruction) },
      },
    },
    async (request) =>
      success(await service.getInstruction(db, request.params.id, { drafts: false })),
  );
}
