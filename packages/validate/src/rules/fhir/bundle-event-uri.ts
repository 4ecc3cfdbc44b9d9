import { code } from '../../display.js';
import { quote } from '../../finding.js';
import { asObject, bundleEntries, messageHeader } from '../../fhir/bundle.js';
import {
  BUNDLE_OPERATIONS,
  CLAIM_ATTACH,
  FHIR_EVENTS,
  fhirEvent,
  normalizeOperation,
  parseDefinitionUri,
  type FhirEvent,
} from '../../fhir/events.js';
import { isClaimAttachKind, isMessageKind, kindEvent } from '../../fhir/kinds.js';
import { nearMisses } from '../../near-miss.js';
import { withoutTrailingSlashes } from '../../trim.js';
import type { Report, Rule, RuleContext } from '../rule.js';

const KNOWN = FHIR_EVENTS.map((e) => e.name);

/** `{fhir_defs_url}` as configured, or as a placeholder when the caller did not say. */
const baseOf = (context: RuleContext) => context.options.fhirDefsUrl ?? '{fhir_defs_url}';

function eventAddress(context: RuleContext, event: string): string {
  return `${baseOf(context)}/EventDefinition/${event}`;
}

function suggestion(name: string): string {
  const near = nearMisses(name, KNOWN);
  return near.length > 0 ? ` Did you mean ${near.map(code).join(' or ')}?` : '';
}

/** The event options.operation names, or a report when it names none that takes a message. */
function operationEvent(context: RuleContext, pointer: string): { event?: FhirEvent; report?: Report } {
  const given = context.options.operation;
  if (given === undefined) return {};
  const operation = normalizeOperation(given);
  const event = FHIR_EVENTS.find((e) => e.operation === operation);
  if (event) return { event };
  if (operation === CLAIM_ATTACH.operation) {
    return {
      report: {
        pointer: '/type',
        message: 'Claim $attach takes a collection bundle (type collection), not a message bundle.',
      },
    };
  }
  const near = nearMisses(operation, BUNDLE_OPERATIONS);
  return {
    report: {
      pointer,
      message: `options.operation ${quote(given)} is not an operation of the service that takes a bundle.${near.length ? ` Did you mean ${near.map(code).join(' or ')}?` : ''} Known: ${BUNDLE_OPERATIONS.join(', ')}.`,
    },
  };
}

function checkEventCoding(context: RuleContext, header: Record<string, unknown>, at: string): void {
  const coding = asObject(header.eventCoding);
  if (!coding) return; // neither eventUri nor eventCoding: the schema reports the missing eventUri
  const codeValue = typeof coding.code === 'string' ? coding.code : undefined;
  const known = codeValue === undefined ? undefined : (fhirEvent(codeValue)?.name ?? nearMisses(codeValue, KNOWN)[0]);
  context.report({
    pointer: `${at}/eventCoding`,
    message: `The service identifies the event by MessageHeader.eventUri, not eventCoding (R4 allows either).${
      known ? ` Write \`"eventUri": "${eventAddress(context, known)}"\` instead.` : ` Write eventUri as ${eventAddress(context, '<Event>')}, with one of ${KNOWN.join(', ')}.`
    }`,
  });
}

function checkDefinition(context: RuleContext, header: Record<string, unknown>, at: string, event: string | undefined): void {
  const definition = header.definition;
  if (typeof definition !== 'string') return;
  const pointer = `${at}/definition`;
  const parsed = parseDefinitionUri(definition, 'MessageDefinition');
  if (!parsed) {
    context.report({ pointer, message: `MessageHeader.definition must be ${baseOf(context)}/MessageDefinition/<Message>; got ${quote(definition)}.` });
    return;
  }
  if (context.options.fhirDefsUrl !== undefined && parsed.base !== context.options.fhirDefsUrl) {
    context.report({ pointer, message: `MessageHeader.definition must start with ${context.options.fhirDefsUrl}/MessageDefinition/; got ${quote(definition)}.` });
  }
  if (event !== undefined && parsed.name !== event && parsed.name !== `${event}Full`) {
    context.report({
      pointer,
      message: `MessageHeader.definition names ${code(parsed.name)}, which is not a message definition of ${event} (${event}Full marks the detailed form).`,
    });
  }
}

/**
 * MessageHeader.eventUri is `{fhir_defs_url}/EventDefinition/<a known event>`; a near miss gets a
 * suggestion; eventCoding is not what the service reads; when the caller says which operation the
 * bundle is for (options.operation), eventUri must name that operation's event.
 */
export const bundleEventUriRule: Rule = {
  id: 'bundle-event-uri',
  defaultSeverity: 'error',
  description: 'MessageHeader.eventUri names a known event under {fhir_defs_url}/EventDefinition/, matching the operation the bundle is sent to.',
  needsWholePayload: true,
  appliesTo: (kind) => isMessageKind(kind) || isClaimAttachKind(kind),
  check(context) {
    if (isClaimAttachKind(context.kind)) {
      const given = context.options.operation;
      if (given !== undefined && normalizeOperation(given) !== CLAIM_ATTACH.operation) {
        context.report({
          pointer: '/type',
          message: `options.operation ${quote(given)} takes a message bundle; this is a collection bundle, the body of Claim $attach.`,
        });
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
    const { fhirDefsUrl, operation } = context.options;
    // The usual case: the kind's own (or some known) event, and no options to hold it against.
    if (named !== undefined && (!own || named === own.name) && fhirDefsUrl === undefined && operation === undefined) {
      checkDefinition(context, header.resource, at, own?.name ?? named);
      return;
    }
    const pointer = `${at}/eventUri`;
    const { event: expected, report } = operationEvent(context, pointer);
    if (report) context.report(report);
    if (!parsed) {
      const last = withoutTrailingSlashes(uri).split('/').pop() ?? '';
      context.report({
        pointer,
        message: `eventUri must be ${eventAddress(context, '<Event>')}; got ${quote(uri)}.${last ? suggestion(last) : ''}`,
      });
    } else {
      if (context.options.fhirDefsUrl !== undefined && parsed.base !== context.options.fhirDefsUrl) {
        context.report({ pointer, message: `eventUri must start with ${context.options.fhirDefsUrl}/EventDefinition/ (options.fhirDefsUrl); got ${quote(uri)}.` });
      }
      if (!fhirEvent(parsed.name)) {
        // The spec names notifications whose event addresses it does not give (referral progress,
        // patient check-in, …): an unknown name is an error when it is a near miss of a known
        // event, or when the caller named the event (the kind); otherwise the bundle is simply
        // validated as a generic message (kind fhir/message).
        const near = nearMisses(parsed.name, KNOWN);
        if (own || near.length > 0 || expected) {
          context.report({
            pointer,
            message: `eventUri names ${code(parsed.name)}, which is not an event of the service.${suggestion(parsed.name)} Known: ${KNOWN.join(', ')}.`,
          });
        }
      } else if (expected && named !== expected.name) {
        context.report({
          pointer,
          message: `A bundle sent to ${expected.operation} must have eventUri ${eventAddress(context, expected.name)}; got ${quote(uri)}.`,
        });
      } else if (own && named !== own.name) {
        context.report({ pointer, message: `This bundle is validated as ${own.name} but its eventUri names ${named}.` });
      }
    }
    checkDefinition(context, header.resource, at, own?.name ?? named);
  },
};
