import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The page is built into dist/ui and served by the runtime's HTTP API (`page: { root }`), from the same
// origin as the API. Workspace packages are read from source (`@wesgine/source`), like the tests do.
export default defineConfig({
  root: 'src/ui',
  base: '/',
  plugins: [react()],
  resolve: { conditions: ['@wesgine/source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: '../../dist/ui',
    emptyOutDir: true,
    assetsDir: 'assets',
    // One file per kind keeps the first load to a few requests; the bench in test/bench measures it.
    chunkSizeWarningLimit: 2048,
  },
});
