// The code blocks of the published packages' READMEs, as a project that installed the tarballs would
// paste them: each ```ts or ```js block becomes a module of its own, with the free variables the
// README leaves to the reader (`payload`, `body`, `text`) bound to valid examples, so that the
// smoke test can run it (and type-check it first when it is TypeScript).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sample each free variable of a snippet stands for: a file of schemas/examples/valid/. */
export const SAMPLES = { payload: 'fhir-patient.json', body: 'auth-tokenrequest.json', text: 'patientadmin-patientmerge.json' };

/**
 * Every ```ts / ```js block of packages/<pkg>/README.md, in order.
 * @param {string} root the repository
 * @param {readonly string[]} packages folder names under packages/
 * @returns {{ name: string, lang: 'ts' | 'js', code: string }[]}
 */
export function readmeBlocks(root, packages) {
  const blocks = [];
  for (const pkg of packages) {
    const text = readFileSync(join(root, 'packages', pkg, 'README.md'), 'utf8');
    let n = 0;
    for (const match of text.matchAll(/^```(ts|js)\n([\s\S]*?)^```$/gm)) {
      blocks.push({ name: `${pkg}-${++n}`, lang: /** @type {'ts' | 'js'} */ (match[1]), code: match[2] });
    }
  }
  return blocks;
}

/**
 * A block as a module (TypeScript for a ts block, JavaScript for a js one): a preamble binding the
 * free variables it uses but does not declare (read from the sample files beside it), then the block.
 * @param {string} code
 * @param {'ts' | 'js'} lang
 */
export function snippetModule(code, lang) {
  const type = (/** @type {string} */ t) => (lang === 'ts' ? `: ${t}` : '');
  const lines = ["import { readFileSync as readSample } from 'node:fs';"];
  for (const [name, file] of Object.entries(SAMPLES)) {
    const used = new RegExp(`\\b${name}\\b`).test(code);
    const declared = new RegExp(`\\b(const|let|var|function)\\s+${name}\\b`).test(code);
    if (!used || declared) continue;
    const read = `readSample(new URL('./${file}', import.meta.url), 'utf8')`;
    lines.push(name === 'text' ? `const text${type('string')} = ${read};` : `const ${name}${type('unknown')} = JSON.parse(${read});`);
  }
  return `${lines.join('\n')}\n${code}`;
}
