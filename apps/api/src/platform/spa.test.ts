import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild } from '../../../../scripts/web-build.mjs';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the built app is served compressed', () => {
  let t: TestApp;
  let dist: string;
  // A bundle as the build leaves it: the asset with its .br and .gz siblings.
  const bundle = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"Кандидат ${i}"`).join(',')}];`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ats-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ATS</title>');
    writeFileSync(path.join(dist, 'assets/app-1a2b.js'), bundle);
    writeFileSync(path.join(dist, 'assets/app-1a2b.js.br'), brotliCompressSync(bundle));
    writeFileSync(path.join(dist, 'assets/app-1a2b.js.gz'), gzipSync(bundle));
    writeFileSync(path.join(dist, 'assets/tiny-3c4d.js'), 'export {};');
    writeFileSync(path.join(dist, 'sw.js'), "const CACHE = 'ats-assets-b1';");
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip', async () => {
    const br = await asset('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(bundle) / 4);

    const gz = await asset('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
  });

  it('sends the file as it is without Accept-Encoding, or when it has no compressed sibling', async () => {
    const plain = await asset('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(bundle);
    const tiny = await asset('/assets/tiny-3c4d.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
    const page = await asset('/applicants', 'br');
    expect(page.statusCode).toBe(200);
    // The page itself is checked on every visit, so a new build is picked up at once.
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>ATS</title>');
  });

  it('serves the service worker as a script checked on every visit, so a new build replaces it', async () => {
    const worker = await asset('/sw.js', 'br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('ats-assets-b1');
  });
});

describe('a build published under the running server', () => {
  let t: TestApp;
  let web: string;
  let link: string;

  /** A build as Vite leaves it in apps/web/builds/<id>: index.html naming its entry chunk. */
  const makeBuild = (id: string, chunks: string[]) => {
    const dir = path.join(web, 'builds', id);
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>ATS ${id}</title><script type="module" src="/assets/${chunks[0]}"></script>`,
    );
    writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ buildId: id }));
    for (const chunk of chunks) {
      writeFileSync(path.join(dir, 'assets', chunk), `export const build = '${id}';`);
    }
    return dir;
  };

  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'ats-web-'));
    link = path.join(web, 'dist');
    publishBuild(makeBuild('b1', ['index-aaa1.js', 'page-aaa2.js']), link);
    t = await createTestApp({ WEB_DIST_DIR: link });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers a missing asset or file with a 404, never with the page', async () => {
    for (const url of ['/assets/index-gone.js', '/assets/style-gone.css', '/logo.png', '/a/b.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.body, url).not.toContain('<title>');
    }
    const traversal = await get('/assets/..%2f..%2fetc%2fpasswd.js');
    expect(traversal.statusCode).toBe(404);
    // Pages of the client router still get the page, whatever their depth.
    const page = await get('/vacancies/12/board');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>ATS b1</title>');
  });

  it('serves the new build at once and keeps the assets of the one before it', async () => {
    publishBuild(makeBuild('b2', ['index-bbb1.js', 'page-bbb2.js']), link);

    const page = await get('/applicants');
    expect(page.body).toContain('<title>ATS b2</title>');
    expect(JSON.parse((await get('/version.json')).body)).toEqual({ buildId: 'b2' });
    // New asset names, unknown when the server started.
    const fresh = await get('/assets/page-bbb2.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toMatch(/javascript/);
    expect(fresh.body).toBe("export const build = 'b2';");
    // A tab opened on b1 still loads its own chunks.
    const kept = await get('/assets/page-aaa2.js');
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toMatch(/javascript/);
    expect(kept.body).toBe("export const build = 'b1';");

    // One build later b1's chunks are gone (only the previous build's own assets are kept), and
    // the builds directory holds the current and the previous build.
    publishBuild(makeBuild('b3', ['index-ccc1.js']), link);
    expect((await get('/assets/page-bbb2.js')).statusCode).toBe(200);
    expect((await get('/assets/page-aaa2.js')).statusCode).toBe(404);
    expect(readdirSync(path.join(web, 'builds')).sort()).toEqual(['b2', 'b3']);
  });
});

describe("a page's HTML names its route's chunks", () => {
  let t: TestApp;
  let dist: string;
  const routes = [
    { path: '/', files: ['/assets/vacancies-1.js'], styles: [] },
    { path: '/applicant/double', files: ['/assets/applicant-double-1.js'], styles: [] },
    {
      path: '/applicant/:id',
      files: ['/assets/applicant-1.js', '/assets/conversation-panel-1.js'],
      styles: ['/assets/applicant-1.css'],
    },
    { path: '/vacancy/:id/candidates', files: ['/assets/vacancy-candidates-1.js'], styles: [] },
    { path: '*', files: ['/assets/not-found-1.js'], styles: [] },
  ];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ats-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><script type="module" src="/assets/index-1.js"></script></head><title>ATS</title>',
    );
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ routes }));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** The files the page at `url` preloads, in order. */
  const preloaded = async (url: string) => {
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script type="module" src="/assets/index-1.js"></script>');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    return [
      ...head.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g),
    ].map(([, rel, href]) => `${rel} ${href}`);
  };

  it('the card preloads its chunk, what it imports and its styles, in the head', async () => {
    expect(await preloaded('/applicant/42')).toEqual([
      'stylesheet /assets/applicant-1.css',
      'modulepreload /assets/applicant-1.js',
      'modulepreload /assets/conversation-panel-1.js',
    ]);
    expect(await preloaded('/applicant/42?tab=files')).toContain(
      'modulepreload /assets/applicant-1.js',
    );
  });

  it('picks the route the client router would draw: a static segment over a parameter, a splat last', async () => {
    expect(await preloaded('/applicant/double')).toEqual([
      'modulepreload /assets/applicant-double-1.js',
    ]);
    expect(await preloaded('/')).toEqual(['modulepreload /assets/vacancies-1.js']);
    expect(await preloaded('/vacancy/7/candidates')).toEqual([
      'modulepreload /assets/vacancy-candidates-1.js',
    ]);
    expect(await preloaded('/vacancy/7/nothing-here')).toEqual([
      'modulepreload /assets/not-found-1.js',
    ]);
    expect(await preloaded('/applicant/42/more')).toEqual(['modulepreload /assets/not-found-1.js']);
  });

  it('a build without the route list serves its page as it is', async () => {
    rmSync(path.join(dist, 'route-preloads.json'));
    // A new build is read when its index.html changes.
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><script type="module" src="/assets/index-1.js"></script></head><title>ATS 2</title>',
    );
    expect(await preloaded('/applicant/42')).toEqual([]);
  });
});
