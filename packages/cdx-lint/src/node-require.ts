/**
 * Node's `require`, for modules cdx-lint loads on first use (jsonc-parser, TypeScript), reached
 * through `process.getBuiltinModule` rather than an import of node:module: the modules that call
 * this are also on the path of the text API (src/text.ts), which must load in a browser, where
 * they never call it.
 */
export function nodeRequire(from: string): NodeJS.Require {
  return process.getBuiltinModule('node:module').createRequire(from);
}
