// The FHIR strict twins on the whole R4 example corpus: whenever a twin accepts, the exact path (the
// canonical R4 validator, a profile's overlay and the member walk) must have nothing to say, and
// when it says it saw the whole payload, it must have handed over every `reference` in it
// (bundle-reference relies on that: the twin is called on the gathering, scripts/lib/twin-ajv.mjs). Each example is checked as a standalone
// resource and inside a message bundle, which reaches it through the run-time resource dispatch.
import { describe, expect, it } from 'vitest';
import { getKind } from '../../src/index.js';
import { walkMembers } from '../../src/members.js';
import { detectKindInfo } from '../../src/detect.js';
import { loadKind } from '../../src/registry.js';
import { r4Examples, readR4Example, validExample } from './support.js';

/** Every string `reference` member anywhere in a payload. */
function allReferences(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => allReferences(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'reference' && typeof child === 'string') out.push(child);
      else allReferences(child, out);
    }
  }
  return out;
}

/** What went wrong when the twin accepted (empty: it was right), or null when it rejected. */
function unsoundness(kindId: string, payload: unknown): string[] | null {
  const module = loadKind(getKind(kindId)!);
  const gathered: { references: string[]; complete: boolean } = { references: [], complete: true };
  if (!module.strict(payload, gathered)) return null;
  const problems: string[] = [];
  const handed = new Set(gathered.references);
  if (gathered.complete) {
    const missed = allReferences(payload).filter((r) => !handed.has(r));
    if (missed.length > 0) problems.push(`references the twin did not hand over: ${missed.join(', ')}`);
  }
  const { validate, overlay, shape } = module.exact();
  if (!validate(payload)) problems.push(`the canonical validator rejects it: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
  if (overlay && !overlay(payload)) problems.push('the profile overlay rejects it');
  const { issues } = walkMembers(payload, shape, {});
  if (issues.length > 0) problems.push(`the walk reports ${issues.map((i) => i.pointer).join(', ')}`);
  return problems;
}

describe('FHIR strict twins on hl7.fhir.r4.examples@4.0.1', () => {
  it('whatever a twin accepts, the exact path accepts too, standalone and inside a message bundle', () => {
    const files = r4Examples();
    const accepted = { standalone: 0, bundled: 0 };
    const failures: string[] = [];
    const message = validExample('fhir-message');
    for (const file of files) {
      const resource = readR4Example(file);
      const kind = detectKindInfo(resource);
      const alone = kind ? unsoundness(kind.id, resource) : null;
      if (alone) accepted.standalone++;
      for (const p of alone ?? []) failures.push(`${file}: ${p}`);
      message.entry = [message.entry[0], { fullUrl: `urn:uuid:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, resource }];
      const bundled = unsoundness('fhir/message', message);
      if (bundled) accepted.bundled++;
      for (const p of bundled ?? []) failures.push(`${file} in a message: ${p}`);
    }
    expect(failures).toEqual([]);
    // Not vacuous: the corpus is there, and the twins accept most of it.
    expect(files.length).toBe(5306);
    expect(accepted.standalone).toBeGreaterThan(files.length * 0.9);
    expect(accepted.bundled).toBeGreaterThan(files.length * 0.9);
  });
});
