import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure helpers run in node; component tests opt into jsdom with a file pragma.
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // A screen test types a whole form through user-event in jsdom: seconds on a busy 2-core
    // machine, so the default 5 s fails what is only slow.
    testTimeout: 15_000,
  },
});
