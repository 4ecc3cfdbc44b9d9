// Where each rule's page is. The package ships docs/rules/ (dist/docs/rules/<id>.md), so a link opens
// offline and matches the installed version: in Node, the file: URL of that directory. A browser has
// no installed files: there, the same directory of the published package on the npm CDN.

/** The npm CDN's copy of the shipped pages, for a bundle that runs where no package is installed. */
const PUBLISHED = 'https://unpkg.com/@cdx/validate/dist/docs/rules/';

interface NodeProcess {
  getBuiltinModule?: (id: string) => unknown;
}

/** dist/docs/rules/ of the installed @cdx/validate, as a file: URL; undefined outside Node. */
function installed(): string | undefined {
  // Reached through process.getBuiltinModule: this module is also in the browser build, which
  // must not import node: modules.
  const getBuiltin = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') return undefined;
  try {
    const { createRequire } = getBuiltin('node:module') as typeof import('node:module');
    const { pathToFileURL } = getBuiltin('node:url') as typeof import('node:url');
    // The package's own name resolves to its manifest from any of its files, bundled or not.
    const manifest = createRequire(import.meta.url).resolve('@cdx/validate/package.json');
    return new URL('dist/docs/rules/', pathToFileURL(manifest)).href;
  } catch {
    return undefined;
  }
}

/** Where docs/rules/ is for this installation; SARIF, the stylish output and the language server link each rule there. */
export const RULE_DOCS_URL = installed() ?? PUBLISHED;
