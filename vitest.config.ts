import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: `npm test` runs every project.
// The API project runs against SQLite, and against PostgreSQL too when
// TEST_DATABASE_URL is set (see apps/api/test/setup-db.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
