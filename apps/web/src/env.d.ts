/** Build id compiled in by vite.config.ts; 'dev' under the dev server, 'test' under Vitest. */
declare const __BUILD_ID__: string;
