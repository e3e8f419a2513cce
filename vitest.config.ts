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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
