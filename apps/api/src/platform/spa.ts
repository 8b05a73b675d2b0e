import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A request for a file rather than a page: anything under /assets/, or a last path segment with an
 * extension (/favicon.svg, /version.json). The client router has no such route, so a missing file
 * is a 404, never index.html: a browser would run the page's HTML as a script or a style.
 */
export function isFileRequest(pathname: string) {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z0-9]{1,8}$/i.test(last);
}

/** The file under `root` that `pathname` names, or null (outside the root, missing, a folder). */
function fileUnder(root: string, pathname: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return statSync(file).isFile() ? path.relative(root, file) : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built single-page app; any GET outside /api that is not a file request gets
 * index.html so the client router can draw the page (its own 404 included). Files are looked up
 * when asked for, not listed at start-up: a build published under a running server
 * (scripts/web-build.mjs switches the `distDir` link) is served at once, with the previous build's
 * assets an open tab still loads. Returns null when there is no build.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, {
    root,
    serve: false,
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
  const tried = new WeakSet<FastifyRequest>();
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.url.startsWith('/api/') || request.url === '/api') return false;
    // The plugin calls the not-found handler again when a file vanished between the two looks.
    if (tried.has(request)) return false;
    tried.add(request);
    const pathname = request.url.split('?')[0]!;
    if (isFileRequest(pathname)) {
      const file = fileUnder(root, pathname);
      if (!file) return false;
      reply.sendFile(file);
      return true;
    }
    reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
