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
    const meta = (context.payload as { Meta?: { Source?: { ID?: unknown } } }).Meta;
    const id = typeof meta === 'object' && meta !== null ? meta.Source?.ID : undefined;
    if (typeof id === 'string' && id.length > 0) return;
    context.report({
      pointer: '/Meta/Source/ID',
      message: '`Meta.Source.ID` is required because you hold more than one API key: set it to the source ID shown in the dashboard.',
    });
  },
};
