import { defineConfig } from 'vite';

// A static site: relative asset URLs (any folder of any static host), one chunk per generated
// validator module and per example, loaded when a payload needs it.
export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    // The validators of big R4 resource types are chunks of 100–200 KB, loaded on demand.
    chunkSizeWarningLimit: 1200,
    modulePreload: { polyfill: false },
  },
  // The dev server pre-bundles the workspace packages too: their generated validators are CommonJS.
  optimizeDeps: { include: ['@cdx/validate', '@cdx/validate/browser', '@cdx/validate/auth', 'cdx-lint/text'] },
  // The check worker (src/check-worker.ts) imports validators on demand: an ES module worker.
  worker: { format: 'es' },
  server: { fs: { allow: ['../..'] } },
});
