import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), versionFile(), precompressedAssets()],
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
  },
}));
