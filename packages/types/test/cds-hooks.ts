// Type tests for the CDS Hooks types, compiled by `pnpm typecheck`. Each @ts-expect-error marks a
// document that must NOT compile.
import type { CdsHookName, CdsHooksRequest, CdsServiceResponse, KindMap, OrderSign, PatientViewResponse, StandardCdsCard } from '../src/index.js';

const instance = 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea';

export const orderSign = {
  hook: 'order-sign',
  hookInstance: instance,
  context: { userId: 'PractitionerRole/123', patientId: '1288992', draftOrders: { resourceType: 'Bundle', type: 'collection' } },
} satisfies CdsHooksRequest<'order-sign'>;

export const byKind: KindMap['cds-hooks/order-sign'] = orderSign;
export const anyRequest: CdsHooksRequest = orderSign;
export const hookName: CdsHookName = 'appointment-book';
// @ts-expect-error not a hook of the library
export const notAHook: CdsHookName = 'patient-veiw';

export const wrongHook: CdsHooksRequest<'order-sign'> = {
  // @ts-expect-error an order-sign request's hook is "order-sign"
  hook: 'patient-view',
  hookInstance: instance,
  context: orderSign.context,
};

export const withoutDraftOrders: CdsHooksRequest<'order-sign'> = {
  hook: 'order-sign',
  hookInstance: instance,
  // @ts-expect-error CDS Hooks requires draftOrders (the service's listing does not)
  context: { userId: 'PractitionerRole/123', patientId: '1288992' },
};

export const card: StandardCdsCard = {
  summary: 'Due for a flu shot',
  indicator: 'warning',
  source: { label: 'Preventive Care' },
  suggestions: [{ label: 'Order', actions: [{ type: 'create', description: 'Order it', resource: { resourceType: 'ServiceRequest' } }] }],
  selectionBehavior: 'at-most-one',
  extension: { 'com.example.rule': 'flu-v3' },
};

export const response: CdsServiceResponse = { cards: [card] };

// @ts-expect-error a CDS Hooks 2.0 card has a source
export const withoutSource: CdsServiceResponse = { cards: [{ summary: 'x', indicator: 'info' }] };

export const exactlyOne: CdsServiceResponse = {
  // @ts-expect-error CDS Hooks knows at-most-one and any only
  cards: [{ ...card, selectionBehavior: 'exactly-one' }],
};

export const misspelt: CdsServiceResponse = {
  // @ts-expect-error the types are closed: a misspelt member is an error
  cards: [{ ...card, indicatorr: 'info' }],
};

// The service's own message keeps its listing: no source needed, exactly-one and null accepted.
export const serviceResponse: PatientViewResponse = {
  Meta: { DataModel: 'CDSHooks', EventType: 'patient-view-response' },
  cards: [{ summary: 'x', indicator: 'info', uuid: null, selectionBehavior: 'exactly-one', suggestions: [{ label: null }] }],
};

export const serviceRequest: OrderSign = {
  Meta: { DataModel: 'CDSHooks', EventType: 'order-sign' },
  hook: 'order-sign',
  hookInstance: instance,
  fhirServer: 'https://ehr.example.org/fhir/R4',
  context: { patientId: '1288992', userId: null },
};
