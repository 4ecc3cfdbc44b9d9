// @cdx/schemas' openapi.json (scripts/lib/emit-openapi.mjs, written by the package's build): a valid OpenAPI 3.1
// document for a well-kept validator, self-contained, whose body schemas accept the bundled valid examples.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
const dist = join(here, 'dist');
const examples = join(here, '../../schemas/examples/valid');
const require = createRequire(import.meta.url);
const doc = JSON.parse(readFileSync(join(dist, 'openapi.json'), 'utf8'));
const catalog = JSON.parse(readFileSync(join(dist, 'catalog.json'), 'utf8')) as { schemas: { kind: string | null; file: string }[] };
const kindFile = (kind: string) => `${kind.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`;
const componentOf = (file: string) => file.replace(/\.schema\.json$/, '').replace(/\//g, '.');

describe('openapi.json', () => {
  it('is exported by the package', () => {
    expect(require.resolve('@cdx/schemas/openapi.json')).toBe(join(dist, 'openapi.json'));
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve inside it', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('describes every endpoint of the spec and the notifications as webhooks', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/auth/authenticate',
        '/auth/refreshToken',
        '/cds-hooks/v1/sources/{sourceId}/cds-services/{serviceId}',
        '/endpoint',
        '/v2/auth/token',
        ...[
          'ChargeItem/$charge-item-create',
          'Claim/$attach',
          'DocumentReference/$documentreference-create',
          'Encounter/$encounter-transfer',
          'Goal/_search',
          'MedicationRequest',
          'Patient/_search',
          'ServiceRequest/$referral-complete',
          'ServiceRequest/$referral-request',
        ].map((s) => `/fhir/R4/{destinationSlug}/{environmentFlag}/${s}`),
      ].sort(),
    );
    expect(Object.keys(doc.webhooks)).toContain('fhir.ResultCreated');
  });

  it('embeds the body schemas so that each accepts the valid example of its kind', () => {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    (require(join(dist, 'ajv.cjs')) as (a: unknown) => unknown)(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const checked = catalog.schemas.filter((s) => s.kind !== null && componentOf(s.file) in doc.components.schemas && existsSync(join(examples, kindFile(s.kind))));
    expect(checked.length).toBeGreaterThan(40);
    for (const entry of checked) {
      const check = ajv.getSchema(`openapi.json#/components/schemas/${componentOf(entry.file)}`)!;
      const example = JSON.parse(readFileSync(join(examples, kindFile(entry.kind!)), 'utf8'));
      expect(check(example) ? [] : check.errors, entry.kind!).toEqual([]);
    }
  });
});
