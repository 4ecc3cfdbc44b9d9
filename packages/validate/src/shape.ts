/**
 * One node of a kind's field map, generated from its schema (scripts/lib/shape.mjs).
 * Children are indexes into the same array, so recursive schemas stay finite.
 */
export interface ShapeNode {
  /** Members the schema defines, name → node index. Absent when the schema names no members. */
  readonly p?: Readonly<Record<string, number>>;
  /** Node of the array items. */
  readonly i?: number;
  /** Known variant spellings among `p`: variant → canonical name. */
  readonly v?: Readonly<Record<string, string>>;
  /** An open map (e.g. prefetch): its members are data, never checked as field names. */
  readonly o?: 1;
  /** Node of an open map's values, when they have structure (CDS Hooks prefetch results: FHIR resources). */
  readonly a?: number;
  /** Not supported with data on demand. */
  readonly nd?: 1;
  /** Reliability label. */
  readonly l?: 'Reliable' | 'Probable' | 'Possible';
  /** A FHIR resource slot: what is there is walked with the shape of its own resourceType. */
  readonly r?: 1;
  /** A slot of one resource type (with `r`): walked with that type's shape, whatever its resourceType says. */
  readonly rt?: string;
}

/** A kind's field map: the nodes, where the payload's root is, and (FHIR) each resource type's root. */
export interface Shape {
  readonly nodes: readonly ShapeNode[];
  readonly root: number;
  /** Resource type → its root node, for resource slots (`r`). */
  readonly resources?: Readonly<Record<string, number>>;
  /** The root is a FHIR resource (a FHIR kind): its members are R4's, and no other is allowed. */
  readonly fhir?: true;
}
