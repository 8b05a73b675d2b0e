import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reference data the browser keeps like a static file (decision 0052): the answer carries
     * an ETag and `Cache-Control: private, no-cache`, and a request whose If-None-Match names
     * the same answer gets 304 with no body.
     */
    etag?: boolean;
  }
}

/** A strong validator of the exact bytes sent (the encoding is part of them). */
export function etagOf(payload: string | Buffer) {
  return `"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string) {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Registered last among the onSend hooks, so it sees the bytes that would leave (compressed or
 * not): a route with `config.etag` answering 200 gets its ETag, and 304 when the client has them.
 */
export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
    reply.code(304).removeHeader('content-length').removeHeader('content-encoding');
    return '';
  });
}
