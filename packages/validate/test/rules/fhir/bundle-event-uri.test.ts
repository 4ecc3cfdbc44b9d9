import { bundleEventUriRule } from '../../../src/rules/fhir/bundle-event-uri.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

const BASE = 'https://fhir.cdx-service.example/definitions';
const header = (edit: (h: Record<string, any>) => void) =>
  edited('fhir-chargeitemcreate', (p) => {
    edit(p.entry[0].resource);
  });
const EVENT_URI = '/entry/0/resource/eventUri';
/** How a message names the base address when neither the options nor the payload give it. */
const WORDS = "the service's FHIR definitions address (the spec's fhir_defs_url, which differs per environment: set the fhirDefsUrl option to have it checked)";

payloadTester.run(bundleEventUriRule, {
  valid: [
    { name: 'the event of its kind', input: { payload: example('fhir-chargeitemcreate') } },
    {
      name: 'options.fhirDefsUrl set to the base in use (a trailing slash ignored)',
      input: { payload: example('fhir-chargeitemcreate'), options: { fhirDefsUrl: `${BASE}/` } },
    },
    {
      name: 'options.operation naming its operation, in any spelling',
      input: { payload: example('fhir-chargeitemcreate'), options: { operation: 'ChargeItem/$charge-item-create' } },
    },
    { name: 'a notification whose event the spec names without an address (a generic message)', input: { payload: example('fhir-message') } },
    { name: 'Claim $attach sent to $attach', input: { payload: example('fhir-claimattach'), options: { operation: '$attach' } } },
    {
      name: 'a definition naming the detailed form of its event',
      input: { payload: header((h) => void (h.definition = `${BASE}/MessageDefinition/ChargeItemCreateFull`)) },
    },
  ],
  invalid: [
    {
      name: 'a message bundle sent to $attach',
      input: { payload: example('fhir-chargeitemcreate'), options: { operation: '$attach' } },
      errors: [{ pointer: '/type', messageId: 'attachIsCollection' }],
    },
    {
      name: 'an operation of no bundle, with a suggestion',
      input: { payload: example('fhir-chargeitemcreate'), options: { operation: '$charge-item-craete' } },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'unknownOperation',
          message: /^options\.operation "\$charge-item-craete" is not an operation .* Did you mean `\$charge-item-create`\? Known: /,
        },
      ],
    },
    {
      name: 'a bundle of no message sent to a message operation',
      input: { payload: example('fhir-bundle'), options: { operation: '$charge-item-create' } },
      errors: [{ pointer: '/type', messageId: 'operationNotMessage', data: { operation: '"$charge-item-create"', type: '"transaction"' } }],
    },
    {
      name: 'a bundle that is not a collection sent to $attach',
      input: { payload: example('fhir-bundle'), options: { operation: '$attach' } },
      errors: [{ pointer: '/type', messageId: 'attachIsCollection' }],
    },
    {
      name: 'Claim $attach sent to a message operation',
      input: { payload: example('fhir-claimattach'), options: { operation: '$charge-item-create' } },
      errors: [{ pointer: '/type', messageId: 'messageOperation', data: { operation: '"$charge-item-create"' } }],
    },
    {
      name: 'eventCoding naming a known event, instead of eventUri',
      input: {
        payload: header((h) => {
          delete h.eventUri;
          h.eventCoding = { system: 'https://x.example/events', code: 'ChargeItemCreate' };
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        { pointer: '/entry/0/resource/eventCoding', messageId: 'eventCoding', data: { address: `${WORDS} followed by \`/EventDefinition/ChargeItemCreate\`` } },
      ],
    },
    {
      name: 'eventCoding instead of eventUri, with options.fhirDefsUrl: the address to write, whole',
      input: {
        payload: header((h) => {
          delete h.eventUri;
          h.eventCoding = { system: 'https://x.example/events', code: 'ChargeItemCreate' };
        }),
        kind: 'fhir/ChargeItemCreate',
        options: { fhirDefsUrl: BASE },
      },
      errors: [{ pointer: '/entry/0/resource/eventCoding', messageId: 'eventCoding', data: { address: `"${BASE}/EventDefinition/ChargeItemCreate"` } }],
    },
    {
      name: 'eventCoding naming no known event',
      input: {
        payload: header((h) => {
          delete h.eventUri;
          h.eventCoding = { system: 'https://x.example/events', code: 'admit' };
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: '/entry/0/resource/eventCoding',
          messageId: 'eventCodingUnknown',
          message: `The service identifies the event by MessageHeader.eventUri, not eventCoding (R4 allows either). Write eventUri as ${WORDS} followed by \`/EventDefinition/\` and the event's name, one of ChargeItemCreate, ReferralComplete, ReferralRequest, DocumentReferenceCreate, EncounterTransfer, ResultCreated, PatientAdminUpdated.`,
        },
      ],
    },
    {
      name: 'a definition that is not a MessageDefinition address',
      input: { payload: header((h) => void (h.definition = 'https://x.example/whatever')) },
      // The base is the one the payload's own eventUri uses.
      errors: [
        {
          pointer: '/entry/0/resource/definition',
          messageId: 'definitionForm',
          message: `MessageHeader.definition must be "${BASE}/MessageDefinition/ChargeItemCreate" (or "${BASE}/MessageDefinition/ChargeItemCreateFull", the detailed form); got "https://x.example/whatever".`,
        },
      ],
    },
    {
      name: 'a definition under another base than options.fhirDefsUrl',
      input: { payload: header((h) => void (h.definition = 'https://other.example/MessageDefinition/ChargeItemCreate')), options: { fhirDefsUrl: BASE } },
      errors: [
        {
          pointer: '/entry/0/resource/definition',
          messageId: 'definitionBase',
          message: /^MessageHeader\.definition must start with https:\/\/fhir\.cdx-service\.example\/definitions\/MessageDefinition\/; got "/,
        },
      ],
    },
    {
      name: "a definition of another event's message",
      input: { payload: header((h) => void (h.definition = `${BASE}/MessageDefinition/ReferralRequest`)) },
      errors: [{ pointer: '/entry/0/resource/definition', messageId: 'definitionEvent', data: { name: '`ReferralRequest`', event: 'ChargeItemCreate' } }],
    },
    {
      name: 'an eventUri that is not an EventDefinition address',
      input: { payload: header((h) => void (h.eventUri = 'https://x.example/events/ChargeItemCreat')), kind: 'fhir/ChargeItemCreate' },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'uriForm',
          message: `eventUri must be ${WORDS} followed by \`/EventDefinition/ChargeItemCreate\`; got "https://x.example/events/ChargeItemCreat". Did you mean \`ChargeItemCreate\`?`,
        },
      ],
    },
    {
      name: 'an eventUri under another base than options.fhirDefsUrl',
      input: { payload: example('fhir-chargeitemcreate'), options: { fhirDefsUrl: 'https://other.example/defs' } },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'uriBase',
          message: /^eventUri must start with https:\/\/other\.example\/defs\/EventDefinition\/ \(options\.fhirDefsUrl\); got "/,
        },
      ],
    },
    {
      name: 'an eventUri naming a near miss of an event',
      input: { payload: header((h) => void (h.eventUri = `${BASE}/EventDefinition/ChargeItemCreat`)), kind: 'fhir/ChargeItemCreate' },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'unknownEvent',
          message: /^eventUri names `ChargeItemCreat`, which is not an event of the service\. Did you mean `ChargeItemCreate`\? Known: /,
        },
      ],
    },
    {
      name: 'an eventUri naming an event of 5,000 characters: the name quoted and shortened',
      input: { payload: header((h) => void (h.eventUri = `${BASE}/EventDefinition/${'a'.repeat(5000)}`)), kind: 'fhir/ChargeItemCreate' },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'unknownEvent',
          message: /^eventUri names "a{60}…a{59}" \(5,000 characters\), which is not an event of the service\. Known: ChargeItemCreate, [^\n]*\.$/,
        },
      ],
    },
    {
      name: 'an eventUri naming an event with a line break: the name quoted, the break escaped',
      input: { payload: header((h) => void (h.eventUri = `${BASE}/EventDefinition/x\ny`)), kind: 'fhir/ChargeItemCreate' },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'unknownEvent',
          message: /^eventUri names "x\\ny", which is not an event of the service\. Known: ChargeItemCreate, [^\n]*\.$/,
        },
      ],
    },
    {
      name: 'a definition naming a message with a line break: the name quoted, the break escaped',
      input: { payload: header((h) => void (h.definition = `${BASE}/MessageDefinition/x\ny`)) },
      errors: [{ pointer: '/entry/0/resource/definition', messageId: 'definitionEvent', data: { name: '"x\\ny"', event: 'ChargeItemCreate' } }],
    },
    {
      name: "eventCoding naming no known event, the definition's base with a line break: the address quoted, the break escaped",
      input: {
        payload: header((h) => {
          delete h.eventUri;
          h.eventCoding = { system: 'https://x.example/events', code: 'admit' };
          h.definition = 'https://x.example/a\nb/MessageDefinition/ChargeItemCreate';
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: '/entry/0/resource/eventCoding',
          messageId: 'eventCodingUnknown',
          message:
            'The service identifies the event by MessageHeader.eventUri, not eventCoding (R4 allows either). Write eventUri as "https://x.example/a\\nb/EventDefinition/" followed by the event\'s name, one of ChargeItemCreate, ReferralComplete, ReferralRequest, DocumentReferenceCreate, EncounterTransfer, ResultCreated, PatientAdminUpdated.',
        },
      ],
    },
    {
      name: "eventCoding naming a known event, the definition's base of 5,000 characters: the address bounded",
      input: {
        payload: header((h) => {
          delete h.eventUri;
          h.eventCoding = { system: 'https://x.example/events', code: 'ChargeItemCreate' };
          h.definition = `https://x.example/${'d'.repeat(5000)}/MessageDefinition/ChargeItemCreate`;
        }),
        kind: 'fhir/ChargeItemCreate',
      },
      errors: [
        {
          pointer: '/entry/0/resource/eventCoding',
          messageId: 'eventCoding',
          data: { address: `"https://x.example/${'d'.repeat(982)}…${'d'.repeat(966)}/EventDefinition/ChargeItemCreate" (5,051 characters)` },
        },
      ],
    },
    {
      name: "a bundle sent to another event's operation",
      input: { payload: example('fhir-chargeitemcreate'), options: { operation: '$referral-request' } },
      errors: [
        {
          pointer: EVENT_URI,
          messageId: 'operationEvent',
          message: `A bundle sent to $referral-request must have eventUri "${BASE}/EventDefinition/ReferralRequest"; got "${BASE}/EventDefinition/ChargeItemCreate".`,
        },
      ],
    },
    {
      name: "validated as another event's kind",
      input: { payload: example('fhir-chargeitemcreate'), kind: 'fhir/ReferralRequest' },
      errors: [{ pointer: EVENT_URI, messageId: 'kindEvent', data: { kind: 'ReferralRequest', named: 'ChargeItemCreate' } }],
    },
  ],
});
