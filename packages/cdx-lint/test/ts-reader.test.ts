// The TypeScript/JavaScript reader: which literals are payloads (label and kind), and what each
// stands for (value, unknown parts, duplicate names), from short sources.
import { describe, expect, it } from 'vitest';
import { readerFor, type SourceDocument } from '../src/sources/index.js';

function read(source: string, file = 'fixture.ts'): SourceDocument[] {
  const outcome = readerFor(file).read(source);
  if (!outcome.ok) throw new Error(outcome.problem.message);
  return outcome.documents;
}

const MERGE = "Meta: { DataModel: 'PatientAdmin', EventType: 'PatientMerge' }";

describe('which literals are payloads', () => {
  const cases: [string, string, string[], string?][] = [
    ['satisfies', 'export const m = { a: 1 } satisfies PatientMerge;', ['m PatientAdmin/PatientMerge']],
    ['a type annotation', 'const m: TokenRequest = {};', ['m auth/TokenRequest']],
    ['as', 'const m = {} as TokenRequest;', ['m auth/TokenRequest']],
    ['an angle-bracket assertion', 'const m = <TokenRequest>{};', ['m auth/TokenRequest']],
    ['as const satisfies', 'const m = {} as const satisfies TokenRequest;', ['m auth/TokenRequest']],
    ['an alias imported from @cdx/types', "import type { TokenRequest as TR } from '@cdx/types';\nconst m = {} satisfies TR;", ['m auth/TokenRequest']],
    ['a namespace import', "import type * as cdx from '@cdx/types';\nconst m: cdx.TokenRequest = {};", ['m auth/TokenRequest']],
    ['an import type', "const m = {} satisfies import('@cdx/types').TokenRequest;", ['m auth/TokenRequest']],
    [
      'an array of payloads',
      'const a: readonly TokenRequest[] = [{}, {}];\nconst b: Array<TokenRequest> = [{}];',
      ['a[0] auth/TokenRequest', 'a[1] auth/TokenRequest', 'b[0] auth/TokenRequest'],
    ],
    [
      'a record of payloads',
      "const r: Record<string, TokenRequest> = { one: {}, 'two words': {} };\nconst s: { [k: string]: TokenRequest } = { x: {} };",
      ['r.one auth/TokenRequest', 'r["two words"] auth/TokenRequest', 's.x auth/TokenRequest'],
    ],
    ['export default', 'export default { a: 1 } satisfies TokenRequest;', ['default auth/TokenRequest']],
    [
      'a class property and a parameter default',
      'class C { m: TokenRequest = {}; f(p: TokenRequest = {}) {} }',
      ['m auth/TokenRequest', 'p auth/TokenRequest'],
    ],
    ['unannotated, by Meta', `const m = { ${MERGE} };`, ['m -']],
    ['unannotated, by Meta, in a test table', `const cases = [{ name: 'x', payload: { ${MERGE} } }];`, ['cases[0].payload -']],
    ['unannotated, by a resourceType of a known kind', "const b = { resourceType: 'Bundle', type: 'message', entry: [] };", ['b -']],
    ['unnamed, in a call', `send({ ${MERGE} });`, ['payload at line 1 -']],
    ['a name used twice', `function f() { const m = { ${MERGE} }; }\nfunction g() {\n  const m = { ${MERGE} };\n}`, ['m (line 1) -', 'm (line 3) -']],
    [
      'inside a payload, nothing is a payload of its own',
      "const b = { resourceType: 'Bundle', type: 'message', entry: [{ resource: { resourceType: 'Patient' } satisfies ServicePatient }] };",
      ['b -'],
    ],
    [
      'a resourceType of no known kind is searched inside',
      "const p = { resourceType: 'LocalEnvelope', parameter: [{ resource: { resourceType: 'Bundle', type: 'message' } }] };",
      ['p.parameter[0].resource -'],
    ],
    [
      'any R4 resource is a payload (Parameters)',
      "const p = { resourceType: 'Parameters', parameter: [{ resource: { resourceType: 'Bundle', type: 'message' } }] };",
      ['p -'],
    ],
    ['JSX', `const el = <Send payload={{ ${MERGE} }} />;`, ['payload at line 1 -'], 'fixture.tsx'],
    ['JSDoc @type in JavaScript', '/** @type {TokenRequest} */\nconst m = {};', ['m auth/TokenRequest'], 'fixture.js'],
    ['JSDoc is no type in TypeScript', '/** @type {TokenRequest} */\nconst m = {};', []],
    // Not whole payloads, or wrong on purpose: never checked.
    ['Partial and Omit', 'const a: Partial<TokenRequest> = {};\nconst b = {} satisfies Omit<TokenRequest, "x">;', []],
    ['a union', 'const a: TokenRequest | undefined = {};', []],
    ['as unknown as', `const m = { ${MERGE} } as unknown as PatientMerge;`, []],
    ['as any, with a payload inside', `const m = { inner: { ${MERGE} } } as any;`, []],
    ['toMatchObject and objectContaining', `expect(x).toMatchObject({ ${MERGE} });\nexpect.objectContaining({ ${MERGE} });`, []],
    ['another type name', 'type Merge = PatientMerge;\nconst m: Merge = {};\nconst n: Thing = {};', []],
    ['a resourceType of no known kind', "const o = { resourceType: 'LocalOutcome' };", []],
  ];
  it.each(cases)('%s', (_name, source, want, file) => {
    expect(read(source, file).map((d) => `${d.label} ${d.kind ?? '-'}`)).toEqual(want);
  });
});

/** The value with each placeholder shown as `?`, and the unknown parts. */
function evaluated(members: string) {
  const [document] = read(`const m = { ${members} } satisfies TokenRequest;`);
  const value = JSON.parse(JSON.stringify(document!.value, (_k, v: unknown) => (typeof v === 'string' && v.startsWith('\u0000') ? '?' : v)));
  return { value, values: document!.unknown?.values ?? [], open: document!.unknown?.open ?? [] };
}

describe('what a payload literal stands for', () => {
  const cases: [string, string, { value: unknown; values?: string[]; open?: string[] }][] = [
    [
      'literals',
      "s: 'x', d: \"y\", t: `z`, n: 1_000, h: 0x10, e: -1.5e3, p: +2, b: true, f: false, z: null, a: [1, 'two'], o: { 'q r': 1, 2: 3 }",
      { value: { s: 'x', d: 'y', t: 'z', n: 1000, h: 16, e: -1500, p: 2, b: true, f: false, z: null, a: [1, 'two'], o: { 'q r': 1, 2: 3 } } },
    ],
    ['escapes in strings and names', String.raw`'a\'b': 'line\nbreak \u00e9'`, { value: { "a'b": 'line\nbreak é' } }],
    [
      'as const and satisfies inside',
      "a: 'x' as const, b: ({ c: 1 } satisfies C), d: [1] as const, e: x!",
      { value: { a: 'x', b: { c: 1 }, d: [1], e: '?' }, values: ['/e'] },
    ],
    [
      'identifiers, calls, substitutions, operators',
      "a: x, b: f(), c: `${x}y`, d: new Date(), e: x ?? 'y', f: 'a' + 'b', g: [x, 1]",
      { value: { a: '?', b: '?', c: '?', d: '?', e: '?', f: '?', g: ['?', 1] }, values: ['/a', '/b', '/c', '/d', '/e', '/f', '/g/0'] },
    ],
    ['shorthand and getters are present, values unknown', 'a, get b() { return 1; }, f() {}, set s(v) {}', { value: { a: '?', b: '?' }, values: ['/a', '/b'] }],
    ['undefined leaves a member out; in an array it is null', 'a: undefined, b: void 0, c: [undefined, , 1]', { value: { c: [null, null, 1] } }],
    [
      'a spread makes the object open and what precedes it replaceable',
      'a: 1, ...x, b: 2, c: { d: 1 }',
      { value: { a: 1, b: 2, c: { d: 1 } }, values: ['/a'], open: [''] },
    ],
    ['a member written again after a spread is known', 'a: 1, ...x, a: 2', { value: { a: 2 }, open: [''] }],
    ['a spread in an array: items after it are left out', 'a: [1, ...x, 3]', { value: { a: [1] }, open: ['/a'] }],
    ['a computed name that is an expression', "[k]: 1, ['lit']: 2, [`t`]: 3, [4]: 5", { value: { lit: 2, t: 3, 4: 5 }, open: [''] }],
    ['__proto__ sets the prototype; only a computed one is a member', "__proto__: { x: 1 }, ['__proto__']: 2", { value: { ['__proto__']: 2 } }],
    ['a repeated name: the last one wins, the first one is forgotten', 'a: x, a: { b: y }, a: 3', { value: { a: 3 } }],
  ];
  it.each(cases)('%s', (_name, members, want) => {
    expect(evaluated(members)).toEqual({ values: [], open: [], ...want });
  });

  it('placeholders differ, so two unknowns are never equal', () => {
    const [document] = read('const m = { a: [x, y] } satisfies TokenRequest;');
    const [first, second] = (document!.value as { a: string[] }).a;
    expect(first).not.toBe(second);
  });

  it('a repeated name is a duplicate key at its later occurrence', () => {
    const source = 'const m = {\n  a: 1,\n  a: 2,\n} satisfies TokenRequest;';
    const [document] = read(source);
    expect(document!.mayHaveDuplicateKeys()).toBe(true);
    const firstOffset = source.indexOf('a: 1');
    const found: unknown[] = [];
    document!.eachDuplicateKey((duplicate) => found.push(duplicate));
    expect(found).toEqual([{ pointer: '/a', name: 'a', offset: source.indexOf('a: 2'), length: 1, firstOffset }]);
  });

  it('locations are offsets in the file, for the member and its ancestors', () => {
    const source = "const m = {\n  Patient: { 'First': 'x' },\n} satisfies TokenRequest;";
    const found = read(source)[0]!.locate(['/Patient/First'], false);
    expect([...found.keys()].sort()).toEqual(['', '/Patient', '/Patient/First']);
    const member = found.get('/Patient/First')!;
    expect(source.slice(member.keyOffset, member.keyOffset + member.keyLength)).toBe("'First'");
    expect(source.slice(member.offset, member.end)).toBe("'x'");
  });
});

describe('never throws', () => {
  it('a literal nested deeper than the TypeScript parser can go is a parse error', () => {
    const source = `const m = { ${'a: { '.repeat(5000)}b: 1${' }'.repeat(5000)} } satisfies TokenRequest;`;
    const outcome = readerFor('fixture.ts').read(source);
    expect(outcome).toMatchObject({ ok: false, problem: { offset: 0, message: expect.stringMatching(/nested too deeply/) } });
  });
});
