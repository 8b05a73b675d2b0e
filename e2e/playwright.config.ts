import { defineConfig, devices } from '@playwright/test';
import { APP_URL, CONTROL_URL } from './harness/ports.ts';

const onCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: './journeys',
  // Two cores: two browsers at most, each test on its own fresh account.
  workers: 2,
  fullyParallel: true,
  forbidOnly: onCi,
  retries: onCi ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL: APP_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // Debian's Chromium; Playwright never downloads a browser here.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // The harness builds the SPA when stale (webServer starts before globalSetup, and the server
  // reads apps/web/dist at start-up), then serves API + SPA with a fresh database, a loopback
  // SMTP server and the test control server. It is ready once the control server answers.
  webServer: {
    command: 'node --import tsx e2e/harness/serve.ts',
    cwd: '..',
    url: `${CONTROL_URL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
