// Generated code is committed, reviewed as diffs and read in editors and stack traces: no line of
// @cdx/validate's generated modules is longer than 1,000 characters (a 150-value enum compared value
// by value, a resource's field map, the R4 type list are broken over lines by the generator).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cases.js';

const GENERATED = join(repoRoot, 'packages/validate/src/generated');
const LONGEST = 1000;

function files(): string[] {
  return readdirSync(GENERATED, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe("@cdx/validate's generated code", () => {
  it(`has no line longer than ${LONGEST} characters`, () => {
    const long: string[] = [];
    for (const file of files()) {
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        if (line.length > LONGEST) long.push(`${file.slice(GENERATED.length + 1)}:${i + 1} (${line.length})`);
      }
    }
    expect(files().length).toBeGreaterThan(300);
    expect(long).toEqual([]);
  });
});
