import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// Google Calendar per user (issue 15, decision 0038): the /google screen and its API.

export const GOOGLE_MESSAGES = {
  notConfigured:
    'Google Календарь в этой установке не подключён: администратор сервера не задал GOOGLE_CLIENT_ID и GOOGLE_CLIENT_SECRET',
  notConnected: 'Google Календарь не подключён',
  badState: 'Ссылка подключения устарела или неверна, подключите Google Календарь ещё раз',
  denied: 'Доступ к Google Календарю не разрешён',
  refused: 'Google отклонил подключение, подключите Google Календарь ещё раз',
  unknownCalendar: 'Такого календаря нет в аккаунте Google',
  unavailable: 'Google Календарь сейчас недоступен, попробуйте через несколько минут',
  rateLimited: 'Google просит подождать: слишком много запросов, синхронизация продолжится позже',
  reconnect: 'Google больше не принимает доступ, подключите Google Календарь ещё раз',
  wrongChannel: 'Уведомление не от Google Календаря',
} as const;

export const ZGoogleStatus = lazySchema(() =>
  z.object({
    /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
    configured: z.boolean(),
    connected: z.boolean(),
    google_email: z.string().nullable(),
    calendar_id: z.string().nullable(),
    calendar_summary: z.string().nullable(),
    last_synced_at: z.string().nullable(),
    last_error: z.string().nullable(),
    /** Changes made in Google arrive by push (PUBLIC_URL set), else by a periodic pull. */
    push: z.boolean(),
  }),
);
export type TGoogleStatus = z.infer<typeof ZGoogleStatus>;

export const ZGoogleConnectStart = lazySchema(() => z.object({ url: z.string() }));

export const ZGoogleCalendar = lazySchema(() =>
  z.object({
    id: z.string(),
    summary: z.string(),
    primary: z.boolean(),
    access_role: z.string(),
  }),
);
export type TGoogleCalendar = z.infer<typeof ZGoogleCalendar>;

export const ZGoogleChooseCalendar = lazySchema(() =>
  z.object({
    calendar_id: z.string({ error: GOOGLE_MESSAGES.unknownCalendar }).min(1).max(1024),
  }),
);

export const ZGoogleSyncResult = lazySchema(() =>
  z.object({
    pulled: z.number().int(),
    full: z.boolean(),
  }),
);

export const ZGoogleCallbackQuery = lazySchema(() =>
  z.object({
    code: z.string().max(2048).optional(),
    state: z.string().max(4096).optional(),
    error: z.string().max(256).optional(),
    scope: z.string().max(2048).optional(),
  }),
);
