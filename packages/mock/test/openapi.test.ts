// GET /openapi.json: @cdx/schemas' OpenAPI description with the mock as its server, covering every route the mock has.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, SEARCHES } from '../src/routes/fhir.js';
import { useMock } from './support/mock.js';

const running = useMock();

describe('GET /openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document, without a token, whose server is the mock', async () => {
    const response = await fetch(`${running.url}/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.servers).toEqual([{ url: running.url, description: 'cdx-mock' }]);
    const result = await new Validator().validate(doc);
    expect(result.valid).toBe(true);
  });

  it('has a path for every FHIR route of the mock', async () => {
    const doc = (await (await fetch(`${running.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const suffix of [...Object.keys(OPERATIONS), ...Object.keys(SEARCHES)]) {
      expect(doc.paths, suffix).toHaveProperty([`/fhir/R4/{destinationSlug}/{environmentFlag}/${suffix}`]);
    }
    for (const path of ['/v2/auth/token', '/auth/authenticate', '/auth/refreshToken', '/endpoint']) expect(doc.paths).toHaveProperty([path]);
  });
});
