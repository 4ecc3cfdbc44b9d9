import { memberPointer } from '../finding.js';
import type { Rule } from './rule.js';

/**
 * The spec: with more than one legacy API key (or more than one OAuth API key per environment
 * type), `Meta.Source.ID` is required. Only the caller knows how many keys it holds, so the rule
 * stays silent unless `multipleApiKeys` is set.
 */
export const sourceIdRule: Rule = {
  id: 'source-id',
  defaultSeverity: 'error',
  description: 'Meta.Source.ID is required when the sender holds more than one API key (option multipleApiKeys).',
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    if (!context.options.multipleApiKeys) return;
    const pointer = memberPointer(context.payload, ['Meta', 'Source', 'ID']);
    if (pointer === undefined) return;
    const meta = (context.payload as { Meta?: { Source?: { ID?: unknown } } }).Meta;
    const id = typeof meta === 'object' && meta !== null ? meta.Source?.ID : undefined;
    if (typeof id === 'string' && id.length > 0) return;
    context.report({
      // The first of Meta, Source and ID that is missing, so the pointer names a place that exists.
      pointer,
      message: '`Meta.Source.ID` is required because you hold more than one API key: set it to the source ID shown in the dashboard.',
    });
  },
};
