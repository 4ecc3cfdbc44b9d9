import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
    testTimeout: 30_000,
    // CommonJS modules (the generated validators and the state they share with the ES modules that
    // import them) load natively, as in Node: one instance whether imported or required.
    server: { deps: { external: [/\.cjs$/] } },
  },
});
