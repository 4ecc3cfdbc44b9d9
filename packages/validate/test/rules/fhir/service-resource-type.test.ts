import { serviceResourceTypeRule } from '../../../src/rules/fhir/service-resource-type.js';
import { example, payloadTester } from '../../support/payload-tester.js';

payloadTester.run(serviceResourceTypeRule, {
  valid: [
    { name: 'a type the service carries', input: { payload: example('fhir-observation') } },
    { name: 'a bundle', input: { payload: example('fhir-searchset') } },
    { name: 'a Data Model message', input: { payload: example('patientadmin-patientmerge') } },
  ],
  invalid: [
    {
      name: 'a Device, which no operation, notification or search carries',
      input: { payload: { resourceType: 'Device', id: 'd1' } },
      errors: [{ pointer: '/resourceType', messageId: 'notCarried', data: { type: '`Device`' } }],
    },
  ],
});
