// Every file the catalog lists can be imported by its package path (`@cdx/schemas/<file>`), as the
// README shows: node resolves it through the package's `exports`, as it would in a project that
// installed the package. Runs on the built package (dist/).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
// A require from inside the package resolves `@cdx/schemas/…` by the package's own exports.
const require = createRequire(join(here, 'package.json'));
const catalog = require('@cdx/schemas/catalog.json') as { vocabulary: string; schemas: { $id: string; file: string }[] };

describe('@cdx/schemas exports', () => {
  it('the catalog lists schemas of every family', () => {
    const families = new Set(catalog.schemas.map((entry) => entry.file.split('/')[0]));
    expect([...families].sort()).toEqual(['auth', 'cdshooks', 'datamodel', 'fhir', 'search']);
  });

  it('every catalog entry and the vocabulary import through the exports, as the file itself', () => {
    for (const file of [catalog.vocabulary, ...catalog.schemas.map((entry) => entry.file)]) {
      const exported = require(`@cdx/schemas/${file}`) as { $id?: string };
      expect(exported, file).toEqual(JSON.parse(readFileSync(join(here, 'dist', file), 'utf8')));
    }
  });

  it('an import outside the published files is refused', () => {
    expect(() => require('@cdx/schemas/scripts/copy-schemas.mjs')).toThrow(expect.objectContaining({ code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }));
  });
});
