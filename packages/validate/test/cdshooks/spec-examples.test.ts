// Every JSON example of the CDS Hooks 2.0 specification and hook library, as stored in the
// repository (spec-examples.ts), linted with its kind. A complete document is linted as it is; a hook
// page's context example as a request of that hook; a fragment inside the smallest document that
// holds it. Each must produce exactly the findings listed here, and each finding listed says why:
// a real mistake of the example, a FHIR version other than R4 (the hook pages also show DSTU2 and
// STU3 content, which is checked as R4), or content the example elides ("...": "<snipped>").
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { extractBlocks, referenceCopy, specBlocks, STORED, type Block } from './spec-examples.js';

const INSTANCE = 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea';
/** An organization's hook (reverse domain notation): its context is its own, checked loosely. */
const ORG_HOOK = 'org.example.spec-example';
type Json = Record<string, unknown>;

/** How a block becomes a document. */
const AS = {
  /** A complete document, linted as it is. */
  document: (v: Json) => v,
  /** A hook page's context: a request of the page's hook. */
  context: (v: Json, block: Block) => ({ hook: block.hook, hookInstance: INSTANCE, ...v }),
  /** A context the specification shows for patient-view. */
  patientViewContext: (v: Json) => ({ hook: 'patient-view', hookInstance: INSTANCE, ...v }),
  /** A context of an illustrative hook the library does not define. */
  otherContext: (v: Json) => ({ hook: ORG_HOOK, hookInstance: INSTANCE, ...v }),
  /** Prefetch templates: a patient-view service's discovery entry. */
  templates: (v: Json) => ({ services: [{ hook: 'patient-view', id: 'example', description: 'Example', ...v }] }),
  /** Prefetched data, or fhirAuthorization: a request. */
  requestMember: (v: Json) => ({ hook: ORG_HOOK, hookInstance: INSTANCE, fhirServer: 'https://ehr.example.org/fhir', context: { patientId: '1288992' }, ...v }),
  /** A card's member. */
  cardMember: (v: Json) => ({ cards: [{ summary: 'Example', indicator: 'info', source: { label: 'Example' }, ...v }] }),
  /** An action: a system action. */
  action: (v: Json) => ({ cards: [], systemActions: [v] }),
} as const;

// Why a finding is there.
const BUNDLE_TYPE =
  'mistake: Bundle.type is required (1..1, in every FHIR version); the hook library never gives the draft Bundle one (cds-hooks/docs issues 517 and 659)';
const NUTRITION_INTENT = 'mistake: NutritionOrder.intent is required in R4, and the example labelled R4 has none';
const STU3_DOSE = 'mistake: an R4 Dosage has no doseQuantity (R4 moved it into doseAndRate[]); the example labelled R4 has the STU3 shape';
const SNIPPED = 'snipped: the example elides the resource ("...": "<snipped for brevity>"), leaving out what R4 requires and adding a "..." member';
const STU3 = 'fhir-version: STU3 content, checked as R4';
const DSTU2 = 'fhir-version: DSTU2 content, checked as R4';
const DSTU2_TYPE = 'fhir-version: MedicationOrder is a DSTU2 resource type; R4 has none';

interface Expected {
  readonly as: keyof typeof AS;
  readonly kind: string;
  /** [rule id, pointer, why]. */
  readonly findings?: readonly (readonly [string, string, string])[];
}

const c = (kind: string, findings?: Expected['findings']): Expected => ({ as: 'context', kind, ...(findings ? { findings } : {}) });
const draftOrders = (field: string, first: number, findings: readonly (readonly [string, string, string])[]) => [
  ['schema', `/context/${field}/type`, BUNDLE_TYPE] as const,
  ...findings.map(([r, p, w]) => [r, `/context/${field}/entry/${first}${p}`, w] as const),
];

/** Every JSON block of the reference copy, by its file and opening line. */
const EXPECTED: Record<string, Expected | { skip: string }> = {
  'specification/current.md:100': { as: 'document', kind: 'cds-hooks/discovery' },
  'specification/current.md:167': { as: 'document', kind: 'cds-hooks/patient-view' },
  'specification/current.md:221': { as: 'templates', kind: 'cds-hooks/discovery' },
  'specification/current.md:263': { as: 'templates', kind: 'cds-hooks/discovery' },
  'specification/current.md:271': { as: 'templates', kind: 'cds-hooks/discovery' },
  'specification/current.md:309': { as: 'otherContext', kind: 'cds-hooks/request' },
  'specification/current.md:323': { as: 'otherContext', kind: 'cds-hooks/request' },
  'specification/current.md:354': { as: 'otherContext', kind: 'cds-hooks/request' },
  'specification/current.md:386': { as: 'templates', kind: 'cds-hooks/discovery' },
  'specification/current.md:409': {
    as: 'requestMember',
    kind: 'cds-hooks/request',
    findings: [
      ['unknown-field', '/prefetch/patient/...', SNIPPED],
      ['schema', '/prefetch/hemoglobin-a1c/entry/0/resource/status', SNIPPED],
      ['unknown-field', '/prefetch/hemoglobin-a1c/entry/0/resource/...', SNIPPED],
      ['schema', '/prefetch/user', 'mistake: a prefetch value is the FHIR resource the template returned (or null), not an id; "user" holds "123"'],
    ],
  },
  'specification/current.md:479': { as: 'requestMember', kind: 'cds-hooks/request' },
  'specification/current.md:518': { as: 'document', kind: 'cds-hooks/response' },
  'specification/current.md:555': { as: 'cardMember', kind: 'cds-hooks/response' },
  'specification/current.md:594': {
    as: 'action',
    kind: 'cds-hooks/response',
    findings: ['status', 'intent', 'medicationCodeableConcept', 'subject']
      .map((m) => ['schema', `/systemActions/0/resource/${m}`, SNIPPED] as readonly [string, string, string])
      .concat([['unknown-field', '/systemActions/0/resource/...', SNIPPED]]),
  },
  'specification/current.md:608': {
    as: 'action',
    kind: 'cds-hooks/response',
    findings: ['status', 'intent', 'subject']
      .map((m) => ['schema', `/systemActions/0/resource/${m}`, SNIPPED] as readonly [string, string, string])
      .concat([['unknown-field', '/systemActions/0/resource/...', SNIPPED]]),
  },
  'specification/current.md:622': { as: 'action', kind: 'cds-hooks/response' },
  'specification/current.md:637': { as: 'cardMember', kind: 'cds-hooks/response' },
  'specification/current.md:675': {
    as: 'document',
    kind: 'cds-hooks/response',
    findings: [
      ['schema', '/systemActions/0/description', "mistake: an action's description is REQUIRED, and this system action has none"],
      ...['status', 'intent', 'subject'].map((m) => ['schema', `/systemActions/0/resource/${m}`, SNIPPED] as const),
      ['unknown-field', '/systemActions/0/resource/...', SNIPPED],
    ],
  },
  'specification/current.md:695': { as: 'document', kind: 'cds-hooks/response' },
  'specification/current.md:753': {
    as: 'document',
    kind: 'cds-hooks/response',
    findings: [['schema', '/cards/0/indicator', "mistake: a card's indicator is REQUIRED, and the autolaunchable example's card has none"]],
  },
  'specification/current.md:820': { as: 'document', kind: 'cds-hooks/feedback' },
  'specification/current.md:851': { as: 'document', kind: 'cds-hooks/feedback' },
  'specification/current.md:879': { as: 'document', kind: 'cds-hooks/feedback' },
  'specification/current.md:986': {
    skip: 'the JWT header, payload, key set and private key of the authentication example: four JSON objects in one block, not a CDS Hooks document',
  },
  'specification/current.md:1065': {
    as: 'document',
    kind: 'cds-hooks/patient-view',
    findings: [['schema', '/context/patientId', "mistake: patient-view requires context.patientId, and the extension example's request has only userId"]],
  },
  'specification/current.md:1082': { as: 'document', kind: 'cds-hooks/discovery' },
  'specification/current.md:1132': { as: 'patientViewContext', kind: 'cds-hooks/patient-view' },
  'specification/current.md:1142': { as: 'templates', kind: 'cds-hooks/discovery' },
  'specification/current.md:1204': {
    as: 'otherContext',
    kind: 'cds-hooks/request',
    findings: [
      [
        'cds-hooks-empty-value',
        '/context/moreObjects',
        'mistake: the hook definition format\'s sample context has an empty array, which CDS Hooks prohibits ("[]" SHALL NOT be sent; omit the field)',
      ],
    ],
  },
  'hooks/allergyintolerance-create.md:28': c('cds-hooks/allergyintolerance-create', [
    [
      'unknown-field',
      '/context/allergyIntolerance/resource',
      'mistake: allergyIntolerance is the AllergyIntolerance itself; the example labelled R4 wraps it in a "resource" member',
    ],
    ['schema', '/context/allergyIntolerance/resourceType', 'mistake: (the same wrapping) the object has no resourceType'],
    ['schema', '/context/allergyIntolerance/patient', 'mistake: (the same wrapping) the object has no patient'],
  ]),
  'hooks/allergyintolerance-create.md:67': c('cds-hooks/allergyintolerance-create', [
    [
      'spelling-drift',
      '/context/allergyIntolerances',
      'mistake: the context field is allergyIntolerance, one instance; the STU3 example sends a Bundle as allergyIntolerances (one error: the required allergyIntolerance is missing under that name)',
    ],
  ]),
  'hooks/allergyintolerance-create.md:110': c('cds-hooks/allergyintolerance-create', [
    [
      'spelling-drift',
      '/context/allergyIntolerances',
      'mistake: the context field is allergyIntolerance, one instance; the DSTU2 example sends a Bundle as allergyIntolerances (one error: the required allergyIntolerance is missing under that name)',
    ],
  ]),
  'hooks/appointment-book.md:33': c('cds-hooks/appointment-book', [
    ['schema', '/context/appointments', 'mistake: appointments is a FHIR Bundle (an object); the example sends an array of Appointments'],
  ]),
  'hooks/appointment-book.md:131': c('cds-hooks/appointment-book', [
    ['schema', '/context/appointments', 'mistake: appointments is a FHIR Bundle (an object); the example sends an array of Appointments'],
  ]),
  'hooks/encounter-discharge.md:25': c('cds-hooks/encounter-discharge'),
  'hooks/encounter-start.md:36': c('cds-hooks/encounter-start'),
  'hooks/medication-prescribe.md:31': c(
    'cds-hooks/medication-prescribe',
    draftOrders('medications', 0, [['unknown-field', '/resource/dosageInstruction/0/doseQuantity', STU3]]).concat([
      ['unknown-field', '/context/medications/entry/1/resource/dosageInstruction/0/doseQuantity', STU3],
    ]),
  ),
  'hooks/medication-prescribe.md:176': c(
    'cds-hooks/medication-prescribe',
    draftOrders('medications', 0, [['schema', '/resource/resourceType', DSTU2_TYPE]]).concat([
      ['schema', '/context/medications/entry/1/resource/resourceType', DSTU2_TYPE],
    ]),
  ),
  'hooks/medication-refill.md:29': c(
    'cds-hooks/medication-refill',
    draftOrders('medications', 0, [
      ['fhir-reference', '/resource/medicationReference/reference', 'mistake: the Medication id is 66 characters; an R4 id is at most 64'],
      ['unknown-field', '/resource/dosageInstruction/0/doseQuantity', STU3_DOSE],
    ]),
  ),
  'hooks/medication-refill.md:97': c('cds-hooks/medication-refill', draftOrders('medications', 0, [['schema', '/resource/resourceType', DSTU2_TYPE]])),
  'hooks/order-dispatch.md:29': c('cds-hooks/order-dispatch', [
    [
      'spelling-drift',
      '/context/dispatched-orders',
      'mistake: hook version 1.1 renamed the fields dispatchedOrders and fulfillmentTasks; the example kept the 1.0 names (one error: the required dispatchedOrders is missing under that name)',
    ],
    ['spelling-drift', '/context/fulfillment-tasks', 'mistake: (the same renaming)'],
  ]),
  'hooks/order-review.md:30': c(
    'cds-hooks/order-review',
    draftOrders('orders', 0, [['schema', '/resource/intent', STU3]]).concat([
      ['unknown-field', '/context/orders/entry/1/resource/dosageInstruction/0/doseQuantity', STU3],
    ]),
  ),
  'hooks/order-review.md:210': c(
    'cds-hooks/order-review',
    draftOrders('orders', 0, [
      ['schema', '/resource/intent', DSTU2],
      ['spelling-drift', '/resource/oralDiet/schedule/0/repeat/periodUnits', DSTU2],
    ]).concat([['schema', '/context/orders/entry/1/resource/resourceType', DSTU2_TYPE]]),
  ),
  'hooks/order-select.md:45': c(
    'cds-hooks/order-select',
    draftOrders('draftOrders', 0, [['schema', '/resource/intent', NUTRITION_INTENT]]).concat([
      [
        'schema',
        '/context/draftOrders/entry/1/resource/dosageInstruction/0/doseAndRate',
        'mistake: Dosage.doseAndRate is an array in R4; the example labelled R4 writes one object',
      ],
    ]),
  ),
  'hooks/order-select.md:228': c(
    'cds-hooks/order-select',
    draftOrders('draftOrders', 0, [['schema', '/resource/intent', STU3]]).concat([
      ['unknown-field', '/context/draftOrders/entry/1/resource/dosageInstruction/0/doseQuantity', STU3],
    ]),
  ),
  'hooks/order-select.md:409': c(
    'cds-hooks/order-select',
    draftOrders('draftOrders', 0, [
      ['schema', '/resource/intent', DSTU2],
      ['spelling-drift', '/resource/oralDiet/schedule/0/repeat/periodUnits', DSTU2],
    ]).concat([['schema', '/context/draftOrders/entry/1/resource/resourceType', DSTU2_TYPE]]),
  ),
  'hooks/order-sign.md:46': c(
    'cds-hooks/order-sign',
    draftOrders('draftOrders', 0, [['schema', '/resource/intent', NUTRITION_INTENT]]).concat([
      ['unknown-field', '/context/draftOrders/entry/1/resource/dosageInstruction/0/doseQuantity', STU3_DOSE],
    ]),
  ),
  'hooks/order-sign.md:226': c(
    'cds-hooks/order-sign',
    draftOrders('draftOrders', 0, [['schema', '/resource/intent', STU3]]).concat([
      [
        'schema',
        '/context/draftOrders/entry/1/resource/dosageInstruction/0/doseAndRate',
        "fhir-version: the STU3 example mixes in R4's doseAndRate, as one object where R4 has an array",
      ],
    ]),
  ),
  'hooks/order-sign.md:408': c(
    'cds-hooks/order-sign',
    draftOrders('draftOrders', 0, [
      ['schema', '/resource/intent', DSTU2],
      ['spelling-drift', '/resource/oralDiet/schedule/0/repeat/periodUnits', DSTU2],
    ]).concat([['schema', '/context/draftOrders/entry/1/resource/resourceType', DSTU2_TYPE]]),
  ),
  'hooks/patient-view.md:28': c('cds-hooks/patient-view'),
  'hooks/patient-view.md:35': c('cds-hooks/patient-view'),
  'hooks/problem-list-item-create.md:26': c(
    'cds-hooks/problem-list-item-create',
    draftOrders('conditions', 0, [
      [
        'schema',
        '/resource/category',
        'mistake: Condition.category is an array of CodeableConcept; the example labelled R4 writes the string "problem-list-item"',
      ],
      ['unknown-field', '/resource/assertedDate', 'mistake: Condition.assertedDate is STU3; R4 calls it recordedDate'],
    ]),
  ),
  'hooks/problem-list-item-create.md:81': c(
    'cds-hooks/problem-list-item-create',
    draftOrders(
      'conditions',
      0,
      ['clinicalStatus', 'verificationStatus', 'category']
        .map((m) => ['schema', `/resource/${m}`, STU3] as readonly [string, string, string])
        .concat([['unknown-field', '/resource/assertedDate', STU3]]),
    ),
  ),
  'hooks/problem-list-item-create.md:122': c(
    'cds-hooks/problem-list-item-create',
    draftOrders(
      'conditions',
      0,
      ['subject', 'clinicalStatus', 'verificationStatus', 'category']
        .map((m) => ['schema', `/resource/${m}`, DSTU2] as readonly [string, string, string])
        .concat([['unknown-field', '/resource/patient', DSTU2]]),
    ),
  ),
};

const root = referenceCopy();

describe('CDS Hooks specification examples', () => {
  const blocks = specBlocks();

  // The stored blocks are the specification's: checked wherever a copy of its Markdown is at hand
  // (`-u` rewrites them from it); naming a copy with CDX_CDS_HOOKS_SPEC makes the check required.
  it.runIf(root !== undefined || process.env.CDX_CDS_HOOKS_SPEC !== undefined)('are the JSON blocks of the Markdown, unchanged', async () => {
    expect(root, `${process.env.CDX_CDS_HOOKS_SPEC} holds no specification/current.md`).toBeDefined();
    await expect(`${JSON.stringify(extractBlocks(root!), null, 2)}\n`).toMatchFileSnapshot(STORED);
  });

  it('every JSON block is listed here, and nothing else', () => {
    expect(blocks.length).toBeGreaterThan(50);
    expect(blocks.map((b) => b.at)).toEqual(Object.keys(EXPECTED));
  });

  const key = (ruleId: string, pointer: string) => `${ruleId} ${pointer}`;
  it.each(blocks.map((b) => [b.at, b] as const))('%s', (at, block) => {
    const expected = EXPECTED[at];
    expect(expected, `${at} (${block.heading}) is not listed`).toBeDefined();
    if (!expected || 'skip' in expected) {
      expect('error' in block.json, `${at} is skipped because it is not JSON`).toBe(true);
      return;
    }
    if ('error' in block.json) throw new Error(`${at} is not JSON: ${block.json.error}`);
    const document = AS[expected.as](block.json.value as Json, block);
    const result = validate(document);
    expect(result.kind).toBe(expected.kind);
    expect(result.findings.map((f) => key(f.ruleId, f.pointer)).sort()).toEqual((expected.findings ?? []).map(([r, p]) => key(r, p)).sort());
    for (const [, , why] of expected.findings ?? []) expect(why).toMatch(/^(mistake|fhir-version|snipped): /);
  });
});
