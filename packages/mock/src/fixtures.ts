import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectKind, type KindId } from '@cdx/validate';

/** The bundled fixtures: the toolkit's valid example of every kind, copied into the package at build. */
export const BUNDLED_FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** One fixture file: its name, its kind (detected, or named in the directory's cdx-lint config) and its body. */
export interface Fixture {
  file: string;
  kind: KindId | undefined;
  body: unknown;
}

type FhirResource = Record<string, unknown> & { resourceType: string };

function isResource(value: unknown): value is FhirResource {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, unknown>).resourceType === 'string';
}

/** The `kinds` map of a fixtures directory's cdx-lint.config.json (file → kind), the way cdx-lint reads it. */
async function configuredKinds(dir: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(join(dir, 'cdx-lint.config.json'), 'utf8');
  } catch {
    return new Map();
  }
  const config = JSON.parse(text) as { kinds?: Record<string, string> };
  return new Map(Object.entries(config.kinds ?? {}));
}

/**
 * The fixtures the mock answers from: every JSON file of a directory, by kind, and the FHIR resources
 * they hold (standalone, or entries of bundles), by type, for searches.
 */
export class Fixtures {
  readonly all: readonly Fixture[];
  private readonly byKind = new Map<string, Fixture[]>();
  private readonly byType = new Map<string, FhirResource[]>();
  /** `Type/id` → the fullUrls the resource has in the fixtures' bundles (references in them use those). */
  private readonly fullUrls = new Map<string, Set<string>>();
  /** A fullUrl in the fixtures' bundles → `Type/id` of the resource it stands for. */
  private readonly byFullUrl = new Map<string, string>();

  constructor(all: readonly Fixture[]) {
    this.all = all;
    for (const fixture of all) {
      if (fixture.kind === undefined) continue;
      const list = this.byKind.get(fixture.kind) ?? [];
      list.push(fixture);
      this.byKind.set(fixture.kind, list);
      this.collect(fixture.body);
    }
  }

  /** Reads every `*.json` file of `dir` (its cdx-lint.config.json only for the kinds it names). */
  static async load(dir: string = BUNDLED_FIXTURES): Promise<Fixtures> {
    const kinds = await configuredKinds(dir);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.json') && n !== 'cdx-lint.config.json').sort();
    const all: Fixture[] = [];
    for (const file of names) {
      const body = JSON.parse(await readFile(join(dir, file), 'utf8')) as unknown;
      const kind = (kinds.get(file) as KindId | undefined) ?? detectKind(body) ?? undefined;
      all.push({ file, kind, body });
    }
    return new Fixtures(all);
  }

  /** The first fixture of a kind, as a fresh copy (answers may be changed without touching the fixture). */
  of(kind: string): unknown {
    const fixture = this.byKind.get(kind)?.[0];
    return fixture === undefined ? undefined : structuredClone(fixture.body);
  }

  /** Every fixture resource of a FHIR type, one per id. */
  resources(type: string): readonly FhirResource[] {
    return this.byType.get(type) ?? [];
  }

  private collect(body: unknown): void {
    if (!isResource(body)) return;
    if (body.resourceType === 'Bundle' && Array.isArray(body.entry)) {
      for (const entry of body.entry as unknown[]) {
        if (typeof entry !== 'object' || entry === null) continue;
        const { resource, fullUrl } = entry as Record<string, unknown>;
        this.add(resource, typeof fullUrl === 'string' ? fullUrl : undefined);
      }
      return;
    }
    this.add(body);
  }

  /** What references to a fixture resource may say: `Type/id` and its fullUrls in the fixtures. */
  referencesTo(resource: FhirResource): readonly string[] {
    if (typeof resource.id !== 'string') return [];
    const key = `${resource.resourceType}/${resource.id}`;
    return [key, ...(this.fullUrls.get(key) ?? [])];
  }

  /**
   * A copy of a fixture resource whose references to other fixtures by a bundle's fullUrl (urn:uuid…)
   * are relative references (`Type/id`): outside its bundle, a urn:uuid names nothing.
   */
  standalone<T>(resource: T): T {
    const walk = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(walk);
      if (typeof value !== 'object' || value === null) return value;
      const out: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(value)) {
        const target = name === 'reference' && typeof member === 'string' ? this.byFullUrl.get(member) : undefined;
        out[name] = target ?? walk(member);
      }
      return out;
    };
    return walk(resource) as T;
  }

  private add(resource: unknown, fullUrl?: string): void {
    if (!isResource(resource) || resource.resourceType === 'MessageHeader') return;
    if (fullUrl !== undefined && typeof resource.id === 'string') {
      const key = `${resource.resourceType}/${resource.id}`;
      this.fullUrls.set(key, (this.fullUrls.get(key) ?? new Set()).add(fullUrl));
      if (!this.byFullUrl.has(fullUrl)) this.byFullUrl.set(fullUrl, key);
    }
    const list = this.byType.get(resource.resourceType) ?? [];
    if (typeof resource.id === 'string' && list.some((r) => r.id === resource.id)) return;
    list.push(resource);
    this.byType.set(resource.resourceType, list);
  }
}
