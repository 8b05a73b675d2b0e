import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built single-page app; any GET outside /api that is not a file gets index.html so the
 * client router can draw the page (its own 404 included). Returns false when there is no build.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz siblings of the assets (apps/web/vite.config.ts).
    preCompressed: true,
    // Our own header below; the plugin's default (max-age=0) would be sent over it.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.url.startsWith('/api/') || request.url === '/api') return false;
    reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
