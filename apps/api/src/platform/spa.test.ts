import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
