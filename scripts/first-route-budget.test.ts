// The first screen's download: the scripts and styles index.html loads before anything is drawn
// (the entry and its modulepreloads) must stay within the front-end budget, as the server sends
// them — brotli siblings written by the build (apps/web/vite.config.ts, served precompressed).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const run = promisify(execFile);

/** 170 KiB of compressed JavaScript for the first route (quality anchors, C1.6). */
const FIRST_ROUTE_JS_BUDGET = 170 * 1024;

const firstRouteFiles = () =>
  [
    ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(
      /(?:src|href)="(\/assets\/[^"]+)"/g,
    ),
  ]
    .map((m) => m[1]!)
    .filter((url) => /\.(js|css)$/.test(url));

/** What a browser that takes brotli downloads: the sibling when there is one, else the file. */
const sentBytes = (url: string) => {
  const file = path.join(dist, url);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
};

describe('the first route of the built app', () => {
  beforeAll(async () => {
    // Vitest sets NODE_ENV=test, which would make a development build of React if the build
    // is stale; the budget is for what users get.
    await run(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }, 300_000);

  test(`loads at most ${FIRST_ROUTE_JS_BUDGET / 1024} KiB of compressed JavaScript`, () => {
    const scripts = firstRouteFiles().filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, url) => sum + sentBytes(url), 0);
    expect(total).toBeLessThanOrEqual(FIRST_ROUTE_JS_BUDGET);
  });

  test('every script and style over 1 KiB has brotli and gzip siblings to send', () => {
    const assets = path.join(dist, 'assets');
    const missing = readdirSync(assets)
      .filter((name) => /\.(js|css)$/.test(name) && statSync(path.join(assets, name)).size >= 1024)
      .filter(
        (name) =>
          !existsSync(path.join(assets, `${name}.br`)) ||
          !existsSync(path.join(assets, `${name}.gz`)),
      );
    expect(missing).toEqual([]);
  });
});
