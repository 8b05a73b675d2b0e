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

it('prints AVITO_*, HABR_* and HH_* pointing at running fakes with demo data', async () => {
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
    'HH_API_BASE',
    'HH_CLIENT_ID',
    'HH_CLIENT_SECRET',
    'HH_OAUTH_BASE',
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

  // hh.ru: the consent page, the token, the employer's active vacancies and a response's résumé
  // with its contacts — one of them a person of the demo company, by the same e-mail.
  const hhHeaders = { 'HH-User-Agent': 'ATS/1.0 (support@ats.example)' };
  const hhConsent = await fetch(
    `${env.HH_OAUTH_BASE}/oauth/authorize?response_type=code&client_id=${env.HH_CLIENT_ID}&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/cb')}`,
    { redirect: 'manual' },
  );
  const hhCode = new URL(hhConsent.headers.get('location')!).searchParams.get('code')!;
  const hhTokens = await fetch(`${env.HH_API_BASE}/token`, {
    method: 'POST',
    headers: hhHeaders,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: hhCode,
      client_id: env.HH_CLIENT_ID!,
      client_secret: env.HH_CLIENT_SECRET!,
      redirect_uri: 'http://127.0.0.1:3000/cb',
    }),
  });
  expect(hhTokens.status).toBe(200);
  const hhAuth = {
    ...hhHeaders,
    authorization: `Bearer ${((await hhTokens.json()) as { access_token: string }).access_token}`,
  };
  const me = (await (await fetch(`${env.HH_API_BASE}/me`, { headers: hhAuth })).json()) as {
    employer: { id: string };
  };
  const active = (await (
    await fetch(`${env.HH_API_BASE}/employers/${me.employer.id}/vacancies/active`, {
      headers: hhAuth,
    })
  ).json()) as { items: { id: string; name: string; counters: { responses: number } }[] };
  expect(active.items.map((v) => [v.name, v.counters.responses])).toEqual([
    ['Менеджер по продажам', 2],
    ['Frontend-разработчик (React)', 2],
    ['Бухгалтер', 0],
  ]);
  const frontend = active.items[1]!;
  const responses = (await (
    await fetch(`${env.HH_API_BASE}/negotiations/response?vacancy_id=${frontend.id}`, {
      headers: hhAuth,
    })
  ).json()) as { items: { id: string; resume: { id: string } }[] };
  const emails = [];
  for (const item of responses.items) {
    const resume = (await (
      await fetch(`${env.HH_API_BASE}/resumes/${item.resume.id}?topic_id=${item.id}`, {
        headers: hhAuth,
      })
    ).json()) as { contact: { type: { id: string }; value: unknown }[] };
    emails.push(resume.contact.find((c) => c.type.id === 'email')?.value);
  }
  // The demo company's applicant the fake names (loaded by path: the API's module graph is no
  // part of this project's typecheck).
  const demoModule = '../apps/api/src/demo-applicants.ts';
  const { demoApplicant } = (await import(demoModule)) as {
    demoApplicant: (index: number, sources: number[]) => { email?: string | null };
  };
  expect(emails).toContain(demoApplicant(1, []).email);

  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
