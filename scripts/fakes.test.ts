import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

// `npm run fakes` (scripts/fakes.ts) starts the job-site fakes with demo data and prints the
// variables that point the app at them; those variables must reach working fakes.

const root = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
});

it('prints AVITO_* and HABR_* pointing at running fakes with demo data', async () => {
  const firstPort = 20_000 + Math.floor(Math.random() * 20_000);
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fakes.ts'], {
    cwd: root,
    env: { ...process.env, FAKES_PORT: String(firstPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; !output.includes('Ctrl-C') && waited < 40_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const env = Object.fromEntries(
    [...output.matchAll(/^([A-Z_]+)=(.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
  );
  expect(Object.keys(env).sort()).toEqual([
    'AVITO_API_BASE',
    'AVITO_CLIENT_ID',
    'AVITO_CLIENT_SECRET',
    'AVITO_OAUTH_BASE',
    'HABR_BASE',
    'HABR_CLIENT_ID',
    'HABR_CLIENT_SECRET',
  ]);
  expect(env.AVITO_API_BASE).toBe(`http://127.0.0.1:${firstPort}`);

  const token = await fetch(`${env.AVITO_API_BASE}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: env.AVITO_CLIENT_ID!,
      client_secret: env.AVITO_CLIENT_SECRET!,
    }),
  });
  expect(token.status).toBe(200);

  const consent = await fetch(
    `${env.HABR_BASE}/integrations/oauth/authorize?client_id=${env.HABR_CLIENT_ID}&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/cb')}`,
    { redirect: 'manual' },
  );
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(`${env.HABR_BASE}/integrations/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: env.HABR_CLIENT_ID!,
      client_secret: env.HABR_CLIENT_SECRET!,
      redirect_uri: 'http://127.0.0.1:3000/cb',
    }),
  });
  const { access_token } = (await tokens.json()) as { access_token: string };
  const vacancies = await fetch(`${env.HABR_BASE}/api/v1/integrations/vacancies`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const body = (await vacancies.json()) as { vacancies: { title: string }[] };
  expect(body.vacancies.map((v) => v.title)).toEqual([
    'Frontend-разработчик (React)',
    'Backend-разработчик (Node.js)',
  ]);

  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
