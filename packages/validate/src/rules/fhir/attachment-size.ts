import { bundleEntries } from '../../fhir/bundle.js';
import { isClaimAttachKind } from '../../fhir/kinds.js';
import type { Rule } from '../rule.js';

const format = (n: number) => n.toLocaleString('en-US');

/**
 * Claim $attach: inline attachment data must stay below 7 MB of base64 text (spec, "Limits");
 * larger documents are uploaded as a Binary and referenced in attachment.url. Measured as the
 * length of the base64 string, never by decoding it (and never copying it). MB = 10^6
 * characters by default (options.attachmentLimit; docs/decisions.md).
 */
export const attachmentSizeRule: Rule = {
  id: 'attachment-size',
  defaultSeverity: 'error',
  description: 'Inline attachment.data in a Claim $attach bundle must be below the attachment limit (7 MB of base64 text).',
  appliesTo: isClaimAttachKind,
  check(context) {
    const limit = context.options.attachmentLimit;
    for (const entry of context.shared(bundleEntries)) {
      if (entry.resourceType !== 'DocumentReference') continue;
      const content = entry.resource?.content;
      if (!Array.isArray(content)) continue;
      content.forEach((item, i) => {
        const data = (item as { attachment?: { data?: unknown } } | null)?.attachment?.data;
        if (typeof data !== 'string' || data.length < limit) return;
        context.report({
          pointer: `${entry.pointer}/resource/content/${i}/attachment/data`,
          message: `Inline attachment.data is ${format(data.length)} characters of base64, at or over the limit of ${format(limit)} (7 MB): upload the document as a Binary resource and reference it in attachment.url instead.`,
        });
      });
    }
  },
};
