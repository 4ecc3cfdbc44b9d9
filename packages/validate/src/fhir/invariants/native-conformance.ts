// Invariants of the conformance and testing resources (CapabilityStatement, TerminologyCapabilities,
// OperationDefinition, SearchParameter, ConceptMap, StructureMap, ImplementationGuide,
// MessageDefinition, TestScript, TestReport) and the Questionnaire item's last three, checked by
// code as native-resources.ts does: false only where FHIRPath gives false, true where it gives true
// or empty, undefined where the code cannot tell (a code given only as extensions, a member of
// another JSON type, a value compared with extensions beside it), which FHIRPath then evaluates.
// With these, linting every official R4 example evaluates no expression: the FHIRPath engine is not
// loaded. The expression each stands for is quoted above it.
import { codeHolds, exists, has, isObject, items, needs, notBoth, objectsAt, oneOf, type Json, type NativeCheck } from './native-members.js';

/** `(kind != 'capability') or …`-style checks of CapabilityStatement and TerminologyCapabilities (cpb-14…16, tcp-3…5). */
const unlessKind =
  (kind: string, rest: (node: Json) => boolean): NativeCheck =>
  (node) =>
    rest(node as Json) || codeHolds(node, 'kind', (code) => code !== kind);

/** `(mode = 'fixed') implies code.exists()` and the like: a code that asks for a member. */
const codeNeeds =
  (name: string, code: string, member: string): NativeCheck =>
  (node) =>
    exists(node as Json, member) || codeHolds(node, name, (value) => value !== code);

/** A primitive's count() where R4 allows one: 0 or 1; undefined for a list (FHIRPath's to count). */
function primitiveCount(node: Json, name: string): number | undefined {
  if (Array.isArray(node[name]) || Array.isArray(node[`_${name}`])) return undefined;
  return has(node, name) ? 1 : 0;
}

/** The sum of the primitives' count(), undefined when any is a list. */
function primitivesCount(node: Json, names: readonly string[]): number | undefined {
  let sum = 0;
  for (const name of names) {
    const n = primitiveCount(node, name);
    if (n === undefined) return undefined;
    sum += n;
  }
  return sum;
}

/**
 * The string of one code member of each object, for `select(…).isDistinct()` and `contains`:
 * null for an object without it (select() gives nothing for it), undefined for anything FHIRPath
 * must compare (a value with extensions beside it, which its equality reads too, or not a string).
 */
function stringOf(item: unknown, name: string): string | null | undefined {
  if (!isObject(item) || item[`_${name}`] !== undefined) return undefined;
  const value = item[name];
  return typeof value === 'string' ? value : value === undefined ? null : undefined;
}

/** A primitive as an operand of `&`: its string, '' without a value; undefined for another type (FHIRPath's). */
function ampOperand(item: unknown, name: string): string | undefined {
  if (!isObject(item)) return undefined;
  const value = item[name];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : undefined;
}

/** `list.select(name).isDistinct()` of objects' strings. */
function distinctStrings(list: unknown, name: string): boolean | undefined {
  const seen = new Set<string>();
  for (const item of items(list)) {
    const value = stringOf(item, name);
    if (value === undefined) return undefined;
    if (value === null) continue;
    if (seen.has(value)) return false;
    seen.add(value);
  }
  return true;
}

/** The strings of a list of primitives with no extensions beside them; undefined otherwise. */
function plainStrings(node: Json, name: string): readonly string[] | undefined {
  if (node[`_${name}`] !== undefined) return undefined;
  const list = items(node[name]);
  return list.every((value) => typeof value === 'string') ? list : undefined;
}

/**
 * `values.all(allowed contains $this)`: every value is one of the allowed ones (none allowed: any value
 * fails). A set, so a guide with many of both costs their sum, not their product.
 */
function allAmong(values: readonly (string | null)[], allowed: readonly string[]): boolean {
  const among = new Set(allowed);
  return values.every((value) => value === null || among.has(value));
}

const ASSERT_ONE_OF = [
  'contentType',
  'expression',
  'headerField',
  'minimumId',
  'navigationLinks',
  'path',
  'requestMethod',
  'resource',
  'responseCode',
  'response',
  'validateProfileId',
];

// extension.exists() or (contentType.count() + expression.count() + … + validateProfileId.count() <= 1)
const assertOneKind: NativeCheck = (node) => {
  if (exists(node as Json, 'extension')) return true;
  const n = primitivesCount(node as Json, ASSERT_ONE_OF);
  return n === undefined ? undefined : n <= 1;
};

// compareToSourceId.empty() xor (compareToSourceExpression.exists() or compareToSourcePath.exists())
const assertSource: NativeCheck = (node) =>
  !exists(node as Json, 'compareToSourceId') !== (exists(node as Json, 'compareToSourceExpression') || exists(node as Json, 'compareToSourcePath'));

// (response.empty() and responseCode.empty() and direction = 'request') or direction.empty() or direction = 'response'
const assertDirection: NativeCheck = (node) =>
  codeHolds(
    node,
    'direction',
    (direction) => direction === 'response' || (direction === 'request' && !exists(node as Json, 'response') && !exists(node as Json, 'responseCode')),
  );

const WITHOUT_TARGET = ['capabilities', 'search', 'transaction', 'history'];

// sourceId.exists() or (targetId.count() + url.count() + params.count() = 1) or (type.code in ('capabilities' | 'search' | 'transaction' | 'history'))
const operationTarget: NativeCheck = (node) => {
  const json = node as Json;
  if (exists(json, 'sourceId')) return true;
  const n = primitivesCount(json, ['targetId', 'url', 'params']);
  if (n === undefined) return undefined;
  if (n === 1) return true;
  // No type: `type.code in (…)` is empty, and so is the whole expression.
  if (json.type === undefined) return true;
  return isObject(json.type) ? codeHolds(json.type, 'code', (code) => WITHOUT_TARGET.includes(code)) : undefined;
};

// Both capability statements' (CapabilityStatement's cpb-2, cpb-14…16; TerminologyCapabilities' tcp-2…5).
// (description.count() + software.count() + implementation.count()) > 0
const describedSomehow: NativeCheck = (node) =>
  exists(node as Json, 'description') || exists(node as Json, 'software') || exists(node as Json, 'implementation');
// (kind != 'instance') or implementation.exists()
const instanceImplemented = unlessKind('instance', (node) => exists(node, 'implementation'));
// (kind != 'capability') or (implementation.exists().not() and software.exists())
const capabilityOfSoftware = unlessKind('capability', (node) => !exists(node, 'implementation') && exists(node, 'software'));
// (kind!='requirements') or (implementation.exists().not() and software.exists().not())
const requirementsOnly = unlessKind('requirements', (node) => !exists(node, 'implementation') && !exists(node, 'software'));

export const NATIVE_CONFORMANCE: Readonly<Record<string, NativeCheck>> = {
  // rest.exists() or messaging.exists() or document.exists()
  'cpb-1': (node) => exists(node as Json, 'rest') || exists(node as Json, 'messaging') || exists(node as Json, 'document'),
  'cpb-2': describedSomehow,
  // messaging.endpoint.empty() or kind = 'instance'
  'cpb-3': (node) => {
    const endpoints = objectsAt(node as Json, ['messaging', 'endpoint']);
    if (endpoints === undefined) return undefined;
    return endpoints.length === 0 || codeHolds(node, 'kind', (kind) => kind === 'instance');
  },
  // document.select(profile&mode).isDistinct(): `&` makes plain strings, reading a side without a value
  // (absent, or only extensions) as '', so extensions beside the values play no part
  'cpb-7': (node) => {
    const seen = new Set<string>();
    for (const document of items((node as Json).document)) {
      const [profile, mode] = [ampOperand(document, 'profile'), ampOperand(document, 'mode')];
      if (profile === undefined || mode === undefined) return undefined;
      const key = `${profile}${mode}`;
      if (seen.has(key)) return false;
      seen.add(key);
    }
    return true;
  },
  // resource.select(type).isDistinct()
  'cpb-9': (node) => distinctStrings((node as Json).resource, 'type'),
  'cpb-14': instanceImplemented,
  'cpb-15': capabilityOfSoftware,
  'cpb-16': requirementsOnly,
  'tcp-2': describedSomehow,
  'tcp-3': instanceImplemented,
  'tcp-4': capabilityOfSoftware,
  'tcp-5': requirementsOnly,
  // version.count() > 1 implies version.all(code.exists())
  'tcp-1': (node) => {
    const versions = objectsAt(node as Json, ['version']);
    if (versions === undefined) return undefined;
    return versions.length <= 1 || versions.every((version) => exists(version, 'code'));
  },
  // searchType.exists() implies type = 'string'
  'opd-2': (node) => !exists(node as Json, 'searchType') || codeHolds(node, 'type', (type) => type === 'string'),
  // targetProfile.exists() implies (type = 'Reference' or type = 'canonical')
  'opd-3': (node) => !exists(node as Json, 'targetProfile') || codeHolds(node, 'type', (type) => type === 'Reference' || type === 'canonical'),
  // chain.empty() or type = 'reference'
  'spd-2': (node) => !exists(node as Json, 'chain') || codeHolds(node, 'type', (type) => type === 'reference'),
  // (mode = 'fixed') implies code.exists()
  'cmd-2': codeNeeds('mode', 'fixed', 'code'),
  // (mode = 'other-map') implies url.exists()
  'cmd-3': codeNeeds('mode', 'other-map', 'url'),
  // element.exists() implies context.exists()
  'smp-1': needs('element', 'context'),
  // context.exists() implies contextType.exists()
  'smp-2': needs('context', 'contextType'),
  // definition.resource.fhirVersion.all(%context.fhirVersion contains $this)
  'ig-2': (node) => {
    const allowed = plainStrings(node as Json, 'fhirVersion');
    const resources = objectsAt(node as Json, ['definition', 'resource']);
    if (allowed === undefined || resources === undefined) return undefined;
    const versions: string[] = [];
    for (const resource of resources) {
      const own = plainStrings(resource, 'fhirVersion');
      if (own === undefined) return undefined;
      versions.push(...own);
    }
    return allAmong(versions, allowed);
  },
  // resource.groupingId.all(%context.grouping.id contains $this)
  'ig-1': (node) => {
    const groupings = objectsAt(node as Json, ['grouping']);
    if (groupings === undefined) return undefined;
    const ids: string[] = [];
    for (const grouping of groupings) {
      const id = grouping.id;
      if (typeof id === 'string') ids.push(id);
      else if (id !== undefined) return undefined;
    }
    const used: (string | null)[] = [];
    for (const resource of items((node as Json).resource)) {
      // FHIRPath's equality reads a value's extensions too, and a grouping's id has none: a groupingId
      // with extensions (or only extensions) is never among them.
      if (isObject(resource) && isObject(resource._groupingId)) return false;
      const groupingId = stringOf(resource, 'groupingId');
      if (groupingId === undefined) return undefined;
      used.push(groupingId);
    }
    return allAmong(used, ids);
  },
  // max='*' or (max.toInteger() > 0): a max that is no integer gives empty (no failure)
  'md-1': (node) => codeHolds(node, 'max', (max) => max === '*' || !/^[+-]?\d+$/.test(max) || Number.parseInt(max, 10) > 0),
  // answerOption.empty() or answerValueSet.empty()
  'que-4': notBoth('answerOption', 'answerValueSet'),
  // (type!='group' and type!='display') or initial.empty()
  'que-8': (node) => !exists(node as Json, 'initial') || codeHolds(node, 'type', (type) => type !== 'group' && type !== 'display'),
  // answerOption.empty() or initial.empty()
  'que-11': notBoth('answerOption', 'initial'),
  // operation.exists() xor assert.exists() (TestReport.setup.action's inv-1 is native-workflow.ts's)
  'inv-2@TestReport.test.action': oneOf('operation', 'assert'),
  'tst-1': oneOf('operation', 'assert'),
  'tst-2': oneOf('operation', 'assert'),
  // expression.empty() or headerField.empty() or path.empty()
  'tst-3': (node) => !(exists(node as Json, 'expression') && exists(node as Json, 'headerField') && exists(node as Json, 'path')),
  // capability.required.exists() or capability.validated.exists()
  'tst-4': (node) => {
    const capabilities = objectsAt(node as Json, ['capability']);
    if (capabilities === undefined) return undefined;
    return capabilities.some((capability) => exists(capability, 'required')) || capabilities.some((capability) => exists(capability, 'validated'));
  },
  // A test's and the teardown's operations and asserts are R4's content references to the setup's,
  // with constraints of their own (checked in place of the setup's).
  'tst-5': assertOneKind,
  'tst-6': assertOneKind,
  'tst-7': operationTarget,
  'tst-8': operationTarget,
  'tst-9': operationTarget,
  'tst-10': assertSource,
  'tst-11': assertSource,
  'tst-12': assertDirection,
  'tst-13': assertDirection,
};
