import type { FastifyInstance } from 'fastify';
import { browserErrorTrackingDsn } from './client-config.ts';
import type { Config } from './config.ts';

/** The browser may send its error reports only to the install's own tracker, besides us. */
const appCsp = (config: Config) => {
  const dsn = browserErrorTrackingDsn(config);
  const connect = dsn ? `connect-src 'self' ${new URL(dsn).origin}` : "connect-src 'self'";
  return APP_CSP.map((directive) =>
    directive === "connect-src 'self'" ? connect : directive,
  ).join('; ');
};

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Libraries set element styles at run time; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The policy of a stored file (a photo, a logo, a résumé): opened on its own, in a tab, it loads
 * nothing, runs nothing and is sandboxed, whatever its bytes turn out to be. A route that sends
 * one sets it; the hook below leaves a policy already set in place.
 */
export const STORED_FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const csp = appCsp(config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    // The API docs page brings its own CSP for its bundled viewer; stored files a stricter one.
    if (!request.url.startsWith('/api/docs') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
