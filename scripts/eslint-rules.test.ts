// Proves that the API's type-aware ESLint rule bites: a promise nobody awaits in apps/api is an
// error, a Fastify reply's setters and a `void` marked fire-and-forget are not.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the API's tsconfig (`src`), so the project service types it like the real code.
const fixture = path.join(root, 'apps/api/src', `eslint-fixture-${process.pid}.ts`);
afterAll(() => rmSync(fixture, { force: true }));

async function floatingPromiseLines(code: string) {
  writeFileSync(fixture, code);
  const [result] = await new ESLint({ cwd: root }).lintFiles([fixture]);
  return result!.messages
    .filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises')
    .map((m) => m.line);
}

test('an unawaited promise in the API is an error; reply setters and a marked void are not', async () => {
  const lines = await floatingPromiseLines(
    [
      "import type { FastifyReply } from 'fastify';",
      'const save = async () => {};',
      'export function handler(reply: FastifyReply) {',
      '  save();',
      "  reply.header('x-test', '1');",
      '  // Fire and forget: the test says so.',
      '  void save();',
      '}',
      '',
    ].join('\n'),
  );
  expect(lines).toEqual([4]);
  // The type-aware rule loads the API's whole program: a minute on a busy 2-core machine.
}, 180_000);
