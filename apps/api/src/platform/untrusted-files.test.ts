import { FILE_LIMIT_MESSAGES } from '@ats/contracts/files';
import { describe, expect, it } from 'vitest';
import { rawZip, repeatedDeflate, tinyDocx, zip } from '../../test/documents.ts';
import { pngOfSize, tinyPng } from '../../test/images.ts';
import { AppError, badRequest } from './errors.ts';
import { imageSize } from './file-types.ts';
import {
  assertImageWithinLimits,
  assertZipInflatesWithinLimits,
  assertZipWithinLimits,
  runUntrusted,
  workerTask,
} from './untrusted-files.ts';

const MB = 1024 * 1024;
const TASKS = new URL('../../test/worker-tasks.ts', import.meta.url).href;

/** The refusal `act` throws: its HTTP code and message. */
function refusalOf(act: () => unknown) {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
}

async function refusalOfAsync(act: () => Promise<unknown>) {
  try {
    await act();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
}

describe('the size an image declares, read from its header alone', () => {
  const jpeg = (width: number, height: number) => {
    const app0 = Buffer.from([
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.from('JFIF\0'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
    ]);
    const sof = Buffer.alloc(19);
    sof.set([0xff, 0xc2, 0x00, 0x11, 0x08]);
    sof.writeUInt16BE(height, 5);
    sof.writeUInt16BE(width, 7);
    return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
  };
  const gif = (width: number, height: number) => {
    const bytes = Buffer.alloc(13);
    bytes.write('GIF89a', 'latin1');
    bytes.writeUInt16LE(width, 6);
    bytes.writeUInt16LE(height, 8);
    return bytes;
  };
  const webp = (chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number) => {
    const bytes = Buffer.alloc(32);
    bytes.write('RIFF', 0, 'latin1');
    bytes.write('WEBP', 8, 'latin1');
    bytes.write(chunk, 12, 'latin1');
    if (chunk === 'VP8X') {
      bytes.writeUIntLE(width - 1, 24, 3);
      bytes.writeUIntLE(height - 1, 27, 3);
    } else if (chunk === 'VP8L') {
      bytes[20] = 0x2f;
      bytes.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
    } else {
      bytes.set([0x9d, 0x01, 0x2a], 23);
      bytes.writeUInt16LE(width, 26);
      bytes.writeUInt16LE(height, 28);
    }
    return bytes;
  };

  it('reads PNG, progressive JPEG, GIF and the three kinds of WebP', () => {
    expect(imageSize(tinyPng())).toEqual({ width: 1, height: 1 });
    expect(imageSize(pngOfSize(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    expect(imageSize(jpeg(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(imageSize(gif(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(webp('VP8X', 16_000, 16_000))).toEqual({ width: 16_000, height: 16_000 });
    expect(imageSize(webp('VP8L', 300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(webp('VP8 ', 800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize(Buffer.from('%PDF-1.4'))).toBeNull();
  });

  it('refuses more than 50 megapixels, in Russian, before any decoder sees the image', () => {
    const notImage = () => badRequest('Не изображение');
    expect(refusalOf(() => assertImageWithinLimits(jpeg(4032, 3024), notImage))).toBeNull();
    expect(refusalOf(() => assertImageWithinLimits(pngOfSize(20_000, 20_000), notImage))).toEqual({
      code: 422,
      message: FILE_LIMIT_MESSAGES.imageTooLarge,
    });
    expect(refusalOf(() => assertImageWithinLimits(gif(65_535, 65_535), notImage))?.code).toBe(422);
    expect(
      refusalOf(() => assertImageWithinLimits(webp('VP8X', 16_000, 16_000), notImage))?.code,
    ).toBe(422);
    // A JPEG whose header never says its size is not an image.
    expect(
      refusalOf(() => assertImageWithinLimits(Buffer.from([0xff, 0xd8, 0xff, 0xda]), notImage)),
    ).toEqual({ code: 400, message: 'Не изображение' });
  });
});

describe('a zip kept to its limits', () => {
  const repeated = (megabytes: number, declare?: number) => {
    const chunk = Buffer.alloc(8 * MB, 'a');
    const times = Math.ceil((megabytes * MB) / chunk.length);
    return rawZip([
      {
        name: 'big.xml',
        packed: repeatedDeflate(chunk, times),
        size: declare ?? times * chunk.length,
      },
    ]);
  };

  it('passes real documents, and refuses by the directory what declares more than 64 MB', () => {
    expect(refusalOf(() => assertZipWithinLimits(tinyDocx()))).toBeNull();
    expect(refusalOf(() => assertZipInflatesWithinLimits(tinyDocx()))).toBeNull();
    expect(refusalOf(() => assertZipWithinLimits(repeated(65)))).toEqual({
      code: 413,
      message: FILE_LIMIT_MESSAGES.unpackedTooLarge,
    });
    const many = rawZip(
      Array.from({ length: 2001 }, (_, i) => ({ name: `${i}`, packed: Buffer.alloc(0), size: 0 })),
    );
    expect(refusalOf(() => assertZipWithinLimits(many))).toEqual({
      code: 422,
      message: FILE_LIMIT_MESSAGES.tooManyEntries,
    });
  });

  it('unpacks no further than the directory declares, when the directory lies', () => {
    const liar = repeated(1000, 1000);
    expect(refusalOf(() => assertZipWithinLimits(liar))).toBeNull();
    const started = performance.now();
    expect(refusalOf(() => assertZipInflatesWithinLimits(liar))).toEqual({
      code: 413,
      message: FILE_LIMIT_MESSAGES.unpackedTooLarge,
    });
    // A gigabyte declared as a kilobyte: stopped after the kilobyte, not after the gigabyte.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a part no directory lists, and a local header that disagrees with the directory', () => {
    const hidden = rawZip([{ name: 'a.xml', packed: Buffer.from('<a/>'), size: 4, method: 0 }], {
      hidden: zip({ 'hidden.xml': 'x'.repeat(1000) }),
    });
    expect(refusalOf(() => assertZipInflatesWithinLimits(hidden))).toEqual({
      code: 422,
      message: FILE_LIMIT_MESSAGES.damagedZip,
    });
    const disagreeing = Buffer.from(tinyDocx());
    disagreeing.writeUInt16LE(0, 8); // the first local header now says «stored»
    expect(refusalOf(() => assertZipInflatesWithinLimits(disagreeing))?.code).toBe(422);
  });
});

describe('the worker a parser runs in', () => {
  /** The longest the test's own event loop went without a turn while `work` ran. */
  async function loopLag<T>(work: () => Promise<T>) {
    let last = performance.now();
    let worst = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    try {
      const outcome = await work().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      return { outcome, worst };
    } finally {
      clearInterval(timer);
    }
  }

  it('answers what the task answers', async () => {
    await expect(runUntrusted(workerTask(TASKS, 'double'), { n: 21 })).resolves.toEqual({ n: 42 });
  });

  it('ends a parser that never finishes at its deadline, and the server keeps its turns', async () => {
    const started = performance.now();
    const { worst } = await loopLag(async () => {
      expect(
        await refusalOfAsync(() =>
          runUntrusted(workerTask(TASKS, 'spinForever'), {}, { timeoutMs: 500 }),
        ),
      ).toEqual({ code: 422, message: FILE_LIMIT_MESSAGES.tooSlow });
    });
    const took = performance.now() - started;
    expect(took).toBeLessThan(2000);
    expect(worst).toBeLessThan(100);
    console.info(
      `spinning parser ended after ${took.toFixed(0)} ms; worst loop lag ${worst.toFixed(1)} ms`,
    );
    // The pool goes on with a fresh worker.
    await expect(runUntrusted(workerTask(TASKS, 'double'), { n: 1 })).resolves.toEqual({ n: 2 });
  });

  it('ends a parser that eats memory at its heap limit, and the memory comes back', async () => {
    const before = process.memoryUsage().rss / MB;
    const started = performance.now();
    const { worst } = await loopLag(async () => {
      expect(
        await refusalOfAsync(() =>
          runUntrusted(workerTask(TASKS, 'eatMemory'), {}, { heapMb: 64, timeoutMs: 10_000 }),
        ),
      ).toEqual({ code: 422, message: FILE_LIMIT_MESSAGES.tooMuchMemory });
    });
    const took = performance.now() - started;
    const after = process.memoryUsage().rss / MB;
    console.info(
      `memory-eating parser ended after ${took.toFixed(0)} ms; worst loop lag ` +
        `${worst.toFixed(1)} ms; RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB`,
    );
    expect(worst).toBeLessThan(100);
    expect(after - before).toBeLessThan(100);
    await expect(runUntrusted(workerTask(TASKS, 'double'), { n: 2 })).resolves.toEqual({ n: 4 });
  });
});
