import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from './config.ts';

/** Where file bytes live; the database keeps only the key. An S3 implementation can follow. */
export type Storage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** The bytes as a stream, or null when nothing is stored under the key. */
  get: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  /** Removing a missing key is not an error: deletes are retried and cleaned up after the fact. */
  delete: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[0-9]+\/[0-9a-z/_.-]+$/i;

/** Local disk under `root`; keys look like `<accountId>/<yyyy-mm>/<random>.<ext>`. */
export function createLocalStorage(root: string): Storage {
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are made by the server, but a key that escapes the root must never be touched.
    if (!KEY_PATTERN.test(key) || !full.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return full;
  };
  return {
    async put(key, bytes) {
      const full = resolveKey(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx' });
    },
    async get(key) {
      const full = resolveKey(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    },
    async delete(key) {
      await rm(resolveKey(key), { force: true });
    },
  };
}

const byRoot = new Map<string, Storage>();

/** The storage the configuration names: `${DATA_DIR}/files` on local disk. */
export function storageFor(config: Config): Storage {
  const root = path.resolve(config.DATA_DIR, 'files');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = createLocalStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
