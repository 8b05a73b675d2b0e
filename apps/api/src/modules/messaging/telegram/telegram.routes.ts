import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import {
  TELEGRAM_WEBHOOK_MESSAGES,
  ZTelegramLinks,
  ZTelegramUpdate,
  ZTelegramWebhookParams,
  ZUserTelegram,
  ZUserTelegramLinkAnswer,
  ZUserTelegramLinkRequest,
} from '@ats/contracts/messaging-telegram';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { success } from '../../../platform/envelope.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { callerOf } from '../../../platform/tenancy.ts';
import { findChannelByWebhookKey, type MessagingDeps } from '../messaging.service.ts';
import type { TgUpdate } from './telegram-api.ts';
import { handleTelegramUpdate } from './telegram-incoming.ts';
import { isRightWebhookSecret } from './telegram-keys.ts';
import { applicantTelegramLinks, startTelegramLetterLinks } from './telegram-links.ts';
import { startTelegramPolling } from './telegram-polling.ts';
import {
  getUserTelegram,
  startUserNotifications,
  unlinkUserTelegram,
  userTelegramLinkUrl,
} from './user-telegram.ts';

const TAGS = ['Переписка с кандидатами'];

export function registerTelegramRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const msgDeps: MessagingDeps = { config: deps.config, database: deps.database, log: deps.log };
  startTelegramLetterLinks(deps.config);
  // Notices of every module (new applicants, moves, mentions, due tasks) leave from here.
  const stopNotices = startUserNotifications(msgDeps);
  app.addHook('onClose', async () => stopNotices());
  // Without PUBLIC_URL updates are fetched by long polling, in this process.
  const polling = startTelegramPolling(msgDeps);
  app.addHook('onClose', async () => polling.stop());

  // Telegram posts each update here with the secret_token of setWebhook; it retries on non-2xx,
  // so a failure to store (the database away) answers 500 and the update comes again.
  r.post(
    '/api/msg_integrations/webhooks/telegram/:key',
    {
      config: { auth: 'none' },
      // Before the body is read: without the channel's secret nothing is looked at.
      onRequest: async (request) => {
        const { key } = request.params as { key?: string };
        const header = request.headers['x-telegram-bot-api-secret-token'];
        const secret = Array.isArray(header) ? header[0] : header;
        if (!key || !isRightWebhookSecret(deps.config, key, secret)) {
          throw forbidden(TELEGRAM_WEBHOOK_MESSAGES.wrongSecret);
        }
      },
      schema: {
        tags: TAGS,
        summary: 'Входящие сообщения Telegram-бота (webhook с secret_token)',
        params: ZTelegramWebhookParams,
        body: ZTelegramUpdate,
        response: { 200: successEnvelope(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      const { key } = request.params;
      const channel = await findChannelByWebhookKey(msgDeps, key);
      if (!channel || channel.kind !== 'telegram') {
        throw notFound(TELEGRAM_WEBHOOK_MESSAGES.unknownChannel);
      }
      const result = await handleTelegramUpdate(msgDeps, channel, request.body as TgUpdate);
      return success({ accepted: result.outcome === 'stored' });
    },
  );

  r.get(
    '/api/msg_integrations/chats/applicant_chats/:id/telegram_links',
    {
      schema: {
        tags: TAGS,
        summary: 'Ссылки на Telegram-ботов для кандидата (t.me/<бот>?start=<ключ>)',
        params: ZIdParams,
        response: { 200: successEnvelope(ZTelegramLinks) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success({
        items: await applicantTelegramLinks(deps.config, tenant, session, request.params.id),
      });
    },
  );

  // The caller's own Telegram for notifications (/profile): any user, for themselves only.
  const USER_TAGS = ['Профиль'];
  r.get(
    '/api/msg_integrations/user_telegram',
    {
      schema: {
        tags: USER_TAGS,
        summary: 'Мой Telegram для уведомлений: боты компании и привязанный чат',
        response: { 200: successEnvelope(ZUserTelegram) },
      },
    },
    async (request) => success(await getUserTelegram(callerOf(request).tenant)),
  );

  r.post(
    '/api/msg_integrations/user_telegram/link',
    {
      schema: {
        tags: USER_TAGS,
        summary: 'Ссылка t.me/<бот>?start=<ключ>, чтобы привязать мой Telegram (действует сутки)',
        body: ZUserTelegramLinkRequest.optional(),
        response: { 200: successEnvelope(ZUserTelegramLinkAnswer) },
      },
    },
    async (request) =>
      success(
        await userTelegramLinkUrl(deps.config, callerOf(request).tenant, request.body?.channel_id),
      ),
  );

  r.delete(
    '/api/msg_integrations/user_telegram',
    {
      schema: {
        tags: USER_TAGS,
        summary: 'Отвязать мой Telegram: уведомления туда больше не приходят',
        response: { 200: successEnvelope(z.object({ linked: z.literal(false) })) },
      },
    },
    async (request) => {
      await unlinkUserTelegram(callerOf(request).tenant);
      return success({ linked: false as const });
    },
  );
}
