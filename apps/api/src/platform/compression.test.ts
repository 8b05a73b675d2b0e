import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { type SignedUp, signUpCompany } from '../../test/factories.ts';
import { insertVacancyWithStages } from '../../test/pipeline-factory.ts';
import { type TestApp, createTestApp } from '../../test/test-app.ts';
import {
  chooseEncoding,
  compress,
  COMPRESS_MIN_BYTES,
  GZIP_LARGE_FROM_BYTES,
} from './compression.ts';

describe('choosing the encoding from Accept-Encoding', () => {
  it('prefers brotli, honours q-values and refusals, and sends plain when nothing fits', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.3, br;q=0.1')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('the gzip level by the size of the answer', () => {
  it('compresses large answers at level 3 and smaller ones at level 6, each to the same JSON', () => {
    const row = (i: number) => ({
      id: i,
      name: `Заявка ${i}`,
      state: 'approved',
      steps: [i, i + 1],
    });
    const answer = (rows: number) =>
      JSON.stringify({
        code: 200,
        status: 'success',
        message: Array.from({ length: rows }, (_, i) => row(i)),
      });
    const large = answer(400);
    const small = answer(70);
    expect(Buffer.byteLength(large)).toBeGreaterThanOrEqual(GZIP_LARGE_FROM_BYTES);
    expect(Buffer.byteLength(small)).toBeLessThan(GZIP_LARGE_FROM_BYTES);
    expect(Buffer.byteLength(small)).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(compress(large, 'gzip').equals(gzipSync(large, { level: 3 }))).toBe(true);
    expect(compress(small, 'gzip').equals(gzipSync(small, { level: 6 }))).toBe(true);
    expect(gunzipSync(compress(large, 'gzip')).toString()).toBe(large);
    expect(gunzipSync(compress(small, 'gzip')).toString()).toBe(small);
  });
});

describe('API answers compressed', () => {
  let t: TestApp;
  let company: SignedUp;
  let cardId: number;
  let shortCardId: number;
  beforeAll(async () => {
    t = await createTestApp();
    company = await signUpCompany(t.app);
    [cardId] = (await insertApplicants(t.database, company.accountId, [
      {
        firstName: 'Анна',
        lastName: 'Соколова',
        middleName: 'Петровна',
        email: 'anna.sokolova@example.com',
        phone: '+7 900 000-00-00',
        tg: '@sokolova',
        skype: 'anna.sokolova',
        money: '250 000 ₽',
        position: 'Ведущий инженер-программист',
        company: 'ООО «Северный ветер»',
        city: 'Санкт-Петербург',
        aboutMe: 'Восемь лет пишу серверы на TypeScript и Go, веду команду из пяти человек.',
        // A résumé's text: the card is then several kilobytes, as most cards with one are.
        textBlock: Array.from(
          { length: 45 },
          (_, i) => `${2010 + (i % 14)}: платёжные системы, очереди, PostgreSQL, проект №${i + 1}.`,
        ).join(' '),
      },
    ])) as [number];
    // A card without a résumé: a couple of kilobytes.
    [shortCardId] = (await insertApplicants(t.database, company.accountId, [
      {
        firstName: 'Ольга',
        lastName: 'Миронова',
        position: 'Бухгалтер',
        city: 'Тверь',
        aboutMe: 'Веду участок расчёта заработной платы и отчётность в фонды. '.repeat(8),
      },
    ])) as [number];
    // A list page of thirty people, as the list shows them.
    await insertApplicants(
      t.database,
      company.accountId,
      Array.from({ length: 30 }, (_, i) => ({
        firstName: 'Иван',
        lastName: `Кузнецов-${i}`,
        position: 'Аналитик данных',
        city: 'Казань',
      })),
    );
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-dcrt-hrm-auth': company.token, ...headers } });
  const fresh = { 'cache-control': 'no-cache' };
  const decode = (encoding: unknown, bytes: Buffer) =>
    encoding === 'br'
      ? brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? gunzipSync(bytes)
        : bytes;

  it('sends a card in brotli or gzip when asked, plain when not, the same JSON each way', async () => {
    const plain = await get(`/api/applicants/${cardId}`, fresh);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.json().message.last_name).toBe('Соколова');

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ] as const) {
      const packed = await get(`/api/applicants/${cardId}`, {
        ...fresh,
        'accept-encoding': accept,
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers['content-type']).toMatch(/^application\/json/);
      expect(packed.headers['cache-control']).toBe('no-store');
      expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.75);
      expect(decode(encoding, packed.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('serves a remembered card and list page compressed, with no compression work on a hit', async () => {
    for (const url of [`/api/applicants/${cardId}`, '/api/applicants?page=1']) {
      const plain = await get(url, fresh);
      // The first read stores the answer and its brotli bytes; gzip is made at the first hit asking.
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers['x-cache']).toBeUndefined();
      expect(first.headers['content-encoding']).toBe('br');
      const hits = [];
      const counter = countStatements(t.database);
      try {
        for (const accept of ['br', 'gzip', 'gzip', '']) {
          hits.push(await get(url, accept ? { 'accept-encoding': accept } : {}));
        }
      } finally {
        counter.stop();
      }
      expect(counter.foreground()).toEqual([]);
      const [br, gzip, gzipAgain, none] = hits as [
        typeof first,
        typeof first,
        typeof first,
        typeof first,
      ];
      for (const hit of hits) {
        expect(hit.statusCode).toBe(200);
        expect(hit.headers['x-cache']).toBe('hit');
        expect(hit.headers.vary).toMatch(/accept-encoding/i);
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
      expect(none.headers['content-encoding']).toBeUndefined();
      for (const hit of hits) {
        expect(decode(hit.headers['content-encoding'], hit.rawPayload).toString('utf8')).toBe(
          plain.body,
        );
      }
    }
  });

  it('leaves small answers and error envelopes plain, and errors still read as the envelope', async () => {
    const small = '/api/applicants?per_page=1&search=' + encodeURIComponent('Соколова');
    const plainSmall = await get(small, fresh);
    expect(plainSmall.statusCode).toBe(200);
    expect(plainSmall.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    const askedSmall = await get(small, { ...fresh, 'accept-encoding': 'br, gzip' });
    expect(askedSmall.headers['content-encoding']).toBeUndefined();
    expect(askedSmall.headers.vary).toMatch(/accept-encoding/i);
    expect(askedSmall.body).toBe(plainSmall.body);
    // A short card (no résumé): a few hundred bytes saved are not worth a zlib call (decision 0102).
    const shortCard = await get(`/api/applicants/${shortCardId}`, {
      ...fresh,
      'accept-encoding': 'br, gzip',
    });
    expect(shortCard.statusCode).toBe(200);
    expect(shortCard.rawPayload.length).toBeGreaterThan(1024);
    expect(shortCard.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(shortCard.headers['content-encoding']).toBeUndefined();
    expect(shortCard.headers.vary).toMatch(/accept-encoding/i);
    expect(shortCard.json().message.last_name).toBe('Миронова');
    const missing = await get('/api/applicants/999999999', { 'accept-encoding': 'br, gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ status: 'error', code: 404 });
    expect(typeof missing.json().message).toBe('string');
    const bad = await get('/api/applicants?page=abc', { 'accept-encoding': 'gzip' });
    expect(bad.statusCode).toBe(400);
    expect(decode(bad.headers['content-encoding'], bad.rawPayload).toString('utf8')).toMatch(
      /"status":"error"/,
    );
  });

  it('does not compress a download that is compressed already', async () => {
    const file = await get('/api/applicants/export', { 'accept-encoding': 'br, gzip' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('keeps the board event stream uncompressed, so each event arrives as written', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const vacancy = await insertVacancyWithStages(t.database, company.accountId, {
      owners: [company.userId],
    });
    const { headers, firstChunk } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      firstChunk: string;
    }>((resolve, reject) => {
      const request = http.get(
        `${base}/api/vacancies/${vacancy.id}/events`,
        { headers: { 'x-dcrt-hrm-auth': company.token, 'accept-encoding': 'br, gzip' } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            resolve({ headers: response.headers, firstChunk: chunk.toString('utf8') });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(firstChunk).toBe('retry: 3000\n\n');
  });
});
