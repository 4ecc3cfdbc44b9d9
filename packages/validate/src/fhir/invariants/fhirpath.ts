// The long tail of R4's invariants, evaluated with FHIRPath on the elements that are present: one walk
// of the payload that knows each element's path and type (from the engine's R4 model), and at each
// element the constraints of its path (Patient.contact) and of its data type (Period), compiled once.
// A constraint fails when its expression gives `false`; an empty result is no failure (nothing to
// judge), and one the engine cannot evaluate on this payload is skipped.
import type { Evaluator, FhirPathEngine, FhirPathModel } from './engine.js';
import { lacksChoice } from './guard.js';
import { checkContained, extensionParts, isEmptyElement, NOT_DOMAIN, Path, walkMember, walkResource, walkValue, type NativeReport } from './native.js';
import { nativeOf } from './native-typed.js';
import { requiredCoding, type Invariant, type RequiredCoding } from './table.js';
import { isObject } from '../../json.js';

type Json = Readonly<Record<string, unknown>>;
export type FhirPathReport = (invariant: Invariant, pointer: string) => void;
/** A CodeableConcept with codings, none from the value set of its required binding. */
export type BindingReport = (binding: RequiredCoding, pointer: string) => void;

const noTrace = (): void => undefined;

/** Compiled expressions, by invariant; null for one the engine cannot compile. */
const compiled = new Map<Invariant, Evaluator | null>();

function evaluatorOf(invariant: Invariant, engine: FhirPathEngine): Evaluator | null {
  let fn = compiled.get(invariant);
  if (fn === undefined) {
    try {
      fn = engine.compile({ base: invariant.path, expression: invariant.expression }, { traceFn: noTrace });
    } catch {
      fn = null;
    }
    compiled.set(invariant, fn);
  }
  return fn;
}

/** `Observation.valueQuantity` → the choice element and its type, from the model's choice paths. */
let choices: Map<string, { element: string; type: string }> | undefined;
function choiceOf(model: FhirPathModel, path: string): { element: string; type: string } | undefined {
  if (!choices) {
    choices = new Map();
    for (const [element, types] of Object.entries(model.choiceTypePaths)) {
      for (const suffix of types) {
        const complex = `${suffix}.extension` in model.path2Type;
        choices.set(`${element}${suffix}`, { element: `${element}[x]`, type: complex ? suffix : suffix.charAt(0).toLowerCase() + suffix.slice(1) });
      }
    }
  }
  return choices.get(path);
}

const isPrimitive = (type: string): boolean => type.startsWith('System.') || (type.charCodeAt(0) >= 97 && type.charCodeAt(0) <= 122);

/** One constraint, ready to run on an element: undefined when it holds, else the failure. */
interface Check {
  readonly invariant: Invariant;
  /** Members any one of which, absent, means it holds; `choice` for a `name[x]` member. */
  readonly guards: readonly Guard[];
  readonly native: ((node: unknown, resource: Json) => boolean | undefined) | undefined;
  /** The guard names of this check's list (`name` and `_name`) → one bit each, shared by its checks; null: each check reads its guards. */
  readonly bits: ReadonlyMap<string, number> | null;
  /** With `bits`: this check's guards as bits, and the ones read as before (a `name[x]` choice, a name Object.prototype has). */
  readonly mask: number;
  readonly unmasked: readonly Guard[];
}

/**
 * From this many checks with guards on, a list reads the element's keys once for all its guards (a
 * model of ElementDefinition's, on R4's 20,441 ElementDefinitions: 2.3 times quicker than reading
 * each check's guards by name), where a short list reads each guard by name.
 */
const KEYS_ONCE_FROM = 4;

/** `checks` with their guards as bits of one map, when the list is long enough for that to pay. */
function planned(checks: readonly Check[]): readonly Check[] {
  const maskable = (guard: Guard) => !guard.choice && !(guard.name in Object.prototype) && !(guard.extensions in Object.prototype);
  if (checks.filter((check) => check.guards.some(maskable)).length < KEYS_ONCE_FROM) return checks;
  const bits = new Map<string, number>();
  for (const check of checks) {
    for (const guard of check.guards) {
      if (!maskable(guard) || bits.has(guard.name)) continue;
      // 31 names at most: the bits of a small integer.
      if (bits.size / 2 >= 31) return checks;
      const bit = 1 << (bits.size / 2);
      bits.set(guard.name, bit).set(guard.extensions, bit);
    }
  }
  // The same literal as #checks(): one object shape for every check, wherever #run meets it.
  return checks.map((check) => ({
    invariant: check.invariant,
    guards: check.guards,
    native: check.native,
    bits,
    mask: check.guards.reduce((mask, guard) => mask | (bits.get(guard.name) ?? 0), 0),
    unmasked: check.guards.filter((guard) => !bits.has(guard.name)),
  }));
}

/** A member whose absence means a constraint holds: its name, `_name`, and whether it is a `name[x]` choice. */
interface Guard {
  readonly name: string;
  readonly extensions: string;
  readonly choice: boolean;
}

/** What the walk knows of a member of a type: where it leads and what to check there. */
interface Child {
  /** The definition's path of the member (Patient.contact, Observation.value[x]). */
  readonly path: string;
  readonly kind: 'resource' | 'primitive' | 'complex';
  /** Complex: the type whose members it has (a data type, or the backbone's path). */
  readonly type: string;
  /**
   * Complex: the path whose constraints its layout checks: `type`, or the member's own path where R4
   * refers it to another element's content and gives it constraints of its own (TestScript's test
   * and teardown actions: tst-6, tst-8, tst-9, tst-11, tst-13 in place of the setup's).
   */
  readonly checksAt: string;
  /** Checks of the member's own path (beside its data type's). */
  readonly checks: readonly Check[];
  readonly contained: boolean;
  /** Its key is `extension` or `modifierExtension` (ext-1). */
  readonly extension: boolean;
  /** A required binding of a CodeableConcept element. */
  readonly binding: RequiredCoding | undefined;
  /** Complex: the layout of `type`, once met. */
  layout: Layout | undefined;
}

/** A type as the walk meets it: its own checks and its members, each worked out once. */
interface Layout {
  readonly type: string;
  readonly checks: readonly Check[];
  readonly children: Map<string, Child>;
  /**
   * Whether a member of a primitive type may have checks: without, a member whose value is no object
   * (a string, number, boolean) has nothing for the walk to do, and is passed without being looked up.
   */
  readonly primitiveChecks: boolean;
  /** A resource type that is a DomainResource to the native checks (dom-2…dom-5 on its contained ones). */
  readonly domain: boolean;
}

/** What the walk keeps per constraint table (errors only, or with warnings). */
interface Table {
  /** The layouts of the types met so far. */
  readonly layouts: Map<string, Layout>;
  /** The same, of the resource types met so far, by `resourceType` (R4's names only). */
  readonly resources: Map<string, Layout>;
  /** The types and backbone paths some member of which has checks of its own path. */
  readonly parents: ReadonlySet<string>;
}

const tables = new WeakMap<ReadonlyMap<string, readonly Invariant[]>, Table>();

/** Where a member's own checks may be: the parents of the table's element paths, and of the paths defined elsewhere that have some. */
function tableOf(byPath: ReadonlyMap<string, readonly Invariant[]>, model: FhirPathModel): Table {
  let table = tables.get(byPath);
  if (!table) {
    const parents = new Set<string>();
    const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')));
    for (const path of byPath.keys()) parents.add(parentOf(path));
    for (const [written, path] of Object.entries(model.pathsDefinedElsewhere)) if (byPath.has(path)) parents.add(parentOf(written));
    tables.set(byPath, (table = { layouts: new Map(), resources: new Map(), parents }));
  }
  return table;
}

class Walk {
  readonly path = new Path();
  readonly #model: FhirPathModel;
  /** Where the native checks report, when this walk makes them too (a schema-clean payload). */
  #native: NativeReport | undefined;
  /** The walk's own findings while the native checks make theirs: reported after them, as two walks would. */
  #deferred: { invariant: Invariant | undefined; binding: RequiredCoding | undefined; pointer: string }[] | undefined;
  readonly #table: Table;
  /** `%rootResource`: the resource that is not contained in another (a bundle entry's is its own). */
  #root: Json | undefined;
  constructor(
    readonly engine: FhirPathEngine,
    readonly byPath: ReadonlyMap<string, readonly Invariant[]>,
    readonly report: FhirPathReport,
    readonly reportBinding: BindingReport,
    native?: NativeReport,
  ) {
    this.#native = native;
    this.#model = engine.model;
    this.#table = tableOf(byPath, this.#model);
  }

  pointer(): string {
    return this.path.pointer();
  }

  #fail(invariant: Invariant): void {
    if (this.#deferred) this.#deferred.push({ invariant, binding: undefined, pointer: this.pointer() });
    else this.report(invariant, this.pointer());
  }

  #failBinding(binding: RequiredCoding): void {
    if (this.#deferred) this.#deferred.push({ invariant: undefined, binding, pointer: this.pointer() });
    else this.reportBinding(binding, this.pointer());
  }

  /** Walks a payload, native checks included when asked, and reports the walk's own findings after theirs. */
  run(payload: Json): void {
    if (!this.#native) {
      this.resource(payload, false);
      return;
    }
    this.#deferred = [];
    this.resource(payload, false);
    for (const { invariant, binding, pointer } of this.#deferred) {
      if (invariant) this.report(invariant, pointer);
      else this.reportBinding(binding!, pointer);
    }
  }

  #checks(path: string): readonly Check[] {
    const list = this.byPath.get(path);
    if (!list) return [];
    return list.map((invariant) => {
      const guards = invariant.guards.map((name) => ({
        name,
        extensions: `_${name}`,
        choice: `${path.replace(/\[x\]$/u, '')}.${name}` in this.#model.choiceTypePaths,
      }));
      return { invariant, guards, native: nativeOf(invariant), bits: null, mask: 0, unmasked: guards };
    });
  }

  /** The layout of a type (or backbone path), with the constraints of `checksAt` (its own path, unless a content reference's). */
  #layout(type: string, checksAt = type): Layout {
    const layouts = this.#table.layouts;
    let layout = layouts.get(checksAt);
    if (!layout) {
      // A resource type also has the constraints of DomainResource (dom-6), when it is one.
      const domain = `${type}.contained` in this.#model.path2Type ? this.#checks('DomainResource') : [];
      const primitiveChecks = this.#table.parents.has(type);
      const checks = planned([...this.#checks(checksAt), ...domain]);
      layouts.set(checksAt, (layout = { type, checks, children: new Map(), primitiveChecks, domain: !NOT_DOMAIN.has(type) }));
    }
    return layout;
  }

  #childOf(layout: Layout, key: string): Child | null {
    return layout.children.get(key) ?? this.#newChild(layout, key);
  }

  #newChild(layout: Layout, key: string): Child | null {
    let child: Child | null;
    const type = layout.type;
    const model = this.#model;
    const written = `${type}.${key}`;
    const referenced = model.pathsDefinedElsewhere[written];
    let path = referenced ?? written;
    // A choice form (`probabilityRange`), which the model may also list with its own type.
    const choice = referenced === undefined ? choiceOf(model, written) : undefined;
    let found: string | { readonly code: string } | undefined = model.path2Type[path];
    if (found === undefined) {
      if (choice) {
        path = choice.element;
        found = choice.type;
      }
    } else if (typeof found !== 'string') found = found.code;
    // Whose constraints it has: a choice form its element's (`probability[x]`: ras-1); a content reference
    // its own where R4 gives it some, in place of the referenced element's (one finding per cause).
    const own = choice ? choice.element : referenced !== undefined && this.byPath.has(written) ? written : path;
    const extension = key === 'extension' || key === 'modifierExtension';
    // Every child is written out in one member order: the walk reads them all through one shape.
    if (found === undefined) child = null;
    else if (found === 'Resource')
      child = {
        path,
        kind: 'resource',
        type: found,
        checksAt: found,
        checks: [],
        contained: path.endsWith('.contained'),
        extension,
        binding: undefined,
        layout: undefined,
      };
    else if (isPrimitive(found))
      child = {
        path,
        kind: 'primitive',
        type: found,
        checksAt: found,
        checks: planned(this.#checks(own)),
        contained: false,
        extension,
        binding: undefined,
        layout: undefined,
      };
    else {
      const backbone = found === 'BackboneElement' || found === 'Element';
      const binding = found === 'CodeableConcept' ? requiredCoding(path) : undefined;
      child = {
        path,
        kind: 'complex',
        type: backbone ? path : found,
        checksAt: backbone ? own : found,
        checks: backbone ? [] : planned(this.#checks(own)),
        contained: false,
        extension,
        binding,
        layout: undefined,
      };
    }
    // Only R4's names are kept: a payload's made-up member names would grow the map without bound.
    if (child !== null) layout.children.set(key, child);
    return child;
  }

  resource(resource: Json, contained: boolean): void {
    const type = resource.resourceType;
    const native = this.#native;
    const layout = typeof type === 'string' ? (this.#table.resources.get(type) ?? this.#resourceLayout(type)) : undefined;
    if (!layout) {
      if (native) walkResource(resource, this.path, native, contained);
      return;
    }
    if (native && !contained && layout.domain) {
      const list = resource.contained;
      if (Array.isArray(list) && list.length > 0) checkContained(resource, list, this.path, native);
    }
    const root = this.#root;
    if (!contained || !root) this.#root = resource;
    this.#element(resource, layout, resource);
    this.#root = root;
  }

  /** The layout of a resource type the model knows (asked once per type name, not per resource). */
  #resourceLayout(type: string): Layout | undefined {
    // Only R4's names are kept (a payload's made-up type names would grow the map without bound).
    if (!(`${type}.id` in this.#model.path2Type)) return undefined;
    const layout = this.#layout(type);
    this.#table.resources.set(type, layout);
    return layout;
  }

  #run(checks: readonly Check[], node: unknown, resource: Json): void {
    const bits = checks.length > 0 ? checks[0]!.bits : null;
    const present = bits === null ? 0 : presentGuards(node, bits);
    for (const check of checks) {
      if (bits === null ? anyAbsent(node, check.guards) : (check.mask & ~present) !== 0 || anyAbsent(node, check.unmasked)) continue;
      const verdict = check.native?.(node, resource);
      if (verdict !== undefined) {
        if (!verdict) this.#fail(check.invariant);
        continue;
      }
      const fn = evaluatorOf(check.invariant, this.engine);
      if (!fn) continue;
      let result: unknown[];
      try {
        result = fn(node, { resource, rootResource: this.#root });
      } catch {
        continue;
      }
      if (result.length === 1 && result[0] === false) this.#fail(check.invariant);
    }
  }

  /** An element of complex type: `layout` is its data type's, or its definition path's for a backbone element. */
  #element(node: Json, layout: Layout, resource: Json): void {
    if (layout.checks.length > 0) this.#run(layout.checks, node, resource);
    const native = this.#native;
    const primitiveChecks = layout.primitiveChecks;
    for (const key in node) {
      const value = node[key];
      // A string, number or boolean: a primitive's value (or a schema error); nothing to do without checks.
      if (!primitiveChecks && (typeof value !== 'object' || value === null)) continue;
      // What the walk does not type (`_name` siblings, members R4 does not define, primitives' values)
      // the native checks still walk, untyped, as their own walk would.
      const typed = key !== 'resourceType' && key.charCodeAt(0) !== 95;
      const child = typed ? this.#childOf(layout, key) : null;
      if (native && (!child || child.kind === 'primitive') && typeof value === 'object' && value !== null) walkMember(node, key, value, this.path, native);
      if (!child || (child.kind === 'primitive' && child.checks.length === 0)) continue;
      this.path.push(key);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          this.path.push(i);
          this.#child(value[i], child, resource, node, i);
          this.path.pop();
        }
      } else this.#child(value, child, resource, node, undefined);
      this.path.pop();
    }
  }

  #child(value: unknown, child: Child, resource: Json, parent: Json, index: number | undefined): void {
    if (value === null || value === undefined) return;
    if (child.kind === 'primitive') this.#run(child.checks, value, resource);
    else if (!isObject(value)) return;
    else if (child.kind === 'resource') {
      const native = this.#native;
      if (native && typeof value.resourceType !== 'string')
        walkValue(value, child.path.slice(child.path.lastIndexOf('.') + 1), false, parent, index, this.path, native);
      else this.resource(value, child.contained);
    } else {
      const native = this.#native;
      if (native) {
        // A resource where R4 has an element (a schema error elsewhere) is one to the native checks; an
        // empty element is ele-1's and no further: below either, the walk goes on without them.
        const resourceType = typeof value.resourceType === 'string';
        if (resourceType || isEmptyElement(value)) {
          if (resourceType) walkResource(value, this.path, native, false);
          else native('ele-1', this.pointer());
          this.#native = undefined;
          this.#complex(value, child, resource);
          this.#native = native;
          return;
        }
        if (child.extension) {
          const { extensions, value: hasValue } = extensionParts(value);
          if (extensions === hasValue) native('ext-1', this.pointer());
        }
      }
      this.#complex(value, child, resource);
    }
  }

  #complex(value: Json, child: Child, resource: Json): void {
    if (child.checks.length > 0) this.#run(child.checks, value, resource);
    if (child.binding && !codedFrom(value, child.binding)) this.#failBinding(child.binding);
    this.#element(value, (child.layout ??= this.#layout(child.type, child.checksAt)), resource);
  }
}

/**
 * The bits of the guards `node` has (a member, or its `_name`, that is not undefined), from one read
 * of its keys: a parsed JSON value's members are all its own enumerable keys, so this finds what
 * anyAbsent() reads by name. Every bit for a value that is no object, which anyAbsent() finds lacking nothing.
 */
function presentGuards(node: unknown, bits: ReadonlyMap<string, number>): number {
  if (typeof node !== 'object' || node === null) return -1;
  const record = node as Json;
  let present = 0;
  for (const key in record) {
    const bit = bits.get(key);
    if (bit !== undefined && record[key] !== undefined) present |= bit;
  }
  return present;
}

/** Whether `node` lacks any guard's member (its value, its `_name` extensions, and for a choice any `name[x]`). */
function anyAbsent(node: unknown, guards: readonly Guard[]): boolean {
  if (guards.length === 0 || typeof node !== 'object' || node === null) return false;
  const record = node as Json;
  for (const guard of guards) {
    if (record[guard.name] === undefined && record[guard.extensions] === undefined && (!guard.choice || lacksChoice(record, guard.name))) return true;
  }
  return false;
}

/** Whether a CodeableConcept meets its required binding: no coding, or one from the value set. */
function codedFrom(concept: Json, binding: RequiredCoding): boolean {
  const codings = concept.coding;
  if (!Array.isArray(codings) || codings.length === 0) return true;
  return codings.some((c) => isObject(c) && c.system === binding.system && typeof c.code === 'string' && binding.codes.has(c.code));
}

/** Evaluates the constraints `byPath` (and R4's required CodeableConcept bindings) on every element of a FHIR payload. */
export function checkFhirPathInvariants(
  payload: unknown,
  byPath: ReadonlyMap<string, readonly Invariant[]>,
  engine: FhirPathEngine,
  report: FhirPathReport,
  reportBinding: BindingReport,
): void {
  if (isObject(payload)) new Walk(engine, byPath, report, reportBinding).run(payload);
}

/**
 * The native invariants (native.ts) and the FHIRPath ones in one walk of a schema-clean payload: the
 * typed walk makes the native checks at the elements it meets and walks the rest untyped. The same
 * findings, in the same order, as checkNativeInvariants and then checkFhirPathInvariants.
 */
export function checkInvariants(
  payload: unknown,
  byPath: ReadonlyMap<string, readonly Invariant[]>,
  engine: FhirPathEngine,
  reportNative: NativeReport,
  report: FhirPathReport,
  reportBinding: BindingReport,
): void {
  if (isObject(payload)) new Walk(engine, byPath, report, reportBinding, reportNative).run(payload);
}

/** How many member layouts the walk keeps for a constraint table (what a test reads to see the cache stays bounded). */
export function cachedMembers(byPath: ReadonlyMap<string, readonly Invariant[]>): number {
  let count = 0;
  for (const layout of tables.get(byPath)?.layouts.values() ?? []) count += layout.children.size;
  return count;
}
