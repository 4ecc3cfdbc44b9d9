import { checkSearchParams, SEARCH_PARAM_RULE, type SearchResource } from '../../fhir/search-params.js';
import { childPointer, parsePointer } from '../../finding.js';
import type { Rule } from '../rule.js';

/** `fhir/Goal/_search` → `Goal`. */
const resourceOf = (kindId: string): string => kindId.slice('fhir/'.length, kindId.lastIndexOf('/_search'));

/**
 * The search kinds (`fhir/Goal/_search`, `fhir/Patient/_search`): a form body as a JSON object of
 * parameter → values, checked by checkSearchParams (names, modifiers, value sets, dates). Values
 * that are not strings are the schema's to report; checkSearchParams leaves them out.
 */
export const searchParamRule: Rule = {
  ...SEARCH_PARAM_RULE,
  appliesTo: (kind) => kind.family === 'search',
  check(context) {
    const body = context.payload;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const resource = resourceOf(context.kind.id) as SearchResource;
    for (const finding of checkSearchParams(resource, body as Record<string, string | readonly string[]>).findings) {
      // A parameter given as one string: its value's finding points at the string itself.
      const [name, index] = parsePointer(finding.pointer);
      const single = index === '0' && name !== undefined && typeof (body as Record<string, unknown>)[name] === 'string';
      context.report({ pointer: single ? childPointer('', name) : finding.pointer, message: finding.message });
    }
  },
};
