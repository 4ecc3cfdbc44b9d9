// Bundle reading and FHIR's bundle reference rules (packages/validate/src/fhir/bundle.ts), and the
// event catalogue the bundle rules share.
import { describe, expect, it } from 'vitest';
import { bundleEntries, findReferences, messageHeader, referencedType, referenceForm, resolveReference } from '../../src/fhir/bundle.js';
import { fhirEvent, normalizeOperation, parseDefinitionUri } from '../../src/fhir/events.js';

const bundle = {
  resourceType: 'Bundle',
  type: 'message',
  entry: [
    { fullUrl: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e', resource: { resourceType: 'MessageHeader' } },
    { fullUrl: 'https://ehr.example/fhir/ChargeItem/c1', resource: { resourceType: 'ChargeItem', id: 'c1' } },
    { fullUrl: 'urn:uuid:7c9e6679-7425-40de-944b-e07fc1f90ae7', resource: { resourceType: 'Patient', id: 'p1' } },
    'not an entry',
    {
      resource: { resourceType: 'Encounter', id: 'e1', contained: [{ resourceType: 'Location', id: 'l', managingOrganization: { reference: 'urn:uuid:x' } }] },
    },
  ],
};
const entries = bundleEntries(bundle);
const at = (reference: string) => resolveReference(reference, entries)?.index;

describe('bundle entries', () => {
  it('keeps the index of each object entry and skips the rest', () => {
    expect(entries.map((e) => [e.index, e.resourceType, e.id])).toEqual([
      [0, 'MessageHeader', undefined],
      [1, 'ChargeItem', 'c1'],
      [2, 'Patient', 'p1'],
      [4, 'Encounter', 'e1'],
    ]);
    expect(bundleEntries({ entry: 'x' })).toEqual([]);
    expect(bundleEntries(null)).toEqual([]);
  });

  it('finds the MessageHeader first, else wherever it is', () => {
    expect(messageHeader(entries)?.index).toBe(0);
    expect(messageHeader(entries.slice(1))).toBeUndefined();
    expect(messageHeader([...entries.slice(1), entries[0]!])?.index).toBe(0);
  });
});

describe('reference resolution', () => {
  it('urn:uuid → the entry with that fullUrl', () => {
    expect(at('urn:uuid:7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(2);
    expect(at('urn:uuid:00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('relative Type/id → the entry whose fullUrl ends in /Type/id, or whose resource is that type and id', () => {
    expect(at('ChargeItem/c1')).toBe(1); // by fullUrl suffix
    expect(at('Patient/p1')).toBe(2); // by type and id (its fullUrl is a urn:uuid)
    expect(at('Encounter/e1')).toBe(4); // by type and id, no fullUrl
    expect(at('ChargeItem/c1/_history/3')).toBe(1);
    expect(at('Patient/c1')).toBeUndefined();
  });

  it('absolute → the entry with exactly that fullUrl (a /_history suffix ignored)', () => {
    expect(at('https://ehr.example/fhir/ChargeItem/c1')).toBe(1);
    expect(at('https://ehr.example/fhir/ChargeItem/c1/_history/2')).toBe(1);
    expect(at('https://other.example/fhir/ChargeItem/c1')).toBeUndefined();
  });

  it('contained and malformed references never resolve to an entry', () => {
    expect(at('#l')).toBeUndefined();
    expect(at('ChargeItem')).toBeUndefined();
    expect(referenceForm('#l')).toBe('contained');
    expect(referenceForm('chargeitem/1')).toBe('other');
    expect(referenceForm('URN:UUID:0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('urn');
  });

  it('reads the type a reference names', () => {
    expect(referencedType('Patient/p1')).toBe('Patient');
    expect(referencedType('https://ehr.example/fhir/ChargeItem/c1/_history/2')).toBe('ChargeItem');
    expect(referencedType('urn:uuid:7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBeUndefined();
    expect(referencedType('Patient/p1/_history/2')).toBe('Patient');
    expect(referencedType('Patient/_history/2')).toBeUndefined();
    expect(referencedType('https://ehr.example/fhir/patient/p1')).toBeUndefined();
    expect(referencedType(`Patient/${'x'.repeat(65)}`)).toBeUndefined();
  });

  it('finds references at any depth, contained resources included, with their pointers', () => {
    const { found } = findReferences(entries, (v) => v.startsWith('urn:'));
    expect(found).toEqual([{ pointer: '/entry/4/resource/contained/0/managingOrganization/reference', value: 'urn:uuid:x', entry: 4 }]);
  });

  it('escapes member names in pointers', () => {
    const odd = bundleEntries({ entry: [{ resource: { resourceType: 'Basic', 'a/b': { reference: 'urn:uuid:y' } } }] });
    expect(findReferences(odd, () => true).found[0]?.pointer).toBe('/entry/0/resource/a~1b/reference');
  });

  it('walks a resource nested down to 512 levels, and says where it stopped below that', () => {
    const nest = (levels: number) => {
      let deep: Record<string, unknown> = { reference: 'urn:uuid:deep' };
      for (let i = 0; i < levels; i++) deep = { extension: [deep] };
      return bundleEntries({ entry: [{ resource: { resourceType: 'Basic', deep } }] });
    };
    // entry, 0, resource, deep: 4 levels; each { extension: [ … ] } adds 2.
    expect(findReferences(nest(253), () => true)).toMatchObject({ found: [{ value: 'urn:uuid:deep' }], tooDeep: undefined });
    const deeper = findReferences(nest(300), () => true);
    expect(deeper.found).toEqual([]);
    expect(deeper.tooDeep?.split('/')).toHaveLength(513);
  });

  it('lists at most `limit` references and counts the rest; a pointer budget bounds their length', () => {
    const resource = { resourceType: 'Basic', a: Array.from({ length: 10 }, (_, i) => ({ reference: `urn:uuid:${i}` })) };
    const entries = bundleEntries({ entry: [{ resource }] });
    expect(findReferences(entries, () => true, { limit: 3 })).toMatchObject({ more: 7, morePointer: '/entry/0/resource/a/3/reference' });
    expect(findReferences(entries, () => true, { limit: 3 }).found).toHaveLength(3);
    expect(findReferences(entries, () => true, { pointerBudget: 100 }).found.length).toBeLessThan(3);
  });
});

describe('events and operations', () => {
  it('reads {fhir_defs_url}/EventDefinition/<Event>', () => {
    expect(parseDefinitionUri('https://defs.example/fhir/EventDefinition/ChargeItemCreate', 'EventDefinition')).toEqual({
      base: 'https://defs.example/fhir',
      name: 'ChargeItemCreate',
    });
    expect(parseDefinitionUri('https://defs.example/fhir/EventDefinition/', 'EventDefinition')).toBeUndefined();
    expect(parseDefinitionUri('https://defs.example/fhir/ChargeItemCreate', 'EventDefinition')).toBeUndefined();
    expect(parseDefinitionUri('https://defs.example/MessageDefinition/ResultCreatedFull', 'MessageDefinition')?.name).toBe('ResultCreatedFull');
  });

  it('accepts an operation with or without its $ and resource type', () => {
    for (const written of ['$charge-item-create', 'charge-item-create', 'ChargeItem/$charge-item-create', '/fhir/R4/x/prod/ChargeItem/$charge-item-create/']) {
      expect(normalizeOperation(written)).toBe('$charge-item-create');
    }
  });

  it('knows the focus and required entries of each event', () => {
    expect(fhirEvent('ChargeItemCreate')).toMatchObject({ operation: '$charge-item-create', focus: 'ChargeItem', required: ['Patient', 'ChargeItem'] });
    expect(fhirEvent('ReferralComplete')).toMatchObject({ focus: 'ServiceRequest', required: ['Procedure', 'Patient'] });
    expect(fhirEvent('ResultCreated')?.operation).toBeUndefined();
    expect(fhirEvent('Nope')).toBeUndefined();
  });
});
