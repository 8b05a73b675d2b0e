import type { FastifyInstance } from 'fastify';

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
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    // The API docs page brings its own CSP for its bundled viewer.
    if (!request.url.startsWith('/api/docs')) {
      reply.header('content-security-policy', APP_CSP);
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
