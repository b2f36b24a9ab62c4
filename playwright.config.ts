import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The browser suite runs against the built app on a fresh embedded database with the demo airport,
// in Debian's Chromium. No browser is ever downloaded.
// Each run gets its own port, data folder and results folder, so that runs side by side never meet.
// Workers inherit the environment of the main process, so they see the same values.
// 3100-3599, and the empty airport's 2000 above it: ranges without a port Chromium refuses to open
// (such as 3659 and 4190).
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 500));
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve('e2e/.artifacts', `data-${process.env.E2E_RUN}`);
/** A second server on an empty airport (no demo data), for the first-run spec. */
const EMPTY_PORT = PORT + 2000;
export const E2E_EMPTY_BASE_URL = `http://127.0.0.1:${EMPTY_PORT}`;
export const E2E_ADMIN = { email: 'admin@grafik.test', password: 'tower clearance at gate 2026' };

export default defineConfig({
  testDir: './e2e',
  outputDir: `./e2e/.artifacts/results-${process.env.E2E_RUN}`,
  fullyParallel: false,
  workers: 1,
  // One retry on CI, where a shared machine can stall a step; Playwright reports such a test as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node src/cli/serve.ts',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        // The demo airport without generated shifts: the suite plans its own cells.
        DEMO_SHIFTS: 'off',
        NODE_ENV: 'test',
        // Every spec signs in from 127.0.0.1; the per-address limit has its own server tests.
        SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      },
    },
    {
      // The empty airport: the admin only, no staff groups and the default settings.
      command: 'node src/cli/serve.ts',
      url: `${E2E_EMPTY_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(EMPTY_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-empty`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'off',
        NODE_ENV: 'test',
        SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      },
    },
  ],
});
