import { memberPointer } from '../finding.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** Options of source-id. */
export interface SourceIdOptions {
  /** The caller holds more than one API key, so `Meta.Source.ID` is required (rule `source-id`). Default false. */
  multipleApiKeys: boolean;
}

/**
 * The spec: with more than one legacy API key (or more than one OAuth API key per environment
 * type), `Meta.Source.ID` is required. Only the caller knows how many keys it holds, so the rule
 * stays silent unless `multipleApiKeys` is set.
 */
export const sourceIdRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'source-id',
    severity: 'error',
    description: 'Meta.Source.ID is required when the sender holds more than one API key (option multipleApiKeys).',
    messages: {
      missing: '`Meta.Source.ID` is required because you hold more than one API key: set it to the source ID shown in the dashboard.',
    },
    options: {
      type: 'object',
      properties: {
        multipleApiKeys: {
          type: 'boolean',
          description: 'The caller holds more than one API key per environment, so Meta.Source.ID is required.',
          errorMessage: 'must be true or false',
        },
      },
      additionalProperties: false,
    },
  },
  defaultOptions: { multipleApiKeys: false },
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    if (!context.options.multipleApiKeys) return;
    const pointer = memberPointer(context.payload, ['Meta', 'Source', 'ID']);
    if (pointer === undefined) return;
    const meta = (context.payload as { Meta?: { Source?: { ID?: unknown } } | null }).Meta;
    const id = typeof meta === 'object' && meta !== null ? meta.Source?.ID : undefined;
    if (typeof id === 'string' && id.length > 0) return;
    // The first of Meta, Source and ID that is missing, so the pointer names a place that exists.
    context.report({ pointer, messageId: 'missing' });
  },
});
