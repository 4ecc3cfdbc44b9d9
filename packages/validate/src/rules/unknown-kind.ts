import { detectCdsHooks } from '../cdshooks/detect.js';
import { code, fieldPath } from '../display.js';
import { childPointer, quote, type RenameFix } from '../finding.js';
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

/**
 * For a CDS Hooks document in the envelope under an event the service does not define (a patient-view
 * request): the kind it has without the envelope.
 */
function bareCds(payload: unknown): string {
  const kind = detectCdsHooks(payload as Record<string, unknown>);
  return kind ? ` Without the \`Meta\` envelope, this is a CDS Hooks document of kind \`${kind.id}\`.` : '';
}

/** The two envelope members a Data Model message is told by. */
const ENVELOPE_KEYS = ['DataModel', 'EventType'] as const;

interface MisspeltKey {
  readonly key: string;
  readonly name: (typeof ENVELOPE_KEYS)[number];
}

/** Members of `Meta` that stand for a missing DataModel or EventType (one near miss each). */
function misspeltKeys(meta: Record<string, unknown>): MisspeltKey[] {
  const out: MisspeltKey[] = [];
  for (const key of Object.keys(meta)) {
    if ((ENVELOPE_KEYS as readonly string[]).includes(key)) continue;
    const near = nearMisses(key, ENVELOPE_KEYS);
    const name = near.length === 1 ? (near[0] as MisspeltKey['name']) : undefined;
    if (name && !Object.hasOwn(meta, name)) out.push({ key, name });
  }
  return out;
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
      eventType: '`Meta.EventType` {{value}} is not an event of {{dataModel}}.{{suggestion}} Known: {{known}}.{{bareCds}}',
      eventTypeNotString: '`Meta.EventType` is {{value}}, not a string; {{dataModel}} has the events {{known}}.{{bareCds}}',
      eventTypeMissing: '`Meta.EventType` is missing; {{dataModel}} has the events {{known}}.{{bareCds}}',
      dataModelMissing: '`Meta.DataModel` is missing beside `Meta.EventType` {{event}}; write the data model, one of {{known}}.',
      dataModelNotString: '`Meta.DataModel` is {{value}}, not a string; write the data model as text, one of {{known}}.',
      resourceType: '`resourceType` is {{value}}, which is not a FHIR R4 resource type.{{suggestion}}',
      metaKey: '{{field}} looks like a misspelling of {{meant}}; write {{name}}.',
      undetectable:
        'Cannot tell which message this is: it has no `Meta.DataModel`/`Meta.EventType`, no `resourceType` and none of the CDS Hooks members (`hook` with `hookInstance` or `context`, `cards`, `systemActions`, `services`, `feedback`). Pass the kind explicitly (auth bodies cannot be detected).',
      // validate() says this when reading the payload throws (a getter or Proxy trap of a payload built in code).
      unreadable: 'Cannot tell which message this is: {{reason}}.',
      // What cdx-lint's form-body reader says instead of `undetectable` (a payload does not tell it came from a form).
      searchForm:
        'Cannot tell which search this form body is: its parameters name neither a Goal nor a Patient search. Pass the kind (`--kind fhir/Goal/_search` or `--kind fhir/Patient/_search`) or map the file to one in the config ("kinds").',
    },
  },
  check({ payload, kinds, report }) {
    const meta = (payload as { Meta?: { DataModel?: unknown; EventType?: unknown } | null } | null)?.Meta;
    const dataModels = kinds.filter((k) => k.family === 'datamodel').map((k) => k.id.split('/'));
    if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) {
      const misspelt = misspeltKeys(meta);
      if (misspelt.length > 0) {
        // Renamed only when each name has one member standing for it (two: which was meant is a
        // guess) and the envelope then names a message cdx knows.
        const unique = new Set(misspelt.map((m) => m.name)).size === misspelt.length;
        const renamed: Record<string, unknown> = { ...meta };
        for (const { key, name } of misspelt) renamed[name] = renamed[key];
        const known = dataModels.some(([m, e]) => m === renamed.DataModel && e === renamed.EventType);
        for (const { key, name } of misspelt) {
          const pointer = childPointer('/Meta', key);
          const fix: RenameFix = { kind: 'rename-member', pointer, from: key, to: name };
          report({
            pointer,
            messageId: 'metaKey',
            data: { field: code(fieldPath(pointer)), meant: code(`Meta.${name}`), name: code(name) },
            ...(unique && known ? { fix } : {}),
          });
        }
        return;
      }
    }
    if (typeof meta === 'object' && meta !== null && typeof meta.DataModel === 'string') {
      const { DataModel: model, EventType: event } = meta;
      const events = dataModels.filter(([m]) => m === model).map(([, e]) => e!);
      if (events.length === 0) {
        const known = [...new Set(dataModels.map(([m]) => m!))];
        report({
          pointer: '/Meta/DataModel',
          messageId: 'dataModel',
          data: { value: quote(model), suggestion: suggest(model, known), known: known.join(', ') },
        });
      } else if (typeof event === 'string') {
        report({
          pointer: '/Meta/EventType',
          messageId: 'eventType',
          data: { value: quote(event), dataModel: model, suggestion: suggest(event, events), known: events.join(', '), bareCds: bareCds(payload) },
        });
      } else if (event !== undefined) {
        // Payloads built in code can hold anything: a Symbol or a number is not "missing".
        report({
          pointer: '/Meta/EventType',
          messageId: 'eventTypeNotString',
          data: { value: quote(event), dataModel: model, known: events.join(', '), bareCds: bareCds(payload) },
        });
      } else {
        report({ pointer: '/Meta/EventType', messageId: 'eventTypeMissing', data: { dataModel: model, known: events.join(', '), bareCds: bareCds(payload) } });
      }
      return;
    }
    // An envelope that names its event but not (as text) its data model: say which member is wrong.
    if (typeof meta === 'object' && meta !== null && (meta.DataModel !== undefined || typeof meta.EventType === 'string')) {
      const known = [...new Set(dataModels.map(([m]) => m!))].join(', ');
      if (meta.DataModel === undefined) {
        report({ pointer: '/Meta/DataModel', messageId: 'dataModelMissing', data: { event: quote(meta.EventType), known } });
      } else {
        report({ pointer: '/Meta/DataModel', messageId: 'dataModelNotString', data: { value: quote(meta.DataModel), known } });
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
