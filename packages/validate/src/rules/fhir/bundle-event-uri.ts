import { code } from '../../display.js';
import { quote, quoteId } from '../../finding.js';
import { asObject, bundleEntries, messageHeader } from '../../fhir/bundle.js';
import { BUNDLE_OPERATIONS, CLAIM_ATTACH, FHIR_EVENTS, fhirEvent, normalizeOperation, parseDefinitionUri, type FhirEvent } from '../../fhir/events.js';
import { isClaimAttachKind, isMessageKind, kindEvent } from '../../fhir/kinds.js';
import { nearMisses } from '../../near-miss.js';
import { withoutTrailingSlashes } from '../../trim.js';
import { createRule, type Report, type RuleTools } from '../create-rule.js';
import { PAYLOAD, type PayloadContext } from '../scopes.js';

const KNOWN = FHIR_EVENTS.map((e) => e.name);

/** Options of bundle-event-uri. */
export interface BundleEventUriOptions {
  /**
   * Base address of the service's FHIR definition URIs (`{fhir_defs_url}` in the spec), without a
   * trailing slash. Event URIs are `{fhirDefsUrl}/EventDefinition/<Event>`. Default: not checked.
   */
  fhirDefsUrl: string | undefined;
  /** The FHIR operation the bundle is sent to (e.g. `"$charge-item-create"`); eventUri must match it. Default: not checked. */
  operation: string | undefined;
}

const DEFAULTS: BundleEventUriOptions = { fhirDefsUrl: undefined, operation: undefined };

const MESSAGES = {
  attachIsCollection: 'Claim $attach takes a collection bundle (type collection), not a message bundle.',
  unknownOperation: 'options.operation {{operation}} is not an operation of the service that takes a bundle.{{suggestion}} Known: {{known}}.',
  operationNotMessage:
    'options.operation {{operation}} takes a message bundle (`type` "message", its MessageHeader first); this bundle is of type {{type}} and has no MessageHeader.',
  messageOperation: 'options.operation {{operation}} takes a message bundle; this is a collection bundle, the body of Claim $attach.',
  eventCoding: 'The service identifies the event by MessageHeader.eventUri, not eventCoding (R4 allows either). Write eventUri as {{address}} instead.',
  eventCodingUnknown:
    'The service identifies the event by MessageHeader.eventUri, not eventCoding (R4 allows either). Write eventUri as {{address}}, one of {{known}}.',
  definitionForm: 'MessageHeader.definition must be {{address}}; got {{definition}}.',
  definitionBase: 'MessageHeader.definition must start with {{base}}/MessageDefinition/; got {{definition}}.',
  definitionEvent: 'MessageHeader.definition names {{name}}, which is not a message definition of {{event}} ({{event}}Full marks the detailed form).',
  uriForm: 'eventUri must be {{address}}; got {{uri}}.{{suggestion}}',
  uriBase: 'eventUri must start with {{base}}/EventDefinition/ (options.fhirDefsUrl); got {{uri}}.',
  unknownEvent: 'eventUri names {{name}}, which is not an event of the service.{{suggestion}} Known: {{known}}.',
  operationEvent: 'A bundle sent to {{operation}} must have eventUri {{address}}; got {{uri}}.',
  kindEvent: 'This bundle is validated as {{kind}} but its eventUri names {{named}}.',
} as const;

type Context = PayloadContext & RuleTools<keyof typeof MESSAGES, BundleEventUriOptions>;

/** `{fhir_defs_url}` as configured (without trailing slashes), or undefined when the caller did not say. */
const configuredBase = (context: Context) => (context.options.fhirDefsUrl === undefined ? undefined : withoutTrailingSlashes(context.options.fhirDefsUrl));

/** What a message says for the base address when neither the options nor the payload give it. */
const BASE_IN_WORDS =
  "the service's FHIR definitions address (the spec's fhir_defs_url, which differs per environment: set the fhirDefsUrl option to have it checked)";

/**
 * The base address a message can show: the configured one, else the one the MessageHeader's own
 * eventUri or definition uses (the spec gives no value: `{fhir_defs_url}` is per environment).
 */
function baseOf(context: Context, header: Record<string, unknown>): string | undefined {
  const configured = configuredBase(context);
  if (configured !== undefined) return configured;
  for (const [member, folder] of [
    ['eventUri', 'EventDefinition'],
    ['definition', 'MessageDefinition'],
  ] as const) {
    const value = header[member];
    const parsed = typeof value === 'string' ? parseDefinitionUri(value, folder) : undefined;
    if (parsed) return parsed.base;
  }
  return undefined;
}

/**
 * The address to write, for a message: `"<base>/EventDefinition/ChargeItemCreate"` when the base
 * is known, else the base in words followed by the path; without a name, the path and "the
 * event's name".
 */
function address(base: string | undefined, folder: 'EventDefinition' | 'MessageDefinition', name?: string): string {
  if (base === undefined) return `${BASE_IN_WORDS} followed by ${name === undefined ? `\`/${folder}/\` and the event's name` : code(`/${folder}/${name}`)}`;
  // The base may be the payload's own (baseOf): quoted and bounded like any address it gives.
  return name === undefined ? `${quoteId(`${base}/${folder}/`)} followed by the event's name` : quoteId(`${base}/${folder}/${name}`);
}

/**
 * An event or message definition name the payload gives: in backticks when it has the form of one
 * (`ChargeItemCreat`, a near miss), else quoted and shortened (a name with a line break, a huge one).
 */
const givenName = (name: string) => (/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(name) ? code(name) : quote(name));

function suggestion(name: string, known: readonly string[] = KNOWN): string {
  const near = nearMisses(name, known);
  return near.length > 0 ? ` Did you mean ${near.map(code).join(' or ')}?` : '';
}

/** The event options.operation names, or a report when it names none that takes a message. */
function operationEvent(context: Context, pointer: string): { event?: FhirEvent; report?: Report<keyof typeof MESSAGES> } {
  const given = context.options.operation;
  if (given === undefined) return {};
  const operation = normalizeOperation(given);
  const event = FHIR_EVENTS.find((e) => e.operation === operation);
  if (event) return { event };
  if (operation === CLAIM_ATTACH.operation) return { report: { pointer: '/type', messageId: 'attachIsCollection' } };
  return {
    report: {
      pointer,
      messageId: 'unknownOperation',
      data: { operation: quote(given), suggestion: suggestion(operation, BUNDLE_OPERATIONS), known: BUNDLE_OPERATIONS.join(', ') },
    },
  };
}

function checkEventCoding(context: Context, header: Record<string, unknown>, at: string): void {
  const base = baseOf(context, header);
  const coding = asObject(header.eventCoding);
  if (!coding) return; // neither eventUri nor eventCoding: the schema reports the missing eventUri
  const codeValue = typeof coding.code === 'string' ? coding.code : undefined;
  const known = codeValue === undefined ? undefined : (fhirEvent(codeValue)?.name ?? nearMisses(codeValue, KNOWN)[0]);
  const pointer = `${at}/eventCoding`;
  if (known) context.report({ pointer, messageId: 'eventCoding', data: { address: address(base, 'EventDefinition', known) } });
  else context.report({ pointer, messageId: 'eventCodingUnknown', data: { address: address(base, 'EventDefinition'), known: KNOWN.join(', ') } });
}

/** A bundle with no MessageHeader sent to an operation: the operation says what type it must be. */
function checkPlainBundle(context: Context): void {
  const given = context.options.operation;
  if (given === undefined) return;
  const type = asObject(context.payload)?.type;
  const operation = normalizeOperation(given);
  if (operation === CLAIM_ATTACH.operation) {
    if (type !== 'collection') context.report({ pointer: '/type', messageId: 'attachIsCollection' });
  } else if (FHIR_EVENTS.some((e) => e.operation === operation)) {
    context.report({ pointer: '/type', messageId: 'operationNotMessage', data: { operation: quote(given), type: quote(type) } });
  }
}

function checkDefinition(context: Context, header: Record<string, unknown>, at: string, event: string | undefined): void {
  const definition = header.definition;
  if (typeof definition !== 'string') return;
  const pointer = `${at}/definition`;
  const parsed = parseDefinitionUri(definition, 'MessageDefinition');
  if (!parsed) {
    const base = baseOf(context, header);
    const form =
      event === undefined
        ? address(base, 'MessageDefinition')
        : `${address(base, 'MessageDefinition', event)} (or ${address(base, 'MessageDefinition', `${event}Full`)}, the detailed form)`;
    context.report({ pointer, messageId: 'definitionForm', data: { address: form, definition: quoteId(definition) } });
    return;
  }
  const base = configuredBase(context);
  if (base !== undefined && parsed.base !== base) context.report({ pointer, messageId: 'definitionBase', data: { base, definition: quoteId(definition) } });
  if (event !== undefined && parsed.name !== event && parsed.name !== `${event}Full`) {
    context.report({ pointer, messageId: 'definitionEvent', data: { name: givenName(parsed.name), event } });
  }
}

/**
 * MessageHeader.eventUri is `{fhir_defs_url}/EventDefinition/<a known event>`; a near miss gets a
 * suggestion; eventCoding is not what the service reads; when the caller says which operation the
 * bundle is for (option operation), eventUri must name that operation's event.
 */
export const bundleEventUriRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'bundle-event-uri',
    severity: 'error',
    description: 'MessageHeader.eventUri names a known event under {fhir_defs_url}/EventDefinition/, matching the operation the bundle is sent to.',
    messages: MESSAGES,
    options: {
      type: 'object',
      properties: {
        fhirDefsUrl: {
          type: 'string',
          pattern: '^https?://',
          description: "Base address of the service's FHIR definitions ({fhir_defs_url} in the spec); event URIs are checked against it.",
          errorMessage: 'must be an http(s) URL, like "https://fhir.example.com/fhir-definitions"',
        },
        operation: {
          type: 'string',
          minLength: 1,
          description: 'The FHIR operation the bundle is sent to, e.g. "$charge-item-create"; eventUri must name its event.',
          errorMessage: 'must name a FHIR operation, like "$charge-item-create"',
        },
      },
      additionalProperties: false,
    },
    needsWholePayload: true,
    supersedes: [
      // eventCoding instead of eventUri: the profile's "eventUri is required" is the same cause.
      { by: ['eventCoding', 'eventCodingUnknown'], rule: 'service-profile', messages: ['required'], at: { sibling: 'eventUri' } },
      // An eventUri not in the service's form (the bare event name): so is "must be an absolute URI".
      { by: ['uriForm'], rule: 'service-profile', messages: ['format', 'pattern'], at: 'same' },
      { by: ['uriForm'], rule: 'schema', messages: ['format', 'pattern'], at: 'same' },
    ],
  },
  defaultOptions: DEFAULTS,
  appliesTo: (kind) => isMessageKind(kind) || isClaimAttachKind(kind) || kind.id === 'fhir/Bundle',
  check(context) {
    if (context.kind.id === 'fhir/Bundle') {
      checkPlainBundle(context);
      return;
    }
    if (isClaimAttachKind(context.kind)) {
      const given = context.options.operation;
      if (given !== undefined && normalizeOperation(given) !== CLAIM_ATTACH.operation) {
        context.report({ pointer: '/type', messageId: 'messageOperation', data: { operation: quote(given) } });
      }
      return;
    }
    const header = messageHeader(context.shared(bundleEntries));
    if (!header?.resource) return; // bundle-message-header reports it
    const at = `${header.pointer}/resource`;
    const uri = header.resource.eventUri;
    const own = kindEvent(context.kind);
    if (typeof uri !== 'string') {
      if (uri === undefined) checkEventCoding(context, header.resource, at);
      return; // a non-string eventUri is a schema finding
    }
    const parsed = parseDefinitionUri(uri, 'EventDefinition');
    const named = parsed && fhirEvent(parsed.name) ? parsed.name : undefined;
    const base = configuredBase(context);
    const { operation } = context.options;
    // The usual case: the kind's own (or some known) event, and no options to hold it against.
    if (named !== undefined && (!own || named === own.name) && base === undefined && operation === undefined) {
      checkDefinition(context, header.resource, at, own?.name ?? named);
      return;
    }
    const pointer = `${at}/eventUri`;
    const { event: expected, report } = operationEvent(context, pointer);
    if (report) context.report(report);
    if (!parsed) {
      const last = withoutTrailingSlashes(uri).split('/').pop() ?? '';
      const meant = own?.name ?? expected?.name;
      context.report({
        pointer,
        messageId: 'uriForm',
        data: { address: address(baseOf(context, header.resource), 'EventDefinition', meant), uri: quoteId(uri), suggestion: last ? suggestion(last) : '' },
      });
    } else {
      if (base !== undefined && parsed.base !== base) context.report({ pointer, messageId: 'uriBase', data: { base, uri: quoteId(uri) } });
      if (!fhirEvent(parsed.name)) {
        // The spec names notifications whose event addresses it does not give (referral progress,
        // patient check-in, …): an unknown name is an error when it is a near miss of a known
        // event, or when the caller named the event (the kind); otherwise the bundle is simply
        // validated as a generic message (kind fhir/message).
        const near = nearMisses(parsed.name, KNOWN);
        if (own || near.length > 0 || expected) {
          context.report({
            pointer,
            messageId: 'unknownEvent',
            data: { name: givenName(parsed.name), suggestion: suggestion(parsed.name), known: KNOWN.join(', ') },
          });
        }
      } else if (expected && named !== expected.name) {
        context.report({
          pointer,
          messageId: 'operationEvent',
          data: { operation: expected.operation!, address: address(baseOf(context, header.resource), 'EventDefinition', expected.name), uri: quoteId(uri) },
        });
      } else if (own && named !== own.name) {
        context.report({ pointer, messageId: 'kindEvent', data: { kind: own.name, named: named! } });
      }
    }
    checkDefinition(context, header.resource, at, own?.name ?? named);
  },
});
