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
import { AsyncLocalStorage } from 'node:async_hooks';
import { ANY_CHANGE, tagsOfChanges } from './answer-dependencies.ts';
import type { Notifier } from './notify.ts';

/**
 * The answers of the hottest reads (the applicant card, pages of the applicant list) kept in
 * memory as the exact bytes that were sent, so that opening the same card or page again costs
 * no database work, no validation and no serialisation (decisions 0017, 0050).
 *
 * An answer is used only while nothing it is built from has changed since it was read:
 * - an answer names what it depends on as tags (answer-dependencies.ts: `applicant:<id>`,
 *   `table:<t>`…), some of them learnt only as it is read (the applicants a read of doubles
 *   compared); the cache counts the moves of tags and keeps, per tag of an account, the count at
 *   its last move, and the account has a version; an answer remembers the count and its
 *   account's version when its read began and is stale as soon as the version moves or one of
 *   its tags moves after that count (nothing is searched or deleted on a change);
 * - a change moves the tags of what it touched: this process's tenant transactions report what
 *   their tables' triggers recorded (`Database.onTenantWrite`, before the writer's promise
 *   settles), and the database announces each change on the channel `ats_data` (statement
 *   triggers on the tables, migrations 0027 and 0061: other server processes, background jobs,
 *   SQL by hand);
 * - whatever cannot be told precisely moves the account's version (every answer of it goes): an
 *   announcement or report of unknown shape or too many changes, a writing request of a session
 *   during which no tenant transaction reported its changes; an announcement without an
 *   account, a writing request without a session, or a lost notification connection forgets
 *   everything;
 * - an answer whose read raced with a change is not stored (the versions are taken before the
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

/**
 * When a read began: the account's version, and the count of tag moves (`at`). The answer is
 * stored (and later served) only while the account's version holds and none of its tags has
 * moved since `at`: a tag learnt only once the read is done (an applicant it turned out to
 * read, `CachedAnswers`'s `readTags`) is checked against the same moment.
 */
export type Stamp = {
  accountId: number;
  version: number;
  epoch: number;
  at: number;
  tags: readonly string[];
};

/** More tag versions than this and they are all forgotten (with every answer: epoch moves). */
export const RESPONSE_CACHE_MAX_TAGS = 200_000;

export type ResponseCache = {
  /** The answer stored under `key` for the account, if nothing has changed since. */
  get: (accountId: number, key: string) => string | null;
  /**
   * The stored answer compressed in `encoding`, compressed now (and kept) if no earlier hit
   * asked for it; null when there is no usable answer.
   */
  getEncoded: (accountId: number, key: string, encoding: Encoding) => Buffer | null;
  /** The versions a read of an answer built from `tags` begins at; no tags: any change. */
  stamp: (accountId: number, tags?: readonly string[]) => Stamp;
  /** The same stamp, its answer also built from `tags` (learnt as it was read). */
  extend: (stamp: Stamp, tags: readonly string[]) => Stamp;
  /** Remembers `body` read at `stamp`, unless the account changed meanwhile. */
  set: (
    key: string,
    body: string,
    stamp: Stamp,
    encoded?: { encoding: Encoding; bytes: Buffer },
  ) => void;
  forgetAccount: (accountId: number) => void;
  /** The answers of the account built from any of `tags` are stale from now on. */
  forgetTags: (accountId: number, tags: readonly string[]) => void;
  /** Drops what `changes` (as the triggers record them) touched; unreadable: the account. */
  forgetChanges: (accountId: number, changes: string) => void;
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
  /** Per tag of an account, the count of moves (`moves`) when it last moved. */
  const tagMoved = new Map<string, number>();
  let moves = 0;
  let epoch = 0;
  let bytes = 0;
  let live = false;

  const versionOf = (accountId: number) => versions.get(accountId) ?? 0;
  const tagSlot = (accountId: number, tag: string) => `${accountId}\u0000${tag}`;
  const movedAt = (accountId: number, tag: string) => tagMoved.get(tagSlot(accountId, tag)) ?? 0;
  const current = (stamp: Stamp) =>
    stamp.epoch === epoch &&
    stamp.version === versionOf(stamp.accountId) &&
    stamp.tags.every((tag) => movedAt(stamp.accountId, tag) <= stamp.at);
  const forgetTags = (accountId: number, tags: readonly string[]) => {
    if (tagMoved.size + tags.length > RESPONSE_CACHE_MAX_TAGS) {
      // A tag's last move is known only while it is kept: forget the answers with them.
      tagMoved.clear();
      clear();
    }
    moves += 1;
    for (const tag of tags) tagMoved.set(tagSlot(accountId, tag), moves);
  };
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
    if (!current(entry) || now() - entry.storedAt >= RESPONSE_CACHE_TTL_MS) {
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
    stamp: (accountId, tags = [ANY_CHANGE]) => ({
      accountId,
      version: versionOf(accountId),
      epoch,
      at: moves,
      tags,
    }),
    extend: (stamp, tags) => ({ ...stamp, tags: [...stamp.tags, ...tags] }),
    set: (key, body, stamp, encoded) => {
      if (!live || !current(stamp)) return;
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
    forgetTags,
    forgetChanges: (accountId, changes) => {
      const tags = tagsOfChanges(changes);
      if (tags === null) versions.set(accountId, versionOf(accountId) + 1);
      else if (tags.length > 0) forgetTags(accountId, tags);
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
  /** What the answer is built from (answer-dependencies.ts); none: any change of the account. */
  tags?: readonly string[],
  /**
   * What else it turned out to be built from, asked once `compute` has answered (the other
   * applicants a read of one applicant's doubles compared): held to the moment the read began.
   */
  readTags?: () => readonly string[],
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
    // `<account>/<change>` (migration 0061); a bare account (0027) or '' as before.
    const slash = payload.indexOf('/');
    const account = slash < 0 ? payload : payload.slice(0, slash);
    const accountId = Number(account);
    if (account === '' || !Number.isInteger(accountId) || accountId <= 0) cache.clear();
    else if (slash < 0) cache.forgetAccount(accountId);
    else cache.forgetChanges(accountId, payload.slice(slash + 1));
  });
  const stopWatching = notifier.watchConnection((connected) => cache.setLive(connected));
  // The writing request being served, if any: whether a tenant transaction told what it changed.
  const writing = new AsyncLocalStorage<{ told: boolean }>();
  const stopWrites = database.onTenantWrite((accountId, changes) => {
    cache.forgetChanges(accountId, changes);
    const request = writing.getStore();
    if (request) request.told = true;
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) done();
    else writing.run({ told: false }, done);
  });
  app.addHook('onClose', async () => {
    stopWrites();
    stopWatching();
    stopListening();
    cache.setLive(false);
  });

  const pending = new WeakMap<FastifyRequest, { key: string; stamp: Stamp }>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // A writing request whose tenant transactions told what they changed has dropped just
      // that; any other (it wrote elsewhere, or nothing) drops its account's answers.
      if (writing.getStore()?.told) return payload;
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

  return async (request, reply, key, compute, tags, readTags) => {
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
    const stamp = cache.stamp(accountId, tags);
    const value = await compute();
    const more = readTags?.() ?? [];
    pending.set(request, { key, stamp: more.length > 0 ? cache.extend(stamp, more) : stamp });
    return value;
  };
}
