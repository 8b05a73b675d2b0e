import { successEnvelope } from '@ats/contracts/envelope';
import {
  ZSendSupportMessage,
  ZSupportChat,
  ZSupportChatQuery,
  ZSupportMessage,
} from '@ats/contracts/support-chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { getSupportChat, sendSupportMessage, startSupportPoller } from './support-chat.service.ts';

export function registerSupportChatRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Чат поддержки'];

  // Answers come back while the server runs; a closed server stops asking Telegram.
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stop = startSupportPoller(deps);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });

  r.get(
    '/api/support_chat',
    {
      schema: {
        tags,
        summary: 'Переписка компании с поддержкой сервиса (после after_id — только новые)',
        querystring: ZSupportChatQuery,
        response: { 200: successEnvelope(ZSupportChat) },
      },
    },
    async (request) =>
      success(await getSupportChat(deps, callerOf(request).tenant, request.query.after_id)),
  );

  r.post(
    '/api/support_chat/messages',
    {
      schema: {
        tags,
        summary: 'Написать в поддержку',
        body: ZSendSupportMessage,
        response: { 200: successEnvelope(ZSupportMessage) },
      },
    },
    async (request) =>
      success(await sendSupportMessage(deps, callerOf(request).tenant, request.body.text)),
  );
}
