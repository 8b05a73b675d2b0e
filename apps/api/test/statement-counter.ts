import type { Database } from '@ats/db/connection';
import pg from 'pg';

/**
 * Statements that only open, scope or close a tenant transaction (with its "did it write?" check
 * before the commit): not data queries.
 */
const BOOKKEEPING =
  /^\s*(begin|commit|rollback|set local role|select set_config|select txid_current_if_assigned|prepare)\b/i;
/**
 * Sent by the process's own background work at any time, whatever request is running: the job
 * queue's polling, the board feed's LISTEN, and the messaging pollers' list of live channels of
 * every account (Telegram's rescan, the mailboxes' pass).
 */
const BACKGROUND =
  /\bpgboss\.|^\s*(listen|unlisten)\b|\bfrom "msg_channels" where \("msg_channels"\."kind" = /i;

/** Whether a statement comes from the process's background work rather than a request. */
export const isBackgroundStatement = (text: string) => BACKGROUND.test(text);

type QueryFn = (...args: unknown[]) => unknown;
const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : String((arg as { text?: string } | undefined)?.text ?? '');

/**
 * Records every SQL statement the database receives, on either engine: a PGlite client's
 * queries (its transactions included), or every node-postgres connection's. A multi-statement
 * simple query is split into its statements.
 */
export function countStatements(database: Database) {
  const statements: string[] = [];
  const record = (arg: unknown) => {
    for (const part of textOf(arg).split(';')) {
      if (part.trim()) statements.push(part.trim());
    }
  };
  const restore: (() => void)[] = [];

  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: QueryFn };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => {
      proto.query = original;
    });
  } else {
    const client = (database.system as unknown as { $client: Record<string, QueryFn> }).$client;
    const wrap = (target: Record<string, QueryFn>) =>
      new Proxy(target, {
        get(object, key) {
          const value = Reflect.get(object, key) as unknown;
          if ((key === 'query' || key === 'exec') && typeof value === 'function') {
            return (...args: unknown[]) => {
              record(args[0]);
              return (value as QueryFn).apply(object, args);
            };
          }
          return typeof value === 'function' ? (value as QueryFn).bind(object) : value;
        },
      });
    const originalQuery = client.query!;
    const originalTransaction = client.transaction!;
    client.query = (...args: unknown[]) => {
      record(args[0]);
      return originalQuery.apply(client, args);
    };
    client.transaction = (callback: unknown) =>
      originalTransaction.call(client, (tx: Record<string, QueryFn>) =>
        (callback as QueryFn)(wrap(tx)),
      );
    restore.push(() => {
      client.query = originalQuery;
      client.transaction = originalTransaction;
    });
  }

  return {
    /** Statements that read or write data (the session look-up of authentication included). */
    dataStatements: () =>
      statements.filter((text) => !BOOKKEEPING.test(text) && !BACKGROUND.test(text)),
    all: () => [...statements],
    /** Every statement but the process's background work's (which may land in any window). */
    foreground: () => statements.filter((text) => !BACKGROUND.test(text)),
    stop: () => restore.forEach((undo) => undo()),
  };
}
