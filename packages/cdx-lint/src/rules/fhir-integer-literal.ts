import { createRule } from '@cdx/validate';
import { fieldPath } from '../lint/field-path.js';
import { INTEGER_TEXT } from './scopes.js';

/**
 * A FHIR integer, positiveInt or unsignedInt written `1.0`, `1e0` or `4.9e-325`: JSON.parse makes a
 * whole number of each, so no schema can tell; R4's JSON writes them as digits only.
 */
export const fhirIntegerLiteralRule = createRule({
  scope: INTEGER_TEXT,
  meta: {
    id: 'fhir-integer-literal',
    severity: 'error',
    description: 'A FHIR integer (integer, positiveInt, unsignedInt) is written as digits only, without a fraction or exponent.',
    messages: {
      literal: '{{field}} is written {{literal}}; it is a FHIR integer, which R4 JSON writes as digits only, without a fraction or exponent: write {{write}}.',
    },
  },
  check(context) {
    context.eachIntegerLiteral(({ pointer, literal, write }) => {
      context.report({ pointer, messageId: 'literal', data: { field: `\`${fieldPath(pointer)}\``, literal: `\`${literal}\``, write: `\`${write}\`` } });
    });
  },
});
