import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  ZApplicantChatChannels,
  ZChatHistory,
  ZChatHistoryQuery,
  ZConversationList,
  ZConversationsQuery,
  ZCreateMsgChannelRequest,
  ZMsgChannel,
  ZMsgChannelList,
  ZMsgMessage,
  ZSendMessageRequest,
  ZUnreadCounters,
  ZUnreadQuery,
  ZUpdateMsgChannelRequest,
  type TMsgStreamEvent,
} from '@ats/contracts/messaging';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerKey, partTags } from '../../platform/answer-dependencies.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { createNotifier } from '../../platform/notify.ts';
import { uncachedAnswers } from '../../platform/response-cache.ts';
import { callerOf } from '../../platform/tenancy.ts';
import { createMessageFeed } from './messaging-events.ts';
import { startMessageOutbox } from './messaging-outbox.ts';
import { assertCanMessage } from './messaging.policy.ts';
import * as service from './messaging.service.ts';

const CHANNEL_TAGS = ['Каналы переписки'];
const CHAT_TAGS = ['Переписка с кандидатами'];
/** A comment line keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export function registerMessagingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = deps.answers ?? uncachedAnswers;
  const msgDeps: service.MessagingDeps = {
    config: deps.config,
    database: deps.database,
    log: deps.log,
  };
  startMessageOutbox(msgDeps);

  // ---- channels ----

  r.get(
    '/api/msg_integrations/msg_channels',
    {
      schema: {
        tags: CHANNEL_TAGS,
        summary: 'Каналы пользователя (его Telegram-боты и почтовые ящики)',
        response: { 200: successEnvelope(ZMsgChannelList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.listChannels(tenant, session, 'user'));
    },
  );

  r.get(
    '/api/msg_integrations/msg_channels/account',
    {
      schema: {
        tags: CHANNEL_TAGS,
        summary: 'Каналы компании: ими пишут все рекрутеры',
        response: { 200: successEnvelope(ZMsgChannelList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.listChannels(tenant, session, 'account'));
    },
  );

  r.get(
    '/api/msg_integrations/msg_channels/:id',
    {
      schema: {
        tags: CHANNEL_TAGS,
        summary: 'Канал (без секретов: токен и пароли не возвращаются)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZMsgChannel) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.getChannel(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/msg_integrations/msg_channels',
    {
      schema: {
        tags: CHANNEL_TAGS,
        summary:
          'Подключить канал: Telegram-бот по токену (проверяется getMe) или почтовый ящик (IMAP/SMTP)',
        body: ZCreateMsgChannelRequest,
        response: { 200: successEnvelope(ZMsgChannel) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.createChannel(msgDeps, tenant, session, request.body));
    },
  );

  for (const method of ['patch', 'put'] as const) {
    r[method](
      '/api/msg_integrations/msg_channels/:id',
      {
        schema: {
          tags: CHANNEL_TAGS,
          summary: 'Изменить канал: название, чей он, включён ли, токен или настройки ящика',
          params: ZIdParams,
          body: ZUpdateMsgChannelRequest,
          response: { 200: successEnvelope(ZMsgChannel) },
        },
      },
      async (request) => {
        const { tenant, session } = callerOf(request);
        return success(
          await service.updateChannel(msgDeps, tenant, session, request.params.id, request.body),
        );
      },
    );
  }

  r.delete(
    '/api/msg_integrations/msg_channels/:id',
    {
      schema: {
        tags: CHANNEL_TAGS,
        summary: 'Отключить и удалить канал (переписка остаётся на карточках)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZMsgChannel) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.deleteChannel(msgDeps, tenant, session, request.params.id));
    },
  );

  // ---- conversation ----

  r.get(
    '/api/msg_integrations/chats/applicant_chats_history/:id',
    {
      schema: {
        tags: CHAT_TAGS,
        summary:
          'Переписка с кандидатом по всем каналам, новые первыми (before_id — следующая страница); отмечает прочитанной',
        params: ZIdParams,
        querystring: ZChatHistoryQuery,
        response: { 200: successEnvelope(ZChatHistory) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.getHistory(tenant, session, request.params.id, request.query));
    },
  );

  r.post(
    '/api/msg_integrations/chats/applicant_chats/:id/messages',
    {
      schema: {
        tags: CHAT_TAGS,
        summary:
          'Написать кандидату через канал: текст или шаблон письма с переменными, вложения с карточки',
        params: ZIdParams,
        body: ZSendMessageRequest,
        response: { 200: successEnvelope(ZMsgMessage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await service.sendMessage(msgDeps, tenant, session, request.params.id, request.body),
      );
    },
  );

  r.get(
    '/api/msg_integrations/chats/applicant_chats/:id/channels',
    {
      schema: {
        tags: CHAT_TAGS,
        summary:
          'Каналы, в которых у кандидата есть чат (Telegram, переписка по отклику на hh.ru): композер предлагает канал сайта только тогда',
        params: ZIdParams,
        response: { 200: successEnvelope(ZApplicantChatChannels) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.applicantChatChannels(tenant, session, request.params.id));
    },
  );

  r.post(
    '/api/msg_integrations/chats/applicant_chats/:id/read',
    {
      schema: {
        tags: CHAT_TAGS,
        summary: 'Отметить переписку с кандидатом прочитанной',
        params: ZIdParams,
        response: { 200: successEnvelope(z.object({ cleared: z.number().int() })) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success({ cleared: await service.markRead(tenant, session, request.params.id) });
    },
  );

  r.post(
    '/api/msg_integrations/chats/messages/:id/retry',
    {
      schema: {
        tags: CHAT_TAGS,
        summary: 'Повторить: неотправленное сообщение снова в очередь',
        params: ZIdParams,
        response: { 200: successEnvelope(ZMsgMessage) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.retryMessage(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/msg_integrations/chats/unread',
    {
      schema: {
        tags: CHAT_TAGS,
        summary: 'Непрочитанные сообщения: всего, бесед и по кандидатам из applicant_ids',
        querystring: ZUnreadQuery,
        response: { 200: successEnvelope(ZUnreadCounters) },
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      const ids = (request.query.applicant_ids ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number)
        .filter((id) => id > 0 && id <= 2_147_483_647)
        .slice(0, 500);
      // The caller's own counters (decision 0078).
      return answers(
        request,
        reply,
        `unread:${callerKey(session)}:${request.url}`,
        async () => success(await service.getUnread(tenant, session, ids)),
        partTags('unread'),
      );
    },
  );

  r.get(
    '/api/msg_integrations/chats',
    {
      schema: {
        tags: CHAT_TAGS,
        summary: 'Беседы с кандидатами: сначала с непрочитанными, затем новые',
        querystring: ZConversationsQuery,
        response: { 200: successEnvelope(ZConversationList) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await service.listConversations(tenant, session, request.query));
    },
  );

  // ---- live events ----

  const notifier = deps.notifier ?? createNotifier(deps.database, deps.log);
  if (!deps.notifier) app.addHook('onClose', async () => notifier.close());
  const feed = createMessageFeed(notifier, deps.log);
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: number,
    applicantId: number | null,
  ) {
    let stop: () => void = () => {};
    const pending: TMsgStreamEvent[] = [];
    let ready = false;
    const raw = reply.raw;
    const send = (event: TMsgStreamEvent) => {
      if (!ready) pending.push(event);
      else raw.write(`event: message\ndata: ${JSON.stringify(event)}\n\n`);
    };
    stop = await feed.watch(accountId, applicantId, send);
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n\n');
    ready = true;
    for (const event of pending.splice(0)) send(event);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      stop();
      raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    raw.on('error', end);
  }

  r.get(
    '/api/msg_integrations/chats/applicant_chats/:id/events',
    {
      schema: {
        tags: CHAT_TAGS,
        summary:
          'Живые обновления переписки на карточке (text/event-stream): событие message на каждое новое или изменённое сообщение',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      // The same check as the history: another account's or an unreached applicant is a 404.
      await service.assertReachesApplicant(tenant, session, request.params.id);
      await stream(request, reply, tenant.accountId, request.params.id);
    },
  );

  r.get(
    '/api/msg_integrations/chats/events',
    {
      schema: {
        tags: CHAT_TAGS,
        summary:
          'Живые обновления всех бесед компании (text/event-stream): для счётчика непрочитанных и списка бесед',
      },
    },
    async (request, reply) => {
      const { tenant, session } = callerOf(request);
      assertCanMessage(session);
      await stream(request, reply, tenant.accountId, null);
    },
  );
}
