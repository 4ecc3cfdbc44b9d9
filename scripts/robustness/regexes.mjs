// @ts-check
// Every regular expression that can meet user input: each `pattern` (and patternProperties name)
// in schemas/, each cdx format (scripts/lib/ajv.mjs) and each regex literal in packages/*/src
// (formats.cjs holds the function formats), found by the TypeScript parser, not by a regex.
// robust-regex.test.ts proves each free of catastrophic backtracking; budgets.mjs times them.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** @typedef {{ where: string, source: string, flags: string }} Found */

/** @param {string} dir @param {string} suffix */
function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f));
}

/** @returns {Found[]} */
export function schemaPatterns() {
  /** @type {Found[]} */
  const out = [];
  /** @param {unknown} value @param {string} file */
  const visit = (value, file) => {
    if (Array.isArray(value))
      value.forEach((v) => {
        visit(v, file);
      });
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        // ajv compiles schema patterns with the u flag.
        if (key === 'pattern' && typeof child === 'string') out.push({ where: file, source: child, flags: 'u' });
        if (key === 'patternProperties' && typeof child === 'object' && child !== null)
          for (const name of Object.keys(child)) out.push({ where: file, source: name, flags: 'u' });
        visit(child, file);
      }
    }
  };
  for (const file of filesUnder(join(repo, 'schemas'), '.schema.json')) visit(JSON.parse(readFileSync(file, 'utf8')), file.slice(repo.length + 1));
  return out;
}

/**
 * Regex literals and `new RegExp(...)` calls in TypeScript and hand-written CommonJS sources.
 * @returns {{ literals: Found[], constructed: string[] }}
 */
export function codeRegexes() {
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  /** @type {Found[]} */
  const literals = [];
  /** @type {string[]} */
  const constructed = [];
  const packages = join(repo, 'packages');
  for (const pkg of readdirSync(packages)) {
    // @cdx/rule-tester is private test tooling: its expressions read the rules' own messages, never user input.
    if (pkg === 'rule-tester') continue;
    /** @type {string[]} */
    let files;
    try {
      const src = join(packages, pkg, 'src');
      // Hand-written CommonJS too (formats.cjs); generated code holds schema patterns and formats, covered above.
      files = [...filesUnder(src, '.ts'), ...filesUnder(src, '.cjs').filter((f) => !f.includes(join('src', 'generated')))];
    } catch {
      continue;
    }
    for (const file of files) {
      const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      const where = file.slice(repo.length + 1);
      /** @param {import('typescript').Node} node */
      const visit = (node) => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = /** @type {import('typescript').RegularExpressionLiteral} */ (node).text;
          const end = text.lastIndexOf('/');
          literals.push({ where, source: text.slice(1, end), flags: text.slice(end + 1).replace(/[gy]/g, '') });
        }
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') constructed.push(where);
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return { literals, constructed };
}

/**
 * Every distinct regular expression, with one place it comes from.
 * @param {Record<string, RegExp>} formats the cdx formats (scripts/lib/ajv.mjs CDX_FORMATS)
 * @returns {Found[]}
 */
export function regexes(formats) {
  /** @type {Map<string, Found>} */
  const byKey = new Map();
  const all = [
    ...schemaPatterns(),
    ...Object.entries(formats).map(([name, re]) => ({ where: `scripts/lib/ajv.mjs CDX_FORMATS.${name}`, source: re.source, flags: re.flags })),
    ...codeRegexes().literals,
  ];
  for (const f of all) if (!byKey.has(`${f.flags}/${f.source}`)) byKey.set(`${f.flags}/${f.source}`, f);
  return [...byKey.values()];
}
