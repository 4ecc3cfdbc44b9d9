// Type tests, compiled by `pnpm typecheck` (tsc --noEmit). Each @ts-expect-error marks a payload
// that must NOT compile: if the generated types ever accept it, tsc fails on the unused directive.
import type { KindId, KindMap, PatientMerge } from '../src/index.js';

export const merge = {
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge', Destinations: [{ ID: null, Name: 'EHR' }] },
  Patient: {
    Identifiers: [{ ID: '0000000001', IDType: 'MRN' }],
    PreviousIdentifiers: [{ ID: '0000000002', IDType: 'MRN' }],
    Demographics: { FirstName: 'Timothy', MaritalStatus: null, PhoneNumber: { Mobile: '+16085551234' } },
  },
} satisfies PatientMerge;

const ids = [{ ID: '0000000001', IDType: 'MRN' }] as [{ ID: string; IDType: string }];

export const wrongEvent = {
  // @ts-expect-error EventType is the literal "PatientMerge"
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientUpdate' },
  Patient: { Identifiers: ids, PreviousIdentifiers: ids },
} satisfies PatientMerge;

export const missingRequired: PatientMerge = {
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
  // @ts-expect-error PreviousIdentifiers is required
  Patient: { Identifiers: ids },
};

export const misspelt: PatientMerge = {
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
  Patient: {
    Identifiers: ids,
    PreviousIdentifiers: ids,
    // @ts-expect-error the types are closed: a misspelt member is an error
    Demographics: { MartialStatus: 'Married' },
  },
};

export const retiresNothing: PatientMerge = {
  Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' },
  // @ts-expect-error a merge retires at least one identifier (minItems 1)
  Patient: { Identifiers: ids, PreviousIdentifiers: [] },
};

export const kindMap: KindMap['PatientAdmin/PatientMerge'] = merge;
export const kindId: KindId = 'PatientAdmin/PatientMerge';
// @ts-expect-error not a kind
export const notAKind: KindId = 'PatientAdmin/Nope';
