// The long tail of R4's invariants, evaluated with FHIRPath on the elements that are present: one walk
// of the payload that knows each element's path and type (from the engine's R4 model), and at each
// element the constraints of its path (Patient.contact) and of its data type (Period), compiled once.
// A constraint fails when its expression gives `false`; an empty result is no failure (nothing to
// judge), and one the engine cannot evaluate on this payload is skipped.
import { pointerToken } from '../../finding.js';
import type { Evaluator, FhirPathEngine, FhirPathModel } from './engine.js';
import { lacks } from './guard.js';
import { NATIVE_TYPED } from './native-typed.js';
import { requiredCoding, type Invariant, type RequiredCoding } from './table.js';

type Json = Readonly<Record<string, unknown>>;
export type FhirPathReport = (invariant: Invariant, pointer: string) => void;
/** A CodeableConcept with codings, none from the value set of its required binding. */
export type BindingReport = (binding: RequiredCoding, pointer: string) => void;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const noTrace = (): void => undefined;

/** Compiled expressions, by invariant; null for one the engine cannot compile. */
const compiled = new Map<Invariant, Evaluator | null>();

function evaluatorOf(invariant: Invariant, engine: FhirPathEngine): Evaluator | null {
  let fn = compiled.get(invariant);
  if (fn === undefined) {
    try {
      fn = engine.compile({ base: invariant.path, expression: invariant.expression }, engine.model, { traceFn: noTrace });
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
  /** Checks of the member's own path (beside its data type's). */
  readonly checks: readonly Check[];
  readonly contained: boolean;
  /** A required binding of a CodeableConcept element. */
  readonly binding: RequiredCoding | undefined;
}

/** A type as the walk meets it: its own checks and its members, each worked out once. */
interface Layout {
  readonly checks: readonly Check[];
  readonly children: Map<string, Child | null>;
}

/** Per constraint table (errors only, or with warnings): the layouts of the types met so far. */
const layoutsByTable = new WeakMap<ReadonlyMap<string, readonly Invariant[]>, Map<string, Layout>>();

/** The model's resource types met so far. */
const resourceTypes = new Set<string>();

class Walk {
  readonly #segments: (string | number)[] = [];
  readonly #model: FhirPathModel;
  readonly #layouts: Map<string, Layout>;
  /** `%rootResource`: the resource that is not contained in another (a bundle entry's is its own). */
  #root: Json | undefined;
  constructor(
    readonly engine: FhirPathEngine,
    readonly byPath: ReadonlyMap<string, readonly Invariant[]>,
    readonly report: FhirPathReport,
    readonly reportBinding: BindingReport,
  ) {
    this.#model = engine.model;
    let layouts = layoutsByTable.get(byPath);
    if (!layouts) layoutsByTable.set(byPath, (layouts = new Map<string, Layout>()));
    this.#layouts = layouts;
  }

  pointer(): string {
    let out = '';
    for (const s of this.#segments) out += `/${typeof s === 'number' ? s : pointerToken(s)}`;
    return out;
  }

  #checks(path: string): readonly Check[] {
    const list = this.byPath.get(path);
    if (!list) return [];
    return list.map((invariant) => ({
      invariant,
      guards: invariant.guards.map((name) => ({
        name,
        extensions: `_${name}`,
        choice: `${path.replace(/\[x\]$/u, '')}.${name}` in this.#model.choiceTypePaths,
      })),
      native: NATIVE_TYPED[invariant.key],
    }));
  }

  #layout(type: string): Layout {
    let layout = this.#layouts.get(type);
    if (!layout) {
      // A resource type also has the constraints of DomainResource (dom-6), when it is one.
      const domain = `${type}.contained` in this.#model.path2Type ? this.#checks('DomainResource') : [];
      this.#layouts.set(type, (layout = { checks: [...this.#checks(type), ...domain], children: new Map() }));
    }
    return layout;
  }

  #childOf(layout: Layout, type: string, key: string): Child | null {
    let child = layout.children.get(key);
    if (child !== undefined) return child;
    const model = this.#model;
    const written = `${type}.${key}`;
    let path = model.pathsDefinedElsewhere[written] ?? written;
    let found: string | { readonly code: string } | undefined = model.path2Type[path];
    if (found === undefined) {
      const choice = choiceOf(model, written);
      if (choice) {
        path = choice.element;
        found = choice.type;
      }
    } else if (typeof found !== 'string') found = found.code;
    if (found === undefined) child = null;
    else if (found === 'Resource') child = { path, kind: 'resource', type: found, checks: [], contained: path.endsWith('.contained'), binding: undefined };
    else if (isPrimitive(found)) child = { path, kind: 'primitive', type: found, checks: this.#checks(path), contained: false, binding: undefined };
    else {
      const backbone = found === 'BackboneElement' || found === 'Element';
      const binding = found === 'CodeableConcept' ? requiredCoding(path) : undefined;
      child = { path, kind: 'complex', type: backbone ? path : found, checks: backbone ? [] : this.#checks(path), contained: false, binding };
    }
    layout.children.set(key, child);
    return child;
  }

  resource(resource: Json, contained: boolean): void {
    const type = resource.resourceType;
    if (typeof type !== 'string' || !this.#isResourceType(type)) return;
    const root = this.#root;
    if (!contained || !root) this.#root = resource;
    this.#element(resource, type, resource);
    this.#root = root;
  }

  /** Whether the model knows `type` as a resource (asked once per type name, not per resource). */
  #isResourceType(type: string): boolean {
    if (resourceTypes.has(type)) return true;
    // Only R4's names are kept (a payload's made-up type names would grow the set without bound).
    const known = `${type}.id` in this.#model.path2Type;
    if (known) resourceTypes.add(type);
    return known;
  }

  #run(checks: readonly Check[], node: unknown, resource: Json): void {
    for (const check of checks) {
      if (anyAbsent(node, check.guards)) continue;
      const verdict = check.native?.(node, resource);
      if (verdict !== undefined) {
        if (!verdict) this.report(check.invariant, this.pointer());
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
      if (result.length === 1 && result[0] === false) this.report(check.invariant, this.pointer());
    }
  }

  /** An element of complex type: `type` is its data type, or its definition's path for a backbone element. */
  #element(node: Json, type: string, resource: Json): void {
    const layout = this.#layout(type);
    if (layout.checks.length > 0) this.#run(layout.checks, node, resource);
    for (const key in node) {
      if (key === 'resourceType' || key.charCodeAt(0) === 95) continue;
      const child = this.#childOf(layout, type, key);
      if (!child || (child.kind === 'primitive' && child.checks.length === 0)) continue;
      const value = node[key];
      this.#segments.push(key);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          this.#segments.push(i);
          this.#child(value[i], child, resource);
          this.#segments.pop();
        }
      } else this.#child(value, child, resource);
      this.#segments.pop();
    }
  }

  #child(value: unknown, child: Child, resource: Json): void {
    if (value === null || value === undefined) return;
    if (child.kind === 'primitive') this.#run(child.checks, value, resource);
    else if (!isObject(value)) return;
    else if (child.kind === 'resource') this.resource(value, child.contained);
    else {
      if (child.checks.length > 0) this.#run(child.checks, value, resource);
      if (child.binding && !codedFrom(value, child.binding)) this.reportBinding(child.binding, this.pointer());
      this.#element(value, child.type, resource);
    }
  }
}

/** Whether `node` lacks any guard's member (its value, its `_name` extensions, and for a choice any `name[x]`). */
function anyAbsent(node: unknown, guards: readonly Guard[]): boolean {
  if (guards.length === 0 || typeof node !== 'object' || node === null) return false;
  const record = node as Json;
  for (const guard of guards) {
    if (record[guard.name] === undefined && record[guard.extensions] === undefined && (!guard.choice || lacks(record, guard.name))) return true;
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
  if (isObject(payload)) new Walk(engine, byPath, report, reportBinding).resource(payload, false);
}
