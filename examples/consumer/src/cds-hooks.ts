// A CDS service's side: type the request it receives by hook name, answer with a typed response,
// and check both as CDS Hooks 2.0 documents (no Meta envelope).
import type { CdsHooksRequest, CdsServiceResponse } from '@cdx/types';
import { validate } from '@cdx/validate';

const request: CdsHooksRequest<'order-sign'> = {
  hook: 'order-sign',
  hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
  context: {
    userId: 'PractitionerRole/123',
    patientId: '1288992',
    draftOrders: { resourceType: 'Bundle', type: 'collection', entry: [] },
  },
};

export const response = {
  cards: [
    {
      uuid: '4e0a3a1e-3283-4575-ab82-028d55fe2719',
      summary: 'No interaction found',
      indicator: 'info',
      source: { label: 'Medication safety' },
      suggestions: [{ label: 'Sign as ordered', actions: [{ type: 'delete', description: 'Nothing to undo', resourceId: 'ServiceRequest/x' }] }],
      selectionBehavior: 'at-most-one',
    },
  ],
} satisfies CdsServiceResponse;

export function checkCdsHooks(): boolean {
  const results = [validate(request), validate(response)];
  for (const result of results) console.log(`${result.kind}: valid=${result.valid}, findings=${result.findings.length}`);
  return results.every((r) => r.valid);
}
