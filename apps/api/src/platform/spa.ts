import { existsSync, readFileSync, statSync } from 'node:fs';
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
/**
 * What a signed-in page's HTML carries (decision 0052): the JSON text of a
 * `<script id="ats-answers" type="application/json">` (escaped for a script element), or null
 * for a page that carries nothing (a signed-out visitor). May set headers on the reply.
 */
export type PageEmbed = (request: FastifyRequest, reply: FastifyReply) => Promise<string | null>;

export const EMBEDDED_ANSWERS_ID = 'ats-answers';

/** `html` with `tags` at the end of its <head>. */
function intoHead(html: string, tags: string) {
  if (!tags) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? tags + html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

/** index.html with the page's answers in its <head>. */
export function htmlWithAnswers(html: string, json: string) {
  return intoHead(
    html,
    `<script id="${EMBEDDED_ANSWERS_ID}" type="application/json">${json}</script>`,
  );
}

/**
 * What the build writes beside index.html (apps/web/vite.config.ts, `routePreloads`): each route
 * of the web app's router with the chunks and styles its page loads beyond the main bundle.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
type RoutePreload = { path: string; files: string[]; styles: string[] };

/**
 * How well a route pattern fits a path, as the client router ranks them (a static segment above
 * a parameter above a splat), or -1 when it does not match.
 */
export function routeScore(pattern: string, pathname: string) {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  let score = 0;
  for (const [i, segment] of wanted.entries()) {
    if (segment === '*') return score + 1;
    const part = given[i];
    if (part === undefined) return -1;
    if (segment.startsWith(':')) score += 3;
    else if (segment.toLowerCase() === part.toLowerCase()) score += 10;
    else return -1;
  }
  return given.length === wanted.length ? score + 2 : -1;
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The route the client router draws `pathname` with (its best-ranked pattern), or null. */
export function routeOfPage(routes: readonly RoutePreload[], pathname: string) {
  let best: RoutePreload | null = null;
  let bestScore = -1;
  for (const route of routes) {
    const score = routeScore(route.path, pathname);
    if (score > bestScore) [best, bestScore] = [route, score];
  }
  return best;
}

/**
 * The <link> tags that name a route's chunks and styles, so the browser fetches and compiles
 * them beside the main bundle.
 */
export function preloadTags(route: RoutePreload) {
  return [
    ...route.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
    ...route.files.map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
  ].join('');
}

/** The build's route list; none (no preloads) when it is missing or unreadable. */
function readRoutePreloads(root: string): RoutePreload[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(root, ROUTE_PRELOADS_FILE), 'utf8')) as {
      routes?: RoutePreload[];
    };
    return Array.isArray(parsed.routes) ? parsed.routes : [];
  } catch {
    return [];
  }
}

export async function registerSpa(app: FastifyInstance, distDir: string, embed?: PageEmbed) {
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
  // The build's index.html and route list, read again when a new build is published under the
  // running server (the link is switched after both are written). A page's HTML is made once per
  // route of the build.
  let index: {
    mtimeMs: number;
    html: string;
    routes: RoutePreload[];
    pages: Map<string, string>;
  } | null = null;
  const pageHtml = (request: FastifyRequest) => {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = statSync(file);
    if (index?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      index = { mtimeMs, html, routes: readRoutePreloads(root), pages: new Map() };
    }
    const route = routeOfPage(index.routes, request.url.split('?')[0]!);
    if (!route) return index.html;
    let html = index.pages.get(route.path);
    if (html === undefined) {
      html = intoHead(index.html, preloadTags(route));
      index.pages.set(route.path, html);
    }
    return html;
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageHtml(request));
  /** A page for a signed-in session carries its answers; it is that user's alone. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    let json: string | null = null;
    try {
      json = await embed!(request, reply);
    } catch (error) {
      request.log.warn({ err: error }, 'page answers not embedded');
    }
    if (json === null) return sendIndex(request, reply);
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(htmlWithAnswers(pageHtml(request), json));
  };
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
    if (embed && request.method === 'GET') {
      void sendPage(request, reply);
      return true;
    }
    sendIndex(request, reply);
    return true;
  };
}
