// `carried-hits`: how often the answers the card's page carries come from memory while colleagues
// evaluate and edit other applicants (decision 0082). For each tree given (its API built as the
// tests build it: `createTestApp`, PGlite in memory, or a new database on DATABASE_URL), in a
// child process of its own, with the same seeded mix:
// - 40 applicants made through the API, the i-th and the (i+20)-th with one e-mail (doubles), an
//   evaluation form, an evaluation of each of the first 20;
// - then STEPS times: one write on one of the other 20 applicants (an evaluation or an edit of
//   the last name, half each), and the card of one of the first 20 (in turn) read as its page
//   reads it: the card, its evaluations, its doubles, the forms, each without `no-cache`.
// Prints, per read and in all, the share answered from memory (`x-cache: hit`).
//   node --import tsx bench/carried-hits.ts <treeA> [treeB …]    (CARRIED_HITS_STEPS, 400)
import { fork } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const STEPS = Number(process.env.CARRIED_HITS_STEPS ?? 400);
const READS = ['card', 'evaluations', 'doubles', 'forms'] as const;
type Read = (typeof READS)[number];
type Counts = Record<Read, { hits: number; reads: number }>;

function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return Math.floor(((state >>> 0) / 4294967296) * below);
  };
}

async function child(tree: string) {
  const load = (file: string) => import(pathToFileURL(path.join(tree, file)).href);
  const { createTestApp } = await load('apps/api/test/test-app.ts');
  const t = await createTestApp();
  const app = t.app;
  const send = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    token: string | null,
    body?: unknown,
  ) => {
    const answer = await app.inject({
      method,
      url,
      headers: token ? { 'x-dcrt-hrm-auth': token } : {},
      ...(body === undefined ? {} : { payload: body as object }),
      remoteAddress: '10.9.8.7',
    });
    if (answer.statusCode !== 200) {
      throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    }
    return answer;
  };
  const signUp = await send('POST', '/api/sign_up', null, {
    admin_user: {
      email: 'owner@bench.example',
      password: 'bench-horse-1',
      password_confirmation: 'bench-horse-1',
      name: 'Анна',
      company: 'ООО «Замер»',
    },
  });
  const token: string = signUp.json().message.auth_token;
  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    (await send(method, url, token, body)).json().message;

  const ids: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const created = await ok('POST', '/api/applicants', {
      first_name: `Имя${String.fromCharCode(1040 + (i % 20))}`,
      last_name: `Фамилия${String.fromCharCode(1040 + (i % 20))}`,
      email: `person${i % 20}@bench.example`,
    });
    ids.push(created.id);
  }
  const form = await ok('POST', '/api/evaluations', {
    name: 'Собеседование',
    criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
  });
  let n = 0;
  const evaluate = (id: number) =>
    ok('POST', '/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: id,
      recommendation: 'yes',
      criterions: [
        {
          criterion_id: form.criterions[0].id,
          result: { criterion_type: 'text', result: `Оценка ${(n += 1)}` },
        },
      ],
    });
  for (const id of ids.slice(0, 20)) await evaluate(id);

  const urls = (id: number): Record<Read, string> => ({
    card: `/api/applicants/${id}`,
    evaluations: `/api/applicant_evaluations?applicant_id=${id}`,
    doubles: `/api/applicants/${id}/get_double`,
    forms: '/api/evaluations',
  });
  const counts = Object.fromEntries(READS.map((r) => [r, { hits: 0, reads: 0 }])) as Counts;
  const view = async (id: number, count: boolean) => {
    for (const [read, url] of Object.entries(urls(id)) as [Read, string][]) {
      const answer = await send('GET', url, token);
      if (!count) continue;
      counts[read].reads += 1;
      if (answer.headers['x-cache'] === 'hit') counts[read].hits += 1;
    }
  };
  for (const id of ids.slice(0, 20)) await view(id, false);
  const random = randomFrom(1937);
  for (let step = 0; step < STEPS; step += 1) {
    const other = ids[20 + random(20)]!;
    if (random(2) === 0) await evaluate(other);
    else await ok('PATCH', `/api/applicants/${other}`, { last_name: `Фамилия${(n += 1)}` });
    // This process hears its own write again through NOTIFY: let it arrive, as between clicks.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await view(ids[step % 20]!, true);
  }
  await t.close();
  return counts;
}

async function parent(trees: string[]) {
  const results: [string, Counts][] = [];
  for (const tree of trees) {
    const worker = fork(process.argv[1]!, [], {
      execArgv: process.execArgv,
      env: { ...process.env, CARRIED_HITS_TREE: path.resolve(tree) },
      stdio: 'inherit',
    });
    const counts = await new Promise<Counts>((resolve, reject) => {
      worker.on('message', (message) => resolve(message as Counts));
      worker.on('exit', (code) => code !== 0 && reject(new Error(`${tree}: exit ${code}`)));
    });
    results.push([tree, counts]);
  }
  const share = (c: { hits: number; reads: number }) =>
    `${((100 * c.hits) / Math.max(1, c.reads)).toFixed(1)} % (${c.hits}/${c.reads})`;
  for (const [tree, counts] of results) {
    const all = Object.values(counts).reduce(
      (sum, c) => ({ hits: sum.hits + c.hits, reads: sum.reads + c.reads }),
      { hits: 0, reads: 0 },
    );
    console.log(`${tree}: ${STEPS} writes, each followed by one card's reads`);
    for (const read of READS) console.log(`  ${read.padEnd(12)} ${share(counts[read])}`);
    console.log(`  ${'all'.padEnd(12)} ${share(all)}`);
  }
}

if (process.env.CARRIED_HITS_TREE) {
  const counts = await child(process.env.CARRIED_HITS_TREE);
  process.send!(counts);
  process.exit(0);
} else {
  const trees = process.argv.slice(2);
  if (trees.length === 0) throw new Error('name the trees to compare: carried-hits.ts <tree> …');
  await parent(trees);
}
