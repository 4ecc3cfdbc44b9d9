// The browser entry (@cdx/validate/browser), run here in Node without the main entry: nothing is
// read from disk, so every validator it uses must have come through prepare(). Its static import
// graph must hold no Node built-in, so that a bundler can take it to a browser, a worker or an
// edge runtime; validators stay out of it (each is a chunk of its own, imported on demand).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NotPreparedError, OptionsError, prepare, runPrepared, validate, validateAsync } from '../src/browser.js';
import { examplesDir, readJson } from './support/cases.js';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every file reachable from `entry` through static imports and requires, and the packages named. */
function staticGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'/gm), ...text.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      (m) => m[1]!,
    );
    for (const spec of specs) {
      if (spec.startsWith('.')) pending.push(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return { files: [...files].map((f) => f.slice(src.length + 1)), packages };
}

const merge = (patient: Record<string, unknown>) => ({
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
  Patient: { Identifiers: [{ ID: '1', IDType: 'MRN' }], PreviousIdentifiers: [{ ID: '2', IDType: 'MRN' }], ...patient },
});

describe('the browser entry', () => {
  it('reaches no Node built-in and no generated validator through static imports', () => {
    const { files, packages } = staticGraph(join(src, 'browser.ts'));
    expect([...packages].filter((p) => p.startsWith('node:'))).toEqual([]);
    expect([...packages].sort()).toEqual([]);
    expect(files.filter((f) => f.startsWith('generated/validators/'))).toEqual([]);
    // The sanity check of this test: the graph was followed into the rules and the loaders.
    expect(files).toContain('validate.ts');
    expect(files).toContain('generated/loaders.ts');
  });

  it('the auth subpath reaches no Node built-in either (jose resolves to its browser build there)', () => {
    const { packages } = staticGraph(join(src, 'auth/index.ts'));
    expect([...packages].filter((p) => p.startsWith('node:'))).toEqual([]);
    expect(packages).toContain('jose');
  });

  it('validate() before prepare() says which module is missing; after it, validates synchronously', async () => {
    const payload = merge({ Demographics: { FirstNmae: 'Timothy' } });
    expect(() => validate(payload)).toThrow(NotPreparedError);
    expect(() => validate(payload)).toThrow(/patientadmin-patientmerge\.cjs.*prepare\(/);
    await prepare(payload);
    const result = validate(payload);
    expect(result.kind).toBe('PatientAdmin/PatientMerge');
    expect(result.findings.map((f) => [f.ruleId, f.pointer, f.fix?.to])).toEqual([['spelling-drift', '/Patient/Demographics/FirstNmae', 'FirstName']]);
  });

  it('prepare() with rule options loads their checker too (validate() checks them before anything else)', async () => {
    const payload = merge({});
    expect(() => validate(payload, { attachmentLimit: -1 })).toThrow(/rule-options\.cjs.*prepare\(/);
    await prepare(payload, { attachmentLimit: -1 });
    expect(() => validate(payload, { attachmentLimit: -1 })).toThrow(OptionsError);
    expect(validate(payload, { attachmentLimit: 1000 }).findings).toEqual([]);
  });

  it('prepare() loads every resource type a FHIR bundle carries, nested ones too', async () => {
    const bundle = readJson(join(examplesDir, 'valid/fhir-chargeitemcreate.json')) as { entry: { resource: Record<string, unknown> }[] };
    // A dangling reference, in a type the example does not otherwise carry (a contained Location).
    bundle.entry[1]!.resource.contained = [
      { resourceType: 'Location', id: 'loc', managingOrganization: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' } },
    ];
    await prepare(bundle);
    const result = validate(bundle);
    expect(result.kind).toBe('fhir/ChargeItemCreate');
    expect(result.findings.map((f) => [f.ruleId, f.pointer])).toContainEqual([
      'bundle-reference',
      '/entry/1/resource/contained/0/managingOrganization/reference',
    ]);
  });

  it('a type validated past its tier-up threshold moves to its compiled twin, which prepare() loaded too', async () => {
    // The fast path of a service type switches from its table to its compiled twin after a few hundred
    // calls (fhir/table/tables.cjs): in a browser that module must have come through prepare() as well.
    const bundle = readJson(join(examplesDir, 'valid/fhir-chargeitemcreate.json'));
    const twins = (await import('../src/generated/validators/fhir/types.cjs')).twins;
    const carried = (bundle as { entry: { resource: { resourceType: string } }[] }).entry.map((e) => e.resource.resourceType);
    expect(carried.some((type) => twins.includes(type))).toBe(true);
    await prepare(bundle);
    // A twin that could not load would only send every call down the exact path: same findings, slower.
    const modules = (await import('../src/modules.cjs')).default as { has: (file: string) => boolean };
    for (const type of carried.filter((t) => twins.includes(t))) expect(modules.has(`fhir/r4/${type}.twin.cjs`), type).toBe(true);
    const first = validate(bundle).findings;
    for (let i = 0; i < 300; i++) validate(bundle);
    expect(validate(bundle).findings).toEqual(first);
  });

  it('prepare() loads the resource types a CDS Hooks request holds (draft orders, prefetch)', async () => {
    const request = readJson(join(examplesDir, 'valid/cds-hooks-order-select.json')) as {
      context: { draftOrders: { entry: { resource: Record<string, unknown> }[] } };
    };
    request.context.draftOrders.entry[0]!.resource.status = 'pending';
    await prepare(request);
    const result = validate(request);
    expect(result.kind).toBe('cds-hooks/order-select');
    expect(result.findings.map((f) => [f.ruleId, f.pointer])).toEqual([['schema', '/context/draftOrders/entry/0/resource/status']]);
  });

  it('validateAsync() prepares what the payload needs, with the kind given or detected', async () => {
    const token = { access_token: 'x', token_type: 'bearer', expires_in: 'soon' };
    const result = await validateAsync(token, { kind: 'auth/TokenResponse' });
    expect(result.findings.map((f) => [f.ruleId, f.pointer])).toContainEqual(['schema', '/expires_in']);
    expect((await validateAsync({ hello: 'world' })).findings.map((f) => f.ruleId)).toEqual(['unknown-kind']);
  });

  it('runPrepared() loads each module the check turns out to need, and runs it again', async () => {
    const update = readJson(join(examplesDir, 'valid/provider-update.json'));
    expect(() => validate(update)).toThrow(NotPreparedError);
    let runs = 0;
    const result = await runPrepared(() => {
      runs++;
      return validate(update);
    });
    expect(result).toEqual({ kind: 'Provider/Update', valid: true, findings: [] });
    expect(runs).toBe(2);
    await expect(
      runPrepared(() => {
        throw new TypeError('not ours');
      }),
    ).rejects.toThrow('not ours');
  });
});
