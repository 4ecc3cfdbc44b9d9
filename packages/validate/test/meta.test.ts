// The schema → types → validators chain has no gaps: every schema is well-formed, every kind has
// a generated validator, a type, a valid example and a cases file, and nothing generated is orphaned.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../scripts/lib/schemas.mjs';
import { listKinds } from '../src/index.js';
import { loadKind } from '../src/registry.js';
import { examplesDir, kindFile, listJson, repoRoot } from './support/cases.js';
import { r4TypesWithExamples } from './fhir/support.js';

const entries = loadSchemas(join(repoRoot, 'schemas'));
const kinds = listKinds();
const typesIndex = readFileSync(join(repoRoot, 'packages/types/src/generated/index.ts'), 'utf8');

describe('schemas', () => {
  it('every schema has $id, title and description (loadSchemas enforces the conventions)', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.schema.$id).toBe(`https://schemas.cdx.dev/${entry.rel}`);
      expect(entry.schema.title).toMatch(/^[A-Z]/);
      expect(entry.schema.description).toBeTruthy();
    }
  });

  it('every schema has a generated type module', () => {
    for (const entry of entries) {
      const module = entry.rel.replace(/\.schema\.json$/, '.ts');
      expect(existsSync(join(repoRoot, 'packages/types/src/generated', module)), module).toBe(true);
    }
  });
});

describe('kinds', () => {
  it('each schema with cdxKind is a registered kind, and no kind lacks its schema', () => {
    const declared = entries
      .filter((e) => e.schema.cdxKind)
      .map((e) => e.schema.cdxKind)
      .sort();
    expect(kinds.map((k) => k.id).sort()).toEqual(declared);
  });

  // The service's own kinds have a hand-made valid example and cases; an R4 type the service does
  // not carry is exercised by the official R4 examples instead (fhir/corpus.test.ts).
  const own = kinds.filter((k) => k.family !== 'fhir' || k.overlay !== undefined || k.service);
  const r4Only = kinds.filter((k) => !own.includes(k));

  it.each(kinds.map((k) => [k.id, k] as const))('%s has a validator and a type', (id, kind) => {
    expect(existsSync(join(repoRoot, 'packages/validate/src/generated/validators', kind.module))).toBe(true);
    expect(loadKind(kind).exact().validate).toBeTypeOf('function');
    expect(loadKind(kind).strict).toBeTypeOf('function');
    expect(typesIndex).toContain(`${JSON.stringify(id)}: ${kind.title};`);
  });

  it.each(own.map((k) => k.id))('%s has a valid example and cases', (id) => {
    expect(existsSync(join(examplesDir, 'valid', `${kindFile(id)}.json`)), `valid/${kindFile(id)}.json`).toBe(true);
    expect(existsSync(join(examplesDir, 'cases', `${kindFile(id)}.json`)), `cases/${kindFile(id)}.json`).toBe(true);
  });

  it('every R4 type the service does not carry has an official example (or a fixture where R4 has none)', () => {
    expect(r4Only.length).toBeGreaterThan(100);
    const withExamples = r4TypesWithExamples();
    expect(r4Only.filter((k) => !withExamples.has(k.base!)).map((k) => k.id)).toEqual([]);
  });

  it('no generated validator module is orphaned', () => {
    const dir = join(repoRoot, 'packages/validate/src/generated/validators');
    const modules = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
      .sort();
    const shared = [
      'fhir/profiles.cjs',
      'fhir/shapes.cjs',
      'fhir/types.cjs',
      'fhir/r4/datatypes.cjs',
      'fhir/r4/datatypes.table.cjs',
      'fhir/r4/datatypes.twin.cjs',
      'rule-options.cjs',
      'defs.cjs',
    ];
    // Every R4 type has a table (a table walks the resources it contains by their tables), beside its compiled twin if it has one.
    const tables = kinds.flatMap((k) => (k.base === undefined ? [] : [`fhir/r4/${k.base}.table.cjs`]));
    expect(modules).toEqual([...new Set([...kinds.flatMap((k) => [k.module, k.twinModule]), ...tables, ...shared])].sort());
  });

  it('no example or cases file names a kind that does not exist', () => {
    const files = new Set(kinds.map((k) => `${kindFile(k.id)}.json`));
    for (const dir of ['valid', 'cases']) {
      for (const file of listJson(join(examplesDir, dir))) expect(files.has(file), `${dir}/${file}`).toBe(true);
    }
  });
});
