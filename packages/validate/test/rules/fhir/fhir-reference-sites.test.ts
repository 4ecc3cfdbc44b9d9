// fhir-reference on a payload its strict fast path accepted: decided from the References the fast
// path gathered with their elements, without a walk, when every one is fine; any one that is not
// (or that the gathering cannot decide) sends the payload to the walk, which reports as before.
import { describe, expect, it } from 'vitest';
import { referenceWalks } from '../../../src/fhir/r4-reference-walk.js';
import { validate } from '../../../src/index.js';

const uuid = (n: number) => `urn:uuid:${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
type Json = Record<string, unknown>;

/** A transaction of Patients, Encounters and Observations referring to each other by urn:uuid. */
function transaction(edit: (entries: Json[]) => void = () => {}): Json {
  const entry: Json[] = [];
  for (let i = 0; i < 9; i++) {
    const resource =
      i % 3 === 0
        ? { resourceType: 'Patient', name: [{ family: `F${i}` }], identifier: [{ value: `${i}`, assigner: { reference: 'Organization/1' } }] }
        : i % 3 === 1
          ? { resourceType: 'Encounter', status: 'finished', class: { code: 'AMB' }, subject: { reference: uuid(i - 1), type: 'Patient' } }
          : { resourceType: 'Observation', status: 'final', code: { text: 'x' }, subject: { reference: uuid(i - 2) }, encounter: { reference: uuid(i - 1) } };
    entry.push({ fullUrl: uuid(i), resource, request: { method: 'POST', url: resource.resourceType } });
  }
  edit(entry);
  return { resourceType: 'Bundle', type: 'transaction', entry };
}

const resourceOf = (entries: Json[], i: number) => entries[i]!.resource as Json;

/**
 * A transaction carrying a bundle whose Encounter's subject is a Medication of that inner bundle: a
 * urn:uuid the root's entries do not have, so only the inner bundle's entries tell its type.
 */
function nestedBundle(): Json {
  const inner = transaction((entries) => {
    resourceOf(entries, 1).subject = { reference: uuid(50) };
    entries.push({ fullUrl: uuid(50), resource: { resourceType: 'Medication' } });
  });
  return transaction((entries) => entries.push({ fullUrl: uuid(99), resource: { ...inner, type: 'collection' } }));
}

/** fhir-reference's findings, and how many walks of the references validate() made. */
function run(payload: Json) {
  const before = referenceWalks.count;
  const findings = validate(payload).findings.filter((f) => f.ruleId === 'fhir-reference');
  return { findings: findings.map((f) => [f.messageId, f.pointer]), walks: referenceWalks.count - before };
}

describe('fhir-reference from the gathered References', () => {
  it('decides a clean bundle without a walk', () => {
    expect(run(transaction())).toEqual({ findings: [], walks: 0 });
  });

  it('decides a clean resource without a walk', () => {
    const observation = { resourceType: 'Observation', status: 'final', code: { text: 'x' }, subject: { reference: 'Patient/1' } };
    expect(run(observation)).toEqual({ findings: [], walks: 0 });
  });

  it('walks for a wrong target type read from the urn:uuid entry', () => {
    const payload = transaction((entries) => (resourceOf(entries, 1).subject = { reference: uuid(2) }));
    expect(run(payload).findings).toEqual([['wrongTarget', '/entry/1/resource/subject/reference']]);
  });

  it('walks for a Reference.type that disagrees with the entry', () => {
    const payload = transaction((entries) => (resourceOf(entries, 1).subject = { reference: uuid(0), type: 'Group' }));
    expect(run(payload).findings).toEqual([['typeDisagrees', '/entry/1/resource/subject/type']]);
  });

  it("walks for a malformed reference in a data type's Reference", () => {
    const payload = transaction((entries) => {
      resourceOf(entries, 3).identifier = [{ value: '3', assigner: { reference: 'Organization 1' } }];
    });
    expect(run(payload).findings).toEqual([['malformed', '/entry/3/resource/identifier/0/assigner/reference']]);
  });

  it('walks for a reference inside an extension', () => {
    const payload = transaction((entries) => {
      resourceOf(entries, 2).extension = [{ url: 'http://example.org/x', valueReference: { reference: 'Patient/a_b' } }];
    });
    expect(run(payload).findings).toEqual([['badId', '/entry/2/resource/extension/0/valueReference/reference']]);
  });

  it('walks for a #id (resolved in the contained resources)', () => {
    const payload = transaction((entries) => {
      Object.assign(resourceOf(entries, 2), { contained: [{ resourceType: 'Medication', id: 'm' }], subject: { reference: '#m' } });
    });
    expect(run(payload)).toEqual({ findings: [['wrongTarget', '/entry/2/resource/subject/reference']], walks: 1 });
  });

  it('walks for a bundle below the root, whose entries resolve among their own', () => {
    const { findings, walks } = run(nestedBundle());
    expect(walks).toBeGreaterThan(0);
    expect(findings).toContainEqual(['wrongTarget', '/entry/9/resource/entry/1/resource/subject/reference']);
  });

  it('decides the same once the compiled twins have taken over from the tables', () => {
    // Past the tables' tier-up (fhir/table/tables.cjs), Bundle, Patient, Encounter and Observation run compiled.
    for (let i = 0; i < 300; i++) validate(transaction());
    expect(run(transaction())).toEqual({ findings: [], walks: 0 });
    const nested = run(nestedBundle());
    expect(nested.walks).toBeGreaterThan(0);
    expect(nested.findings).toContainEqual(['wrongTarget', '/entry/9/resource/entry/1/resource/subject/reference']);
  });
});
