import { childPointer } from './finding.js';
import { plausibleNames } from './near-miss.js';
import { MAX_DEPTH } from './depth.js';
import type { Shape, ShapeNode } from './shape.js';
import { isObject } from './json.js';

/** A member whose name the schema does not define as written. */
export interface MemberIssue {
  /** Pointer of the member as written. */
  readonly pointer: string;
  readonly name: string;
  /**
   * `variant`: a known variant spelling (schema or configuration) of `canonical`;
   * `near-miss`: looks like a slip for one of `candidates`; `unknown`: neither.
   */
  readonly reason: 'variant' | 'configured-variant' | 'near-miss' | 'unknown';
  /** The names it may stand for (one when the fix is unambiguous). */
  readonly candidates: readonly string[];
  /** Candidates already present beside it (renaming onto them would lose data). */
  readonly present: readonly string[];
  /** The resource type when the member is inside a FHIR resource (R4's JSON has no unknown members). */
  readonly fhir?: string;
}

/** One walk of a payload alongside its kind's shape. */
export interface MemberReport {
  readonly issues: readonly MemberIssue[];
  /** Pointers of non-null members flagged as not supported with data on demand. */
  readonly noDataOnDemand: readonly string[];
}

/** A shape node prepared for walking: member lookups by Map, leaves marked so they are not visited. */
interface Prepared {
  readonly members: Map<string, number> | undefined;
  readonly canonical: string[];
  readonly node: ShapeNode;
  /** Nothing below this node can produce an issue: no members, no items, no flags. */
  readonly leaf: boolean;
}

const prepared = new WeakMap<readonly ShapeNode[], Prepared[]>();

function prepare(shape: readonly ShapeNode[]): Prepared[] {
  let out = prepared.get(shape);
  if (!out) {
    out = shape.map((node) => ({
      node,
      members: node.p ? new Map(Object.entries(node.p)) : undefined,
      canonical: node.p ? Object.keys(node.p).filter((n) => !node.v || !Object.hasOwn(node.v, n)) : [],
      leaf: !node.p && node.i === undefined && node.a === undefined && !node.r,
    }));
    prepared.set(shape, out);
  }
  return out;
}

/**
 * Walks only where the schema defines structure, and no deeper than MAX_DEPTH (nesting-depth's
 * limit): a recursive schema can drive a payload arbitrarily deep, and a walk that overflowed the
 * stack lost every member finding beside the deep part. The hot path allocates nothing: the path
 * is a stack of keys, turned into a JSON Pointer only for a member that is reported.
 */
export function walkMembers(payload: unknown, shape: Shape, extraVariants: Readonly<Record<string, string>>): MemberReport {
  const nodes = prepare(shape.nodes);
  const resources = shape.resources ?? {};
  const issues: MemberIssue[] = [];
  const noDataOnDemand: string[] = [];
  const path: (string | number)[] = [];
  /** plausibleNames() per shape node and name, for this walk only (names come from the payload). */
  const plausible: Map<string, string[]>[] = [];
  // The pointers of the path's prefixes, kept from one reported member to the next: the 40,000th
  // slip in a list shares all but its last steps with the one before, so it costs one or two
  // appends, not one per level.
  const keys: (string | number)[] = [];
  const prefixes: string[] = [''];
  const pointer = (name: string) => {
    let k = 0;
    while (k < path.length && k < keys.length && keys[k] === path[k]) k++;
    keys.length = k;
    prefixes.length = k + 1;
    for (; k < path.length; k++) {
      keys.push(path[k]!);
      prefixes.push(childPointer(prefixes[k]!, path[k]!));
    }
    return childPointer(prefixes[path.length]!, name);
  };
  // The type of the innermost FHIR resource the walk is in (undefined outside FHIR).
  let fhir = shape.fhir ? ((payload as Record<string, unknown> | null)?.resourceType as string | undefined) : undefined;
  const report = (value: Record<string, unknown>, name: string, reason: MemberIssue['reason'], candidates: string[]) =>
    issues.push({
      pointer: pointer(name),
      name,
      reason,
      candidates,
      present: candidates.length === 0 ? candidates : candidates.filter((c) => Object.hasOwn(value, c)),
      ...(fhir === undefined ? {} : { fhir }),
    });

  const visit = (value: unknown, index: number): void => {
    const here = nodes[index];
    if (!here || here.leaf || typeof value !== 'object' || value === null || path.length > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      const items = here.node.i;
      if (items === undefined || nodes[items]?.leaf) return;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i], items);
        path.pop();
      }
      return;
    }
    const { members, node } = here;
    if (node.r) {
      // A resource slot: the resource's own type says which members it has (the schema rule
      // reports a resourceType that is missing or not R4).
      const type = node.rt ?? (value as Record<string, unknown>).resourceType;
      const own = typeof type === 'string' && Object.hasOwn(resources, type) ? resources[type] : undefined;
      if (own !== undefined) {
        const outer = fhir;
        fhir = type as string;
        visit(value, own);
        fhir = outer;
      }
      return;
    }
    if (node.a !== undefined && isObject(value)) {
      // An open map whose values have structure: the names are data, each value is walked (with
      // its own node when the schema also names the member).
      for (const name in value) {
        if (!Object.hasOwn(value, name)) continue;
        path.push(name);
        visit(value[name], node.p?.[name] ?? node.a);
        path.pop();
      }
      return;
    }
    if (!members || !isObject(value)) return;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const child = members.get(name);
      if (child !== undefined) {
        const canonical = node.v?.[name];
        if (canonical) report(value, name, 'variant', [canonical]);
        const childNode = nodes[child];
        if (childNode?.node.nd && value[name] !== null) noDataOnDemand.push(pointer(name));
        if (childNode && !childNode.leaf) {
          path.push(name);
          visit(value[name], child);
          path.pop();
        }
        continue;
      }
      // An open object (an unpublished event's body, a FHIR resource inside CDS Hooks): the members
      // its schema declares are walked, the others are data.
      if (node.o) continue;
      const configured = Object.hasOwn(extraVariants, name) ? extraVariants[name] : undefined;
      if (configured !== undefined && members.has(configured)) {
        report(value, name, 'configured-variant', [configured]);
        continue;
      }
      // The same slip in every item of a long array is weighed once per kind of object.
      const slips = (plausible[index] ??= new Map());
      let candidates = slips.get(name);
      if (!candidates) slips.set(name, (candidates = plausibleNames(name, here.canonical)));
      report(value, name, candidates.length > 0 ? 'near-miss' : 'unknown', candidates);
    }
  };

  visit(payload, shape.root);
  return { issues, noDataOnDemand };
}
