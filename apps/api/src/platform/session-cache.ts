/**
 * Valid sessions kept in memory for a short while, so the hottest reads (the card, a list page,
 * `/me`) do not pay a round trip to the database for the session before their own query.
 *
 * Correctness rests on invalidation, not on the time limit alone:
 * - this process drops an account's sessions after each of its own writing requests (logout, a
 *   deactivated user, a changed role all come through one) — see `registerAuthentication`;
 * - changes made elsewhere (another server process, a background job, SQL) are announced by
 *   database triggers on the channel `ats_auth` (migration 0017) with the account id;
 * - while the notification connection is down nothing is served from memory, and the cache is
 *   emptied when it comes back, since announcements may have been missed in between;
 * - a look-up that raced with an invalidation is not stored (a generation counter);
 * - an entry is used only while the session and the account's tariff have not run out by the
 *   clock; anything else (expired, inactive) is looked up again.
 */
export type CachedSession = {
  session_id: number;
  account_id: number;
  user_id: number;
  source: 'web' | 'plugin';
  expires_at: Date;
  last_seen_at: Date;
  is_admin: boolean;
  member_type: 'owner' | 'watcher';
  account_flag_active: boolean;
  tariff_end_at: Date | null;
};

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

export type SessionCache = {
  /** The cached session for a token hash, if it may still be trusted now. */
  get: (tokenHash: string) => CachedSession | null;
  /** Remembers a session read at generation `generation` (taken before the look-up began). */
  set: (tokenHash: string, session: CachedSession, generation: number) => void;
  generation: () => number;
  forgetAccount: (accountId: number) => void;
  forgetToken: (tokenHash: string) => void;
  clear: () => void;
  /** Whether invalidations are being received; while false nothing is served from memory. */
  setLive: (live: boolean) => void;
  size: () => number;
};

type Entry = { session: CachedSession; storedAt: number };

export function createSessionCache(now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>();
  let live = false;
  let generation = 0;

  const invalidate = () => {
    generation += 1;
  };
  return {
    get: (tokenHash) => {
      if (!live) return null;
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      const at = now();
      const { session } = entry;
      if (
        at - entry.storedAt >= SESSION_CACHE_TTL_MS ||
        session.expires_at.getTime() <= at ||
        !session.tariff_end_at ||
        session.tariff_end_at.getTime() <= at
      ) {
        entries.delete(tokenHash);
        return null;
      }
      return session;
    },
    set: (tokenHash, session, atGeneration) => {
      if (!live || atGeneration !== generation) return;
      if (entries.size >= SESSION_CACHE_MAX_ENTRIES) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(tokenHash);
      entries.set(tokenHash, { session, storedAt: now() });
    },
    generation: () => generation,
    forgetAccount: (accountId) => {
      invalidate();
      for (const [hash, entry] of entries) {
        if (entry.session.account_id === accountId) entries.delete(hash);
      }
    },
    forgetToken: (tokenHash) => {
      invalidate();
      entries.delete(tokenHash);
    },
    clear: () => {
      invalidate();
      entries.clear();
    },
    setLive: (next) => {
      invalidate();
      entries.clear();
      live = next;
    },
    size: () => entries.size,
  };
}
