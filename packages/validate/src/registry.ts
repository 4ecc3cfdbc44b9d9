import { createRequire } from 'node:module';
import { KINDS } from './generated/kinds.js';
import type { KindInfo } from './kind-info.js';
import type { ShapeNode } from './shape.js';

/** What ajv's standalone code reports; only `validate.ts` and the schema rule ever see it. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

/** What the exact path needs of a kind: its canonical validator and field map. */
export interface ExactModule {
  /** The canonical schema: its errors become `schema` findings. */
  readonly validate: StandaloneValidator;
  readonly shape: readonly ShapeNode[];
}

/** A kind's generated validators. */
export interface KindModule {
  /**
   * The strict twin (scripts/lib/strict.mjs): the canonical schema, also rejecting unknown
   * members, variant spellings and data-on-demand fields. Passing it proves there is nothing for
   * the schema and member rules to say.
   */
  readonly strict: StandaloneValidator;
  /** Loads the exact path on first use: a payload the twin accepts never needs it. */
  exact(): ExactModule;
}

const byId = new Map<string, KindInfo>(KINDS.map((k) => [k.id, k]));
const loaded = new Map<string, KindModule>();
// The generated validators are CommonJS (ajv's standalone output); require keeps loading synchronous.
const require = createRequire(import.meta.url);

/** Every kind this version knows, in schema order. */
export function listKinds(): readonly KindInfo[] {
  return KINDS;
}

export function getKind(id: string): KindInfo | undefined {
  return byId.get(id);
}

function generated<T>(file: string, table: 'kinds' | 'twins', kind: KindInfo): T {
  const found = (require(`./generated/validators/${file}`) as Record<string, Record<string, T> | undefined>)[table]?.[kind.id];
  if (!found) throw new Error(`generated/validators/${file} has no ${table} entry for ${kind.id}; run pnpm generate`);
  return found;
}

/** Loads a kind's validators on first use, so start-up pays only for the kinds actually seen. */
export function loadKind(kind: KindInfo): KindModule {
  let module = loaded.get(kind.id);
  if (!module) {
    let exact: ExactModule | undefined;
    module = {
      strict: generated<StandaloneValidator>(kind.twinModule, 'twins', kind),
      exact: () => (exact ??= generated<ExactModule>(kind.module, 'kinds', kind)),
    };
    loaded.set(kind.id, module);
  }
  return module;
}
