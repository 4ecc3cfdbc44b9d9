// Build a payload with the generated types, check it with the validator, and print what a
// sender would log. Run: npm run build && npm start
import type { PatientMerge } from '@cdx/types';
import { assertKind, detectKind, validate } from '@cdx/validate';
import { checkCdsHooks } from './cds-hooks.js';

const merge = {
  Meta: {
    DataModel: 'PatientAdmin',
    EventType: 'PatientMerge',
    EventDateTime: '2026-11-21T09:30:00Z',
    Destinations: [{ ID: 'af394f14-b34a-464f-8d24-895f370af4c9', Name: 'EHR' }],
  },
  Patient: {
    Identifiers: [{ ID: '0000000001', IDType: 'MRN' }],
    PreviousIdentifiers: [{ ID: '0000000002', IDType: 'MRN' }],
    Demographics: { FirstName: 'Timothy', LastName: 'Bixby', DOB: '2008-01-06' },
  },
} satisfies PatientMerge;

const ok = validate(merge);
console.log(`${detectKind(merge)}: valid=${ok.valid}, findings=${ok.findings.length}`);

// A payload from outside (a queue, a file): unknown until checked.
const received: unknown = JSON.parse(JSON.stringify({ ...merge, Patient: { ...merge.Patient, PreviousIdentifiers: undefined } }));
const bad = validate(received);
for (const finding of bad.findings) console.log(`${finding.ruleId} ${finding.pointer}: ${finding.message}`);

assertKind('PatientAdmin/PatientMerge', merge);
const narrowed: PatientMerge = merge; // assertKind narrowed `merge`; this line must type-check
console.log(`first identifier: ${narrowed.Patient.Identifiers[0]?.ID}`);
const cds = checkCdsHooks();
if (ok.valid && !bad.valid && cds) process.exitCode = 0;
else process.exitCode = 1;
