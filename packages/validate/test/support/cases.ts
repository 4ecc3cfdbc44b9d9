// Loads the data-driven suites in schemas/examples: one valid example per kind and, per kind, a
// cases file of edits with the exact findings each must produce.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KindId } from '../../src/index.js';
import { applyPatch, type PatchOp } from './json-patch.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const examplesDir = join(repoRoot, 'schemas/examples');

export interface ExpectedFinding {
  ruleId: string;
  pointer: string;
  severity?: 'error' | 'warning';
}

export interface Case {
  description: string;
  payload: unknown;
  kindOption?: KindId;
  options?: Record<string, unknown>;
  findings: ExpectedFinding[];
}

export interface CaseFile {
  file: string;
  kind: KindId;
  cases: Case[];
}

interface RawCase extends Omit<Case, 'payload'> {
  payload?: unknown;
  patch?: PatchOp[];
}

export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

export function listJson(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function loadCaseFiles(): CaseFile[] {
  const dir = join(examplesDir, 'cases');
  return listJson(dir).map((file) => {
    const raw = readJson(join(dir, file)) as { kind: KindId; base?: string; cases: RawCase[] };
    const base = raw.base === undefined ? undefined : readJson(join(dir, raw.base));
    const cases = raw.cases.map(({ patch, payload, ...rest }) => {
      if (payload === undefined && base === undefined) throw new Error(`${file}: "${rest.description}" has no payload and the file no base`);
      return { ...rest, payload: payload ?? applyPatch(base, patch ?? []) };
    });
    return { file, kind: raw.kind, cases };
  });
}

/** The example file name of a kind: its id lowercased, runs of other characters → '-'. */
export function kindFile(kindId: string): string {
  return kindId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The kinds with a valid example in schemas/examples/valid: every Data Model, auth and service FHIR
 * kind. (An R4 type the service does not carry is exercised by the official R4 examples instead.)
 */
export function kindsWithExamples<K extends { id: string }>(kinds: readonly K[]): K[] {
  return kinds.filter((k) => existsSync(join(examplesDir, 'valid', `${kindFile(k.id)}.json`)));
}
