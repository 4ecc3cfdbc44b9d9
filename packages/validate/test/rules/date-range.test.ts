import { dateRangeRule } from '../../src/rules/date-range.js';
import { example, patched, payloadTester } from '../support/payload-tester.js';

payloadTester.run(dateRangeRule, {
  valid: [
    { name: 'the AvailableSlots example', input: { payload: example('scheduling-availableslots') } },
    { name: 'the DocumentQuery example', input: { payload: example('clinical-summary-documentquery') } },
    {
      name: 'an end on the same day as a start with an offset (local times compare by date only)',
      input: {
        payload: patched('scheduling-availableslots', [
          { op: 'replace', path: '/StartDateTime', value: '2026-03-02T09:00:00Z' },
          { op: 'replace', path: '/EndDateTime', value: '2026-03-02T08:00:00' },
        ]),
      },
    },
  ],
  invalid: [
    {
      name: 'an AvailableSlots search that ends before it starts',
      input: {
        payload: patched('scheduling-availableslots', [
          { op: 'replace', path: '/StartDateTime', value: '2026-03-09T00:00:00Z' },
          { op: 'replace', path: '/EndDateTime', value: '2026-03-02T00:00:00Z' },
        ]),
      },
      errors: [
        {
          pointer: '/EndDateTime',
          messageId: 'endBeforeStart',
          data: { field: '`EndDateTime`', end: '"2026-03-02T00:00:00Z"', start: '`StartDateTime`', startValue: '"2026-03-09T00:00:00Z"' },
        },
      ],
    },
    {
      name: "a DocumentQuery's document range by date",
      input: {
        payload: patched('clinical-summary-documentquery', [
          { op: 'replace', path: '/Document/StartDate', value: '2026-02-01' },
          { op: 'replace', path: '/Document/EndDate', value: '2025-02-01' },
        ]),
      },
      errors: [{ pointer: '/Document/EndDate', messageId: 'endBeforeStart' }],
    },
    {
      name: 'ranges down arrays and members whose names a pointer escapes, each at its own place',
      input: {
        payload: {
          ...example('scheduling-availableslots'),
          'Extra/~': [{}, { StartDate: '2026-02-01', EndDate: '2025-02-01' }, [{ Inner: { StartDate: '2026-02-01', EndDate: '2026-01-31' } }]],
        },
      },
      errors: [
        {
          pointer: '/Extra~1~0/2/0/Inner/EndDate',
          messageId: 'endBeforeStart',
          data: { field: '`["Extra/~"][2][0].Inner.EndDate`', end: '"2026-01-31"', start: '`StartDate`', startValue: '"2026-02-01"' },
        },
        { pointer: '/Extra~1~0/1/EndDate', messageId: 'endBeforeStart' },
      ],
    },
  ],
});
