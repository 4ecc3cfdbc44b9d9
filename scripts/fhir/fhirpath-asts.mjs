// @ts-check
// The syntax trees of the FHIRPath expressions fhir-invariant evaluates, as the `fhirpath` package's
// own parser gives them, for @cdx/validate to hand to that package instead of parsing at run time:
// its ANTLR parser (antlr4, and the work of parsing each expression) was a quarter of a cold lint of
// one Questionnaire. Written by `pnpm generate` to packages/validate/src/generated/fhirpath-asts.cjs;
// read by packages/validate/src/fhir/invariants/preparsed.ts (which unpacks), only with the version it was made with.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { invariantRows } from './invariants.mjs';

/** @typedef {{ type: string, text?: string, start?: { line: number, column: number }, length?: number, atRoot?: number, children?: Node[] }} Node */
/** @typedef {(string | number | null | Packed)[]} Packed */

/** The members a node may have: more, or another shape, and the generator stops (a new fhirpath). */
const MEMBERS = new Set(['type', 'text', 'start', 'length', 'atRoot', 'children']);

/**
 * A node as an array: [type (index into `types`), text, line, column, length, atRoot, ...children],
 * null for a member it lacks. children follow; a node without any has no `children` member.
 * @param {Node} node @param {string[]} types
 * @returns {Packed}
 */
function pack(node, types) {
  // Lossless only for the members it knows, each a value or absent (the test unpacks every tree and
  // compares it with the parser's).
  for (const [key, value] of /** @type {[string, unknown][]} */ (Object.entries(node))) {
    if (!MEMBERS.has(key) || value === undefined || value === null) throw new Error(`fhirpath-asts: a node member "${key}" this packing does not know`);
  }
  if (node.start && Object.keys(node.start).join() !== 'line,column') throw new Error('fhirpath-asts: a start of another shape');
  if (node.children?.length === 0) throw new Error('fhirpath-asts: a node with an empty children list');
  let index = types.indexOf(node.type);
  if (index < 0) index = types.push(node.type) - 1;
  const own = [index, node.text ?? null, node.start?.line ?? null, node.start?.column ?? null, node.length ?? null, node.atRoot ?? null];
  return [...own, ...(node.children ?? []).map((child) => pack(child, types))];
}

/**
 * JSON text broken after a comma outside strings once a line passes `width` characters: a generated
 * line stays short (the longest string, a whole expression, is shorter than its invariant's row).
 * @param {string} json @param {string} indent @param {number} width
 */
function wrap(json, indent, width = 160) {
  let out = '';
  let line = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charAt(i);
    out += c;
    line++;
    if (inString) {
      if (c === '\\') {
        out += json.charAt(++i);
        line++;
      } else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',' && line > width) {
      out += `\n${indent}`;
      line = indent.length;
    }
  }
  return out;
}

/**
 * The expressions fhir-invariant may evaluate (every constraint's, errors and best practices, and the
 * corrected ones), each with its packed tree.
 * @param {string} root repository root
 * @param {string} banner
 */
export function emitFhirPathAsts(root, banner) {
  const require = createRequire(join(root, 'packages/validate/package.json'));
  const main = require.resolve('fhirpath');
  const { version } = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8'));
  /** @type {{ parse(expression: string): Node }} */
  const parser = require(join(dirname(main), 'parser', 'index.js'));
  /** @type {Record<string, { expression: string }>} */
  const corrected = require(join(root, 'packages/validate/src/fhir/invariants/corrected.cjs'));
  const expressions = [...new Set([...invariantRows(root).map((row) => row[4]), ...Object.values(corrected).map((c) => c.expression)])]
    .filter((e) => e !== '')
    .sort();
  /** @type {string[]} */
  const types = [];
  const entries = expressions.map((expression) => {
    const tree = parser.parse(expression);
    const packed = pack(tree, types);
    return `  [\n    ${JSON.stringify(expression)},\n    ${wrap(JSON.stringify(packed), '    ')},\n  ],`;
  });
  return `${banner}
'use strict';
// The trees the \`fhirpath\` package's parser gives for the expressions fhir-invariant evaluates.
// Each node: [type (an index into TYPES), text, line, column, length, atRoot, ...children], null for
// a member the parser's node lacks.

exports.VERSION = ${JSON.stringify(version)};

exports.TYPES = ${wrap(JSON.stringify(types), '  ')};

exports.TREES = [
${entries.join('\n')}
];
`;
}
