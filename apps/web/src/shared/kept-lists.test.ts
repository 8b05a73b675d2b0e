import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptLists, keepListsAcrossVisits, keptListStaleTime } from './kept-lists';

// Decision 0057: a reference list fetched once is kept in storage under its /api/me version and
// restored on the next visit without a request, until its version moves.

const ME = ['session', 'me'] as const;
const TAGS = ['tags'] as const;
const LISTS = [{ list: 'tags', key: TAGS }];

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const me = (tags: string, id = 7) => ({ id, account_id: 3, list_versions: { tags } });

/** One visit: a fresh query client, /api/me answered, the tags list asked through `fetchTags`. */
async function visit(storage: Storage, meAnswer: unknown, fetchTags: () => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const stop = keepListsAcrossVisits(client, LISTS, ME, storage);
  await client.fetchQuery({ queryKey: ME, queryFn: () => Promise.resolve(meAnswer) });
  const tags = await client.fetchQuery({
    queryKey: TAGS,
    queryFn: fetchTags,
    staleTime: keptListStaleTime(60_000),
  });
  return { client, stop, tags };
}

afterEach(() => forgetKeptLists(new MemoryStorage()));

describe('keepListsAcrossVisits', () => {
  it('restores a kept list on the next visit without asking, while its version is the same', async () => {
    const storage = new MemoryStorage();
    const first = vi.fn(() => Promise.resolve([{ id: 1, name: 'Java' }]));
    const one = await visit(storage, me('2'), first);
    expect(first).toHaveBeenCalledTimes(1);
    expect(one.tags).toEqual([{ id: 1, name: 'Java' }]);
    one.stop();
    forgetKeptLists(new MemoryStorage()); // a new page: nothing in memory, the storage kept

    const second = vi.fn(() => Promise.resolve([{ id: 9, name: 'другое' }]));
    const two = await visit(storage, me('2'), second);
    expect(second).not.toHaveBeenCalled();
    expect(two.tags).toEqual([{ id: 1, name: 'Java' }]);
    two.stop();
  });

  it('asks again when the version moved, and keeps the new answer under the new version', async () => {
    const storage = new MemoryStorage();
    (await visit(storage, me('2'), () => Promise.resolve(['старый']))).stop();
    forgetKeptLists(new MemoryStorage());

    const moved = vi.fn(() => Promise.resolve(['новый']));
    const two = await visit(storage, me('3'), moved);
    expect(moved).toHaveBeenCalledTimes(1);
    expect(two.tags).toEqual(['новый']);
    two.stop();
    forgetKeptLists(new MemoryStorage());

    const again = vi.fn(() => Promise.resolve(['лишний']));
    const three = await visit(storage, me('3'), again);
    expect(again).not.toHaveBeenCalled();
    expect(three.tags).toEqual(['новый']);
    three.stop();
  });

  it('drops the list in memory when a later /api/me reports a moved version', async () => {
    const storage = new MemoryStorage();
    const { client, stop } = await visit(storage, me('2'), () => Promise.resolve(['a']));
    await client.fetchQuery({
      queryKey: ME,
      queryFn: () => Promise.resolve(me('3')),
      staleTime: 0,
    });
    expect(client.getQueryState(TAGS)?.isInvalidated).toBe(true);
    stop();
  });

  it('keeps nothing of another user, nor when the server reports no versions', async () => {
    const storage = new MemoryStorage();
    (await visit(storage, me('2', 7), () => Promise.resolve(['своё']))).stop();
    forgetKeptLists(new MemoryStorage());
    const colleague = vi.fn(() => Promise.resolve(['коллеги']));
    (await visit(storage, me('2', 8), colleague)).stop();
    expect(colleague).toHaveBeenCalledTimes(1);

    const bare = new MemoryStorage();
    const old = { id: 7, account_id: 3 };
    (await visit(bare, old, () => Promise.resolve(['x']))).stop();
    expect(bare.length).toBe(0);
  });

  it('sign-out forgets every kept list', async () => {
    const storage = new MemoryStorage();
    storage.setItem('other', '1');
    (await visit(storage, me('2'), () => Promise.resolve(['a']))).stop();
    expect(storage.length).toBe(2);
    forgetKeptLists(storage);
    expect(storage.length).toBe(1);
  });
});
