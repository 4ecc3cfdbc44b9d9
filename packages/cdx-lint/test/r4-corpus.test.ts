// The whole hl7.fhir.r4.examples@4.0.1 package through the CLI as a user runs it, with
// --fix-dry-run: --fix would not touch one file of valid R4, and nothing cdx reports on them says
// "not R4" but on the few official examples that are not (listed with the reason beside the
// @cdx/validate corpus test).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from './support/bin.js';

interface FileResult {
  filePath: string;
  kind: string | null;
  messages: { ruleId: string; line: number; column: number; message: string; fix?: unknown }[];
  output?: string;
}

const require = createRequire(import.meta.url);
const dir = dirname(require.resolve('hl7.fhir.r4.examples/package.json'));
/** Rules that would mean cdx misreads valid R4. */
const NOT_ON_VALID_R4 = new Set(['schema', 'unknown-kind', 'spelling-drift', 'unknown-field', 'fhir-reference', 'fhir-bundle', 'fhir-invariant']);
/** The official examples that are not valid R4, with the reason (shared with @cdx/validate's corpus test). */
const INVALID_R4 = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../validate/test/fhir/fixtures/invalid-r4.json'), 'utf8')) as {
    invalid: Record<string, { pointers: string[] | null; missingLinkIds?: number; findings?: string[]; invariants?: string[] }>;
  }
).invalid;

describe('cdx-lint --fix-dry-run on hl7.fhir.r4.examples@4.0.1', () => {
  // --no-ignore: the examples are installed under node_modules/, which is ignored by default.
  const run = runBin(['--no-ignore', '--fix-dry-run', '--format', 'json', dir]);
  const name = (r: FileResult) => r.filePath.slice(dir.length + 1);
  // package.json is the package's own manifest, not an example.
  const results = (JSON.parse(run.stdout) as FileResult[]).filter((r) => name(r) !== 'package.json');

  it('lints every example', () => {
    expect(run.stderr).toBe('');
    expect(results).toHaveLength(5306);
    expect(results.filter((r) => r.kind === null).map(name)).toEqual([]);
  });

  it('proposes no rename', () => {
    expect(results.filter((r) => r.output !== undefined || r.messages.some((m) => m.fix)).map(name)).toEqual([]);
  });

  it('reports nothing that says "not R4" on valid R4, and the invalid examples exactly', () => {
    const unexpected = results.flatMap((r) => {
      const file = name(r);
      if (file in INVALID_R4) return [];
      return r.messages.filter((m) => NOT_ON_VALID_R4.has(m.ruleId)).map((m) => `${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    });
    expect(unexpected).toEqual([]);
    for (const [file, { pointers, missingLinkIds, findings, invariants }] of Object.entries(INVALID_R4)) {
      const result = results.find((r) => name(r) === file)!;
      expect(
        result.messages.filter((m) => m.ruleId === 'schema'),
        file,
      ).toHaveLength(pointers?.length ?? missingLinkIds!);
      const others = result.messages
        .filter((m) => NOT_ON_VALID_R4.has(m.ruleId) && m.ruleId !== 'schema' && m.ruleId !== 'fhir-invariant')
        .map((m) => m.ruleId);
      expect(others, file).toEqual((findings ?? []).map((f) => f.split(' ')[0]));
      expect(result.messages.filter((m) => m.ruleId === 'fhir-invariant').length, file).toBe(invariants?.length ?? 0);
    }
  });

  it('exits 1: the invalid examples are errors', () => {
    expect(run.status).toBe(1);
  });
});
