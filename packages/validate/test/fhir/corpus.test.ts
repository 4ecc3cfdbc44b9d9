// The corpus: hl7.fhir.r4.examples@4.0.1. Every example of a covered resource type passes its derived
// base definition (and so does every covered resource inside the example bundles); the two message
// bundles, which use eventCoding and absolute focus references, get the service-profile findings.
import { describe, expect, it } from 'vitest';
import { R4_RESOURCES } from '../../../../scripts/fhir/derive-r4.mjs';
import { validate } from '../../src/index.js';
import { r4Examples, readR4Example, schemaValidator } from './support.js';

const covered = new Set<string>(R4_RESOURCES);
const files = r4Examples().filter((f) => covered.has(f.split('-')[0]!));

function baseErrors(resource: Record<string, unknown>): string[] {
  const v = schemaValidator(`fhir/r4/${String(resource.resourceType)}.schema.json`);
  return v(resource) ? [] : (v.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => `${e.keyword} at ${e.instancePath || '/'}`);
}

describe('hl7.fhir.r4.examples@4.0.1', () => {
  it('has examples of every covered resource type', () => {
    const types = new Set(files.map((f) => f.split('-')[0]));
    expect([...types].sort()).toEqual([...covered].sort());
    expect(files.length).toBeGreaterThan(250);
  });

  it.each(files)('%s passes its derived base definition', (file) => {
    const resource = readR4Example(file);
    expect(resource.resourceType).toBe(file.split('-')[0]);
    expect(baseErrors(resource)).toEqual([]);
  });

  it('every covered resource inside the example bundles and contained lists passes too', () => {
    let checked = 0;
    const failures: string[] = [];
    const visit = (resource: unknown, where: string): void => {
      if (!resource || typeof resource !== 'object') return;
      const r = resource as Record<string, unknown>;
      if (typeof r.resourceType === 'string' && covered.has(r.resourceType)) {
        checked++;
        const errors = baseErrors(r);
        if (errors.length > 0) failures.push(`${where}: ${errors.join(', ')}`);
      }
      for (const [i, e] of ((r.entry as { resource?: unknown }[] | undefined) ?? []).entries()) visit(e?.resource, `${where}/entry/${i}`);
      for (const [i, c] of ((r.contained as unknown[] | undefined) ?? []).entries()) visit(c, `${where}/contained/${i}`);
    };
    for (const file of r4Examples()) {
      const top = readR4Example(file);
      for (const [i, e] of ((top.entry as { resource?: unknown }[] | undefined) ?? []).entries()) visit(e?.resource, `${file}/entry/${i}`);
      for (const [i, c] of ((top.contained as unknown[] | undefined) ?? []).entries()) visit(c, `${file}/contained/${i}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  describe('the message bundles (eventCoding, absolute focus references)', () => {
    const messages = r4Examples().filter((f) => f.startsWith('Bundle-') && readR4Example(f).type === 'message');

    it('there are two', () => expect(messages).toHaveLength(2));

    it.each(messages)('%s: eventUri required, eventCoding not read; the absolute focus resolves', (file) => {
      const result = validate(readR4Example(file));
      expect(result.kind).toBe('fhir/message');
      const errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.pointer}`);
      expect(errors.sort()).toEqual(['bundle-event-uri /entry/0/resource/eventCoding', 'schema /entry/0/resource/eventUri']);
      // The OperationOutcome of the response bundle is not a covered type: until field maps
      // dispatch on resourceType, its members are compared with the covered resources' members.
      const warnings = result.findings.filter((f) => f.severity === 'warning').map((f) => f.pointer);
      expect(warnings.every((p) => p.startsWith('/entry/1/resource/'))).toBe(true);
    });

    it('validated as ChargeItemCreate, they also lack the required entries and the focal ChargeItem', () => {
      const result = validate(readR4Example(messages[0]!), { kind: 'fhir/ChargeItemCreate' });
      const rules = new Set(result.findings.map((f) => f.ruleId));
      expect(rules).toEqual(new Set(['schema', 'bundle-event-uri', 'bundle-focus', 'bundle-required-entry']));
    });
  });
});
