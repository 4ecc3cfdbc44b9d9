import { code, fieldPath } from '../../display.js';
import { fhirPathEngine } from '../../fhir/invariants/engine.js';
import { checkInvariants } from '../../fhir/invariants/fhirpath.js';
import { checkNativeInvariants } from '../../fhir/invariants/native.js';
import { ALL_INVARIANTS, fhirPathInvariants, type Invariant } from '../../fhir/invariants/table.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** Options of fhir-invariant. */
export interface FhirInvariantOptions {
  /** Also check R4's warning-severity constraints (best practices), as warnings. Default false. */
  bestPracticeInvariants: boolean;
}

/** The natively checked constraints, by key (their message and severity come from the table). */
const NATIVE_BY_KEY = new Map<string, Invariant>();
for (const inv of ALL_INVARIANTS) if (!NATIVE_BY_KEY.has(inv.key)) NATIVE_BY_KEY.set(inv.key, inv);

/**
 * R4's invariants (the `constraint`s of the 4.0.1 StructureDefinitions) on every resource of a FHIR
 * payload: the frequent ones natively (fhir/invariants/native.ts), the rest with the FHIRPath engine,
 * on the elements that are present (fhir/invariants/fhirpath.ts), once the payload has no schema error
 * (an invariant over a value of the wrong type would only repeat it): then one typed walk makes both. Which key
 * is checked how, and which are not enforced with why: fhir/invariants/table.ts and
 * docs/rules/fhir-invariant.md. Warning-severity constraints run with `bestPracticeInvariants`. The same
 * walk checks R4's required bindings on CodeableConcept elements (a schema enum covers those on `code`).
 */
export const fhirInvariantRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'fhir-invariant',
    severity: 'error',
    description:
      "A FHIR resource meets R4's invariants (the constraints of its StructureDefinitions), each reported with its key, and its required CodeableConcept bindings.",
    messages: {
      broken: '{{element}} breaks R4 invariant {{key}}: {{message}}',
      // ele-1 apart: an element left empty, often by a missing member another rule names (the cause).
      empty: '{{element}} breaks R4 invariant {{key}}: {{message}}',
      binding:
        '{{element}} has no coding from the value set its required binding names ({{valueSet}}): add a coding with system {{system}} and one of the codes {{codes}}.',
    },
    options: {
      type: 'object',
      properties: {
        bestPracticeInvariants: {
          type: 'boolean',
          description:
            "Also check R4's warning-severity constraints (best practices such as dom-6, a resource should have a narrative), as warnings. Default false.",
          errorMessage: 'must be true or false',
        },
      },
      additionalProperties: false,
    },
    // An invariant about members (cpt-2: a system with a value; att-1: a contentType with data) is
    // R4's own rule: the service profile's "required but missing" inside that element is the same cause.
    supersedes: [{ by: ['broken'], rule: 'service-profile', messages: ['required'], at: 'subtree' }],
  },
  defaultOptions: { bestPracticeInvariants: false },
  appliesTo: (kind) => kind.family === 'fhir',
  check(context) {
    const report = (inv: Invariant, pointer: string) => {
      context.report({
        pointer,
        messageId: inv.key === 'ele-1' ? ('empty' as const) : ('broken' as const),
        data: { element: code(fieldPath(pointer)), key: inv.key, message: inv.message },
        ...(inv.severity === 'warning' ? { severity: 'warning' as const } : {}),
      });
    };
    const reportNative = (key: string, pointer: string) => {
      report(NATIVE_BY_KEY.get(key)!, pointer);
    };
    const engine = context.schemaErrors().length > 0 ? undefined : fhirPathEngine();
    // With schema errors, only the native checks, in a walk of their own that types nothing.
    if (!engine) {
      checkNativeInvariants(context.payload, reportNative);
      return;
    }
    checkInvariants(context.payload, fhirPathInvariants(context.options.bestPracticeInvariants), engine, reportNative, report, (binding, pointer) => {
      context.report({
        pointer,
        messageId: 'binding',
        data: { element: code(fieldPath(pointer)), valueSet: binding.valueSet, system: binding.system, codes: [...binding.codes].map(code).join(', ') },
      });
    });
  },
});
