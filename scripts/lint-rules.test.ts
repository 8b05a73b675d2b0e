// Proves that the dependency rules of .dependency-cruiser.cjs bite: every rule fails on a small
// repository-shaped fixture that breaks it, and a fixture that keeps every rule passes.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruiseBin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

type Files = Record<string, string>;
type Violation = { rule: { name: string }; from: string; to: string };
type CruiseResult = { exitCode: number; violations: Violation[] };

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The skeleton every fixture starts from: workspaces, their manifests, fake npm packages. */
const skeleton: Files = {
  'package.json': json({
    name: 'fixture',
    private: true,
    type: 'module',
    workspaces: ['apps/*', 'packages/*'],
  }),
  'apps/web/package.json': json({
    name: '@ats/web',
    type: 'module',
    dependencies: { '@ats/contracts': '*', '@ats/ui': '*', react: '*', zod: '*' },
  }),
  'apps/api/package.json': json({
    name: '@ats/api',
    type: 'module',
    dependencies: { '@ats/contracts': '*', '@ats/db': '*', zod: '*' },
  }),
  'packages/contracts/package.json': json({
    name: '@ats/contracts',
    type: 'module',
    exports: { './*': './src/*.ts' },
    dependencies: { zod: '*' },
  }),
  'packages/db/package.json': json({
    name: '@ats/db',
    type: 'module',
    exports: { './*': './src/*.ts' },
    dependencies: { '@ats/contracts': '*' },
  }),
  'packages/ui/package.json': json({
    name: '@ats/ui',
    type: 'module',
    exports: { './*': './src/*.tsx' },
    peerDependencies: { react: '*' },
  }),
  'node_modules/zod/package.json': json({
    name: 'zod',
    version: '4.0.0',
    type: 'module',
    exports: { '.': './index.js' },
  }),
  'node_modules/zod/index.js': 'export const z = {};\n',
  'node_modules/react/package.json': json({ name: 'react', version: '19.0.0', main: 'index.js' }),
  'node_modules/react/index.js': 'module.exports = {};\n',
  'node_modules/left-pad/package.json': json({
    name: 'left-pad',
    version: '1.0.0',
    main: 'index.js',
  }),
  'node_modules/left-pad/index.js': 'module.exports = () => "";\n',
};

/** npm links workspaces into node_modules/@ats; the fixture does the same. */
const workspaceLinks: Record<string, string> = {
  'node_modules/@ats/contracts': 'packages/contracts',
  'node_modules/@ats/db': 'packages/db',
  'node_modules/@ats/ui': 'packages/ui',
  'node_modules/@ats/api': 'apps/api',
  'node_modules/@ats/web': 'apps/web',
};

/** Code that keeps every rule: the shape the real repository should have. */
const cleanTree: Files = {
  'packages/contracts/src/applicants.ts':
    "import { z } from 'zod';\nimport { ZPage } from './pagination.ts';\nexport const ZApplicant = { z, ZPage };\n",
  'packages/contracts/src/pagination.ts': "import { z } from 'zod';\nexport const ZPage = z;\n",
  'packages/db/src/connection.ts':
    "import type { ZPage } from '@ats/contracts/pagination';\nexport type Db = { page: typeof ZPage };\n",
  'packages/db/src/schema/applicants.ts':
    "import type { Db } from '../connection.ts';\nexport type Applicants = Db;\n",
  'packages/ui/src/button.tsx':
    "import React from 'react';\nimport { cx } from './class-names.ts';\nexport const Button = () => cx(String(React));\n",
  'packages/ui/src/class-names.ts': 'export const cx = (name: string) => name;\n',
  'apps/web/src/app/main.tsx':
    "import { ApplicantsScreen } from '../features/applicants/applicants-screen.tsx';\nexport const app = ApplicantsScreen;\n",
  'apps/web/src/features/applicants/applicants-screen.tsx': [
    "import { ZApplicant } from '@ats/contracts/applicants';",
    "import { Button } from '@ats/ui/button';",
    "import { z } from 'zod';",
    "import { applicantName } from '../../shared/format/applicant-format.ts';",
    'export const ApplicantsScreen = () => [ZApplicant, Button, z, applicantName];',
    '',
  ].join('\n'),
  'apps/web/src/shared/format/applicant-format.ts':
    'export const applicantName = (name: string) => name;\n',
  'apps/web/src/features/duplicates/merge-screen.tsx':
    "import { applicantName } from '../../shared/format/applicant-format.ts';\nexport const MergeScreen = () => applicantName;\n",
  // A route composes features: the card of one feature with a section of another.
  'apps/web/src/routes/applicant.tsx': [
    "import { ApplicantsScreen } from '../features/applicants/applicants-screen.tsx';",
    "import { MergeScreen } from '../features/duplicates/merge-screen.tsx';",
    'export const route = [ApplicantsScreen, MergeScreen];',
    '',
  ].join('\n'),
  'apps/api/src/platform/tenancy.ts':
    "import type { Db } from '@ats/db/connection';\nexport type Tenant = { db: Db };\n",
  'apps/api/src/http-server.ts':
    "import { applicantsRoutes } from './modules/applicants/applicants.routes.ts';\nexport const server = [applicantsRoutes];\n",
  'apps/api/src/modules/applicants/applicants.routes.ts': [
    "import { ZApplicant } from '@ats/contracts/applicants';",
    "import { moveApplicantToStatus } from './applicants.service.ts';",
    'export const applicantsRoutes = [ZApplicant, moveApplicantToStatus];',
    '',
  ].join('\n'),
  'apps/api/src/modules/applicants/applicants.service.ts': [
    "import type { Tenant } from '../../platform/tenancy.ts';",
    "import { findApplicant } from './applicants.repository.ts';",
    "import { recordEvent } from '../history/history.service.ts';",
    'export const moveApplicantToStatus = (tenant: Tenant) => [findApplicant(tenant), recordEvent()];',
    '',
  ].join('\n'),
  'apps/api/src/modules/applicants/applicants.repository.ts': [
    "import type { Applicants } from '@ats/db/schema/applicants';",
    "import type { Tenant } from '../../platform/tenancy.ts';",
    'export const findApplicant = (tenant: Tenant): Applicants => tenant.db;',
    '',
  ].join('\n'),
  'apps/api/src/modules/history/history.service.ts':
    "import { historyRows } from './history.repository.ts';\nexport const recordEvent = () => historyRows();\n",
  'apps/api/src/modules/history/history.repository.ts': 'export const historyRows = () => [];\n',
  // Integration tests of a module use the api test harness.
  'apps/api/test/factories.ts': 'export const createApplicant = () => ({});\n',
  'apps/api/src/modules/applicants/applicants.test.ts':
    "import { createApplicant } from '../../../test/factories.ts';\nexport const t = createApplicant;\n",
};

const fixtureRoots: string[] = [];
afterAll(() => {
  for (const dir of fixtureRoots) {
    rmSync(dir, { recursive: true, force: true });
  }
});

function writeTree(dir: string, files: Files): void {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** Builds the clean tree plus `changes` in a temp dir and runs our depcruise config on it. */
async function cruise(changes: Files): Promise<CruiseResult> {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'ats-lint-rules-')));
  fixtureRoots.push(dir);
  writeTree(dir, { ...skeleton, ...cleanTree, ...changes });
  for (const [link, target] of Object.entries(workspaceLinks)) {
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    symlinkSync(path.join(dir, target), path.join(dir, link), 'dir');
  }
  // The same reporter as `npm run lint`: its exit code is the number of errors.
  const args = [depcruiseBin, 'apps', 'packages', '--config', config, '--output-type', 'err'];
  try {
    const { stdout } = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 << 20 });
    return { exitCode: 0, violations: parseViolations(stdout) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number' || !failed.stdout?.includes('dependency violations')) {
      throw new Error(`depcruise did not run: ${failed.stderr ?? String(error)}`);
    }
    return { exitCode: failed.code, violations: parseViolations(failed.stdout) };
  }
}

/**
 * Reads the `err` reporter: `  error rule: from → to`, or for a cycle `  error no-circular: a →`
 * followed by one indented line per further step of the cycle.
 */
function parseViolations(stdout: string): Violation[] {
  const violations: Violation[] = [];
  const lines = stdout.split('\n');
  lines.forEach((line, index) => {
    const match = /^\s*error ([\w-]+): (\S+)(?: → (\S+))?/.exec(line);
    if (!match) {
      return;
    }
    const nextStep = /^\s+(\S+)(?: →)?\s*$/.exec(lines[index + 1] ?? '')?.[1] ?? '';
    const to = match[3] ?? (line.trimEnd().endsWith('→') ? nextStep : '');
    violations.push({ rule: { name: match[1] ?? '' }, from: match[2] ?? '', to });
  });
  return violations;
}

/** Asserts depcruise failed and that `rule` flagged `from` (and its import of `to`, when given). */
function expectViolation(result: CruiseResult, rule: string, from: string, to?: string): void {
  expect(result.exitCode).toBeGreaterThan(0);
  const found = result.violations.filter(
    (v) => v.rule.name === rule && v.from === from && (to === undefined || v.to === to),
  );
  expect(
    found,
    `${rule}: ${from} → ${to ?? '…'} in ${JSON.stringify(result.violations)}`,
  ).not.toEqual([]);
}

const ruleNames = (result: CruiseResult) => [...new Set(result.violations.map((v) => v.rule.name))];

describe.concurrent('dependency rules (.dependency-cruiser.cjs)', () => {
  test('a tree that keeps every rule passes', async () => {
    const result = await cruise({});
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  test('the web cannot import server code by relative path', async () => {
    const result = await cruise({
      'apps/web/src/x.ts': "import { y } from '../../api/src/y.ts';\nexport const x = y;\n",
      'apps/api/src/y.ts': 'export const y = 1;\n',
    });
    expectViolation(result, 'web-only-contracts-and-ui', 'apps/web/src/x.ts', 'apps/api/src/y.ts');
  });

  test('the web cannot import the database package through its workspace alias', async () => {
    const result = await cruise({
      'apps/web/src/x.ts': "import type { Db } from '@ats/db/connection';\nexport type X = Db;\n",
    });
    expectViolation(
      result,
      'web-only-contracts-and-ui',
      'apps/web/src/x.ts',
      'packages/db/src/connection.ts',
    );
  });

  test('a web feature cannot import another feature, by any path', async () => {
    const result = await cruise({
      'apps/web/src/features/duplicates/merge-screen.tsx': [
        "import { ApplicantsScreen } from '../applicants/applicants-screen.tsx';",
        "import type { Board } from '@ats/web/src/features/board/board-screen.tsx';",
        'export const MergeScreen = ApplicantsScreen as unknown as Board;',
        '',
      ].join('\n'),
      'apps/web/src/features/board/board-screen.tsx': 'export type Board = string;\n',
    });
    expectViolation(
      result,
      'web-feature-not-to-other-features',
      'apps/web/src/features/duplicates/merge-screen.tsx',
      'apps/web/src/features/applicants/applicants-screen.tsx',
    );
    expectViolation(
      result,
      'web-feature-not-to-other-features',
      'apps/web/src/features/duplicates/merge-screen.tsx',
      'apps/web/src/features/board/board-screen.tsx',
    );
    expect(ruleNames(result)).toEqual(['web-feature-not-to-other-features']);
  });

  test('a web feature cannot reach up into the routes or the app that compose it', async () => {
    const result = await cruise({
      'apps/web/src/features/duplicates/merge-screen.tsx':
        "import { route } from '../../routes/applicant.tsx';\nexport const MergeScreen = route;\n",
    });
    expectViolation(
      result,
      'web-feature-not-to-other-features',
      'apps/web/src/features/duplicates/merge-screen.tsx',
      'apps/web/src/routes/applicant.tsx',
    );
  });

  test('web shared code cannot import a feature (no back door between features)', async () => {
    const result = await cruise({
      'apps/web/src/shared/format/applicant-format.ts':
        "import { ApplicantsScreen } from '../../features/applicants/applicants-screen.tsx';\nexport const applicantName = (name: string) => [name, ApplicantsScreen];\n",
    });
    expectViolation(
      result,
      'web-shared-not-to-features',
      'apps/web/src/shared/format/applicant-format.ts',
      'apps/web/src/features/applicants/applicants-screen.tsx',
    );
  });

  test('two files importing each other are a cycle', async () => {
    const result = await cruise({
      'packages/contracts/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'packages/contracts/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expectViolation(
      result,
      'no-circular',
      'packages/contracts/src/a.ts',
      'packages/contracts/src/b.ts',
    );
    // depcruise reports a cycle once, from the first of its files.
    expect(ruleNames(result)).toEqual(['no-circular']);
  });

  test('a barrel index.ts is forbidden, imported or not', async () => {
    const result = await cruise({
      'packages/ui/src/index.tsx': "export { Button } from './button.tsx';\n",
      'apps/web/src/x.ts': "import { Button } from '@ats/ui/index';\nexport const x = Button;\n",
      'apps/api/src/modules/applicants/index.ts': 'export const nothing = 1;\n',
    });
    expectViolation(
      result,
      'no-barrel-files',
      'packages/ui/src/index.tsx',
      'packages/ui/src/button.tsx',
    );
    expectViolation(result, 'no-barrel-files', 'apps/web/src/x.ts', 'packages/ui/src/index.tsx');
    expectViolation(result, 'no-barrel-files', 'apps/api/src/modules/applicants/index.ts');
  });

  test("a module cannot reach into another module's repository, routes, jobs or policy", async () => {
    const parts = ['repository', 'routes', 'jobs', 'policy'];
    const files: Files = {
      'apps/api/src/modules/applicants/merge.ts': parts
        .map((part) => `import '../history/history.${part}.ts';\n`)
        .join(''),
    };
    for (const part of parts) {
      files[`apps/api/src/modules/history/history.${part}.ts`] = 'export const other = 1;\n';
    }
    const result = await cruise(files);
    for (const part of parts) {
      expectViolation(
        result,
        'module-only-other-services',
        'apps/api/src/modules/applicants/merge.ts',
        `apps/api/src/modules/history/history.${part}.ts`,
      );
    }
  });

  test('a module cannot import api code outside platform and modules', async () => {
    const result = await cruise({
      'apps/api/src/modules/applicants/merge.ts':
        "import { server } from '../../http-server.ts';\nexport const m = server;\n",
    });
    expectViolation(
      result,
      'module-only-contracts-db-platform',
      'apps/api/src/modules/applicants/merge.ts',
      'apps/api/src/http-server.ts',
    );
  });

  test('contracts import zod and nothing else', async () => {
    const result = await cruise({
      'packages/contracts/src/bad.ts': [
        "import { readFileSync } from 'node:fs';",
        "import pad from 'left-pad';",
        "import type { Db } from '@ats/db/connection';",
        'export const bad = [readFileSync, pad] as unknown as Db;',
        '',
      ].join('\n'),
    });
    expect(result.exitCode).toBeGreaterThan(0);
    const flagged = result.violations
      .filter((v) => v.rule.name === 'contracts-only-zod')
      .map((v) => v.to);
    expect(flagged).toEqual(
      expect.arrayContaining([
        'fs',
        'node_modules/left-pad/index.js',
        'packages/db/src/connection.ts',
      ]),
    );
  });

  test('ui imports nothing internal but itself', async () => {
    const result = await cruise({
      'packages/ui/src/applicant-card.tsx':
        "import { ZApplicant } from '@ats/contracts/applicants';\nexport const card = ZApplicant;\n",
    });
    expectViolation(
      result,
      'ui-nothing-internal',
      'packages/ui/src/applicant-card.tsx',
      'packages/contracts/src/applicants.ts',
    );
  });

  test('db imports nothing from apps', async () => {
    const result = await cruise({
      'packages/db/src/seed.ts':
        "import { moveApplicantToStatus } from '../../../apps/api/src/modules/applicants/applicants.service.ts';\nexport const seed = moveApplicantToStatus;\n",
    });
    expectViolation(
      result,
      'db-not-to-apps',
      'packages/db/src/seed.ts',
      'apps/api/src/modules/applicants/applicants.service.ts',
    );
  });

  test('an import that does not resolve fails instead of slipping past the rules', async () => {
    const result = await cruise({
      'apps/web/src/x.ts':
        "import { y } from '@ats/contracts/no-such-file';\nexport const x = y;\n",
    });
    expectViolation(
      result,
      'not-to-unresolvable',
      'apps/web/src/x.ts',
      '@ats/contracts/no-such-file',
    );
  });

  test("an npm package missing from the workspace's package.json is flagged", async () => {
    const result = await cruise({
      'apps/web/src/x.ts': "import pad from 'left-pad';\nexport const x = pad;\n",
    });
    expectViolation(
      result,
      'no-undeclared-npm',
      'apps/web/src/x.ts',
      'node_modules/left-pad/index.js',
    );
    expect(ruleNames(result)).toEqual(['no-undeclared-npm']);
  });
});
