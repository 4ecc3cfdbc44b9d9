import { bundleEntries } from '../../fhir/bundle.js';
import { isClaimAttachKind } from '../../fhir/kinds.js';
import { createRule } from '../create-rule.js';
import { PAYLOAD } from '../scopes.js';

/** The spec's limit: "below 7 MB base64"; MB taken as 10^6 (see docs/decisions.md). */
export const DEFAULT_ATTACHMENT_LIMIT = 7_000_000;

/** Options of attachment-size. */
export interface AttachmentSizeOptions {
  /** Largest inline `attachment.data` accepted, in characters of base64 text. Default 7,000,000. */
  attachmentLimit: number;
}

const format = (n: number) => n.toLocaleString('en-US');

/**
 * Claim $attach: inline attachment data must stay below 7 MB of base64 text (spec, "Limits");
 * larger documents are uploaded as a Binary and referenced in attachment.url. Measured as the
 * length of the base64 string, never by decoding it (and never copying it). MB = 10^6
 * characters by default (option attachmentLimit; docs/decisions.md).
 */
export const attachmentSizeRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'attachment-size',
    severity: 'error',
    description: 'Inline attachment.data in a Claim $attach bundle must be below the attachment limit (7 MB of base64 text).',
    messages: {
      tooLarge:
        'Inline attachment.data is {{length}} characters of base64, at or over the limit of {{limit}} (7 MB): upload the document as a Binary resource and reference it in attachment.url instead.',
      tooLargeConfigured:
        'Inline attachment.data is {{length}} characters of base64, at or over the limit of {{limit}} set by attachmentLimit: upload the document as a Binary resource and reference it in attachment.url instead.',
    },
    options: {
      type: 'object',
      properties: {
        attachmentLimit: {
          type: 'integer',
          minimum: 0,
          description: 'Largest inline FHIR attachment.data accepted, in characters of base64 text. Default 7000000.',
          errorMessage: 'must be a whole number of base64 characters, 0 or more',
        },
      },
      additionalProperties: false,
    },
  },
  defaultOptions: { attachmentLimit: DEFAULT_ATTACHMENT_LIMIT },
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
          // The spec's 7 MB is named only when it is the limit in force.
          messageId: limit === DEFAULT_ATTACHMENT_LIMIT ? 'tooLarge' : 'tooLargeConfigured',
          data: { length: format(data.length), limit: format(limit) },
        });
      });
    }
  },
});
