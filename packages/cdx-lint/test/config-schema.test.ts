// The config check is the published schema (compiled by `pnpm generate`) plus what the schema
// cannot know (which rules and kinds exist): each case is run through the check and through the
// schema compiled here from the published file. Cases marked `semantic` are valid to the schema but
// name rules or kinds that do not exist.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listKinds } from '@cdx/validate';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { EDITOR_KEYWORDS } from '../../../scripts/lib/emit-options.mjs';
import { checkConfig } from '../src/config/check.js';

const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../schema/cdx-lint.config.schema.json', import.meta.url)), 'utf8'));
// The schema's editor keywords (VS Code shows errorMessage and patternErrorMessage) are annotations.
const ajv = new Ajv2020.default({ allErrors: true, strict: true });
for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string', valid: true });
const validateSchema = ajv.compile(schema);

const CASES: [string, unknown, { valid: boolean; semantic?: true; message?: RegExp }][] = [
  ['an empty config', {}, { valid: true }],
  [
    'every option',
    {
      $schema: './node_modules/cdx-lint/schema/cdx-lint.config.schema.json',
      extensions: ['.json', '.jsonc'],
      ignores: ['package.json', 'fixtures/not-payloads/**'],
      kinds: { 'fixtures/auth/token-*.json': 'auth/TokenRequest' },
      rules: { 'unknown-field': 'off', 'spelling-drift': 'error', 'duplicate-key': 'warn' },
      overrides: [
        { files: ['fixtures/legacy/**'], rules: { 'unknown-field': 'off' } },
        { files: ['fixtures/a.json'], pointers: ['/Patient/Nickname'], rules: { 'unknown-field': 'off' } },
        { pointers: [''], rules: { schema: 'warn' } },
      ],
      attachmentLimit: 1000,
      fhir_defs_url: 'https://fhir.example.com/defs',
      knownVariants: { Nick: 'Nickname' },
      multipleApiKeys: true,
      maxFindingsPerRule: 100,
    },
    { valid: true },
  ],
  ['not an object', [], { valid: false, message: /must be a JSON object/ }],
  ['an unknown option, with a suggestion', { rule: {} }, { valid: false, message: /`rule` is not a config option; did you mean `rules`\?/ }],
  ['a bad severity', { rules: { schema: 'warning' } }, { valid: false, message: /must be "off", "warn" or "error"/ }],
  ['a numeric severity', { rules: { schema: 2 } }, { valid: false, message: /must be "off", "warn" or "error"/ }],
  ['an extension without a dot', { extensions: ['json'] }, { valid: false, message: /`extensions\[0\]` must start with a dot, like ".json"; got "json"\./ }],
  ['no extensions', { extensions: [] }, { valid: false, message: /`extensions` must list at least one extension, each once/ }],
  ['a repeated extension', { extensions: ['.json', '.json'] }, { valid: false, message: /`extensions` must list at least one extension, each once/ }],
  ['an empty ignore glob', { ignores: [''] }, { valid: false, message: /non-empty string/ }],
  ['a glob of 300 characters', { ignores: ['a'.repeat(300)] }, { valid: false, message: /at most 256 are allowed/ }],
  [
    'an invalid class in a glob',
    { ignores: ['[z-a].json'] },
    { valid: false, semantic: true, message: /`ignores\[0\]` "\[z-a\]\.json" is not a valid glob: range out of order/ },
  ],
  [
    'too many wildcards in a kinds glob',
    { kinds: { '*a*a*a*a.json': 'auth/TokenRequest' } },
    { valid: false, semantic: true, message: /`kinds` "\*a\*a\*a\*a\.json" has 4 wildcards/ },
  ],
  [
    'braces across segments in an override',
    { overrides: [{ files: ['{a/b,c}/*.json'], rules: {} }] },
    { valid: false, semantic: true, message: /`overrides\[0\]\.files\[0\]` .* inside braces/ },
  ],
  ['an override without rules', { overrides: [{ files: ['a.json'] }] }, { valid: false, message: /needs `rules`/ }],
  ['an override with an unknown member', { overrides: [{ file: ['a.json'], rules: {} }] }, { valid: false, message: /did you mean `files`/ }],
  ['a pointer without a slash', { overrides: [{ pointers: ['Patient'], rules: {} }] }, { valid: false, message: /JSON Pointer/ }],
  ['empty pointers', { overrides: [{ pointers: [], rules: {} }] }, { valid: false, message: /non-empty array/ }],
  [
    'a setting for a rule a lint run never reports',
    { rules: { 'jwt-alg': 'off' } },
    { valid: false, semantic: true, message: /only from `cdx-lint assertion`/ },
  ],
  [
    'every problem at once, schema and names',
    { extensions: ['json'], rules: { 'unknown-feild': 'off' } },
    { valid: false, message: /must start with a dot[^]*not a rule; did you mean `unknown-field`/ },
  ],
  ['a negative attachment limit', { attachmentLimit: -1 }, { valid: false, message: /whole number/ }],
  ['a fractional attachment limit', { attachmentLimit: 1.5 }, { valid: false, message: /whole number/ }],
  ['a FHIR base that is not a URL', { fhir_defs_url: 'fhir.example.com' }, { valid: false, message: /http\(s\) URL/ }],
  ['a known variant mapped to nothing', { knownVariants: { a: '' } }, { valid: false, message: /non-empty string/ }],
  ['multipleApiKeys as a string', { multipleApiKeys: 'yes' }, { valid: false, message: /true or false/ }],
  ['maxFindingsPerRule of 0', { maxFindingsPerRule: 0 }, { valid: false, message: /whole number, 1 or more/ }],
  ['a fractional maxFindingsPerRule', { maxFindingsPerRule: 2.5 }, { valid: false, message: /whole number, 1 or more/ }],
  ['maxFindingsPerRule as a string', { maxFindingsPerRule: '10' }, { valid: false, message: /whole number, 1 or more/ }],
  ['a kind that does not exist', { kinds: { '*.json': 'auth/TokenRequst' } }, { valid: false, semantic: true, message: /did you mean `auth\/TokenRequest`/ }],
  ['a rule that does not exist', { rules: { 'unknown-feild': 'off' } }, { valid: false, semantic: true, message: /not a rule; did you mean `unknown-field`/ }],
  ['parse-error cannot be configured', { rules: { 'parse-error': 'off' } }, { valid: false, semantic: true, message: /cannot be configured/ }],
];

describe('config checks', () => {
  it.each(CASES)('%s', (_name, config, want) => {
    const problems = checkConfig(config);
    expect(problems.length === 0, problems.join('\n')).toBe(want.valid);
    if (want.message) expect(problems.join('\n')).toMatch(want.message);
    expect(validateSchema(config), JSON.stringify(validateSchema.errors)).toBe(want.semantic ? true : want.valid);
  });
});

it('every kind there is may be named in `kinds` (CDS Hooks and search kinds too)', () => {
  const kinds = Object.fromEntries(listKinds().map((kind, i) => [`${i}.json`, kind.id]));
  expect(checkConfig({ kinds })).toEqual([]);
  expect(validateSchema({ kinds }), JSON.stringify(validateSchema.errors)).toBe(true);
});
