// The trees the build parsed (generated/fhirpath-asts.cjs) stand in for the `fhirpath` package's parser
// (fhir/invariants/preparsed.ts): each must be the tree that parser gives, for every expression
// fhir-invariant may evaluate, with the package version the table names.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpack, type PreparsedTable } from '../../src/fhir/invariants/preparsed.js';
import { ALL_INVARIANTS, byFhirPath } from '../../src/fhir/invariants/table.js';

const require = createRequire(import.meta.url);
const main = require.resolve('fhirpath');
const parserFile = join(dirname(main), 'parser', 'index.js');
const table = require('../../src/generated/fhirpath-asts.cjs') as PreparsedTable;

/** The package's own parser, loaded from its file even where a stand-in is cached in its place. */
function realParser(): { parse(expression: string): unknown } {
  const cached = require.cache[parserFile];
  delete require.cache[parserFile];
  try {
    return require(parserFile) as { parse(expression: string): unknown };
  } finally {
    if (cached) require.cache[parserFile] = cached;
  }
}

describe('the parsed FHIRPath expressions', () => {
  const trees = new Map(table.TREES);

  it("are of the installed package's version", () => {
    expect(table.VERSION).toBe((JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('cover every expression fhir-invariant evaluates, errors and best practices', () => {
    const missing = ALL_INVARIANTS.filter((inv) => byFhirPath(inv) && !trees.has(inv.expression)).map((inv) => inv.key);
    expect(missing).toEqual([]);
    expect(trees.size).toBeGreaterThan(150);
  });

  it("unpack to the parser's own trees, member for member", () => {
    const parser = realParser();
    const differ = [...trees].filter(([expression, packed]) => {
      try {
        expect(unpack(packed, table.TYPES)).toStrictEqual(parser.parse(expression));
        return false;
      } catch {
        return true;
      }
    });
    expect(differ.map(([expression]) => expression)).toEqual([]);
  });

  it('a tree unpacked twice is two trees (the package gets its own, as from its parser)', () => {
    const [, packed] = table.TREES[0]!;
    expect(unpack(packed, table.TYPES)).not.toBe(unpack(packed, table.TYPES));
  });
});
