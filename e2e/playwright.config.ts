import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
// A second server that reaches "TVmaze" (a local stand-in with recorded responses), for the
// catalogue-reach journey; everything else runs on the first one with METADATA_SYNC=off.
export const reachPort = port + 1;
const standInPort = port + 2;
// TMDB watch providers for the second server (where-to-watch journey, ADR 182).
const tmdbStandInPort = port + 3;
// A fresh SQLite file per run (the config is evaluated once per process; the server starts once).
const dbFile = path.join(here, '.tmp', `e2e-${process.env.E2E_RUN_ID ?? process.pid}.db`);
process.env.E2E_RUN_ID ??= String(process.pid);
// The dev outbox (mail without SMTP_URL) and the avatar folder of this run; tests read the
// outbox (tests/outbox.ts), the teardown removes both.
export const outboxDir = path.join(here, '.tmp', `e2e-${process.env.E2E_RUN_ID}-outbox`);
const uploadDir = path.join(here, '.tmp', `e2e-${process.env.E2E_RUN_ID}-uploads`);
const reachDbFile = path.join(here, '.tmp', `e2e-${process.env.E2E_RUN_ID}-reach.db`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [
    {
      // The first account of each empty server (ADR 173): tests/first-run.setup.ts.
      name: 'first-run',
      testMatch: /first-run\.setup\.ts/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      dependencies: ['first-run'],
    },
  ],
  globalTeardown: './global-teardown.ts',
  webServer: [
    {
      // The real server (built SPA + API) on a throwaway SQLite file with the bundled catalogue.
      // The compiled production server (npm run build), as npm start runs it.
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${dbFile}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        // Tests reach only this machine: no live TVmaze refresh.
        METADATA_SYNC: 'off',
        MAIL_OUTBOX_DIR: outboxDir,
        UPLOAD_DIR: uploadDir,
        // New-episode alerts (tests/calendar.spec.ts): checked every 10 s, digests at any hour.
        ALERT_CHECK_SECONDS: '10',
        ALERT_DIGEST_HOUR: '0',
        // imports: uploads wait here for their job.
        IMPORT_DIR: path.join(here, '.tmp', 'imports'),
      },
    },
    {
      // Recorded TVmaze responses on loopback (apps/api/test/tvmaze-stand-in.ts).
      command: 'npx tsx tvmaze-stand-in.ts',
      url: `http://127.0.0.1:${standInPort}/shows/82`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TVMAZE_STAND_IN_PORT: String(standInPort) },
    },
    {
      // Hand-written TMDB responses on loopback (apps/api/test/tmdb-stand-in.ts).
      command: 'npx tsx tmdb-stand-in.ts',
      url: `http://127.0.0.1:${tmdbStandInPort}/3/find/0?api_key=0123456789abcdef0123456789abcdef`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TMDB_STAND_IN_PORT: String(tmdbStandInPort) },
    },
    {
      // The same production server with the catalogue reaching the stand-in (issue 18).
      command: 'node ../apps/api/dist/server.js',
      url: `http://127.0.0.1:${reachPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(reachPort),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${reachDbFile}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        METADATA_SYNC: 'on',
        TVMAZE_BASE_URL: `http://127.0.0.1:${standInPort}`,
        // Where to watch (ADR 182): TMDB's watch providers from the stand-in.
        TMDB_API_KEY: '0123456789abcdef0123456789abcdef',
        TMDB_BASE_URL: `http://127.0.0.1:${tmdbStandInPort}/3`,
        MAIL_OUTBOX_DIR: `${outboxDir}-reach`,
        UPLOAD_DIR: `${uploadDir}-reach`,
        IMPORT_DIR: path.join(here, '.tmp', 'imports-reach'),
      },
    },
  ],
});
