import { quote, shownWhole } from '../../finding.js';

/**
 * `"actual" but must be <label> "expected"`, plus where they first differ when quote() cuts the
 * actual value (a very long one). `expected` comes from the
 * caller's configuration, never from the payload, so it is printed whole.
 */
export function mismatch(actual: unknown, expected: string, label = ''): string {
  const text = `${quote(actual)} but must be ${label ? `${label} ` : ''}${JSON.stringify(expected)}`;
  if (typeof actual !== 'string' || shownWhole(actual)) return text;
  let i = 0;
  while (i < actual.length && i < expected.length && actual[i] === expected[i]) i++;
  return `${text} (first difference at character ${i + 1})`;
}

/** What is wrong with a NumericDate claim (RFC 7519: seconds since the epoch), or undefined. */
export type NumericDateProblem = 'missing' | 'notNumber' | 'milliseconds' | 'notWhole';

export function numericDateProblem(value: unknown): NumericDateProblem | undefined {
  if (value === undefined) return 'missing';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'notNumber';
  if (value > 1e11) return 'milliseconds';
  if (!Number.isInteger(value) || value < 0) return 'notWhole';
  return undefined;
}

/** A NumericDate as an ISO 8601 time, for messages. */
export function isoTime(sec: number): string {
  const date = new Date(sec * 1000);
  return Number.isNaN(date.getTime()) ? 'an impossible time' : date.toISOString();
}

/**
 * A number of seconds as every timing message shows it: to the millisecond (the clock's resolution)
 * and rounded away from zero, so that the number supports the verdict beside it. Rounded to whole
 * seconds, an exp 300.3 s ahead read "300 s in the future; the service allows at most 300 s" and an
 * iat 0.3 s ahead "0 s in the future".
 */
export function shownSeconds(sec: number): string {
  // The clock's seconds are its milliseconds / 1000: the division's noise (far under a microsecond) is not a millisecond more.
  const ms = Math.ceil(Math.abs(sec) * 1000 - 1e-3);
  return String(((sec < 0 ? -1 : 1) * ms) / 1000);
}
