// The generated types of the FHIR kinds, through the TypeScript language service as an editor uses
// it: a ChargeItemCreate bundle written by hand type-checks, its mistakes do not, and completion
// inside an entry offers the members of the resource its resourceType names.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support.js';

const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
const dir = mkdtempSync(join(tmpdir(), 'cdx-fhir-types-'));
const types = join(repoRoot, 'packages/types/src/generated/index.js').replace(/\\/g, '/');

const SOURCE = `
import type { ChargeItemCreateBundle, KindMap, ServiceMedicationRequest } from '${types}';

export const ok: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  timestamp: '2026-03-01T12:00:00Z',
  entry: [
    {
      fullUrl: 'urn:uuid:2b1f3a54-7c1e-4a5e-9f0a-1d2c3b4a5e60',
      resource: {
        resourceType: 'MessageHeader',
        eventUri: 'https://defs.example/EventDefinition/ChargeItemCreate',
        source: { endpoint: 'https://ehr.example/ack' },
        focus: [{ reference: 'urn:uuid:39be3a4b-5c6d-4e7f-8a8b-1c2d3e4f5a6d' }],
      },
    },
    {
      fullUrl: 'urn:uuid:39be3a4b-5c6d-4e7f-8a8b-1c2d3e4f5a6d',
      resource: { resourceType: 'ChargeItem', status: 'billable', code: { text: 'Office visit' }, subject: { reference: 'Patient/1' } },
    },
    { fullUrl: 'urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-7a3c9d2e1f01', resource: { resourceType: 'Patient', gender: 'male' } },
  ],
};

export const kind: KindMap['fhir/ChargeItemCreate'] = ok;

export const typo: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Patient', gendr: 'male' } }],
};

export const badValue: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'ChargeItem', status: 'paid', code: {}, subject: {} } }],
};

export const notAllowed: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Observation', status: 'final', code: {} } }],
};

export const noFullUrl: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [{ resource: { resourceType: 'Patient' } }],
};

export const medication: ServiceMedicationRequest = {
  resourceType: 'MedicationRequest',
  status: 'active',
  intent: 'order',
  subject: { reference: 'Patient/1' },
  medicationCodeableConcept: { text: 'Amoxicillin' },
};

export const completeMe: ChargeItemCreateBundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'ChargeItem', /*here*/ } }],
};
`;

const file = join(dir, 'bundle.ts');
writeFileSync(file, SOURCE);
const options: import('typescript').CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: [],
};
const service = ts.createLanguageService({
  getScriptFileNames: () => [file],
  getScriptVersion: () => '1',
  getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)!) : undefined),
  getCurrentDirectory: () => dir,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: (...args: Parameters<typeof ts.sys.fileExists>) => ts.sys.fileExists(...args),
  readFile: (...args: Parameters<typeof ts.sys.readFile>) => ts.sys.readFile(...args),
  readDirectory: (...args: Parameters<typeof ts.sys.readDirectory>) => ts.sys.readDirectory(...args),
  directoryExists: (...args: Parameters<typeof ts.sys.directoryExists>) => ts.sys.directoryExists(...args),
  getDirectories: (...args: Parameters<typeof ts.sys.getDirectories>) => ts.sys.getDirectories(...args),
});
const diagnostics = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)];
const lineOf = (d: import('typescript').Diagnostic) => SOURCE.slice(0, d.start).split('\n').length;
const declarationAt = (line: number) =>
  /export const (\w+)/.exec(
    SOURCE.split('\n')
      .slice(0, line)
      .reverse()
      .find((l) => l.startsWith('export const')) ?? '',
  )?.[1];
const failing = new Map<string, string[]>();
for (const d of diagnostics) {
  const name = declarationAt(lineOf(d)) ?? '?';
  failing.set(name, [...(failing.get(name) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
}

describe('generated FHIR types, as an editor sees them', () => {
  it('a ChargeItemCreate bundle written by hand type-checks, and is the KindMap type of fhir/ChargeItemCreate', () => {
    expect(failing.get('ok')).toBeUndefined();
    expect(failing.get('kind')).toBeUndefined();
    expect(failing.get('medication')).toBeUndefined();
  });

  it('a misspelt member, a value outside the value set, a resource the event does not carry, a missing fullUrl: each an error', () => {
    expect(failing.get('typo')?.join(' ')).toMatch(/gendr/);
    expect(failing.get('badValue')?.join(' ')).toMatch(/"paid"/);
    expect(failing.get('notAllowed')).toBeDefined();
    expect(failing.get('noFullUrl')?.join(' ')).toMatch(/fullUrl/);
    expect([...failing.keys()].filter((k) => k !== 'completeMe').sort()).toEqual(['badValue', 'noFullUrl', 'notAllowed', 'typo']);
  });

  it('completion inside an entry offers the members of the resource its resourceType names', () => {
    const at = SOURCE.indexOf('/*here*/');
    const names = service.getCompletionsAtPosition(file, at, {})?.entries.map((e) => e.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['status', 'code', 'subject', 'occurrenceDateTime', 'performer']));
    expect(names).not.toContain('gender');
  });
});
