// @ts-check
// The project's own code, linted with typescript-eslint's strictest type-aware presets (as typescript-eslint
// lints itself), plus a few rules of our own. Generated code and fixtures are excluded by path, never by inline
// disables. Every rule turned off or relaxed below says why.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The no-unsafe-* family: what an `any` may flow into. */
const UNSAFE_ANY = {
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Written by `pnpm generate` (checked by `pnpm check:generated` instead).
      '**/src/generated/**',
      // Inputs of tests and benchmarks: payloads, configs and TypeScript fixtures, some wrong on purpose.
      '**/test/fixtures/**',
      'bench/**',
      'schemas/**',
      'docs/**',
      'examples/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `typeof import('typescript')` stays allowed: typescript is an optional peer, loaded only when a
      // TypeScript fixture is linted, so its types may be named but the module must not be imported eagerly.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // `const { $ref, ...rest } = schema` is how a member is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A no-op callback is written `() => {}`; empty functions and methods stay errors.
      '@typescript-eslint/no-empty-function': ['error', { allow: ['arrowFunctions'] }],
      // tsconfig.base.json has noUncheckedIndexedAccess: every indexed read is typed as possibly undefined, and
      // `!` marks the reads that a bound or a lookup just above proves. A runtime check instead would add
      // branches that cannot be taken to the hot loops.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Escaping and sanitising output means matching control characters on purpose (formatters/escape.ts and
      // the tests that feed them); the rule exists to catch them by accident.
      'no-control-regex': 'off',
      // Payloads, configs and JSON patches are plain objects keyed by their own member names: removing a
      // member by its computed name is the operation itself (a Map would have to be copied back to an object).
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Numbers in messages (counts, lines, offsets) are the common case; everything else must be a string.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Tests and JavaScript tools read JSON (CLI reports, LSP messages, payloads, benchmark output) through
    // JSON.parse, which is `any` by nature; a test's expect() is what checks that shape, and the scripts' inputs
    // are our own files. The rest of the strict presets applies to them as to the packages' sources.
    files: ['**/test/**', 'scripts/**', 'packages/*/test/**', 'packages/vscode/build.mjs', 'packages/playground/vite.config.ts'],
    rules: {
      ...UNSAFE_ANY,
      // ajv's draft-2020 class and the core class standalone() is typed with are siblings: JSDoc cannot say so.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // Tests hand deliberately mistyped values to typed APIs (hostile input, wrong payloads) and stub parts of them.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Benchmark, robustness and packaging scripts are plain JavaScript without // @ts-check (the generator's
    // modules opt in, scripts/test/ts-check.test.ts keeps them so): values are inferred as wide unions or
    // any, so these rules would flag inference, not mistakes.
    files: ['scripts/bench/**', 'scripts/robustness/**', 'scripts/smoke/**', 'scripts/{bundle,copy-cjs,copy-schemas,fuzz}.mjs'],
    rules: {
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // Plain JavaScript that no tsconfig covers (the CLI's bin shim, @cdx/validate's hand-written CommonJS
    // helpers, build files): tsc does not check them, so type-aware rules would only see `any`. The
    // untyped rules still apply.
    files: [
      '**/*.cjs',
      'packages/{cdx-lint,mock}/bin/*.js',
      'packages/language-server/bin/*.js',
      'packages/vscode/build.mjs',
      'packages/playground/test/support/*.mjs',
      'eslint.config.js',
    ],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // CommonJS by its extension: require() is how it imports.
    files: ['**/*.cjs', '**/*.d.cts'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // A declaration file declares classes for its exports' types only.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Code that runs in the page a browser test or benchmark drives (page.evaluate callbacks).
    files: ['packages/playground/test/support/*.mjs', 'scripts/bench/playground.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
