// Dependency rules of docs/ARCHITECTURE.md (and DESIGN.md §Layout), enforced by `npm run lint`:
//   depcruise apps packages e2e bench --config .dependency-cruiser.cjs
// scripts/lint-rules.test.ts proves that every rule below fails on a violating fixture.
// Paths are relative to the repository root; workspace imports (`@ats/contracts/x`) are resolved
// through node_modules/@ats symlinks and the packages' `exports` maps to their real files, so a
// rule written against `packages/...` also catches `@ats/...` imports.

/** Our own code: anything outside node_modules in these top-level folders. */
const INTERNAL = '^(apps|packages|e2e|bench)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-only-contracts-and-ui',
      severity: 'error',
      comment:
        'apps/web may import only packages/contracts and packages/ui among internal code: ' +
        'the SPA never imports server (apps/api) or database (packages/db) code.',
      from: { path: '^apps/web/' },
      to: { path: INTERNAL, pathNot: ['^apps/web/', '^packages/(contracts|ui)/'] },
    },
    {
      name: 'web-feature-not-to-other-features',
      severity: 'error',
      comment:
        'apps/web/src/features/X may not import another feature (nor the routes or app that ' +
        'compose features): features stay independent so one can change or go without breaking ' +
        'another. Move what two features share down to apps/web/src/shared, or compose the ' +
        'features in a route (apps/web/src/routes) or in apps/web/src/app.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/(features|routes|app)/',
        pathNot: '^apps/web/src/features/$1/',
      },
    },
    {
      name: 'web-shared-not-to-features',
      severity: 'error',
      comment:
        'apps/web/src/shared is what features have in common: it imports no feature, route or ' +
        'app code, or it would become the back door between two features.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|routes|app)/' },
    },
    {
      name: 'module-only-contracts-db-platform',
      severity: 'error',
      comment:
        'apps/api/src/modules/X may import packages/contracts, packages/db, apps/api/src/platform ' +
        'and other modules (their *.service.ts only, see module-only-other-services) - nothing else internal.',
      // A module's integration tests also use the harness in apps/api/test (factories, HTTP).
      from: { path: '^apps/api/src/modules/', pathNot: '[.]test[.]ts$' },
      to: {
        path: INTERNAL,
        pathNot: ['^packages/(contracts|db)/', '^apps/api/src/(platform|modules)/'],
      },
    },
    {
      name: 'module-only-other-services',
      severity: 'error',
      comment:
        "A module may use another module only through its *.service.ts - never another module's " +
        'repository, routes, jobs or policy.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/.*[.]service[.]ts$'],
      },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment:
        'packages/contracts imports only zod (and itself): it is loaded by the browser and the ' +
        'server alike, so no other npm package, no Node built-in, no other internal code.',
      from: { path: '^packages/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^packages/contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'ui-nothing-internal',
      severity: 'error',
      comment:
        'packages/ui is the design system: it imports nothing internal but itself (React and ' +
        'other npm packages are fine) - no feature, no contract, no app code.',
      from: { path: '^packages/ui/' },
      to: { path: INTERNAL, pathNot: '^packages/ui/' },
    },
    {
      name: 'db-not-to-apps',
      severity: 'error',
      comment:
        'packages/db sits below the apps: it must not import anything from apps/ (or e2e, bench, ui).',
      from: { path: '^packages/db/' },
      to: { path: '^(apps/|e2e/|bench/|packages/ui/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular dependencies are forbidden: break the cycle by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-barrel-files',
      severity: 'error',
      comment:
        'No barrel index.ts/index.tsx files: import the file that defines the thing ' +
        '(`@ats/contracts/applicants`, `./applicants.service.ts`).',
      from: { path: '^(apps|packages)/.+/index\\.(ts|tsx|mts|cts|js|mjs|jsx)$' },
      to: {},
    },
    {
      name: 'no-barrel-files',
      severity: 'error',
      comment: 'No barrel index.ts/index.tsx files: import the file that defines the thing.',
      from: {},
      to: { path: '^(apps|packages)/.+/index\\.(ts|tsx|mts|cts|js|mjs|jsx)$' },
    },
    {
      name: 'no-barrel-files',
      severity: 'error',
      comment: 'No barrel index.ts/index.tsx files, not even unused ones.',
      from: { orphan: true, path: '^(apps|packages)/.+/index\\.(ts|tsx|mts|cts|js|mjs|jsx)$' },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that cannot be resolved is a typo or a missing dependency - and it would ' +
        'slip past every rule above, so it fails lint too.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-undeclared-npm',
      severity: 'error',
      comment:
        "An npm package imported by a workspace must be declared in that workspace's package.json " +
        '(or the root one); hoisting would otherwise hide the missing dependency.',
      from: { pathNot: '^(scripts/|[^/]+\\.config\\.)' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: {
      path: '(^|/)(dist|builds|migrations|test-results|playwright-report|coverage)/',
    },
    // Count `import type` too: a type-only import from apps/api into apps/web is still a leak.
    tsPreCompilationDeps: true,
    // Read each workspace's package.json together with the root one (npm-no-pkg per workspace).
    combinedDependencies: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      // `@ats/contracts/x` → node_modules/@ats/contracts (symlink) → exports "./*" → src/x.ts
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
