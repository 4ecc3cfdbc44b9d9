// @ts-check
// Emits generated/loaders.ts: one `import()` per generated validator module, by its path under
// generated/validators/. The browser entry (packages/validate/src/browser.ts) loads modules through
// it on demand; each import names its file literally, so that bundlers make every module a chunk of
// its own (a Data Model kind's few KB, an R4 resource type's, the shared R4 data types) and the
// first page load carries none of them.

/**
 * @param {Iterable<string>} files paths relative to packages/validate/src/generated
 * @param {string} banner
 * @returns {string}
 */
export function emitLoaders(files, banner) {
  const modules = [...files].filter((f) => f.startsWith('validators/') && f.endsWith('.cjs')).sort();
  const lines = modules.map((f) => `  ${JSON.stringify(f.slice('validators/'.length))}: () => import(${JSON.stringify(`./${f}`)}),`);
  return [
    banner,
    '',
    '/** Imports each generated validator module, by its path under generated/validators/. */',
    'export const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
