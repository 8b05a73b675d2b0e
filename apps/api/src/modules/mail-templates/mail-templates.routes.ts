import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZCreateMailTemplateRequest,
  ZMailTemplate,
  ZMailTemplateList,
  ZMailTemplateVariableList,
  ZPreviewTemplateRequest,
  ZRenderTemplateQuery,
  ZRenderedLetter,
  ZUpdateMailTemplateRequest,
} from '@ats/contracts/mail-templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/content-disposition.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { PDF_CONTENT_TYPE } from '../../platform/pdf.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { DOCX_CONTENT_TYPE } from './mail-template-docx.ts';
import * as render from './mail-template-render.service.ts';
import * as templates from './mail-templates.service.ts';

export function registerMailTemplatesRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Шаблоны писем'];

  r.get(
    '/api/account_mail_temps',
    {
      schema: {
        tags,
        summary: 'Шаблоны писем: общие и свои личные',
        response: { 200: successEnvelope(ZMailTemplateList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templates.listMailTemplates(tenant, session));
    },
  );

  r.get(
    '/api/account_mail_temps/variables',
    {
      schema: {
        tags,
        summary: 'Переменные шаблонов (%applicant.name% и другие) с описанием',
        response: { 200: successEnvelope(ZMailTemplateVariableList) },
      },
    },
    async () => success(templates.listMailTemplateVariables()),
  );

  r.post(
    '/api/account_mail_temps/preview',
    {
      schema: {
        tags,
        summary: 'Предпросмотр несохранённого шаблона для кандидата',
        body: ZPreviewTemplateRequest,
        response: { 200: successEnvelope(ZRenderedLetter) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await render.previewLetter(tenant, session, request.body));
    },
  );

  r.post(
    '/api/account_mail_temps',
    {
      schema: {
        tags,
        summary: 'Создать шаблон (общий — с правом can_manage_template_mail или админом)',
        body: ZCreateMailTemplateRequest,
        response: { 200: successEnvelope(ZMailTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templates.createMailTemplate(tenant, session, request.body));
    },
  );

  r.get(
    '/api/account_mail_temps/:id',
    {
      schema: {
        tags,
        summary: 'Шаблон письма',
        params: ZIdParams,
        response: { 200: successEnvelope(ZMailTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templates.getMailTemplate(tenant, session, request.params.id));
    },
  );

  r.patch(
    '/api/account_mail_temps/:id',
    {
      schema: {
        tags,
        summary: 'Изменить шаблон письма',
        params: ZIdParams,
        body: ZUpdateMailTemplateRequest,
        response: { 200: successEnvelope(ZMailTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await templates.updateMailTemplate(tenant, session, request.params.id, request.body),
      );
    },
  );

  r.delete(
    '/api/account_mail_temps/:id',
    {
      schema: {
        tags,
        summary: 'Удалить шаблон письма',
        params: ZIdParams,
        response: { 200: successEnvelope(ZMailTemplate) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templates.deleteMailTemplate(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/admin_user_templates',
    {
      schema: {
        tags,
        summary: 'Личные шаблоны писем текущего пользователя',
        response: { 200: successEnvelope(ZMailTemplateList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await templates.listPersonalMailTemplates(tenant, session));
    },
  );

  r.get(
    '/api/get_letter_by_template',
    {
      schema: {
        tags,
        summary: 'Письмо по шаблону для кандидата: тема, HTML и текст',
        querystring: ZRenderTemplateQuery,
        response: { 200: successEnvelope(ZRenderedLetter) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await render.renderLetter(tenant, session, request.query));
    },
  );

  r.get(
    '/api/get_pdf_by_template',
    {
      schema: {
        tags,
        summary: 'Письмо по шаблону в PDF (A4, кириллические шрифты встроены)',
        querystring: ZRenderTemplateQuery,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const file = await render.renderTemplatePdf(tenant, session, request.query);
      return reply
        .header('content-type', PDF_CONTENT_TYPE)
        .header(
          'content-disposition',
          contentDisposition('attachment', file.fileName, 'letter.pdf'),
        )
        .send(file.bytes);
    },
  );

  r.get(
    '/api/get_docx_by_template',
    {
      schema: {
        tags,
        summary: 'Письмо по шаблону в DOCX (Word)',
        querystring: ZRenderTemplateQuery,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const file = await render.renderTemplateDocx(tenant, session, request.query);
      return reply
        .header('content-type', DOCX_CONTENT_TYPE)
        .header(
          'content-disposition',
          contentDisposition('attachment', file.fileName, 'letter.docx'),
        )
        .send(file.bytes);
    },
  );
}
