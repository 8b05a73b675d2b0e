import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers compressed by `Accept-Encoding` (decision 0023): brotli or gzip, whichever the
 * client prefers (q-values honoured, brotli on a tie), for text answers of at least
 * COMPRESS_MIN_BYTES. Streams (built assets, which have their own .br/.gz siblings, and file
 * downloads) and binary types (xlsx, pdf, docx, images, zip) are left as they are; the board's
 * event stream is written by its route directly and never passes here.
 */
export type Encoding = 'br' | 'gzip';

/**
 * Below this an answer is sent plain (decision 0102): compressed or not it leaves in the first
 * flight of a TCP connection (10 segments, ~14 kB), so compressing it saves no round trip, only
 * up to ~2.5 kB of transfer, and cost the card and `/api/me` read from the database 15–25 % of
 * the API's CPU per request (zlib's set-up, the copy of the body).
 */
export const COMPRESS_MIN_BYTES = 4 * 1024;
/** Levels chosen by measurement (decision 0023): most of the bytes saved for little CPU. */
export const BROTLI_LEVEL = 5;
export const GZIP_LEVEL = 6;
/**
 * From this size gzip runs at GZIP_LARGE_LEVEL (decision 0079): on the 69 kB request list level 6
 * costs twice the CPU of level 3 (275 against 135 µs) for 18 % fewer bytes, on a 14.6 kB list page
 * 68 against 46 µs for 5 %; below it the levels cost about the same. Brotli, which browsers ask
 * for, is unchanged.
 */
export const GZIP_LARGE_FROM_BYTES = 8 * 1024;
export const GZIP_LARGE_LEVEL = 3;

/** The gzip level for a body of `bytes`. */
export const gzipLevelFor = (bytes: number) =>
  bytes >= GZIP_LARGE_FROM_BYTES ? GZIP_LARGE_LEVEL : GZIP_LEVEL;

const COMPRESSIBLE =
  /^(application\/(json|problem\+json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/i;

/** The encoding to answer with for an `Accept-Encoding` header, or null for the plain body. */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (text === '') return null;
  const q: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    if (!Number.isFinite(weight) || weight > 1) weight = 0;
    q[name] ??= weight;
  }
  const weightOf = (name: Encoding) =>
    q[name] ?? (name === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_LEVEL,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: gzipLevelFor(Buffer.byteLength(body)) });
}

/** Adds `Accept-Encoding` to the answer's Vary header (once). */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (text.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(text)) return;
  reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * The encoding this answer should be sent in: the client's choice for a compressible body of
 * at least the threshold that nothing has encoded yet, else null. Sets Vary on every
 * compressible answer either way, since another client may get another body.
 */
export function encodingFor(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Encoding | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return null;
  if (reply.hasHeader('content-encoding')) return null;
  if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return null;
  varyOnEncoding(reply);
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return null;
  return chooseEncoding(request.headers['accept-encoding']);
}

/** Marks the reply as carrying `encoding` (its length is the compressed body's, set by Fastify). */
export function markEncoded(reply: FastifyReply, encoding: Encoding) {
  reply.removeHeader('content-length');
  reply.header('content-encoding', encoding);
}

/**
 * Compresses answers as they leave. Registered after the response cache, which sends (and
 * stores) its answers already compressed: an answer with a Content-Encoding is passed through.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const encoding = encodingFor(request, reply, payload);
    if (encoding === null) return payload;
    const encoded = compress(payload as string | Buffer, encoding);
    markEncoded(reply, encoding);
    return encoded;
  });
}
