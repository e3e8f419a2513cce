import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Journeys in Debian's Chromium against the built app on a fresh embedded database (a new DATA_DIR per run).
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = path.join(os.tmpdir(), `bike-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: 'tests/e2e',
  // Two spec files at a time (each spec's tests in order): journeys use their own people, plates and
  // accounts, and the machine has two cores.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'da-DK',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // A controlling service worker would fetch API calls itself, out of reach of page.route; only the PWA spec allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The server runs from source; the web app must be built (npm run build, or WEB_DIR=… for another build).
    command: 'npx tsx src/server/main.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // From source with tsx: a cold start on a busy machine has taken over a minute.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every browser is 127.0.0.1 here: per-client limits would count all journeys as one client.
      SEARCH_RATE_LIMIT_PER_MINUTE: '10000',
      PLATE_CHECK_RATE_LIMIT_PER_MINUTE: '10000',
      // A journey pages through a conversation of 52 messages written at once.
      CHAT_MESSAGES_PER_MINUTE: '1000',
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
    },
  },
});
