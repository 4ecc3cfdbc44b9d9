// Bundle references resolve through an index built once per entry list (fhir/bundle-index.ts),
// not a scan of the entries per reference: bundle-focus on a 6 MB message with a focus per entry
// took 78 s. Work is counted (reads of the entries' members), never timed.
import { describe, expect, it } from 'vitest';
import { bundleEntries, resolveReference, type EntryView } from '../../src/fhir/bundle.js';
import { validate } from '../../src/index.js';
import { validExample } from './support.js';

const N = 3000;
const uuid = (i: number) => `urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
/** Entry i: a urn:uuid fullUrl, an absolute one, or none (found by type and id), by i mod 3. */
const fullUrlOf = (i: number) => (i % 3 === 0 ? uuid(i) : i % 3 === 1 ? `https://fhir.example.org/fhir/Observation/o${i}` : undefined);
const referenceTo = (i: number) => (i % 3 === 0 ? uuid(i) : i % 3 === 1 ? `https://fhir.example.org/fhir/Observation/o${i}/_history/2` : `Observation/o${i}`);

/** Entry views that count every read of their members. */
function countedEntries(count: number): { entries: EntryView[]; reads: () => number } {
  let reads = 0;
  const entries = Array.from({ length: count }, (_, index): EntryView => {
    const view = { index, pointer: `/entry/${index}`, fullUrl: fullUrlOf(index), resource: {}, resourceType: 'Observation', id: `o${index}` };
    return new Proxy(view, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  });
  return { entries, reads: () => reads };
}

describe('bundle references resolve through an index', () => {
  it('resolving a reference to each of N entries reads each entry a bounded number of times', () => {
    const { entries, reads } = countedEntries(N);
    for (let i = 0; i < N; i++) expect(resolveReference(referenceTo(i), entries)?.index).toBe(i);
    expect(resolveReference('Observation/missing', entries)).toBeUndefined();
    expect(reads()).toBeLessThan(8 * N);
  });

  it('keeps the first entry when several match, as a scan in order would', () => {
    const entries = bundleEntries({
      entry: [
        { resource: { resourceType: 'Patient', id: 'p' } },
        { fullUrl: 'https://x.example/Patient/p', resource: { resourceType: 'Patient', id: 'p' } },
        { fullUrl: 'urn:uuid:1', resource: {} },
        { fullUrl: 'urn:uuid:1', resource: {} },
        { fullUrl: 'https://x.example/Patient/q', resource: { resourceType: 'Patient', id: 'q' } },
        { fullUrl: 'https://x.example/Patient/q/_history/1', resource: {} },
      ],
    });
    expect(resolveReference('Patient/p', entries)?.index).toBe(0);
    expect(resolveReference('https://x.example/Patient/p', entries)?.index).toBe(1);
    expect(resolveReference('urn:uuid:1', entries)?.index).toBe(2);
    expect(resolveReference('https://x.example/Patient/q/_history/1', entries)?.index).toBe(4);
    expect(resolveReference('Patient/q', entries)?.index).toBe(4);
  });

  it('bundle-focus on a message with a focus for each of N entries reads each fullUrl a bounded number of times', () => {
    const bundle = validExample('fhir-message') as { entry: Record<string, unknown>[] & { resource: Record<string, unknown> }[] };
    const header = bundle.entry[0]!.resource as { focus: { reference: string }[] };
    header.focus = [];
    let reads = 0;
    const entry: Record<string, unknown>[] = [bundle.entry[0]!];
    for (let i = 0; i < N; i++) {
      const fullUrl = fullUrlOf(i);
      const item = { ...(fullUrl ? { fullUrl } : {}), resource: { resourceType: 'Observation', id: `o${i}`, status: 'final', code: { text: 'x' } } };
      entry.push(
        new Proxy(item, {
          get(target, key, receiver) {
            if (key === 'fullUrl') reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
      );
      header.focus.push({ reference: referenceTo(i) });
    }
    header.focus.push({ reference: uuid(N + 1) });
    bundle.entry = entry as typeof bundle.entry;
    const findings = validate(bundle, { kind: 'fhir/message', rules: { 'bundle-reference': 'off' } }).findings.filter((f) => f.ruleId === 'bundle-focus');
    expect(findings.map((f) => [f.messageId, f.pointer])).toEqual([['unresolvedUrn', `/entry/0/resource/focus/${N}/reference`]]);
    // A scan per focus read them N²/2 = 4.5 million times.
    expect(reads).toBeLessThan(20 * N);
  });
});
