import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database; PGlite is single-threaded WASM, so keep files apart.
          pool: 'forks',
          // On PostgreSQL migrates a template once for the run (test-database.ts copies it).
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          // Tests of the repository's own tooling (lint rules, scripts).
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
