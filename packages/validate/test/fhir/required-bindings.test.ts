// Every required binding of R4 (the 4.0.1 StructureDefinitions of the base types) is enforced: on a
// `code` element by an enum of the derived schema, on a CodeableConcept by fhir-invariant (one coding
// from the value set), or it is listed here as not expandable offline, with why.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiredCoding } from '../../src/fhir/invariants/table.js';
import { validate } from '../../src/index.js';
import { r4ExamplesDir, readR4Example, repoRoot } from './support.js';

type Json = Record<string, any>;

const MIME = "BCP 13 media types: the value set is all of IANA's registry (urn:ietf:bcp:13), which no package holds; the schema keeps the `code` pattern";
const UCUM = 'UCUM units are a grammar (infinitely many codes), not a list: the value set cannot be expanded';
/** Required bindings whose value set cannot be expanded from the packages, by element path: why. */
const NOT_EXPANDABLE: Record<string, string> = {
  'Attachment.contentType': MIME,
  'Binary.contentType': MIME,
  'CapabilityStatement.format': MIME,
  'CapabilityStatement.patchFormat': MIME,
  'ElementDefinition.mapping.language': MIME,
  'Endpoint.payloadMimeType': MIME,
  'Signature.targetFormat': MIME,
  'Signature.sigFormat': MIME,
  'Subscription.channel.payload': MIME,
  'TestScript.setup.action.operation.accept': MIME,
  'TestScript.setup.action.operation.contentType': MIME,
  'TestScript.setup.action.assert.contentType': MIME,
  'Money.currency': "ISO 4217 currency codes (urn:iso:std:iso:4217): hl7.fhir.r4.examples has the value set but not the code system's content",
  'EffectEvidenceSynthesis.effectEstimate.unitOfMeasure': UCUM,
  'ResearchElementDefinition.characteristic.unitOfMeasure': UCUM,
  'RiskEvidenceSynthesis.riskEstimate.unitOfMeasure': UCUM,
  'MolecularSequence.structureVariant.variantType':
    "a LOINC answer list (http://loinc.org/vs/LL379-9): LOINC's content is licensed apart and not in the package",
};

/** Every required binding of the base types: element path, type codes, value set. */
function requiredBindings(): { path: string; types: string; valueSet: string }[] {
  const out: { path: string; types: string; valueSet: string }[] = [];
  for (const file of readdirSync(r4ExamplesDir).sort()) {
    if (!file.startsWith('StructureDefinition-')) continue;
    const sd = readR4Example(file) as Json;
    if (sd.kind === 'logical' || sd.derivation === 'constraint') continue;
    for (const e of (sd.differential?.element ?? []) as Json[]) {
      if (e.binding?.strength !== 'required') continue;
      out.push({ path: e.path, types: (e.type ?? []).map((t: Json) => t.code).join('|'), valueSet: e.binding.valueSet });
    }
  }
  return out;
}

const schemas = new Map<string, Json>();
const schema = (file: string): Json => {
  if (!schemas.has(file)) schemas.set(file, JSON.parse(readFileSync(join(repoRoot, 'schemas/fhir/r4', file), 'utf8')) as Json);
  return schemas.get(file)!;
};

/** The derived schema of the element at `path` (Patient.contact.gender), following $refs. */
function schemaAt(path: string): Json | undefined {
  const [type, ...members] = path.split('.');
  const types = schema('datatypes.schema.json').$defs as Json;
  let file = types[type!] ? 'datatypes.schema.json' : `${type}.schema.json`;
  let node: Json | undefined = types[type!] ?? schema(file);
  for (const member of members) {
    let next: Json | undefined = node?.properties?.[member];
    if (next?.items) next = next.items;
    while (next?.$ref) {
      const [target, fragment] = String(next.$ref).split('#');
      if (target) file = target;
      next = fragment!
        .split('/')
        .slice(1)
        .reduce<Json | undefined>((at, key) => at?.[key], schema(file));
    }
    node = next;
  }
  return node;
}

describe("R4's required bindings", () => {
  const bindings = requiredBindings();

  it('are 362, on code and CodeableConcept elements', () => {
    expect(bindings).toHaveLength(362);
    expect([...new Set(bindings.map((b) => b.types))].sort()).toEqual(['CodeableConcept', 'code']);
  });

  it('are each enforced (a schema enum, or fhir-invariant on a CodeableConcept) or listed as not expandable offline', () => {
    const open: string[] = [];
    for (const { path, types, valueSet } of bindings) {
      const enforced = types === 'code' ? Array.isArray(schemaAt(path)?.enum) || schemaAt(path)?.const !== undefined : requiredCoding(path) !== undefined;
      if (enforced === path in NOT_EXPANDABLE) open.push(`${path} (${types}) → ${valueSet}${enforced ? ': enforced, but listed as not expandable' : ''}`);
    }
    expect(open).toEqual([]);
  });

  it('on a CodeableConcept: a coding from the value set is accepted, codings from elsewhere only are an error', () => {
    const condition = (coding: Json[]) => ({
      resourceType: 'Condition',
      clinicalStatus: { coding },
      subject: { reference: 'Patient/p1' },
    });
    const ok = validate(condition([{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }]));
    expect(ok.findings.filter((f) => f.ruleId === 'fhir-invariant')).toEqual([]);
    const wrong = validate(condition([{ system: 'http://snomed.info/sct', code: '55561003' }]));
    expect(wrong.findings.filter((f) => f.ruleId === 'fhir-invariant').map((f) => [f.messageId, f.pointer])).toEqual([['binding', '/clinicalStatus']]);
  });
});
