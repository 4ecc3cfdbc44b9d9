// The FHIR strict twins on the R4 example corpus: whenever a twin accepts, the exact path (the
// canonical validator and the member walk) must have nothing to say, and when it says it saw the
// whole payload, it must have handed over every `reference` in it (bundle-reference relies on
// that, src/twin-sink.cjs). Each covered example is checked as a standalone resource and inside
// a message bundle, which goes through the twin's resourceType dispatch.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { R4_RESOURCES } from '../../../../scripts/fhir/derive-r4.mjs';
import { getKind } from '../../src/index.js';
import { walkMembers } from '../../src/members.js';
import { loadKind } from '../../src/registry.js';
import { r4Examples, readR4Example, validExample } from './support.js';

const covered = new Set<string>(R4_RESOURCES);
const files = r4Examples().filter((f) => covered.has(f.split('-')[0]!));

const sink = createRequire(import.meta.url)('../../src/twin-sink.cjs') as { current: { references: string[]; complete: boolean } | null };

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

/** Whether the twin accepted; throws (fails the test) when it accepted what the exact path rejects. */
function twinIsSound(kindId: string, payload: unknown): boolean {
  const module = loadKind(getKind(kindId)!);
  const gathered = (sink.current = { references: [], complete: true });
  let accepted: boolean;
  try {
    accepted = module.strict(payload);
  } finally {
    sink.current = null;
  }
  if (!accepted) return false;
  // A place two schemas describe (a profile over R4) hands a reference over twice: harmless.
  const handed = new Set(gathered.references);
  if (gathered.complete) expect(allReferences(payload).filter((r) => !handed.has(r)), `${kindId}: references the twin did not hand over`).toEqual([]);
  const { validate, shape } = module.exact();
  expect(validate(payload), `${kindId}: the canonical validator rejects what the twin accepted`).toBe(true);
  expect(walkMembers(payload, shape, {}).issues, `${kindId}: the walk reports what the twin accepted`).toEqual([]);
  return true;
}

describe('FHIR strict twins on hl7.fhir.r4.examples@4.0.1', () => {
  const accepted = { standalone: 0, bundled: 0 };

  it.each(files)('%s', (file) => {
    const resource = readR4Example(file);
    if (getKind(`fhir/${String(resource.resourceType)}`) && twinIsSound(`fhir/${String(resource.resourceType)}`, resource)) accepted.standalone++;
    const message = validExample('fhir-message');
    message.entry = [message.entry[0], { fullUrl: `urn:uuid:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, resource }];
    if (twinIsSound('fhir/message', message)) accepted.bundled++;
  });

  it('the twins accept most of the corpus, so the checks above are not vacuous', () => {
    expect(accepted.standalone).toBeGreaterThan(files.length / 2);
    expect(accepted.bundled).toBeGreaterThan(files.length / 2);
  });
});
