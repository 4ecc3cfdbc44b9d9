// Step 2 of the R4 derivation: which definitions are derived, and which 4.0.1 element each describes.
import { describe, expect, it } from 'vitest';
import { closure, elementsByDefinition, memberNames } from '../../fhir/elements.mjs';
import { Upstream } from '../../fhir/upstream.mjs';
import { repoRoot } from '../../../packages/validate/test/fhir/support.js';

const up = new Upstream(repoRoot);

describe('memberNames', () => {
  it.each([
    ['a primitive and its extensions twin', { path: 'Patient.gender', type: [{ code: 'code' }] }, ['gender', '_gender']],
    [
      'a choice, one member per type (twins for primitives)',
      { path: 'Observation.effective[x]', type: [{ code: 'dateTime' }, { code: 'Period' }] },
      ['effectiveDateTime', '_effectiveDateTime', 'effectivePeriod'],
    ],
    ['a complex element', { path: 'Patient.name', type: [{ code: 'HumanName' }] }, ['name']],
    ['xhtml, which has no twin', { path: 'Narrative.div', type: [{ code: 'xhtml' }] }, ['div']],
    ['a content reference', { path: 'CapabilityStatement.rest.operation', contentReference: '#CapabilityStatement.rest.resource.operation' }, ['operation']],
  ])('%s', (_name, element, want) => {
    expect(memberNames(element)).toEqual(want);
  });
});

describe('closure and elements', () => {
  const names = closure(up, up.resourceTypes());

  it('reaches every definition but the root oneOf, which becomes resource slots', () => {
    expect(names).not.toContain('ResourceList');
    expect(names).toEqual(expect.arrayContaining(['Patient', 'Patient_Contact', 'Extension', 'ElementDefinition', 'string']));
  });

  it('finds the element a definition describes, also when 4.0.1 refers to it from a second place', () => {
    const elements = elementsByDefinition(up, [
      'CapabilityStatement',
      'CapabilityStatement_Rest',
      'CapabilityStatement_Resource',
      'CapabilityStatement_Operation',
    ]);
    // rest.operation is a contentReference to rest.resource.operation, which has the children.
    expect(elements.get('CapabilityStatement_Operation')?.path).toBe('CapabilityStatement.rest.resource.operation');
    expect(elements.get('CapabilityStatement_Operation')?.children.map((e) => String(e.path))).toContain(
      'CapabilityStatement.rest.resource.operation.definition',
    );
    expect(elements.get('CapabilityStatement')?.path).toBe('CapabilityStatement');
  });

  it('names backbone elements by path even when upstream names them loosely (Bundle_Request is entry.request)', () => {
    expect(elementsByDefinition(up, ['Bundle', 'Bundle_Entry', 'Bundle_Request']).get('Bundle_Request')?.path).toBe('Bundle.entry.request');
  });
});
