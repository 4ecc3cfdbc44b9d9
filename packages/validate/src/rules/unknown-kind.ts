import { code } from '../display.js';
import { quote } from '../finding.js';
import { nearMisses } from '../near-miss.js';
import type { KindInfo } from '../kind-info.js';
import { createRule } from './create-rule.js';
import { UNDETECTED } from './scopes.js';

/** ` Did you mean `X`?` for the known values closest to `value`, or nothing. */
function suggest(value: string, known: Iterable<string>): string {
  const near = nearMisses(value, known);
  return near.length > 0 ? ` Did you mean ${near.map((n) => code(n)).join(' or ')}?` : '';
}

/** The R4 resource types a mistyped one most likely stands for, as a sentence (or nothing). */
export function r4TypeSuggestion(resourceType: string, kinds: readonly KindInfo[]): string {
  return suggest(resourceType, new Set(kinds.flatMap((k) => (k.base === undefined ? [] : [k.base]))));
}

/** Explains why no kind fits: an unknown data model, event type or resource type. */
export const unknownKindRule = createRule({
  scope: UNDETECTED,
  meta: {
    id: 'unknown-kind',
    severity: 'error',
    description: 'The payload is not a message, resource or bundle this version knows.',
    messages: {
      dataModel: 'Unknown `Meta.DataModel` {{value}}.{{suggestion}} Known data models: {{known}}.',
      eventType: '`Meta.EventType` {{value}} is not an event of {{dataModel}}.{{suggestion}} Known: {{known}}.',
      eventTypeMissing: '`Meta.EventType` is missing; {{dataModel}} has the events {{known}}.',
      resourceType: '`resourceType` is {{value}}, which is not a FHIR R4 resource type.{{suggestion}}',
      undetectable:
        'Cannot tell which message this is: it has no `Meta.DataModel`/`Meta.EventType` and no `resourceType`. Pass the kind explicitly (auth bodies cannot be detected).',
    },
  },
  check({ payload, kinds, report }) {
    const meta = (payload as { Meta?: { DataModel?: unknown; EventType?: unknown } } | null)?.Meta;
    const dataModels = kinds.filter((k) => k.family === 'datamodel').map((k) => k.id.split('/'));
    if (typeof meta === 'object' && meta !== null && typeof meta.DataModel === 'string') {
      const { DataModel: model, EventType: event } = meta;
      const events = dataModels.filter(([m]) => m === model).map(([, e]) => e!);
      if (events.length === 0) {
        const known = [...new Set(dataModels.map(([m]) => m!))];
        report({ pointer: '/Meta/DataModel', messageId: 'dataModel', data: { value: quote(model), suggestion: suggest(model, known), known: known.join(', ') } });
      } else if (typeof event === 'string') {
        report({ pointer: '/Meta/EventType', messageId: 'eventType', data: { value: quote(event), dataModel: model, suggestion: suggest(event, events), known: events.join(', ') } });
      } else {
        report({ pointer: '/Meta/EventType', messageId: 'eventTypeMissing', data: { dataModel: model, known: events.join(', ') } });
      }
      return;
    }
    const resourceType = (payload as { resourceType?: unknown } | null)?.resourceType;
    if (typeof resourceType === 'string') {
      // Every R4 resource type has a kind: this resourceType is not one.
      report({ pointer: '/resourceType', messageId: 'resourceType', data: { value: quote(resourceType), suggestion: r4TypeSuggestion(resourceType, kinds) } });
      return;
    }
    report({ pointer: '', messageId: 'undetectable' });
  },
});
