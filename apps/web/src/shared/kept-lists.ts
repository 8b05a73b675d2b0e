import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hashKey } from '@tanstack/react-query';
import type { TMe } from '@ats/contracts/me';

/**
 * Reference lists kept across visits (decision 0057). GET /api/me reports a version of each list
 * (`list_versions`); a list fetched once is written to `localStorage` under the account, the user
 * and the list, with the version it was fetched at. The next visit puts it in the query cache
 * before anyone asks, and it stays fresh (no request at all) while /api/me reports the same
 * version; a moved version drops the kept copy and fetches the list again. A server without
 * `list_versions` changes nothing: the lists are asked for as before.
 */

/** The lists kept, by their query key (applicant-references.queries.ts). */
export type KeptList = { list: string; key: QueryKey };

const PREFIX = 'ats-list:';

type Stored = { version: string; data: unknown };

type Me = Pick<TMe, 'id' | 'account_id' | 'list_versions'>;

const storageKey = (me: Me, list: string) => `${PREFIX}${me.account_id}:${me.id}:${list}`;

function readStored(storage: Storage, key: string): Stored | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (value && typeof value === 'object' && 'version' in value && 'data' in value) {
      return value as Stored;
    }
  } catch {
    // A broken entry is no entry.
  }
  return null;
}

function writeStored(storage: Storage, key: string, stored: Stored) {
  try {
    storage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full or disabled storage keeps nothing: the list is asked for next time.
  }
}

/** The version the cached data of each kept query was fetched or restored at, by query hash. */
const versionOfCached = new Map<string, string>();

/** Removes every kept list (sign-out: nothing of the account stays in the browser). */
export function forgetKeptLists(storage: Storage | undefined = globalStorage()) {
  versionOfCached.clear();
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The staleTime of a kept list: fresh for good while its version is the one /api/me reports (a
 * moved version invalidates it), `fallback` when the server reports no version.
 */
export const keptListStaleTime =
  (fallback: number) =>
  (query: { queryHash: string }): number =>
    versionOfCached.has(query.queryHash) ? Infinity : fallback;

/**
 * Keeps `lists` of `client` in `storage`; `meKey` is the query of GET /api/me. Returns the
 * unsubscribe function.
 */
export function keepListsAcrossVisits(
  client: QueryClient,
  lists: readonly KeptList[],
  meKey: QueryKey,
  storage: Storage | undefined = globalStorage(),
): () => void {
  if (!storage) return () => undefined;
  const meHash = hashKey(meKey);
  const byHash = new Map(lists.map((kept) => [hashKey(kept.key), kept]));

  const restoreOrDrop = (me: Me) => {
    const versions = me.list_versions;
    if (!versions) return;
    for (const [hash, kept] of byHash) {
      const version = versions[kept.list];
      if (version === undefined) continue;
      const cachedAt = versionOfCached.get(hash);
      if (cachedAt !== undefined) {
        if (cachedAt === version) continue;
        // The list moved since it was fetched: ask for it again.
        versionOfCached.delete(hash);
        void client.invalidateQueries({ queryKey: kept.key, exact: true });
        continue;
      }
      const key = storageKey(me, kept.list);
      const stored = readStored(storage, key);
      if (!stored) continue;
      if (stored.version !== version) {
        storage.removeItem(key);
        continue;
      }
      if (client.getQueryData(kept.key) === undefined) {
        versionOfCached.set(hash, version);
        client.setQueryData(kept.key, stored.data);
      }
    }
  };

  const keep = (hash: string, data: unknown) => {
    const kept = byHash.get(hash);
    const me = client.getQueryData<Me | null>(meKey);
    const version = kept && me?.list_versions?.[kept.list];
    if (!kept || !me || version === undefined) return;
    versionOfCached.set(hash, version);
    writeStored(storage, storageKey(me, kept.list), { version, data });
  };

  const known = client.getQueryData<Me | null>(meKey);
  if (known) restoreOrDrop(known);

  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    // A list put in the cache from storage is no fetch: nothing to write back.
    if (event.action.manual) return;
    const { queryHash } = event.query;
    if (queryHash === meHash) {
      const me = event.action.data as Me | null;
      if (me) restoreOrDrop(me);
      return;
    }
    if (byHash.has(queryHash)) keep(queryHash, event.action.data);
  });
}
