// Invariants of workflow, financial and administrative resources (Appointment, Consent, List,
// MeasureReport, MedicationDispense, Task…), checked by code as native-resources.ts does: false only
// where FHIRPath gives false, true where it gives true or empty, undefined where the code cannot tell
// (a member of another JSON type, dates written to different precisions or in different time zones),
// which FHIRPath then evaluates. The expression each stands for is quoted above it; a key R4 gives
// several constraints (`inv-1`) is qualified by the path (`inv-1@Task`).
import {
  codeHolds,
  count,
  either,
  exists,
  hasChoice,
  hasCoding,
  isObject,
  items,
  needs,
  notAfter,
  notBoth,
  objectsAt,
  oneOf,
  text,
  type Json,
  type NativeCheck,
} from './native-members.js';

/** `patient.exists() or scope.coding.where(system='something' and code=…).exists().not()` (ppc-2…ppc-5). */
const patientFor =
  (code: string): NativeCheck =>
  (node) => {
    if (exists(node as Json, 'patient')) return true;
    const scoped = hasCoding((node as Json).scope, 'something', [code]);
    return scoped === undefined ? undefined : !scoped;
  };

/** `x.empty() or y.empty() or x >= y` of two dateTime members. */
const notBeforeMember =
  (later: string, earlier: string): NativeCheck =>
  (node) => {
    const json = node as Json;
    if (!exists(json, later) || !exists(json, earlier)) return true;
    const [a, b] = [json[later], json[earlier]];
    return typeof a === 'string' && typeof b === 'string' ? notAfter(b, a) : undefined;
  };

export const NATIVE_WORKFLOW: Readonly<Record<string, NativeCheck>> = {
  // start.exists() = end.exists()
  'app-2': (node) => exists(node as Json, 'start') === exists(node as Json, 'end'),
  // Appointment.cancelationReason.exists() implies (Appointment.status='no-show' or Appointment.status='cancelled')
  'app-4': (node) => {
    if (!exists(node as Json, 'cancelationReason')) return true;
    return codeHolds(node, 'status', (status) => status === 'no-show' || status === 'cancelled');
  },
  // participantType.exists() or actor.exists()
  'apr-1': either('participantType', 'actor'),
  // category.exists() xor productOrService.exists()
  'ces-1': oneOf('category', 'productOrService'),
  // text.exists() or entry.exists() or section.exists()
  'cmp-1': (node) => exists(node as Json, 'text') || exists(node as Json, 'entry') || exists(node as Json, 'section'),
  // summary.exists() or assessment.exists()
  'con-1': either('summary', 'assessment'),
  // code.exists() or detail.exists()
  'con-2': either('code', 'detail'),
  // (detail.exists() and measure.exists()) or detail.exists().not()
  'gol-1': (node) => !hasChoice(node as Json, 'detail') || exists(node as Json, 'measure'),
  // member.empty() or (actual = true)
  'grp-1': (node) => {
    const { actual, _actual } = node as Json;
    if (!exists(node as Json, 'member') || (actual === undefined && _actual === undefined)) return true;
    return typeof actual === 'boolean' ? actual : undefined;
  },
  // documentType.exists() or reference.exists()
  'imm-1': either('documentType', 'reference'),
  // vaccineCode.exists() or targetDisease.exists()
  'imr-1': either('vaccineCode', 'targetDisease'),
  // (identifier.count() + name.count()) > 0
  'ipn-1': either('identifier', 'name'),
  // item.count()>1
  'lnk-1': (node) => {
    const n = count(node as Json, 'item');
    return n === undefined ? undefined : n > 1;
  },
  // mode = 'working' or entry.date.empty()
  'lst-3': (node) => {
    const mode = text(node as Json, 'mode');
    if (mode === 'working' || mode === null) return true;
    if (mode === undefined) return undefined;
    return !items((node as Json).entry).some((entry) => isObject(entry) && exists(entry, 'date'));
  },
  // (type != 'data-collection') or group.exists().not()
  'mrp-1': (node) => {
    const type = text(node as Json, 'type');
    if (type === null) return true;
    return typeof type === 'string' ? type !== 'data-collection' || !exists(node as Json, 'group') : undefined;
  },
  // group.stratifier.stratum.all(value.exists() xor component.exists())
  'mrp-2': (node) => objectsAt(node as Json, ['group', 'stratifier', 'stratum'])?.every((s) => exists(s, 'value') !== exists(s, 'component')),
  // group.stratifier.all((code | description | criteria).exists() xor component.exists())
  'mea-1': (node) =>
    objectsAt(node as Json, ['group', 'stratifier'])?.every(
      (s) => (exists(s, 'code') || exists(s, 'description') || exists(s, 'criteria')) !== exists(s, 'component'),
    ),
  // orderDetail.empty() or code.exists()
  'prr-1': needs('orderDetail', 'code'),
  // resource.exists() != action.exists()
  'rqg-1': oneOf('resource', 'action'),
  // condition.exists() implies data.exists()
  'trd-2': needs('condition', 'data'),
  // policy.exists() or policyRule.exists()
  'ppc-1': either('policy', 'policyRule'),
  'ppc-2': patientFor('patient-privacy'),
  'ppc-3': patientFor('research'),
  'ppc-4': patientFor('adr'),
  'ppc-5': patientFor('treatment'),
  // probability is decimal implies (probability as decimal) <= 100
  'ras-2': (node) => {
    const { probabilityDecimal, _probabilityDecimal, probabilityRange } = node as Json;
    if (probabilityDecimal === undefined && _probabilityDecimal === undefined) return true;
    return typeof probabilityDecimal === 'number' && probabilityRange === undefined ? probabilityDecimal <= 100 : undefined;
  },
  // whenHandedOver.empty() or whenPrepared.empty() or whenHandedOver >= whenPrepared
  'mdd-1': notBeforeMember('whenHandedOver', 'whenPrepared'),
  // lastModified.exists().not() or authoredOn.exists().not() or lastModified >= authoredOn
  'inv-1@Task': notBeforeMember('lastModified', 'authoredOn'),
  // (part.exists() and value.empty() and resource.empty()) or (part.empty() and (value.exists() xor resource.exists()))
  'inv-1@Parameters.parameter': (node) => {
    const parameter = node as Json;
    const part = exists(parameter, 'part');
    const value = hasChoice(parameter, 'value');
    const resource = exists(parameter, 'resource');
    return part ? !value && !resource : value !== resource;
  },
  // operation.exists() xor assert.exists()
  'inv-1@TestReport.setup.action': oneOf('operation', 'assert'),
  // name.empty() or query.empty()
  'sev-1': notBoth('name', 'query'),
  // detail.empty() or reference.empty()
  'cpl-3': notBoth('detail', 'reference'),
  // emptyReason.empty() or entry.empty()
  'cmp-2': notBoth('emptyReason', 'entry'),
  'lst-1': notBoth('emptyReason', 'entry'),
  // age.empty() or born.empty(): choices (ageAge, ageRange, ageString; bornPeriod, bornDate, bornString)
  'fhs-1': (node) => !hasChoice(node as Json, 'age') || !hasChoice(node as Json, 'born'),
  // age.exists() or estimatedAge.empty()
  'fhs-2': (node) => hasChoice(node as Json, 'age') || !exists(node as Json, 'estimatedAge'),
};
