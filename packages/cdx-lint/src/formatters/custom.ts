// `--format <path or package>`: a formatter of ESLint's shape, `(results, context) => string` (or a
// promise of one), as a module's default export or CommonJS `module.exports`. Its context is
// ESLint's (`cwd`, `rulesMeta` by rule id) with cdx-lint's own fields beside it.
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeRequire } from '../node-require.js';
import { closest } from '../suggest.js';
import type { LintResult } from '../lint/types.js';
import { FormatterError, type FormatContext } from './types.js';

/** What a custom formatter is handed besides the results: ESLint's context and cdx-lint's. */
export interface CustomFormatContext extends FormatContext {
  rulesMeta: Record<string, { type: 'problem'; docs: { description: string; url: string } }>;
}

export type CustomFormatter = (results: LintResult[], context: CustomFormatContext) => string | Promise<string>;

/** A file path rather than a package name: relative, absolute, or with a script's extension. */
const isPath = (spec: string) => spec.startsWith('.') || isAbsolute(spec) || /\.[cm]?js$/.test(spec);

/** Where a formatter is: a file relative to `cwd`, else the package `cdx-lint-formatter-<spec>` or `<spec>`, found from `cwd`. */
function locate(spec: string, cwd: string, builtins: readonly string[]): string {
  if (isPath(spec)) return resolve(cwd, spec);
  const require = nodeRequire(join(cwd, 'noop.js'));
  const names = spec.startsWith('@') || spec.startsWith('cdx-lint-formatter-') ? [spec] : [`cdx-lint-formatter-${spec}`, spec];
  for (const name of names) {
    try {
      return require.resolve(name);
    } catch {
      // try the next name
    }
  }
  const near = closest(spec, builtins);
  throw new FormatterError(
    `not a built-in format (${builtins.join(', ')}), a file or an installed package ${names.map((n) => JSON.stringify(n)).join(' or ')}${near ? `; did you mean ${near}?` : ''}`,
  );
}

/** Loads the formatter `spec` names (a path or a package); `builtins` for a did-you-mean. @throws {FormatterError} */
export async function loadCustomFormatter(spec: string, cwd: string, builtins: readonly string[]): Promise<CustomFormatter> {
  const path = locate(spec, cwd, builtins);
  let module: unknown;
  try {
    module = await import(pathToFileURL(path).href);
  } catch (error) {
    throw new FormatterError(`cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const exported = (module as { default?: unknown }).default ?? module;
  if (typeof exported !== 'function') throw new FormatterError(`${path} exports no formatter function (ESLint's (results, context) => string)`);
  return exported as CustomFormatter;
}

/** ESLint's `rulesMeta`: each rule's type, description and docs address. */
export function rulesMetaOf(context: FormatContext): CustomFormatContext['rulesMeta'] {
  return Object.fromEntries(context.rules.map((r) => [r.id, { type: 'problem' as const, docs: { description: r.description, url: r.docsUrl } }]));
}
