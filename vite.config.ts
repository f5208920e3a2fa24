import { defineConfig } from 'vitest/config';

/**
 * Test projects of the workspace (one per package). The PWA build config joins this file when the PWA
 * lands; `npm test` runs every project.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          root: './engine',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'sync-server',
          root: './sync-server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
