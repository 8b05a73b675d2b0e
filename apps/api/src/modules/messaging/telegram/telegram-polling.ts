import { createHash } from 'node:crypto';
import { listActiveChannels, setChannelState, type MessagingDeps } from '../messaging.service.ts';
import type { TransportChannel } from '../transports.ts';
import { LONG_POLL_SECONDS, TelegramApiError, telegramApi } from './telegram-api.ts';
import { handleTelegramUpdate } from './telegram-incoming.ts';
import { TELEGRAM_TEXTS } from './telegram.transport.ts';

// Without PUBLIC_URL Telegram cannot reach us: each active bot is long-polled with getUpdates
// (decision 0044). The offset of the next update is kept in the channel's sync_state after each
// update is stored, so a restart neither loses nor repeats one (a repeat would be stored once
// anyway: messages are unique per channel, chat and Telegram message id). One process polls a
// bot: the HTTP server's, as the message outbox is kicked there.

const RESCAN_MS = 5_000;
const BACKOFF_MS = 5_000;

type Loop = { key: string; controller: AbortController; done: Promise<void> };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Which loop serves a channel: a new token (another bot) starts a new one. */
const loopKeyOf = (channel: TransportChannel) =>
  `${channel.accountId}:${channel.id}:${createHash('sha256')
    .update(channel.secrets.token ?? '')
    .digest('hex')
    .slice(0, 16)}`;

async function pollChannel(deps: MessagingDeps, channel: TransportChannel, signal: AbortSignal) {
  const token = channel.secrets.token;
  if (!token) return;
  const api = telegramApi(deps.config, token);
  let offset = Number(channel.syncState.offset ?? 0) || 0;
  let failing = false;
  const markState = async (lastError: string | null) => {
    await setChannelState(deps, channel.accountId, channel.id, {
      state: lastError ? 'error' : 'active',
      lastError,
    }).catch(() => {});
  };
  while (!signal.aborted) {
    try {
      const updates = await api.getUpdates(
        { offset, timeout: LONG_POLL_SECONDS, allowed_updates: ['message'] },
        signal,
      );
      if (failing) {
        failing = false;
        await markState(null);
      }
      for (const update of updates) {
        if (signal.aborted) return;
        await handleTelegramUpdate(deps, channel, update);
        offset = update.update_id + 1;
        await setChannelState(deps, channel.accountId, channel.id, {
          syncState: { ...channel.syncState, offset },
        });
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof TelegramApiError && error.code === 409) {
        // A webhook left from a time with PUBLIC_URL: polling needs it gone.
        await api.deleteWebhook().catch(() => {});
      } else if (error instanceof TelegramApiError && (error.code === 401 || error.code === 404)) {
        await markState(TELEGRAM_TEXTS.tokenRevoked);
        return;
      } else if (!failing) {
        failing = true;
        deps.log.warn(
          { channelId: channel.id, err: (error as Error).message },
          'telegram poll failed',
        );
        await markState(TELEGRAM_TEXTS.unreachable);
      }
      await sleep(BACKOFF_MS, signal);
    }
  }
}

/**
 * Polls every active Telegram channel of every account while PUBLIC_URL is unset; channels that
 * come, go or change their token are noticed within RESCAN_MS. `stop` ends every loop.
 */
export function startTelegramPolling(deps: MessagingDeps, options: { rescanMs?: number } = {}) {
  const loops = new Map<number, Loop>();
  const stopping = new AbortController();
  if (deps.config.PUBLIC_URL) return { stop: async () => {} };

  async function rescan() {
    const channels = await listActiveChannels(deps, 'telegram');
    const live = new Set<number>();
    for (const channel of channels) {
      if (channel.syncState.polling === false) continue;
      const key = loopKeyOf(channel);
      live.add(channel.id);
      const running = loops.get(channel.id);
      if (running?.key === key) continue;
      running?.controller.abort();
      const controller = new AbortController();
      const done = pollChannel(deps, channel, AbortSignal.any([controller.signal, stopping.signal]))
        .catch((error: unknown) =>
          deps.log.error({ err: error, channelId: channel.id }, 'telegram polling stopped'),
        )
        .finally(() => {
          if (loops.get(channel.id)?.controller === controller) loops.delete(channel.id);
        });
      loops.set(channel.id, { key, controller, done });
    }
    for (const [id, loop] of loops) {
      if (!live.has(id)) {
        loop.controller.abort();
        loops.delete(id);
      }
    }
  }

  const tick = () => {
    if (stopping.signal.aborted) return;
    rescan()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'telegram channels not listed'))
      .finally(() => {
        if (!stopping.signal.aborted) {
          timer = setTimeout(tick, options.rescanMs ?? RESCAN_MS);
          timer.unref();
        }
      });
  };
  let timer = setTimeout(tick, 0);
  timer.unref();

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await Promise.all([...loops.values()].map((loop) => loop.done));
    },
  };
}
