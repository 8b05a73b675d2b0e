// `compression` — the applicant card and a list page, plain and compressed (decision 0023):
// bytes on the wire, the CPU each zlib level costs per answer, and requests per second with and
// without Accept-Encoding, from memory (the response cache) and from the database.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  BROTLI_LEVEL,
  GZIP_LARGE_FROM_BYTES,
  GZIP_LARGE_LEVEL,
  GZIP_LEVEL,
} from '../apps/api/src/platform/compression.ts';
import { generateApplicants } from './generate-applicants.ts';
import {
  AUTH_HEADER,
  apiRequest,
  BENCH_PASSWORD,
  signUpBenchAccount,
  startApiServer,
} from './support/api-server.ts';
import { httpLoad } from './support/load.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';

/** One GET as a client sends it: the bytes that crossed the wire and their encoding. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; bytes: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** Microseconds one compression takes (median of many), and the bytes it gives. */
function measureLevel(body: string, compress: (body: string) => Buffer) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 25; i += 1) compress(body); // warm-up
  for (let i = 0; i < 200; i += 1) {
    const started = process.hrtime.bigint();
    size = compress(body).length;
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  return { micros: times[Math.floor(times.length / 2)] ?? 0, size };
}

const brotli = (level: number) => (body: string) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
const gzip = (level: number) => (body: string) => gzipSync(body, { level });

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function run(): Promise<BenchReport> {
  const applicants = envNumber('BENCH_COMPRESSION_APPLICANTS', 2_000);
  const seconds = envNumber('BENCH_COMPRESSION_SECONDS', 3);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ats-bench-compression-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const rows: Row[] = [];
  const notes = [
    `PGlite, ${applicants.toLocaleString('en-US')} generated applicants; autocannon 16 connections, ` +
      `1 s warm-up then ${seconds} s per line; server levels: brotli ${BROTLI_LEVEL}, gzip ${GZIP_LEVEL} (${GZIP_LARGE_LEVEL} from ${GZIP_LARGE_FROM_BYTES} bytes)`,
  ];
  try {
    // Sign up (which migrates), then fill the account with the server stopped (one PGlite owner).
    let api = await startApiServer(env);
    let email: string;
    let accountId: number;
    try {
      ({ email, accountId } = await signUpBenchAccount(api, 'compression'));
    } finally {
      await api.stop();
    }
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: { btree_gin, pg_trgm, unaccent },
    });
    try {
      await generateApplicants(
        { jobs: 1, query: (text) => db.query(text) },
        { accountId, applicants },
      );
    } finally {
      await db.close();
    }

    api = await startApiServer(env);
    try {
      const { auth_token: token } = await apiRequest<{ auth_token: string }>(
        'POST',
        `${api.url}/api/auth/login`,
        null,
        { email, password: BENCH_PASSWORD },
      );
      const page = await apiRequest<{ applicants: { id: number }[] }>(
        'GET',
        `${api.url}/api/applicants?per_page=100`,
        token,
      );
      const ids = page.applicants.map((a) => a.id);
      const pages = Math.max(1, Math.min(20, Math.floor(applicants / 30)));
      const targets = [
        {
          label: 'card GET /api/applicants/{id}',
          sample: `/api/applicants/${ids[0]}`,
          path: () => `/api/applicants/${ids[Math.floor(Math.random() * ids.length)]}`,
        },
        {
          label: `list GET /api/applicants?page=1..${pages}`,
          sample: '/api/applicants?page=1',
          path: () => `/api/applicants?page=${1 + Math.floor(Math.random() * pages)}`,
        },
      ];
      const auth = { [AUTH_HEADER]: token };
      for (const target of targets) {
        const plain = await rawGet(`${api.url}${target.sample}`, auth);
        const body = plain.bytes.toString('utf8');
        const wire: string[] = [];
        for (const accept of ['br', 'gzip']) {
          const packed = await rawGet(`${api.url}${target.sample}`, {
            ...auth,
            'accept-encoding': accept,
          });
          wire.push(`${packed.encoding} ${kb(packed.bytes.length)}`);
        }
        rows.push({
          measurement: `${target.label} · bytes on the wire`,
          value: `plain ${kb(plain.bytes.length)}; ${wire.join('; ')}`,
        });
        const levels = [
          ...[1, 3, 4, 5, 6, 9, 11].map((l) => ({ name: `br ${l}`, run: brotli(l) })),
          ...[1, 4, 6, 9].map((l) => ({ name: `gzip ${l}`, run: gzip(l) })),
        ];
        rows.push({
          measurement: `${target.label} · zlib level: size (saved) / CPU per answer`,
          value: levels
            .map((level) => {
              const { micros, size } = measureLevel(body, level.run);
              const saved = 100 * (1 - size / Buffer.byteLength(body));
              return `${level.name}: ${kb(size)} (−${saved.toFixed(0)}%) ${micros.toFixed(0)} µs`;
            })
            .join('; '),
          note: 'median of 200 in the bench process',
        });
        for (const [source, extra] of [
          ['from memory', {}],
          ['from the database', { 'cache-control': 'no-cache' }],
        ] as const) {
          const rates: string[] = [];
          for (const accept of ['', 'br', 'gzip']) {
            const result = await httpLoad(
              `${api.url}${target.sample}`,
              { ...auth, ...extra, ...(accept ? { 'accept-encoding': accept } : {}) },
              { duration: seconds, warmup: 1, connections: 16 },
              undefined,
              target.path,
            );
            rates.push(
              `${accept || 'plain'} ${fmt.rate(result.perSecond)} (p50 ${fmt.ms(result.p50Ms)})` +
                (result.failures ? ` ${result.failures} failed` : ''),
            );
          }
          rows.push({
            measurement: `${target.label} · ${source} · req/s`,
            value: rates.join('; '),
          });
        }
      }
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, verdicts: [], notes };
}

export const compressionBenchmark: Benchmark = {
  name: 'compression',
  summary: 'card and list: bytes on the wire and req/s, plain vs brotli vs gzip',
  run,
};
