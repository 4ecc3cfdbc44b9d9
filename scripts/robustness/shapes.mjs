// Payloads shaped to find superlinear work in the rules, built from valid examples at any size.
// limits.mjs measures them at the sizes; the unit suites build the same shapes small.
import { example } from './hostile.mjs';

/** A message bundle of `count` Observations, each one a focus of the MessageHeader (urn:uuid, relative and absolute references). */
export function focusBundle(count) {
  const bundle = JSON.parse(example('fhir-message'));
  const header = bundle.entry[0].resource;
  header.focus = [];
  bundle.entry = [bundle.entry[0]];
  for (let i = 0; i < count; i++) {
    const id = `o${i}`;
    const uuid = `urn:uuid:${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
    bundle.entry.push({
      fullUrl: i % 3 === 2 ? `https://fhir.example.org/fhir/Observation/${id}` : uuid,
      resource: { resourceType: 'Observation', id, status: 'final', code: { text: 'x' } },
    });
    header.focus.push({ reference: i % 3 === 0 ? uuid : i % 3 === 1 ? `Observation/${id}` : `https://fhir.example.org/fhir/Observation/${id}` });
  }
  return JSON.stringify(bundle);
}

/** A CDS Hooks patient-view request whose prefetched searchset holds `count` Patients, each with a misspelt member (`birthdate`). */
export function misspeltPrefetch(count) {
  const request = JSON.parse(example('cds-hooks-patient-view'));
  const entry = [];
  for (let i = 0; i < count; i++) entry.push({ resource: { resourceType: 'Patient', id: `p${i}`, birthdate: '1970-01-01' } });
  request.prefetch.conditions = { resourceType: 'Bundle', type: 'searchset', entry };
  return JSON.stringify(request);
}

/** A FHIR Patient whose narrative is `1.` repeated `count` times: every dot looks like a number's at first. */
export function dottedNarrative(count) {
  const patient = JSON.parse(example('fhir-patient'));
  patient.text = { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${'1.'.repeat(count)}</div>` };
  return JSON.stringify(patient);
}
