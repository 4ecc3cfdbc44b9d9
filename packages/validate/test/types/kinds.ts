// Compile-time behaviour of the kind typing (`pnpm typecheck` runs this file; it is never executed).
// Each `@ts-expect-error` line must stay an error: the check fails if a typo starts to compile.
import type { KindMap, PatientMerge } from '@cdx/types';
import { assertKind, detectKind, isKind, validate, type KindId, type ValidateOptions } from '../../src/index.js';

declare const payload: unknown;
/** Marks a local as read (the file is only compiled). */
declare function use(...values: unknown[]): void;

// detectKind's result is a kind id or null, and isKind takes it as it is.
const detected: KindId | null = detectKind(payload);
if (isKind(detectKind(payload), payload)) {
  const known: KindMap[KindId] = payload;
  use(known);
}
if (isKind('PatientAdmin/PatientMerge', payload)) {
  const merge: PatientMerge = payload;
  use(merge);
}

// validate()'s kind option and result use the same union and the same "no kind".
const options: ValidateOptions = { kind: 'auth/TokenRequest' };
const kind: KindId | null = validate(payload, options).kind;
// @ts-expect-error a misspelt kind id does not compile
validate(payload, { kind: 'PatientAdmin/PatientMerj' });
// @ts-expect-error kind ids are case-sensitive
validate(payload, { kind: 'cdshooks/patient-view-response' });
// @ts-expect-error isKind takes kind ids only
isKind('PatientMerge', payload);
// @ts-expect-error assertKind takes kind ids only
assertKind('fhir/patient', payload);
// @ts-expect-error "no kind" is null, never undefined
const none: undefined = detectKind(payload);

use(detected, kind, none);
