import type { Shape, ShapeNode } from '../shape.js';

/** The FHIR field maps (generated/validators/fhir/shapes.cjs): every resource type's root in one table. */
export interface FhirShapes {
  readonly types: Readonly<Record<string, number>>;
  readonly nodes: readonly ShapeNode[];
}

const shift = (node: ShapeNode, by: number): ShapeNode => {
  const out: { -readonly [K in keyof ShapeNode]: ShapeNode[K] } = { ...node };
  if (node.p) out.p = Object.fromEntries(Object.entries(node.p).map(([name, index]) => [name, index + by]));
  if (node.i !== undefined) out.i = node.i + by;
  if (node.a !== undefined) out.a = node.a + by;
  return out;
};

/**
 * The field map of a document that holds FHIR resources (a CDS Hooks request, response…): its own
 * nodes after the FHIR table, so that a resource slot (`r`) is walked with the shape of the
 * resource's own type, as in a FHIR bundle.
 */
export function withFhirShapes(own: readonly ShapeNode[], fhir: FhirShapes): Shape {
  const by = fhir.nodes.length;
  return { nodes: fhir.nodes.concat(own.map((node) => shift(node, by))), root: by, resources: fhir.types };
}
