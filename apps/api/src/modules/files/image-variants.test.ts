import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { postMultipart } from '../../../test/documents.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { tinyPng } from '../../../test/images.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// Photos and logos in two densities (SPEC.md §9 «Плотность изображений 1 и 2»): the interface asks
// for the box it shows the image in and gets it sharp on a retina screen and small elsewhere.

let t: TestApp;
let dataDir: string;
let owner: SignedUp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-variants-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpCompany(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A picture of `width`×`height` in `format`, with a gradient so that it is no trivial file. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const download = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-dcrt-hrm-auth': token } });

async function servedImage(url: string) {
  const response = await download(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const { width, height, format } = await sharp(response.rawPayload).metadata();
  return { response, width, height, format, type: response.headers['content-type'] };
}

async function applicantWithPhoto(photo: Buffer, name = 'Иван') {
  const created = await call(
    t.app,
    'POST',
    '/api/applicants',
    { first_name: name },
    {
      token: owner.token,
    },
  );
  expect(created.status).toBe(200);
  const id = created.body.message.id as number;
  const uploaded = await postMultipart(
    t.app,
    `/api/applicants/${id}/photo`,
    [{ name: 'file', filename: 'me.img', content: photo }],
    owner.token,
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  return { id, url: uploaded.body.message.photo as string };
}

const storedFiles = () =>
  readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('an image in the size and density the screen needs', () => {
  it('a photo comes at 1x and 2x of its box (the shorter side fills it), in its own type', async () => {
    const original = await picture(400, 300, 'png');
    const { url } = await applicantWithPhoto(original);

    const one = await servedImage(`${url}?size=80&density=1`);
    expect([one.width, one.height, one.type]).toEqual([107, 80, 'image/png']);
    const two = await servedImage(`${url}?size=80&density=2`);
    expect([two.width, two.height, two.type]).toEqual([213, 160, 'image/png']);
    // A list's avatar is smaller still; asked again, the kept copy is served.
    const small = await servedImage(`${url}?size=36&density=2`);
    expect([small.width, small.height]).toEqual([96, 72]);
    const again = await servedImage(`${url}?size=36&density=2`);
    expect(again.response.rawPayload.equals(small.response.rawPayload)).toBe(true);

    // The address without parameters is the file as stored, as existing clients know it.
    const plain = await download(url);
    expect(plain.rawPayload.equals(original)).toBe(true);
    expect(plain.headers['content-type']).toBe('image/png');
  });

  it('JPEG stays JPEG, WebP stays WebP, a GIF becomes a PNG; density alone means the largest box', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/png'],
    ] as const) {
      const { url } = await applicantWithPhoto(await picture(500, 500, format), format);
      const two = await servedImage(`${url}?density=2`);
      expect([two.width, two.height, two.type], format).toEqual([192, 192, type]);
    }
  });

  it('is never enlarged: a small photo stays its own size at 2x', async () => {
    const { url } = await applicantWithPhoto(tinyPng());
    const two = await servedImage(`${url}?size=96&density=2`);
    expect([two.width, two.height]).toEqual([1, 1]);
  });

  it('the company logo fits its box whole at 1x and 2x', async () => {
    const uploaded = await postMultipart(
      t.app,
      '/api/account/logo',
      [{ name: 'file', filename: 'logo.png', content: await picture(300, 100, 'png') }],
      owner.token,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = uploaded.body.message.logo_url as string;
    const one = await servedImage(`${url}?size=32&density=1`);
    expect([one.width, one.height]).toEqual([32, 11]);
    const two = await servedImage(`${url}?size=32&density=2`);
    expect([two.width, two.height]).toEqual([64, 21]);
  });

  it('a size or density outside the list is a Russian 400', async () => {
    const { url } = await applicantWithPhoto(await picture(50, 50, 'png'));
    const size = await call(t.app, 'GET', `${url}?size=5000`, undefined, { token: owner.token });
    expect(size.status).toBe(400);
    expect(size.body.message).toBe('Размер изображения: 32, 36, 64, 80, 96');
    const density = await call(t.app, 'GET', `${url}?density=3`, undefined, {
      token: owner.token,
    });
    expect(density.status).toBe(400);
    expect(density.body.message).toBe('Плотность экрана: 1 или 2');
  });

  it('the scaled copies go when the photo is replaced', async () => {
    const before = storedFiles().length;
    const { id, url } = await applicantWithPhoto(await picture(200, 200, 'png'));
    await servedImage(`${url}?size=64&density=1`);
    await servedImage(`${url}?size=64&density=2`);
    expect(storedFiles().length).toBe(before + 3);
    const removed = await call(
      t.app,
      'PATCH',
      `/api/applicants/${id}`,
      { photo: null },
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    expect(storedFiles().length).toBe(before);
  });
});

describe('a stored image cannot run a script', () => {
  it('is served with nosniff and a sandboxing policy, 1x, 2x and as stored', async () => {
    const { url } = await applicantWithPhoto(await picture(100, 100, 'png'));
    for (const query of ['', '?size=36&density=1', '?size=36&density=2']) {
      const response = await download(`${url}${query}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(response.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    }
  });

  it('an SVG is refused wherever a photo or a logo comes in', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const type of ['image/svg+xml', 'image/png']) {
      const photo = await call(
        t.app,
        'POST',
        '/api/applicants',
        { first_name: 'SVG', photo: `data:${type};base64,${svg.toString('base64')}` },
        { token: owner.token },
      );
      expect(photo.status).toBe(400);
      expect(photo.body.message).toBe('Фото должно быть изображением JPEG, PNG, WebP или GIF');
    }
    const logo = await postMultipart(
      t.app,
      '/api/account/logo',
      [{ name: 'file', filename: 'logo.svg', content: svg }],
      owner.token,
    );
    expect(logo.status).toBe(400);
    expect(logo.body.message).toBe('Логотип должен быть изображением JPEG, PNG, WebP или GIF');
  });

  it('a row that says SVG is a download, never an image', async () => {
    const { url } = await applicantWithPhoto(await picture(10, 10, 'png'));
    const id = Number(url.split('/').pop());
    await systemRows(
      t.database,
      sql`update files set mime_type = 'image/svg+xml' where id = ${id}`,
    );
    for (const query of ['', '?density=2']) {
      const response = await download(`${url}${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    }
  });
});
