import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZAutomationRule,
  ZAutomationRuleList,
  ZAutomationRuleListQuery,
  ZCreateAutomationRuleRequest,
  ZUpdateAutomationRuleRequest,
} from '@ats/contracts/stage-automation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { assertStageManager } from '../statuses/statuses.service.ts';
import { listenToStageEntries } from './stage-automation.listener.ts';
import * as rules from './stage-automation.service.ts';

/** Rules of stage automation (decision 0041), and the hook that runs them on every move. */
export function registerStageAutomationRoutes(app: FastifyInstance, deps: AppDeps) {
  const stopListening = listenToStageEntries(deps);
  app.addHook('onClose', async () => stopListening());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Автоматизация этапов'];

  r.get(
    '/api/stage_automation_rules',
    {
      schema: {
        tags,
        summary: 'Правила автоматизации этапов воронки, вакансии или одного этапа',
        querystring: ZAutomationRuleListQuery,
        response: { 200: successEnvelope(ZAutomationRuleList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await assertStageManager(tenant, session);
      return success(await rules.listRules(tenant, request.query));
    },
  );

  r.get(
    '/api/stage_automation_rules/:id',
    {
      schema: {
        tags,
        summary: 'Правило автоматизации',
        params: ZIdParams,
        response: { 200: successEnvelope(ZAutomationRule) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      await assertStageManager(tenant, session);
      return success(await rules.getRule(tenant, request.params.id));
    },
  );

  r.post(
    '/api/stage_automation_rules',
    {
      schema: {
        tags,
        summary:
          'Добавить правило: когда кандидат попал на этап (или задержался), сделать действие',
        body: ZCreateAutomationRuleRequest,
        response: { 200: successEnvelope(ZAutomationRule) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await rules.createRule(tenant, session, request.body));
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    r.route({
      method,
      url: '/api/stage_automation_rules/:id',
      schema: {
        tags,
        summary: 'Изменить правило автоматизации',
        params: ZIdParams,
        body: ZUpdateAutomationRuleRequest,
        response: { 200: successEnvelope(ZAutomationRule) },
      },
      handler: async (request) => {
        const { tenant, session } = callerOf(request);
        return success(await rules.updateRule(tenant, session, request.params.id, request.body));
      },
    });
  }

  r.delete(
    '/api/stage_automation_rules/:id',
    {
      schema: {
        tags,
        summary: 'Удалить правило автоматизации',
        params: ZIdParams,
        response: { 200: successEnvelope(ZAutomationRule) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await rules.deleteRule(tenant, session, request.params.id));
    },
  );
}
