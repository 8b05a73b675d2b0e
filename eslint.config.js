// Flat ESLint config for the whole monorepo. Syntax-only rules keep `npm run lint` fast and
// `npm run typecheck` is where the compiler checks types; the API alone adds one type-aware rule
// (a promise nobody awaits loses its error and its ordering).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      '**/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      'data/**',
      '.data-*/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Braces for every multi-line body; one-line guard clauses (`if (!open) return;`) stay terse.
      curly: ['error', 'multi-line', 'consistent'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The browser side: React hooks rules, browser globals.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    // The API: a promise is awaited, returned or handled — or marked `void` with a comment saying
    // why nobody waits for it. Type-aware, through the API's own tsconfig (projectService).
    files: ['apps/api/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // A Fastify reply is thenable (it can be awaited to send) but its setters (header,
          // setCookie, sendFile) only configure the answer: nothing is lost by not awaiting them.
          allowForKnownSafePromises: [
            { from: 'package', name: 'FastifyReply', package: 'fastify' },
          ],
        },
      ],
    },
  },
  {
    // The server logs through its structured logger (pino), never the console.
    files: ['apps/api/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Command-line programs talk to the terminal; the server logs through its logger instead.
    files: [
      'scripts/**/*.{js,mjs,ts}',
      // Entry points print fatal start-up errors before (or without) the logger.
      'apps/api/src/main.ts',
      'apps/api/src/worker.ts',
      'apps/api/src/seed-demo.ts',
      'apps/api/src/demo-seed.ts',
      'apps/api/scripts/**/*.ts',
      'packages/db/scripts/**/*.ts',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      '**/*.config.{js,ts,mjs,cjs}',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // CommonJS config files (dependency-cruiser).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests may print diagnostics and use non-null assertions on fixtures they just built.
    files: ['**/*.test.{ts,tsx}', 'apps/api/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
