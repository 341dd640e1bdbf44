import { defineConfig } from 'vitest/config';

// One test configuration for every workspace: packages resolve each other to source through the
// `@wesgine/source` export condition, so tests never wait for a build or see a stale dist/.
const conditions = ['@wesgine/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@wesgine/source'] } },
  test: {
    include: ['src/**/*.test.ts', '*.test.ts', '**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/fixtures/**'],
    typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.json', ignoreSourceErrors: false },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
