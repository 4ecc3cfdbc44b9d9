import { KINDS } from './generated/kinds.js';
import { withFhirShapes, type FhirShapes } from './fhir/embedded.js';
import modules from './modules.cjs';
import tables from './fhir/table/tables.cjs';
import { standardOf } from './cdshooks/standard.js';
import type { KindInfo } from './kind-info.js';
import type { Shape, ShapeNode } from './shape.js';

/** What ajv's standalone code reports; only `validate.ts` and the schema rules ever see it. */
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
  /** The canonical schema (for FHIR, the R4 base definition): its errors become `schema` findings. */
  readonly validate: StandaloneValidator;
  /**
   * FHIR service profiles: what the profile adds on top of R4. Its errors become `service-profile`
   * findings (scripts/lib/fhir-schemas.mjs).
   */
  readonly overlay?: StandaloneValidator;
  readonly shape: Shape;
}

/**
 * What a FHIR twin gathers while it accepts a payload: every `reference` string it met, and whether
 * it saw every member (`complete` turns false at an object or array whose members no schema names,
 * a contained resource or free-form data, where a `reference` goes unseen).
 */
export interface Gathered {
  references: string[];
  complete: boolean;
  /**
   * When given: each Reference object met, followed by its element as R4 names it (`Observation.subject`),
   * the Reference's own members before it.
   */
  sites?: unknown[];
  /** Set when a Bundle below the root was met: its entries resolve references among their own. */
  nested?: boolean;
}

/** A generated strict twin: it gathers into the object it is called on (`this`), if any. */
type Twin = (this: Gathered | undefined, data: unknown) => boolean;

/** A kind's generated validators. */
export interface KindModule {
  /**
   * The strict twin (scripts/lib/strict.mjs): the canonical schema, also rejecting unknown
   * members, variant spellings and data-on-demand fields. Passing it proves there is nothing for
   * the schema and member rules to say. A FHIR twin fills `gathered`, when given, with the
   * references it met (scripts/lib/twin-ajv.mjs: the twin is called on it).
   */
  readonly strict: (payload: unknown, gathered?: Gathered) => boolean;
  /** Loads the exact path on first use: a payload the twin accepts never needs it. */
  exact(): ExactModule;
}

const byId = new Map<string, KindInfo>(KINDS.map((k) => [k.id, k]));
const loaded = new Map<string, KindModule>();

/** Every kind this version knows, in schema path order. */
export function listKinds(): readonly KindInfo[] {
  return KINDS;
}

export function getKind(id: string): KindInfo | undefined {
  return byId.get(id);
}

/**
 * A generated module (CommonJS, ajv's standalone output), synchronously: from disk in Node, from
 * what prepare() imported in a browser (modules.cjs).
 */
const validators = (file: string) => modules.load(file);

/** What each table of a generated module holds, by id. */
interface GeneratedTables {
  kinds: { validate: StandaloneValidator; shape: ShapeNode[] };
  twins: Twin;
  overlays: StandaloneValidator;
}

function generated<K extends keyof GeneratedTables>(file: string, table: K, id: string): GeneratedTables[K] {
  const found = (validators(file)[table] as Record<string, GeneratedTables[K]> | undefined)?.[id];
  if (!found) throw new Error(`generated/validators/${file} has no ${table} entry for ${id}; run pnpm generate`);
  return found;
}

/** A Data Model, CDS Hooks or auth kind: one module holds its validators and field map. */
function ownModule(kind: KindInfo): KindModule {
  let exact: ExactModule | undefined;
  const load = (): ExactModule => {
    const { validate, shape } = generated(kind.module, 'kinds', kind.id);
    // FHIR resources inside (resource slots) are walked with the FHIR field maps.
    const fhir = kind.resources ? (validators('fhir/shapes.cjs') as unknown as FhirShapes) : undefined;
    return { validate, shape: fhir ? withFhirShapes(shape, fhir) : { nodes: shape, root: 0 } };
  };
  const twin = generated(kind.twinModule, 'twins', kind.id);
  return {
    strict: (payload) => twin.call(undefined, payload),
    exact: () => (exact ??= load()),
  };
}

/**
 * A FHIR kind: its R4 type's modules, and for a service profile the overlay checked beside it.
 * The twin of a profile is the R4 twin and the overlay: both must pass.
 */
function fhirModule(kind: KindInfo, base: string): KindModule {
  const overlay = kind.overlay ? generated('fhir/profiles.cjs', 'overlays', kind.id) : undefined;
  // The R4 type's table, walked by the interpreter (fhir/table/), which compiles once for all types; a
  // type the service carries moves to its compiled twin once it runs hot.
  const twin: Twin = tables.fastTwin(base);
  let exact: ExactModule | undefined;
  const load = (): ExactModule => {
    const shapes = validators('fhir/shapes.cjs') as unknown as FhirShapes;
    const root = shapes.types[base];
    if (root === undefined) throw new Error(`generated/validators/fhir/shapes.cjs has no ${base}; run pnpm generate`);
    const validate = validators(kind.module).validate as StandaloneValidator;
    return { validate, ...(overlay ? { overlay } : {}), shape: { nodes: shapes.nodes, root, resources: shapes.types, fhir: true } };
  };
  return {
    strict: overlay ? (payload, gathered) => twin.call(gathered, payload) && overlay(payload) : (payload, gathered) => twin.call(gathered, payload),
    exact: () => (exact ??= load()),
  };
}

/**
 * The generated modules validating a payload of `kind` may load: for a FHIR kind, or one that holds
 * FHIR resources (a CDS Hooks document), with those of each resource type in `resourceTypes` (the
 * types a payload carries, entries and contained resources included). Exact-path modules are listed
 * too: a payload the twin rejects needs them.
 */
export function modulesOf(kind: KindInfo, resourceTypes: Iterable<string> = []): string[] {
  // A CDS Hooks document in the envelope is checked against its standard kind too.
  const id = standardOf(kind);
  const standard = id === undefined ? undefined : getKind(id);
  const types = [...resourceTypes];
  const own = ownModulesOf(kind, types);
  return standard ? [...new Set([...own, ...ownModulesOf(standard, types)])] : own;
}

/** Whether validating a payload of `kind` may read FHIR resources in it (its own or its standard kind's). */
export function holdsResources(kind: KindInfo): boolean {
  if (kind.family === 'fhir' || kind.resources === true) return true;
  const standard = standardOf(kind);
  return standard !== undefined && getKind(standard)?.resources === true;
}

function ownModulesOf(kind: KindInfo, resourceTypes: readonly string[]): string[] {
  if (kind.base === undefined && !kind.resources) return [...new Set([kind.twinModule, kind.module])];
  const files = new Set([kind.twinModule, kind.module, 'fhir/shapes.cjs', 'fhir/types.cjs', tables.fileOf('datatypes'), COMPILED_DATATYPES]);
  if (kind.base !== undefined) files.add(tables.fileOf(kind.base));
  if (kind.overlay) files.add('fhir/profiles.cjs');
  // A resource a table walks is walked by its type's table too, so a compiled type's table may be read.
  for (const type of resourceTypes) {
    files.add(tables.fileOf(type)).add(`fhir/r4/${type}.cjs`);
    if (COMPILED_TWIN_TYPES.has(type)) files.add(`fhir/r4/${type}.twin.cjs`);
  }
  return [...files];
}

/**
 * The R4 types with a compiled strict twin, and the data types' module they call. Every R4 type is a
 * kind, whose `service` flag the generator sets from the same list it writes to fhir/types.cjs
 * (scripts/lib/emit-fhir.mjs compiledTwinTypes): read from the kinds, so prepare() needs no module
 * to know it. test/browser.test.ts checks prepare() loads the twin of each type a bundle carries.
 */
const COMPILED_TWIN_TYPES = new Set((KINDS as readonly KindInfo[]).flatMap((kind) => (kind.service && kind.base !== undefined ? [kind.base] : [])));
const COMPILED_DATATYPES = 'fhir/r4/datatypes.twin.cjs';

/** Loads a kind's validators on first use, so start-up pays only for the kinds actually seen. */
export function loadKind(kind: KindInfo): KindModule {
  let module = loaded.get(kind.id);
  if (!module) {
    module = kind.base === undefined ? ownModule(kind) : fhirModule(kind, kind.base);
    loaded.set(kind.id, module);
  }
  return module;
}
