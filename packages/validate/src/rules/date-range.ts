import { code, fieldPath } from '../display.js';
import { childPointer, quote } from '../finding.js';
import { MAX_DEPTH } from '../depth.js';
import { createRule } from './create-rule.js';
import { PAYLOAD } from './scopes.js';

/** The members that open and close a range, as the Data Model names them (search ranges, validity). */
const PAIRS = [
  ['StartDateTime', 'EndDateTime'],
  ['StartDate', 'EndDate'],
] as const;

/** A value's form: a date, a local date-time, or a date-time with its offset (Z or ±hh:mm). */
const formOf = (value: string) => (!value.includes('T') ? 'date' : /(?:Z|[+-]\d{2}:?\d{2})$/.test(value) ? 'offset' : 'local');

/**
 * Whether `end` certainly comes before `start`: as instants when both have the same form; otherwise
 * by their calendar dates alone (a local time and an offset one may be hours apart either way).
 */
function endsBefore(start: string, end: string, from: number, to: number): boolean {
  return formOf(start) === formOf(end) ? to < from : end.slice(0, 10) < start.slice(0, 10);
}

/** The instant a value stands for, or undefined when it is not a date or date-time Date.parse reads. */
function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** An object or array of the walk, and where it sits: its parent and its member name or index there. */
interface Visit {
  value: unknown;
  parent: Visit | undefined;
  key: string | number;
  depth: number;
}

/** The JSON Pointer of a visited value. */
function pointerOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((pointer, key) => childPointer(pointer, key), '');
}

/**
 * A range whose end comes before its start (`EndDateTime` before `StartDateTime`) selects nothing:
 * an AvailableSlots search over it finds no slot, a document query no document. Checked in every
 * object of a Data Model payload that has both members, when both are dates or date-times; other
 * values are the schema's.
 */
export const dateRangeRule = createRule({
  scope: PAYLOAD,
  meta: {
    id: 'date-range',
    severity: 'error',
    description: 'A range (StartDateTime/EndDateTime, StartDate/EndDate) does not end before it starts.',
    messages: {
      endBeforeStart: '{{field}} is {{end}}, before {{start}} ({{startValue}}): the range selects nothing. Swap them, or correct the one that is wrong.',
    },
  },
  appliesTo: (kind) => kind.family === 'datamodel',
  check(context) {
    // Pointers are built only for a range reported: walking a payload spells none (building one per
    // object was about 5% of linting 2,000 small Data Model messages).
    const stack: Visit[] = [{ value: context.payload, parent: undefined, key: '', depth: 0 }];
    while (stack.length > 0) {
      const visit = stack.pop()!;
      const { value, depth } = visit;
      if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) continue;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (typeof item === 'object' && item !== null) stack.push({ value: item, parent: visit, key: i, depth: depth + 1 });
        }
        continue;
      }
      const object = value as Record<string, unknown>;
      for (const [startName, endName] of PAIRS) {
        const start = object[startName];
        const end = object[endName];
        const from = instant(start);
        const to = instant(end);
        if (from === undefined || to === undefined || !endsBefore(start as string, end as string, from, to)) continue;
        const at = childPointer(pointerOf(visit), endName);
        context.report({
          pointer: at,
          messageId: 'endBeforeStart',
          data: { field: code(fieldPath(at)), end: quote(end), start: code(startName), startValue: quote(start) },
        });
      }
      for (const key in object) {
        const child = object[key];
        if (typeof child === 'object' && child !== null && Object.hasOwn(object, key)) stack.push({ value: child, parent: visit, key, depth: depth + 1 });
      }
    }
  },
});
