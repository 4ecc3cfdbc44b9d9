// Mistakes an integrator of the service makes, each as a user meets it: a file linted through the
// CLI's text API (or a client assertion through the JWT checker), and the finding that names the
// mistake, by rule id and pointer, as an error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkClientAssertion } from '@cdx/validate/auth';
import { lintText } from '../src/lint/lint-text.js';

type Json = Record<string, any>;

const VALID = join(import.meta.dirname, '../../../schemas/examples/valid');
const example = (name: string): Json => JSON.parse(readFileSync(join(VALID, `${name}.json`), 'utf8')) as Json;
const settings = { rules: {}, pointerOverrides: [] };
/** The errors a file gives, as [rule id, pointer]. */
const errors = (payload: Json | string) =>
  lintText(typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2), 'payload.json', settings)
    .messages.filter((m) => m.severity === 2)
    .map((m) => [m.ruleId, m.pointer]);

describe('integrator mistakes, each an error at its place', () => {
  it('1. an EventType of another data model (AvailableSlots sent as PatientAdmin)', () => {
    const message = example('scheduling-availableslots');
    message.Meta.DataModel = 'PatientAdmin';
    expect(errors(message)).toEqual([['unknown-kind', '/Meta/EventType']]);
  });

  it('2. a request without Meta.Destinations', () => {
    const message = example('clinical-summary-documentquery');
    delete message.Meta.Destinations;
    expect(errors(message)).toEqual([['destinations', '/Meta/Destinations']]);
  });

  it('3. a ChargeItemCreate message bundle sent as a collection', () => {
    const bundle = example('fhir-chargeitemcreate');
    bundle.type = 'collection';
    expect(errors(bundle)).toEqual([['bundle-message-header', '/type']]);
  });

  it('4. an order-sign request with fhirAuthorization but no fhirServer', () => {
    const request = example('cdshooks-order-sign');
    delete request.fhirServer;
    expect(errors(request)).toEqual([['schema', '/fhirServer']]);
  });

  it('5. a stale client assertion (expired before it was sent)', async () => {
    const nowSec = 1_772_443_800;
    const claims = { iss: 'client-1', sub: 'client-1', aud: 'https://api.example.org/v2/auth/token', jti: 'j1', iat: nowSec - 600, exp: nowSec - 300 };
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    // Explained without its key (skipSignature), as `cdx-lint assertion` does when none is given.
    const token = `${part({ alg: 'ES384', typ: 'JWT', kid: 'k1' })}.${part(claims)}.${Buffer.from('signature').toString('base64url')}`;
    const findings = await checkClientAssertion(token, { clientId: 'client-1', tokenUrl: claims.aud, skipSignature: true, now: () => nowSec * 1000 });
    expect(findings.filter((f) => f.severity === 'error').map((f) => [f.ruleId, f.pointer])).toEqual([['jwt-exp', '/payload/exp']]);
  });

  it('6. a PatientMerge that retires no identifier', () => {
    const merge = example('patientadmin-patientmerge');
    merge.Patient.PreviousIdentifiers = [];
    expect(errors(merge)).toEqual([['schema', '/Patient/PreviousIdentifiers']]);
  });

  it('7. a message bundle whose eventUri is the bare event name', () => {
    const bundle = example('fhir-chargeitemcreate');
    bundle.entry[0].resource.eventUri = 'ChargeItemCreate';
    expect(errors(bundle)).toEqual([['bundle-event-uri', '/entry/0/resource/eventUri']]);
  });

  it('8. a Claim $attach attachment with neither data nor url', () => {
    const bundle = example('fhir-claimattach');
    delete bundle.entry[0].resource.content[0].attachment.data;
    expect(errors(bundle)).toEqual([['service-profile', '/entry/0/resource/content/0/attachment']]);
  });

  it('9. a member written twice (the service keeps the last one)', () => {
    const text = JSON.stringify(example('fhir-patient'), null, 2).replace('"gender": "male"', '"gender": "male",\n  "gender": "female"');
    expect(errors(text)).toEqual([['duplicate-key', '/gender']]);
  });

  it('10. a FHIR integer written 1.0 (JSON.parse hides it)', () => {
    const text = JSON.stringify(example('fhir-searchset'), null, 2).replace(/"total": (\d+)/, '"total": $1.0');
    expect(errors(text)).toEqual([['fhir-integer-literal', '/total']]);
  });

  it('11. a CDS Hooks order-select request in the Meta envelope without its draft orders', () => {
    const request = example('cdshooks-order-select');
    delete request.context.draftOrders;
    expect(errors(request)).toEqual([['schema', '/context/draftOrders']]);
  });
});
