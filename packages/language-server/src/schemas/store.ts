import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A schema node and the `$id` of the file it is in (the base of its relative `$ref`s). */
export interface At {
  readonly schema: Schema;
  readonly base: string;
}

/** A JSON Schema object, as the files of @cdx/schemas hold them. */
export type Schema = Record<string, unknown>;

const ID_BASE = 'https://schemas.cdx.dev/';

interface CatalogEntry {
  $id: string;
  kind: string | null;
  file: string;
}

/**
 * The canonical schemas, read from the installed @cdx/schemas package (the files its catalog
 * lists, at the path their `$id` names), each file on first use and kept.
 */
export class SchemaStore {
  readonly #root: string;
  readonly #byKind = new Map<string, string>();
  readonly #ids = new Set<string>();
  readonly #files = new Map<string, Schema>();

  constructor(root = dirname(createRequire(import.meta.url).resolve('@cdx/schemas/catalog.json'))) {
    this.#root = root;
    const catalog = JSON.parse(readFileSync(join(root, 'catalog.json'), 'utf8')) as { schemas: CatalogEntry[] };
    for (const entry of catalog.schemas) {
      this.#ids.add(entry.$id);
      if (entry.kind !== null) this.#byKind.set(entry.kind, entry.$id);
    }
  }

  /** The root schema of a kind. */
  kind(kind: string): At | undefined {
    const id = this.#byKind.get(kind);
    return id === undefined ? undefined : { schema: this.#file(id), base: id };
  }

  /** The R4 definition of a FHIR resource type (for a resource held in a bundle entry or contained). */
  resource(type: string): At | undefined {
    const id = `${ID_BASE}fhir/r4/${type}.schema.json`;
    return this.#ids.has(id) ? { schema: this.#file(id), base: id } : undefined;
  }

  /** Follows a `$ref` from a node of the file `base`. */
  ref(ref: string, base: string): At | undefined {
    const url = new URL(ref, base);
    const id = `${url.origin}${url.pathname}`;
    if (!this.#ids.has(id)) return undefined;
    let schema: unknown = this.#file(id);
    const fragment = decodeURIComponent(url.hash.slice(1));
    for (const token of fragment.split('/').slice(1)) {
      schema = (schema as Schema | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return schema && typeof schema === 'object' ? { schema: schema as Schema, base: id } : undefined;
  }

  #file(id: string): Schema {
    let schema = this.#files.get(id);
    if (!schema) {
      schema = JSON.parse(readFileSync(join(this.#root, id.slice(ID_BASE.length)), 'utf8')) as Schema;
      this.#files.set(id, schema);
    }
    return schema;
  }
}
