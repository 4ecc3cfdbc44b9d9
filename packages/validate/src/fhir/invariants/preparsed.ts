// The `fhirpath` package parses each expression with an ANTLR parser: loading antlr4 and parsing the
// few expressions a payload meets was a quarter of a cold lint of one Questionnaire. The generator
// parses every expression fhir-invariant evaluates with the same parser (generated/fhirpath-asts.cjs),
// and in Node this hands those trees to the package in place of its parser module: the package asks
// its parser for a tree (`parse`) and evaluates it, so it evaluates what it would have parsed. An
// expression not in the table, or another fhirpath version than the table's, loads the real parser.
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';

type Packed = readonly (string | number | null | Packed)[];

/** A node of the package's syntax tree (fhirpath/src/parser/custom-listeners.js). */
interface Node {
  type: string;
  text?: string;
  start?: { line: number; column: number };
  length?: number;
  atRoot?: number;
  children?: Node[];
}

/** generated/fhirpath-asts.cjs */
export interface PreparsedTable {
  readonly VERSION: string;
  readonly TYPES: readonly string[];
  readonly TREES: readonly (readonly [expression: string, tree: Packed])[];
}

interface Parser {
  parse(expression: string): Node;
}

/** A packed node ([type, text, line, column, length, atRoot, ...children]) as the parser makes it; scripts/fhir/fhirpath-asts.mjs packs. */
export function unpack(packed: Packed, types: readonly string[]): Node {
  const [type, text, line, column, length, atRoot] = packed;
  const node: Node = { type: types[type as number] ?? '' };
  if (text !== null) node.text = text as string;
  if (line !== null) node.start = { line: line as number, column: column as number };
  if (length !== null) node.length = length as number;
  if (atRoot !== null) node.atRoot = atRoot as number;
  if (packed.length > 6) node.children = packed.slice(6).map((child) => unpack(child as Packed, types));
  return node;
}

/**
 * Before the package is first required: puts a parser module that answers from the table where the
 * package's parser module would be loaded from. False when it did not (the package or its parser
 * already loaded, or another version).
 * @param require a require that resolves `fhirpath` as the package's users do
 * @param table the generated table (required only here, so a payload without FHIRPath never reads it)
 */
export function preparseFhirPath(require: NodeJS.Require, table: () => PreparsedTable): boolean {
  const main = require.resolve('fhirpath');
  const file = join(dirname(main), 'parser', 'index.js');
  if (require.cache[main] || require.cache[file]) return false;
  const { version } = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string };
  const { VERSION, TYPES, TREES } = table();
  if (version !== VERSION) return false;
  const trees = new Map(TREES);
  let real: Parser | undefined;
  // The package's parser itself, for an expression the table lacks: loaded from its file once, the
  // stand-in put back so that the package keeps asking it.
  const realParser = (): Parser => {
    delete require.cache[file];
    try {
      return require(file) as Parser;
    } finally {
      require.cache[file] = standIn;
    }
  };
  const parser: Parser = {
    parse(expression) {
      const packed = trees.get(expression);
      // A fresh tree each time, as the parser gives.
      return packed ? unpack(packed, TYPES) : (real ??= realParser()).parse(expression);
    },
  };
  const standIn = new Module(file);
  standIn.filename = file;
  standIn.exports = parser;
  standIn.loaded = true;
  require.cache[file] = standIn;
  return true;
}
