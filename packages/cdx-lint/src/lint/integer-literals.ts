import { getKind, RULES, validate, type KindId } from '@cdx/validate';
import { eachFractionLiteral, mayHaveFractionLiterals, type FractionLiteral } from '../locate/numbers.js';
import { lastToken, parentPointer, pointerTokens } from '../locate/pointer.js';

/** R4's integer range: a literal outside it is schema's (range) to report, not its form. */
const INT32 = 2 ** 31;

/** validate() with only the schema rule: the probe below needs its type findings alone. */
const SCHEMA_ONLY = Object.fromEntries(RULES.filter((rule) => rule.meta.id !== 'schema').map((rule) => [rule.meta.id, 'off' as const]));

/** The container at a pointer of a parsed value, and the member or index that holds the value. */
function slot(root: unknown, pointer: string): { parent: Record<string, unknown>; key: string } | undefined {
  const parentAt = parentPointer(pointer);
  if (parentAt === undefined) return undefined;
  let node = root;
  for (const key of pointerTokens(parentAt)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' && node !== null ? { parent: node as Record<string, unknown>, key: lastToken(pointer) } : undefined;
}

/**
 * The whole numbers of a FHIR payload's JSON text written with a fraction or an exponent that sit
 * where R4 wants an integer, positiveInt or unsignedInt. The text layer has no member types: the
 * kind's own validator tells them, on a copy of the payload with 0.5 in each such place (an integer
 * slot refuses it, a decimal takes it). Nothing is done for a text without such a number (a scan
 * between its strings) or a payload that is not FHIR.
 */
export function integerLiterals(text: string, kind: KindId | null): (FractionLiteral & { write: string })[] {
  if (kind === null || getKind(kind)?.family !== 'fhir' || !mayHaveFractionLiterals(text)) return [];
  const whole: FractionLiteral[] = [];
  eachFractionLiteral(text, (literal) => {
    if (Number.isInteger(literal.value) && Math.abs(literal.value) < INT32) whole.push(literal);
  });
  if (whole.length === 0) return [];
  const probe = JSON.parse(text) as unknown;
  for (const { pointer } of whole) {
    const at = slot(probe, pointer);
    if (at) at.parent[at.key] = 0.5;
  }
  const refused = new Set(
    validate(probe, { kind, rules: SCHEMA_ONLY, maxFindingsPerRule: Infinity })
      .findings.filter((f) => f.messageId === 'type' && f.message.includes(' must be integer'))
      .map((f) => f.pointer),
  );
  return whole.filter((l) => refused.has(l.pointer)).map((l) => ({ ...l, write: String(l.value === 0 ? 0 : l.value) }));
}
