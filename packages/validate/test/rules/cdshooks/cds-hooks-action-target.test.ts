import { cdsHooksActionTargetRule } from '../../../src/rules/cdshooks/cds-hooks-action-target.js';
import { example, patched, payloadTester, text } from '../../support/payload-tester.js';

const DELETE = '/cards/0/suggestions/0/actions/1';
/** The delete action's target moved to the deprecated `resource` (now its last member). */
const deprecated = { op: 'move', from: `${DELETE}/resourceId`, path: `${DELETE}/resource` } as const;

payloadTester.run(cdsHooksActionTargetRule, {
  valid: [
    { name: 'a response whose create, update and delete actions each name their target', input: { payload: example('cds-hooks-response') } },
    { name: "the service's listing of the response, in the envelope", input: { payload: example('cdshooks-patient-view-response') } },
    {
      // FHIR's relative references may name a version: Type/id/_history/vid (R4 "Resource References").
      name: 'a delete whose resourceId names a version of the resource',
      input: { payload: patched('cds-hooks-response', [{ op: 'replace', path: `${DELETE}/resourceId`, value: 'MedicationRequest/1/_history/2' }]) },
    },
  ],
  invalid: [
    {
      name: 'a create action without its resource',
      input: { payload: patched('cds-hooks-response', [{ op: 'remove', path: '/cards/0/suggestions/0/actions/0/resource' }]) },
      errors: [
        {
          pointer: '/cards/0/suggestions/0/actions/0/resource',
          messageId: 'createResource',
          data: { field: '`cards[0].suggestions[0].actions[0].resource`', got: 'has none' },
        },
      ],
    },
    {
      name: 'a create action whose resource is a string',
      input: { payload: patched('cds-hooks-response', [{ op: 'replace', path: '/cards/0/suggestions/0/actions/0/resource', value: 'x' }]) },
      errors: [
        {
          pointer: '/cards/0/suggestions/0/actions/0/resource',
          messageId: 'createResource',
          data: { field: '`cards[0].suggestions[0].actions[0].resource`', got: 'has "x"' },
        },
      ],
    },
    {
      name: 'an update action without its resource',
      input: { payload: patched('cds-hooks-response', [{ op: 'remove', path: '/systemActions/0/resource' }]) },
      errors: [{ pointer: '/systemActions/0/resource', messageId: 'updateResource', data: { field: '`systemActions[0].resource`', got: 'has none' } }],
    },
    {
      name: 'an update of a resource without its id: the finding is at the id',
      input: { payload: patched('cds-hooks-response', [{ op: 'remove', path: '/systemActions/0/resource/id' }]) },
      errors: [{ pointer: '/systemActions/0/resource/id', messageId: 'updateId', data: { field: '`systemActions[0].resource.id`' } }],
    },
    {
      name: 'a resourceId that is not Type/id',
      input: { payload: patched('cds-hooks-response', [{ op: 'replace', path: `${DELETE}/resourceId`, value: 'flu-reminder-2024' }]) },
      errors: [
        {
          pointer: `${DELETE}/resourceId`,
          messageId: 'resourceIdForm',
          data: { field: '`cards[0].suggestions[0].actions[1].resourceId`', value: '"flu-reminder-2024"' },
        },
      ],
    },
    {
      name: 'a delete with its target in the deprecated string `resource`: a warning, fixed by renaming it resourceId',
      input: { payload: patched('cds-hooks-response', [deprecated]) },
      errors: [
        {
          pointer: `${DELETE}/resource`,
          messageId: 'deprecatedResource',
          severity: 'warning',
          data: { field: '`cards[0].suggestions[0].actions[1].resource`' },
        },
      ],
      output: text(patched('cds-hooks-response', [deprecated, { op: 'move', from: `${DELETE}/resource`, path: `${DELETE}/resourceId` }])),
    },
    {
      name: 'a deprecated string `resource` that is not a relative reference: a suggestion, no fix',
      input: { payload: patched('cds-hooks-response', [deprecated, { op: 'replace', path: `${DELETE}/resource`, value: 'flu' }]) },
      errors: [{ pointer: `${DELETE}/resource`, messageId: 'deprecatedResource', severity: 'warning', suggestions: [{ from: 'resource', to: 'resourceId' }] }],
    },
    {
      name: 'a delete that carries the resource itself: a warning naming the resourceId to write',
      input: {
        payload: patched('cds-hooks-response', [
          { op: 'replace', path: DELETE, value: { type: 'delete', description: 'x', resource: { resourceType: 'ServiceRequest', id: 'a' } } },
        ]),
      },
      errors: [
        {
          pointer: `${DELETE}/resourceId`,
          messageId: 'deleteNamed',
          severity: 'warning',
          data: { field: '`cards[0].suggestions[0].actions[1].resourceId`', named: '"ServiceRequest/a"' },
        },
      ],
    },
    {
      name: 'a delete naming no target',
      input: { payload: patched('cds-hooks-response', [{ op: 'remove', path: `${DELETE}/resourceId` }]) },
      errors: [{ pointer: `${DELETE}/resourceId`, messageId: 'deleteNone', data: { field: '`cards[0].suggestions[0].actions[1].resourceId`' } }],
    },
    {
      name: 'in the envelope too',
      input: { payload: patched('cdshooks-patient-view-response', [{ op: 'remove', path: '/cards/0/suggestions/1/actions/0/resourceId' }]) },
      errors: [{ pointer: '/cards/0/suggestions/1/actions/0/resourceId', messageId: 'deleteNone' }],
    },
  ],
});
