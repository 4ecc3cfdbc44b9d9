// @ts-check
// @cdx/validate's registry list (generated/rules.ts): every rule file under packages/validate/src/rules/
// (a file that exports `const <name>Rule = createRule(…)`), sorted by rule id, which is the file's
// name. A new rule is registered by writing its file and running `pnpm generate`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Where the rule files are, relative to the repository root. */
export const RULES_DIR = 'packages/validate/src/rules';

const EXPORT = /^export const (\w+Rule) = createRule\b/m;

/**
 * The rule files: their path relative to the rules folder, and the name each exports its rule as.
 * @param {string} root repository root
 * @returns {{ file: string, name: string, id: string }[]}
 */
export function ruleFiles(root) {
  const dir = join(root, RULES_DIR);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .flatMap((d) => {
      const path = join(d.parentPath, d.name);
      const name = EXPORT.exec(readFileSync(path, 'utf8'))?.[1];
      const file = relative(dir, path).split(sep).join('/');
      return name ? [{ file, name, id: d.name.slice(0, -'.ts'.length) }] : [];
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The module's code (without banner).
 * @param {string} root repository root
 */
export function emitRuleList(root) {
  const files = ruleFiles(root);
  return [
    ...files.map(({ file, name }) => `import { ${name} } from '../rules/${file.replace(/\.ts$/, '.js')}';`),
    '',
    '/** Every rule of @cdx/validate, sorted by id: each file of src/rules/ that exports a rule made by `createRule`. */',
    'export const RULES = [',
    ...files.map(({ name }) => `  ${name},`),
    '] as const;',
  ].join('\n');
}
