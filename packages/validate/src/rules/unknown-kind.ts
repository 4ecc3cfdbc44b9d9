import { detectCdsHooks } from '../cdshooks/detect.js';
import { code } from '../display.js';
import { quote } from '../finding.js';
import { nearMisses } from '../near-miss.js';
import type { KindInfo } from '../kind-info.js';
import type { Report } from './rule.js';

/** Metadata of the `unknown-kind` rule; validate() reports it when no kind fits the payload. */
export const unknownKindMeta = {
  id: 'unknown-kind',
  defaultSeverity: 'error',
  description: 'The payload is not a message, resource or bundle this version knows.',
} as const;

function suggest(value: string, known: Iterable<string>): string {
  const near = nearMisses(value, known);
  return near.length > 0 ? ` Did you mean ${near.map((n) => code(n)).join(' or ')}?` : '';
}

/** "<field> … is not a FHIR R4 resource type", with the R4 type it most likely misspells. */
export function notR4Message(field: string, resourceType: string, kinds: readonly KindInfo[]): string {
  const types = new Set(kinds.flatMap((k) => (k.base === undefined ? [] : [k.base])));
  return `${field} is ${quote(resourceType)}, which is not a FHIR R4 resource type.${suggest(resourceType, types)}`;
}

/**
 * For a CDS Hooks document in the envelope under an event the service does not define (a patient-view
 * request): the kind it has without the envelope.
 */
function bareCds(payload: unknown): string {
  const kind = detectCdsHooks(payload as Record<string, unknown>);
  return kind ? ` Without the \`Meta\` envelope, this is a CDS Hooks document of kind \`${kind.id}\`.` : '';
}

/** Explains why no kind fits: an unknown data model, event type or resource type. */
export function diagnoseUnknownKind(payload: unknown, kinds: readonly KindInfo[]): Report {
  const meta = (payload as { Meta?: { DataModel?: unknown; EventType?: unknown } } | null)?.Meta;
  const dataModels = kinds.filter((k) => k.family === 'datamodel').map((k) => k.id.split('/'));
  if (typeof meta === 'object' && meta !== null && typeof meta.DataModel === 'string') {
    const { DataModel: model, EventType: event } = meta;
    const events = dataModels.filter(([m]) => m === model).map(([, e]) => e!);
    if (events.length === 0) {
      const known = [...new Set(dataModels.map(([m]) => m!))];
      return {
        pointer: '/Meta/DataModel',
        message: `Unknown \`Meta.DataModel\` ${quote(model)}.${suggest(model, known)} Known data models: ${known.join(', ')}.`,
      };
    }
    // Payloads built in code can hold anything: a Symbol is not "missing".
    const shown = typeof event === 'string' ? quote(event) : event === undefined ? 'missing' : `${quote(event)}, not a string,`;
    return {
      pointer: '/Meta/EventType',
      message: `\`Meta.EventType\` ${shown} is not an event of ${model}.${typeof event === 'string' ? suggest(event, events) : ''} Known: ${events.join(', ')}.${bareCds(payload)}`,
    };
  }
  const resourceType = (payload as { resourceType?: unknown } | null)?.resourceType;
  if (typeof resourceType === 'string') {
    // Every R4 resource type has a kind: this resourceType is not one.
    return { pointer: '/resourceType', message: notR4Message('`resourceType`', resourceType, kinds) };
  }
  return {
    pointer: '',
    message:
      'Cannot tell which message this is: it has no `Meta.DataModel`/`Meta.EventType`, no `resourceType` and none of the CDS Hooks members (`hook` with `hookInstance` or `context`, `cards`, `systemActions`, `services`, `feedback`). Pass the kind explicitly (auth bodies cannot be detected).',
  };
}
