import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { CodeSplittingOptions } from 'rolldown';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// One id per build: compiled into the bundle and written to dist/version.json, so a running tab
// can tell that the server now has a newer build.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}`;

function versionFile(): Plugin {
  return {
    name: 'ats-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ buildId, builtAt: new Date().toISOString() }),
      });
    },
    // The page names its build too: a tab compares the build it runs with /version.json, and a
    // build's chunks stay the same bytes whichever build id they were published under.
    transformIndexHtml(_html, context) {
      const content = context.server ? 'dev' : buildId;
      return [{ tag: 'meta', attrs: { name: 'ats-build', content }, injectTo: 'head' }];
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ buildId: 'dev' }));
      });
    },
  };
}

/** The file the server reads to name a page's chunks in its HTML (apps/api/src/platform/spa.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A page of the router: its path pattern and the module its lazy route imports. */
const ROUTE_OF_PAGE =
  /\b(?:page|screenPage)\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('(\.\.\/routes\/[^']+)'\)/g;

/**
 * Writes dist/route-preloads.json: for each route of src/app/router.tsx, the route's lazy chunk
 * with the chunks it imports statically and its styles, less what index.html already loads. The
 * server, which knows the page's route, names them in the HTML (`<link rel="modulepreload">`), so
 * they download and compile beside the main bundle instead of after it has run. A route the
 * build cannot place fails the build: a wrong list would only be slower, never visibly wrong.
 */
function routePreloads(): Plugin {
  const routerFile = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));
  const mainModule = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
  return {
    name: 'ats-route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The chunk and every chunk it imports statically, transitively. */
      const closure = (start: Rollup.OutputChunk) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
        };
        visit(start.fileName);
        return [...seen];
      };
      const stylesOf = (files: string[]) => [
        ...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])),
      ];
      // The chunk of index.html's script. A build of one file per module (ATS_WEB_BUILD=modules)
      // marks no chunk as the entry: there it is the module's own file.
      const entry =
        chunks.find((chunk) => chunk.isEntry) ??
        chunks.find((chunk) => chunk.facadeModuleId === mainModule);
      if (!entry) this.error('no entry chunk');
      const loadedFirst = new Set(closure(entry));
      const stylesFirst = new Set(stylesOf([...loadedFirst]));

      const source = readFileSync(routerFile, 'utf8');
      const lazyImports = source.match(/import\('\.\.\/routes\//g)?.length ?? 0;
      const routes = [...source.matchAll(ROUTE_OF_PAGE)].map(([, pattern, specifier]) => {
        const module = path.resolve(path.dirname(routerFile), specifier!);
        const chunk = chunks.find(
          (c) => c.isDynamicEntry && c.facadeModuleId?.replace(/\.tsx?$/, '') === module,
        );
        if (!chunk) this.error(`no chunk for the route ${pattern} (${specifier})`);
        const files = closure(chunk).filter((f) => !loadedFirst.has(f));
        const styles = stylesOf(closure(chunk)).filter((f) => !stylesFirst.has(f));
        return {
          path: pattern!,
          files: files.map((f) => `/${f}`),
          styles: styles.map((f) => `/${f}`),
        };
      });
      if (routes.length !== lazyImports) {
        this.error(
          `${ROUTE_PRELOADS_FILE}: ${routes.length} routes read of ${lazyImports} lazy pages in router.tsx`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify({ routes }),
      });
    },
  };
}

/** The service worker's file, at the site's root so that its scope is the whole app. */
const ASSET_WORKER_FILE = 'sw.js';

/**
 * The service worker of the build's hashed files (`dist/sw.js`): at install it puts every script
 * and style the build emitted under assets/ in a cache named after the build — the entry's, each
 * route's, and the chunks a page loads later (a dialog, the chat widget, a screen's lazy part:
 * decision 0114) — where Chromium compiles the scripts and keeps V8's code cache beside them, so
 * the next visit runs them without compiling. The list is the bundle itself (what Rolldown and
 * Vite's CSS plugin emitted), not a list of names: a new lazy chunk is in it by construction.
 * Only /assets/ is answered from it: pages and /api never reach it (static routes where the
 * browser has them, and the fetch handler lets them through). Where the browser has static
 * routes, /assets/ has one too: the browser reads the build's cache itself, without starting the
 * worker or running its fetch handler (decision 0112), and a file the cache lacks (a file of a
 * newer build, or one the install could not fetch) comes from the network (the HTTP cache);
 * elsewhere the fetch handler answers. Activated, it drops the caches of other builds. The HTML
 * is always the server's, so a new build's page names its new files, which the old cache does
 * not hold: they come from the network.
 */
function assetWorker(): Plugin {
  return {
    name: 'ats-asset-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const list = precacheList(bundle);
      // Every route's files (what the server names in a page's head) must be among them: a build
      // whose assets moved out of assets/ would otherwise precache nothing and only be slower.
      const preloads = bundle[ROUTE_PRELOADS_FILE];
      if (preloads?.type === 'asset') {
        const { routes } = JSON.parse(String(preloads.source)) as {
          routes: { path: string; files: string[]; styles: string[] }[];
        };
        const kept = new Set(list);
        for (const route of routes) {
          const missing = [...route.files, ...route.styles].filter((name) => !kept.has(name));
          if (missing.length > 0) {
            this.error(`${ASSET_WORKER_FILE}: ${route.path} needs ${missing.join(', ')}`);
          }
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: ASSET_WORKER_FILE,
        source: assetWorkerSource(buildId, list),
      });
    },
  };
}

/** What the worker keeps at install: every script and style of the bundle under assets/, sorted. */
function precacheList(bundle: Rollup.OutputBundle): string[] {
  return Object.values(bundle)
    .map((file) => file.fileName)
    .filter((name) => name.startsWith('assets/') && /\.(js|css)$/.test(name))
    .map((name) => `/${name}`)
    .sort();
}

/** The worker's code: plain JavaScript, the build's id and its files written in. */
function assetWorkerSource(id: string, precache: string[]) {
  return `// The web app's hashed files (apps/web/vite.config.ts, assetWorker). Build ${id}.
const PREFIX = 'ats-assets-';
const CACHE = PREFIX + ${JSON.stringify(id)};
const PRECACHE = ${JSON.stringify(precache)};
const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

self.addEventListener('install', (event) => {
  const steps = [caches.open(CACHE).then((cache) => cache.addAll(PRECACHE))];
  // Pages and the API never start this worker where the browser has static routes.
  try {
    if (event.addRoutes) {
      steps.push(
        event
          .addRoutes([
            { condition: { requestMode: 'navigate' }, source: 'network' },
            { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' },
            // The build's files straight from its cache, without starting the worker: a warm
            // visit's 20-50 files no longer wait for it nor pass through its fetch handler one
            // by one. A file the cache lacks (a later chunk) comes from the network.
            {
              condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }), requestMethod: 'GET' },
              source: { cacheName: CACHE },
            },
          ])
          .catch(() => {}),
      );
    }
  } catch {
    // Without static routes the fetch handler lets pages and the API through.
  }
  event.waitUntil(Promise.all(steps).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !isAsset(new URL(request.url))) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept) return kept;
      const response = await fetch(request);
      if (response.ok) void cache.put(request, response.clone()).catch(() => {});
      return response;
    }),
  );
});
`;
}

/** What is worth compressing: text the browser downloads (source maps only with devtools open). */
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli and gzip siblings (app.js.br, app.js.gz) of every text asset, made once at build time
 * with the strongest settings, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of the raw bundle: the first screen downloads a quarter of the bytes.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'ats-precompressed-assets',
    apply: 'build',
    writeBundle(options) {
      const assets = path.join(options.dir!, 'assets');
      for (const name of readdirSync(assets)) {
        const file = path.join(assets, name);
        if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_COMPRESSED_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Fewer, larger chunks (decision 0081): everything the entry loads in one chunk (`app`: React,
 * the router, TanStack Query, zod, the layout and the contracts it imports), and the icons that
 * two or more chunks share in one (`icons`; each icon imports only React, so none of its
 * dependencies need to come with it). Otherwise Rolldown's own split: a route's chunk and what
 * only some routes share. Before, the entry was 21 files and a route up to 69, many of them one
 * icon or a few hundred bytes.
 */
const CODE_SPLITTING: CodeSplittingOptions = {
  groups: [
    { name: 'app', tags: ['$initial'], priority: 20 },
    {
      name: 'icons',
      test: /[\\/]@heroicons[\\/]react[\\/]/,
      minShareCount: 2,
      includeDependenciesRecursively: false,
      priority: 10,
    },
  ],
};

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    versionFile(),
    routePreloads(),
    assetWorker(),
    precompressedAssets(),
  ],
  define: { __BUILD_ID__: JSON.stringify(command === 'serve' ? 'dev' : buildId) },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { proxy: { '/api': { target: 'http://localhost:3000' } } },
  build: {
    // scripts/web-build.mjs builds into a new directory of apps/web/builds and switches
    // apps/web/dist (a link) to it; a bare `vite build` writes apps/web/dist in place.
    outDir: process.env.ATS_WEB_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // ATS_WEB_BUILD=modules: one file per module, not minified, for `bench/screens-trace.ts`
    // (TRACE_PROFILE=modules) to tell what each module costs to evaluate. Never published.
    ...(process.env.ATS_WEB_BUILD === 'modules'
      ? { minify: false, rolldownOptions: { output: { preserveModules: true } } }
      : { rolldownOptions: { output: { codeSplitting: CODE_SPLITTING } } }),
  },
}));
