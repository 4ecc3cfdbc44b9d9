import type { LintMessage } from '../lint/types.js';

/** The version of the cache file's format; a file of any other version is ignored whole. */
export const CACHE_FORMAT = 3;

/** One file's findings as the cache keeps them. Counts are not kept: they are computed from the messages. */
export interface CacheEntry {
  /** SHA-256 of the file's bytes, base64url: the entry stands for these bytes and no others. */
  sha256: string;
  kind: string | null;
  messages: LintMessage[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isPositive = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;
const isOffset = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
/** Only these members, each present one passing its check, the required ones present. */
function shaped(value: unknown, checks: Record<string, (v: unknown) => boolean>, required: readonly string[]): value is Json {
  if (!isObject(value)) return false;
  for (const key of Object.keys(value)) if (!Object.hasOwn(checks, key) || !checks[key]!(value[key])) return false;
  return required.every((key) => Object.hasOwn(value, key));
}

/** A rule id as every registry spells one: lower case words joined by hyphens. */
function isRuleId(value: unknown): boolean {
  if (!isString(value) || value.length === 0 || value.length > 64) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const letter = c >= 97 && c <= 122;
    if (!(letter || (i > 0 && ((c >= 48 && c <= 57) || c === 45)))) return false;
  }
  return true;
}

/** A message id as createRule takes one: an identifier of ASCII letters and digits (camelCase). */
function isMessageId(value: unknown): boolean {
  if (!isString(value) || value.length === 0 || value.length > 64) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    if (!(letter || (i > 0 && c >= 48 && c <= 57))) return false;
  }
  return true;
}

const isPointer = (value: unknown) => isString(value) && (value === '' || value.startsWith('/'));

const FIX = {
  range: (v: unknown) => Array.isArray(v) && v.length === 2 && isOffset(v[0]) && isOffset(v[1]) && (v[0] as number) <= (v[1] as number),
  text: isString,
  kind: (v: unknown) => v === 'rename-member',
  pointer: isPointer,
  from: isString,
  to: isString,
};
const isFix = (v: unknown) => shaped(v, FIX, Object.keys(FIX));
const isSuggestion = (v: unknown) => shaped(v, { desc: isString, fix: isFix }, ['desc', 'fix']);

const MESSAGE = {
  ruleId: isRuleId,
  messageId: isMessageId,
  severity: (v: unknown) => v === 1 || v === 2,
  message: isString,
  line: isPositive,
  column: isPositive,
  endLine: isPositive,
  endColumn: isPositive,
  pointer: isPointer,
  payload: isString,
  fatal: (v: unknown) => v === true,
  omitted: isPositive,
  fix: isFix,
  suggestions: (v: unknown) => Array.isArray(v) && v.every(isSuggestion),
};
const REQUIRED = ['ruleId', 'severity', 'message', 'line', 'column', 'endLine', 'endColumn', 'pointer'];

/**
 * Whether a stored entry has exactly the shape cdx-lint writes. A cache is a file anyone with
 * write access to the tree can edit: an entry whose `line` held `1::error::…` was printed as is
 * into GitHub's log, a `null` result crashed the run. Such an entry is a miss, linted afresh.
 */
export function checkEntry(entry: unknown): entry is CacheEntry {
  return shaped(
    entry,
    {
      sha256: (v) => isString(v) && v.length === 43,
      kind: (v) => v === null || isString(v),
      messages: (v) => Array.isArray(v) && v.every((m) => shaped(m, MESSAGE, REQUIRED)),
    },
    ['sha256', 'kind', 'messages'],
  );
}
