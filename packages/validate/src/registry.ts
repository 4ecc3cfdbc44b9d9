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

/** A kind's generated module: precompiled validators and field map. */
export interface KindModule {
  /** The canonical schema: its errors become `schema` findings. */
  readonly validate: StandaloneValidator;
  /**
   * The strict twin (scripts/lib/strict.mjs): also rejects unknown members, variant spellings
   * and data-on-demand fields. Passing it proves there is nothing for the member rules to say.
   * Null for kinds compiled without one (FHIR: see scripts/lib/emit-validators.mjs).
   */
  readonly strict: StandaloneValidator | null;
  readonly shape: readonly ShapeNode[];
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

/** Loads a kind's validators on first use, so start-up pays only for the kinds actually seen. */
export function loadKind(kind: KindInfo): KindModule {
  let module = loaded.get(kind.id);
  if (!module) {
    const file = require(`./generated/validators/${kind.module}`) as { kinds: Record<string, KindModule> };
    module = file.kinds[kind.id];
    if (!module) throw new Error(`generated/validators/${kind.module} has no validator for ${kind.id}; run pnpm generate`);
    loaded.set(kind.id, module);
  }
  return module;
}
