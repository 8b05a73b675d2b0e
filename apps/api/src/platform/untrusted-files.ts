import { inflateRawSync } from 'node:zlib';
import { Worker } from 'node:worker_threads';
import {
  FILE_LIMIT_MESSAGES,
  MAX_IMAGE_PIXELS,
  MAX_UNPACKED_BYTES,
  MAX_ZIP_ENTRIES,
} from '@ats/contracts/files';
import { AppError } from './errors.ts';
import { imageSize, type ZipEntry, zipDirectoryEnd, zipEntries } from './file-types.ts';

// Files sent by strangers (résumés, tables to import, photos) are read under limits: what a zip
// may unpack to and how many parts it may hold, how many pixels an image may declare, and — the
// parsing itself — in a worker thread with its own heap limit and a deadline, so a file made to
// be expensive costs that worker, never the server's event loop or memory.

const refusal = (code: number, message: string) => new AppError(code, message, { file: message });

export const unpackedTooLarge = () => refusal(413, FILE_LIMIT_MESSAGES.unpackedTooLarge);
export const tooManyEntries = () => refusal(422, FILE_LIMIT_MESSAGES.tooManyEntries);
export const damagedZip = () => refusal(422, FILE_LIMIT_MESSAGES.damagedZip);
export const imageTooLarge = (field = 'file') =>
  new AppError(422, FILE_LIMIT_MESSAGES.imageTooLarge, {
    [field]: FILE_LIMIT_MESSAGES.imageTooLarge,
  });
const tooSlow = () => refusal(422, FILE_LIMIT_MESSAGES.tooSlow);
const tooMuchMemory = () => refusal(422, FILE_LIMIT_MESSAGES.tooMuchMemory);
const busy = () => new AppError(503, FILE_LIMIT_MESSAGES.busy, undefined, { 'retry-after': '60' });

export type ZipLimits = {
  maxEntries: number;
  maxUnpackedBytes: number;
  /** The XML parts together (what a document reader parses); over it, `markupTooLarge`. */
  maxMarkupBytes?: number;
  markupTooLarge?: () => AppError;
};
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxUnpackedBytes: MAX_UNPACKED_BYTES,
};

const isMarkup = (name: string) => /\.(xml|rels)$/i.test(name);

/** The zip's entries when they keep to the limits by what the directory declares; null: no zip. */
function declaredEntries(bytes: Buffer, limits: ZipLimits): ZipEntry[] | null {
  const end = zipDirectoryEnd(bytes);
  if (!end) return null;
  if (end.entries > limits.maxEntries) throw tooManyEntries();
  const entries = zipEntries(bytes, limits.maxEntries);
  if (!entries) return null;
  let total = 0;
  let markup = 0;
  for (const entry of entries) {
    // 0xFFFFFFFF marks a Zip64 size kept elsewhere: more than any document here needs.
    if (entry.uncompressedSize === 0xffffffff) throw unpackedTooLarge();
    total += entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw unpackedTooLarge();
    if (isMarkup(entry.name)) markup += entry.uncompressedSize;
    if (limits.maxMarkupBytes !== undefined && markup > limits.maxMarkupBytes) {
      throw (limits.markupTooLarge ?? unpackedTooLarge)();
    }
  }
  return entries;
}

/**
 * Refuses a zip (a DOCX, an XLSX) whose central directory declares more than the limits: the
 * answer costs a read of the directory, on the request's own thread. Bytes that are not a
 * readable zip pass: the format's reader refuses them in its own words. What the directory
 * declares may be a lie; `assertZipInflatesWithinLimits` checks the truth, in the worker.
 */
export function assertZipWithinLimits(bytes: Buffer, limits = ZIP_LIMITS): void {
  declaredEntries(bytes, limits);
}

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER = 30;

/**
 * Unpacks every entry of the zip, each stopped at the size its directory entry declares: an entry
 * that unpacks to more (the declared sizes lie), a local header that disagrees with the directory,
 * or a part hidden between the listed ones (which a streaming reader would find) refuses the file.
 * What passes unpacks, in any reader, to no more than the limits. Runs in a worker: unpacking
 * 64 MB takes a few hundred milliseconds.
 */
export function assertZipInflatesWithinLimits(bytes: Buffer, limits = ZIP_LIMITS): void {
  const entries = declaredEntries(bytes, limits);
  if (!entries) return;
  const end = zipDirectoryEnd(bytes)!;
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  let covered = 0;
  for (const entry of sorted) {
    const at = entry.offset;
    if (at < covered || at + LOCAL_HEADER > end.offset) throw damagedZip();
    // Nothing unlisted between two listed parts: a streaming reader (the XLSX one) would read it.
    if (bytes.subarray(covered, at).includes('PK\x03\x04', 0, 'latin1')) throw damagedZip();
    if (bytes.readUInt32LE(at) !== LOCAL_SIGNATURE || bytes.readUInt16LE(at + 8) !== entry.method) {
      throw damagedZip();
    }
    const dataStart = at + LOCAL_HEADER + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > end.offset) throw damagedZip();
    const data = bytes.subarray(dataStart, dataEnd);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw damagedZip();
    } else if (entry.method === 8) {
      let unpacked: { buffer: Buffer; engine: { bytesWritten: number } };
      try {
        unpacked = inflateRawSync(data, {
          maxOutputLength: Math.max(entry.uncompressedSize, 1),
          info: true,
        }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw ((isMarkup(entry.name) && limits.markupTooLarge) || unpackedTooLarge)();
        }
        throw damagedZip();
      }
      // The deflate stream must end where the entry does, and unpack to what was declared.
      if (unpacked.buffer.length !== entry.uncompressedSize) throw damagedZip();
      if (unpacked.engine.bytesWritten !== data.length) throw damagedZip();
    } else {
      throw damagedZip();
    }
    covered = dataEnd;
  }
  if (bytes.subarray(covered, end.offset).includes('PK\x03\x04', 0, 'latin1')) throw damagedZip();
}

/**
 * Refuses an image whose header declares more than MAX_IMAGE_PIXELS (a 20000×20000 PNG is 80 KB
 * sent and 1.6 GB decoded). `unreadable` answers an image whose size cannot be read (null lets
 * it pass: a stored file nobody here decodes); `field` is where the refusal is shown.
 */
export function assertImageWithinLimits(
  bytes: Buffer,
  unreadable: (() => AppError) | null,
  field = 'file',
): void {
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) {
    if (unreadable) throw unreadable();
    return;
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw imageTooLarge(field);
}

/**
 * The limits of a stored upload (a card file, an evaluation's file) by its detected type: an
 * image's pixels, a Word document's declared unpacked size. Nothing is decoded here; whoever
 * opens the file later (a browser, a résumé reader) gets one that keeps to the limits.
 */
export function assertUploadWithinLimits(bytes: Buffer, type: string, field = 'file'): void {
  if (type.startsWith('image/')) {
    assertImageWithinLimits(bytes, null, field);
  } else if (type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    try {
      assertZipWithinLimits(bytes);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.message, { [field]: error.message });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The worker pool.

/**
 * A function run in a worker: the module's URL (`import.meta.url` of the file that exports it)
 * and the export's name. The function takes and answers structured-cloneable values; an AppError
 * it throws reaches the caller as the same AppError.
 */
export type WorkerTask<Input, Output> = {
  module: string;
  name: string;
  /** Only for the types: never set. */
  types?: (input: Input) => Output;
};

export const workerTask = <Input, Output>(
  module: string,
  name: string,
): WorkerTask<Input, Output> => ({ module, name });

export type WorkerLimits = {
  /** From the moment the worker starts the task. */
  timeoutMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
};

/** Enough for a 20-page PDF or a 10,000-row workbook on a busy two-core machine. */
export const DEFAULT_WORKER_LIMITS: WorkerLimits = { timeoutMs: 15_000, heapMb: 512 };

/** Workers at once (the machine has few cores; the request threads need one). */
const POOL_SIZE = 2;
/** Tasks waiting for a worker; more are answered 503 at once. */
const MAX_WAITING = 20;
/** A second worker, idle this long, is ended; the first stays, its readers loaded. */
const IDLE_MS = 30_000;
/** A worker whose heap grew past this after a task is ended (and replaced) rather than kept. */
const RECYCLE_HEAP_BYTES = 96 * 1024 * 1024;

type Reply =
  | { ready: true }
  | { id: number; result: unknown; heapBytes: number }
  | { id: number; error: { code?: number; message: string; errors?: Record<string, string> } };

type Slot = {
  worker: Worker;
  heapMb: number;
  ready: Promise<void>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
};

const BOOTSTRAP = new URL('./untrusted-files.worker.mjs', import.meta.url);

const slots = new Set<Slot>();
const waiting: { heapMb: number; take: (slot: Slot) => void }[] = [];
/** Task modules asked for so far: a new worker loads them before its first task. */
const knownModules = new Set<string>();
let nextId = 1;

function startWorker(heapMb: number): Slot {
  const worker = new Worker(BOOTSTRAP, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    workerData: { preload: [...knownModules] },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: Reply) => {
      if ('ready' in message) {
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve();
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  ready.catch(() => undefined);
  const slot: Slot = { worker, heapMb, ready, busy: false };
  worker.once('exit', () => {
    clearTimeout(slot.idleTimer);
    slots.delete(slot);
  });
  slots.add(slot);
  return slot;
}

function endWorker(slot: Slot) {
  clearTimeout(slot.idleTimer);
  slots.delete(slot);
  void slot.worker.terminate();
}

/** A worker for the task: an idle one with the same heap, a new one, or the next one freed. */
function acquire(heapMb: number): Promise<Slot> {
  for (const slot of slots) {
    if (!slot.busy && slot.heapMb === heapMb) {
      clearTimeout(slot.idleTimer);
      slot.busy = true;
      return Promise.resolve(slot);
    }
  }
  if (slots.size >= POOL_SIZE) {
    // An idle worker of another heap size gives way.
    const idle = [...slots].find((slot) => !slot.busy);
    if (idle) endWorker(idle);
  }
  if (slots.size < POOL_SIZE) {
    const slot = startWorker(heapMb);
    slot.busy = true;
    return Promise.resolve(slot);
  }
  if (waiting.length >= MAX_WAITING) return Promise.reject(busy());
  return new Promise((take) => waiting.push({ heapMb, take }));
}

/** An idle worker is kept (the last one for good, a second one for IDLE_MS). */
function keepIdle(slot: Slot) {
  slot.busy = false;
  if (slots.size > 1) slot.idleTimer = setTimeout(() => endWorker(slot), IDLE_MS).unref();
}

function release(slot: Slot, keep: boolean, heapMb: number) {
  if (keep) keepIdle(slot);
  else endWorker(slot);
  const next = waiting.shift();
  if (next) {
    acquire(next.heapMb).then(next.take, () => undefined);
  } else if (!keep && slots.size === 0) {
    // The ended worker's place is taken at once, so the next file finds its readers loaded.
    keepIdle(startWorker(heapMb));
  }
}

/**
 * Runs `task` on `input` in a worker thread under `limits`: past the deadline the worker is
 * terminated and the answer is a 422; a worker that runs out of its heap is gone and the answer is
 * a 422 as well. The request's thread only waits.
 */
export async function runUntrusted<Input, Output>(
  task: WorkerTask<Input, Output>,
  input: Input,
  limits: Partial<WorkerLimits> = {},
): Promise<Output> {
  const { timeoutMs, heapMb } = { ...DEFAULT_WORKER_LIMITS, ...limits };
  knownModules.add(task.module);
  const slot = await acquire(heapMb);
  try {
    await slot.ready;
  } catch (error) {
    endWorker(slot);
    throw error;
  }
  const id = nextId++;
  return new Promise<Output>((resolve, reject) => {
    const { worker } = slot;
    const settle = (keep: boolean, outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      release(slot, keep, heapMb);
      outcome();
    };
    const timer = setTimeout(() => settle(false, () => reject(tooSlow())), timeoutMs);
    const onMessage = (message: Reply) => {
      if (!('id' in message) || message.id !== id) return;
      if ('error' in message) {
        const { code, message: text, errors } = message.error;
        settle(true, () => reject(code ? new AppError(code, text, errors) : new Error(text)));
      } else {
        settle(message.heapBytes < RECYCLE_HEAP_BYTES, () => resolve(message.result as Output));
      }
    };
    const onError = (error: Error & { code?: string }) =>
      settle(false, () =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchMemory() : error),
      );
    const onExit = () => settle(false, () => reject(tooMuchMemory()));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, module: task.module, name: task.name, input });
  });
}
