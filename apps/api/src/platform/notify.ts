import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/**
 * PostgreSQL LISTEN/NOTIFY behind a small interface. Each process LISTENs once per channel and
 * fans the notifications out to its in-process handlers, so a change committed through any server
 * process reaches the clients of every other one.
 */
export type Notifier = {
  /** Starts delivering `channel`'s payloads to `handler`; the answer stops it. */
  subscribe: (channel: string, handler: NotificationHandler) => Promise<() => void>;
  /**
   * Tells `handler` whether notifications are being received: at once, then on every change
   * (false while a server connection is lost; true again once it listens anew, after which
   * announcements made in between are lost). The answer stops it.
   */
  watchConnection: (handler: (connected: boolean) => void) => () => void;
  close: () => Promise<void>;
};

type Listener = {
  connected: () => boolean;
  listen: (channel: string) => Promise<void>;
  unlisten: (channel: string) => Promise<void>;
  close: () => Promise<void>;
};

const quoteChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  return channel;
};

/** The embedded engine delivers NOTIFY to its own `listen()` callbacks. */
function pgliteListener(database: Database, deliver: (channel: string, payload: string) => void) {
  type Client = {
    listen: (c: string, cb: (p: string) => void) => Promise<() => Promise<void>>;
  };
  const client = (database.system as unknown as { $client: Client }).$client;
  const stops = new Map<string, () => Promise<void>>();
  return {
    connected: () => true,
    listen: async (channel) => {
      stops.set(channel, await client.listen(channel, (payload) => deliver(channel, payload)));
    },
    unlisten: async (channel) => {
      await stops.get(channel)?.();
      stops.delete(channel);
    },
    close: async () => {
      for (const stop of stops.values()) await stop().catch(() => {});
      stops.clear();
    },
  } satisfies Listener;
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * On a server: a dedicated connection outside the pool (a pooled one would be handed to queries).
 * When it drops, it reconnects with backoff and LISTENs again to every channel.
 */
function serverListener(
  database: Database,
  log: FastifyBaseLogger,
  deliver: (channel: string, payload: string) => void,
  changed: () => void,
) {
  const pool = (database.system as unknown as { $client: pg.Pool }).$client;
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client(pool.options);
      next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
      next.on('error', (error) => {
        log.warn({ err: error }, 'board notifications connection failed; reconnecting');
        drop(next);
      });
      next.on('end', () => drop(next));
      await next.connect();
      for (const channel of channels) await next.query(`listen ${quoteChannel(channel)}`);
      attempt = 0;
      client = next;
      changed();
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const drop = (dead: pg.Client) => {
    if (client === dead) {
      client = null;
      changed();
    }
    dead.removeAllListeners('notification');
    dead.end().catch(() => {});
    if (closed || channels.size === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    setTimeout(() => {
      if (!closed && !client) connect().catch((error) => retry(error));
    }, delay).unref();
  };
  const retry = (error: unknown) => {
    log.warn({ err: error }, 'board notifications: cannot connect; retrying');
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    setTimeout(() => {
      if (!closed && !client) connect().catch(retry);
    }, delay).unref();
  };

  return {
    connected: () => client !== null,
    listen: async (channel) => {
      channels.add(channel);
      const c = await connect();
      await c.query(`listen ${quoteChannel(channel)}`);
    },
    unlisten: async (channel) => {
      channels.delete(channel);
      await client?.query(`unlisten ${quoteChannel(channel)}`).catch(() => {});
    },
    close: async () => {
      closed = true;
      const c = client;
      client = null;
      changed();
      await c?.end().catch(() => {});
    },
  } satisfies Listener;
}

export function createNotifier(database: Database, log: FastifyBaseLogger): Notifier {
  const handlers = new Map<string, Set<NotificationHandler>>();
  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error }, 'a notification handler failed');
      }
    }
  };
  const watchers = new Set<(connected: boolean) => void>();
  let reported: boolean | null = null;
  const changed = () => {
    const now = listener.connected();
    if (now === reported) return;
    reported = now;
    for (const watcher of watchers) watcher(now);
  };
  const listener: Listener =
    database.kind === 'pglite'
      ? pgliteListener(database, deliver)
      : serverListener(database, log, deliver, () => changed());

  return {
    subscribe: async (channel, handler) => {
      quoteChannel(channel);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.listen(channel);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          listener.unlisten(channel).catch(() => {});
        }
      };
    },
    watchConnection: (watcher) => {
      watchers.add(watcher);
      watcher(listener.connected());
      return () => watchers.delete(watcher);
    },
    close: async () => {
      handlers.clear();
      await listener.close();
      for (const watcher of watchers) watcher(false);
      watchers.clear();
    },
  };
}
