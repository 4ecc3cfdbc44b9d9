import { attachmentSizeRule, DEFAULT_ATTACHMENT_LIMIT } from '../../../src/rules/fhir/attachment-size.js';
import { edited, example, payloadTester } from '../../support/payload-tester.js';

/** Valid base64 of exactly `chars` characters (a multiple of 4). */
const base64 = (chars: number) => 'JVBERi0xLjQKJeLjz9MK'.repeat(Math.ceil(chars / 20)).slice(0, chars);
const claim = (data: string) => edited('fhir-claimattach', (p) => void (p.entry[0].resource.content[0].attachment.data = data));
const POINTER = '/entry/0/resource/content/0/attachment/data';

payloadTester.run(attachmentSizeRule, {
  valid: [
    { name: 'a small inline attachment', input: { payload: example('fhir-claimattach') } },
    { name: 'just below the default limit', input: { payload: claim(base64(DEFAULT_ATTACHMENT_LIMIT - 4)) } },
    {
      name: 'an 82-character attachment over a limit of 10, outside Claim $attach',
      input: { payload: example('fhir-documentreferencecreate'), options: { attachmentLimit: 10 } },
    },
  ],
  invalid: [
    {
      name: 'at the default limit (7,000,000 characters, MB = 10^6)',
      input: { payload: claim(base64(DEFAULT_ATTACHMENT_LIMIT)) },
      errors: [{ pointer: POINTER, messageId: 'tooLarge', data: { length: '7,000,000', limit: '7,000,000' } }],
    },
    {
      name: 'over a limit moved by the attachmentLimit option',
      input: { payload: claim(base64(400)), options: { attachmentLimit: 100 } },
      // The message gives the limit in force, not the spec's 7 MB.
      errors: [{ pointer: POINTER, messageId: 'tooLargeConfigured', data: { length: '400', limit: '100' } }],
    },
  ],
});
