import type { Database } from '@ats/db/connection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseEncoding,
  compress,
  type Encoding,
  encodingFor,
  markEncoded,
  varyOnEncoding,
  COMPRESS_MIN_BYTES,
} from './compression.ts';
import type { Notifier } from './notify.ts';

/**
 * The answers of the hottest reads (the applicant card, pages of the applicant list) kept in
 * memory as the exact bytes that were sent, so that opening the same card or page again costs
 * no database work, no validation and no serialisation (decision 0017).
 *
 * An answer is used only while nothing in its account has changed since it was read:
 * - every account has a version; an answer remembers the version it was read at and is stale
 *   as soon as the version moves on (nothing is searched or deleted on a change);
 * - the version moves on when this process commits a tenant transaction that changed data
 *   (`Database.onTenantWrite`, before the writer's promise settles), after each writing request
 *   of the account (before its answer leaves), and when the database announces a change on the
 *   channel `ats_data` (statement triggers on the tables, migration 0027: other server
 *   processes, background jobs, SQL by hand); an announcement without an account, a writing
 *   request without a session, or a lost notification connection forgets everything;
 * - an answer whose read raced with a change is not stored (the version is taken before the
 *   read and compared when the answer is stored);
 * - while the notification connection is down nothing is served or stored;
 * - an answer lives at most RESPONSE_CACHE_TTL_MS and callers put everything the answer depends
 *   on besides the account's data into its key (the day, for ages; the user, for "only mine").
 * A request with `Cache-Control: no-cache` (or `no-store`) is answered from the database.
 *
 * An answer is also kept compressed, once per encoding a client asked for (decision 0023): the
 * bytes compressed for the answer that was stored, and those of the other encoding the first
 * time a hit asks for it; a hit then sends them with no compression work.
 */
export const RESPONSE_CACHE_TTL_MS = 60_000;
export const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const RESPONSE_CACHE_MAX_ENTRIES = 20_000;
export const DATA_CHANNEL = 'ats_data';

/** The account's version when a read began: the answer is stored only if it still holds. */
export type Stamp = { accountId: number; version: number; epoch: number };

export type ResponseCache = {
  /** The answer stored under `key` for the account, if nothing has changed since. */
  get: (accountId: number, key: string) => string | null;
  /**
   * The stored answer compressed in `encoding`, compressed now (and kept) if no earlier hit
   * asked for it; null when there is no usable answer.
   */
  getEncoded: (accountId: number, key: string, encoding: Encoding) => Buffer | null;
  stamp: (accountId: number) => Stamp;
  /** Remembers `body` read at `stamp`, unless the account changed meanwhile. */
  set: (
    key: string,
    body: string,
    stamp: Stamp,
    encoded?: { encoding: Encoding; bytes: Buffer },
  ) => void;
  forgetAccount: (accountId: number) => void;
  clear: () => void;
  /** Whether changes are being heard; while false nothing is served or stored. */
  setLive: (live: boolean) => void;
  size: () => { entries: number; bytes: number };
};

type Entry = Stamp & {
  body: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  storedAt: number;
};

export function createResponseCache(
  now: () => number = Date.now,
  limits = { maxBytes: RESPONSE_CACHE_MAX_BYTES, maxEntries: RESPONSE_CACHE_MAX_ENTRIES },
): ResponseCache {
  const entries = new Map<string, Entry>();
  const versions = new Map<number, number>();
  let epoch = 0;
  let bytes = 0;
  let live = false;

  const versionOf = (accountId: number) => versions.get(accountId) ?? 0;
  const slot = (accountId: number, key: string) => `${accountId}\u0000${key}`;
  const remove = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    bytes -= entry.bytes;
  };
  const clear = () => {
    epoch += 1;
    entries.clear();
    bytes = 0;
  };

  const usable = (accountId: number, key: string): Entry | null => {
    if (!live) return null;
    const id = slot(accountId, key);
    const entry = entries.get(id);
    if (!entry) return null;
    if (
      entry.version !== versionOf(accountId) ||
      entry.epoch !== epoch ||
      now() - entry.storedAt >= RESPONSE_CACHE_TTL_MS
    ) {
      remove(id);
      return null;
    }
    return entry;
  };

  return {
    get: (accountId, key) => usable(accountId, key)?.body ?? null,
    getEncoded: (accountId, key, encoding) => {
      const entry = usable(accountId, key);
      if (!entry) return null;
      const kept = entry.encoded[encoding];
      if (kept) return kept;
      const made = compress(entry.body, encoding);
      entry.encoded[encoding] = made;
      entry.bytes += made.length;
      bytes += made.length;
      return made;
    },
    stamp: (accountId) => ({ accountId, version: versionOf(accountId), epoch }),
    set: (key, body, stamp, encoded) => {
      if (!live || stamp.epoch !== epoch || stamp.version !== versionOf(stamp.accountId)) return;
      // UTF-16 length × 2 bounds the string's memory whatever its letters.
      const size = body.length * 2 + (encoded?.bytes.length ?? 0);
      if (size > limits.maxBytes / 16) return;
      const id = slot(stamp.accountId, key);
      remove(id);
      // Oldest first: a Map iterates in insertion order.
      for (const oldest of entries.keys()) {
        if (entries.size < limits.maxEntries && bytes + size <= limits.maxBytes) break;
        remove(oldest);
      }
      entries.set(id, {
        ...stamp,
        body,
        encoded: encoded ? { [encoded.encoding]: encoded.bytes } : {},
        bytes: size,
        storedAt: now(),
      });
      bytes += size;
    },
    forgetAccount: (accountId) => {
      versions.set(accountId, versionOf(accountId) + 1);
    },
    clear,
    setLive: (next) => {
      clear();
      live = next;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serves a read from memory when it can (sending the stored bytes; the answer is then the
 * reply), and remembers the answer it computes otherwise.
 */
export type CachedAnswers = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<T>,
) => Promise<T | FastifyReply>;

/** Where no cache is wired (the demo seed, scripts): always the database. */
export const uncachedAnswers: CachedAnswers = (_request, _reply, _key, compute) => compute();

/** The client asked for a fresh answer (RFC 9111 §5.2.1: no-cache, no-store). */
const wantsFresh = (request: FastifyRequest) =>
  /\bno-(cache|store)\b/i.test(String(request.headers['cache-control'] ?? ''));

/**
 * Wires the cache into the server: hears changes (database writes of this process, writing
 * requests, the `ats_data` channel), stores answers as they are sent, and hands routes the
 * `answer` function that serves from it.
 */
export async function registerResponseCache(
  app: FastifyInstance,
  database: Database,
  notifier: Notifier,
  cache: ResponseCache = createResponseCache(),
): Promise<CachedAnswers> {
  // Subscribed before anything is stored: from here on every change elsewhere reaches us.
  const stopListening = await notifier.subscribe(DATA_CHANNEL, (payload) => {
    const accountId = Number(payload);
    if (payload !== '' && Number.isInteger(accountId) && accountId > 0) {
      cache.forgetAccount(accountId);
    } else {
      cache.clear();
    }
  });
  const stopWatching = notifier.watchConnection((connected) => cache.setLive(connected));
  const stopWrites = database.onTenantWrite((accountId) => cache.forgetAccount(accountId));
  app.addHook('onClose', async () => {
    stopWrites();
    stopWatching();
    stopListening();
    cache.setLive(false);
  });

  const pending = new WeakMap<FastifyRequest, { key: string; stamp: Stamp }>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // Whatever a writing request did, its account's answers are read afresh from now on.
      if (request.session) cache.forgetAccount(request.session.accountId);
      else if (request.routeOptions.url?.startsWith('/api/')) cache.clear();
      return payload;
    }
    const store = pending.get(request);
    if (store && reply.statusCode === 200 && typeof payload === 'string') {
      // Compressed here, once, for this answer and for the hits that ask the same encoding.
      const encoding = encodingFor(request, reply, payload);
      if (encoding === null) {
        cache.set(store.key, payload, store.stamp);
        return payload;
      }
      const bytes = compress(payload, encoding);
      cache.set(store.key, payload, store.stamp, { encoding, bytes });
      markEncoded(reply, encoding);
      return bytes;
    }
    return payload;
  });

  return async (request, reply, key, compute) => {
    const accountId = request.session?.accountId;
    if (accountId === undefined || request.method !== 'GET' || wantsFresh(request)) {
      return compute();
    }
    const hit = cache.get(accountId, key);
    // A string with a JSON type is sent as it is: not validated or serialised again; in the
    // encoding asked for, its compressed bytes are sent (computed at most once per encoding).
    if (hit !== null) {
      reply.header('content-type', JSON_TYPE).header('x-cache', 'hit');
      varyOnEncoding(reply);
      const encoding =
        Buffer.byteLength(hit) >= COMPRESS_MIN_BYTES
          ? chooseEncoding(request.headers['accept-encoding'])
          : null;
      const encoded = encoding && cache.getEncoded(accountId, key, encoding);
      if (encoding && encoded) {
        markEncoded(reply, encoding);
        return reply.send(encoded);
      }
      return reply.send(hit);
    }
    const stamp = cache.stamp(accountId);
    const value = await compute();
    pending.set(request, { key, stamp });
    return value;
  };
}
