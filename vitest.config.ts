import { defineConfig } from 'vitest/config';

// Unit tests (domain, web logic) and API tests (server, through app.inject on a fresh database per file).
// With DATABASE_URL set, the API tests run on PostgreSQL instead of PGlite.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share a worker's loaded modules (each still builds its own app on its own fresh database):
    // re-importing the app for each of ~90 files took more than half of the run.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
