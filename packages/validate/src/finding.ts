/** How serious a finding is. `error` fails validation (and a lint run); `warning` does not. */
export type Severity = 'error' | 'warning';

/** A rename of one object member, the only automatic fix cdx offers. */
export interface RenameFix {
  kind: 'rename-member';
  /** JSON Pointer of the member to rename (its current name is the last token). */
  pointer: string;
  from: string;
  to: string;
}

/**
 * One problem in a payload. Never carries a raw ajv error: every finding has a stable rule id,
 * a message that names the field and the fix, and the JSON Pointer of the offending member
 * (for a missing member, the pointer that member would have).
 */
export interface Finding {
  ruleId: string;
  /**
   * Which of the rule's messages this is (its `meta.messages`), stable across wording changes; or
   * one the runners give any rule: `omitted` (a summary, see `omitted`) and `unfinished` (the check
   * could not finish on this payload: a stack overflow, a throwing getter).
   */
  messageId: string;
  severity: Severity;
  message: string;
  pointer: string;
  /** Present when applying it is safe without a human decision (cdx-lint --fix). */
  fix?: RenameFix;
  /** Alternatives a human may choose from (for example several near-miss names). */
  suggestions?: RenameFix[];
  /**
   * Only on a summary: this many findings of the rule (with this severity) were not listed, past
   * `maxFindingsPerRule`. The summary stands at the first of them.
   */
  omitted?: number;
}

/** Escapes a member name for use in a JSON Pointer (RFC 6901). */
export function pointerToken(name: string): string {
  // Nearly every name needs no escape; two scans are cheaper than two regex replaces.
  if (!name.includes('~') && !name.includes('/')) return name;
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a parent pointer and a member name or array index. */
export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${typeof key === 'number' ? key : pointerToken(key)}`;
}

/** Where the member at `pointer` stands once renamed to `name` (a rename fix's landing place). */
export function renamedPointer(pointer: string, name: string): string {
  return childPointer(pointer.slice(0, pointer.lastIndexOf('/')), name);
}

/** Splits a JSON Pointer into its unescaped tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Longest plain value a message shows whole; a longer one keeps its two ends (what tells values apart). */
export const MAX_QUOTED = 120;
/**
 * Longest identifier, reference, fullUrl or URN a message shows whole. No real one comes near it;
 * the bound is there for hostile input (a megabyte "reference" must not become a megabyte message).
 */
export const MAX_IDENTIFIER = 2000;

/**
 * Characters JSON.stringify leaves as they are but a terminal or a log viewer acts on: DEL, the
 * C1 controls (U+0085 is a line break to some log parsers), the Unicode line and paragraph
 * separators and the bidirectional overrides that can make a message read differently from
 * what it says.
 */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A string as a JSON string literal in which every control character is an escape. */
export function jsonString(text: string): string {
  return JSON.stringify(text).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A URN or an absolute URL: something whose every character may be the one that tells it from another. */
const IDENTIFIER_FORM = /^(?:urn:(?:uuid|oid):|[a-z][a-z0-9+.-]*:\/\/)/i;

/** Whether quote() shows `text` whole. */
export function shownWhole(text: string): boolean {
  return text.length <= (IDENTIFIER_FORM.test(text) ? MAX_IDENTIFIER : MAX_QUOTED);
}

/**
 * `text` as a JSON string, cut in the middle when longer than `max` (head and tail kept, since a
 * prefix is often shared and the end tells values apart), then followed by its length.
 */
function quoteWithin(text: string, max: number): string {
  if (text.length <= max) return jsonString(text);
  return `${jsonString(clip(text, max))} (${text.length.toLocaleString('en-US')} characters)`;
}

/** `text` whole when at most `max` characters, else its head and tail around `…` (`max` in all). */
export function clip(text: string, max = MAX_QUOTED): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

/**
 * Quotes a user value for a message: single-line, control characters escaped, whole up to
 * MAX_QUOTED characters (URNs and absolute URLs up to MAX_IDENTIFIER), longer values cut in the
 * middle with their length. Never the whole of a large value: messages end up in logs, a payload
 * in a log is a leak, and a control character in one is a way to forge log lines.
 */
export function quote(value: unknown): string {
  if (typeof value === 'string') return quoteWithin(value, IDENTIFIER_FORM.test(value) ? MAX_IDENTIFIER : MAX_QUOTED);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Quotes a reference, fullUrl or identifier (any form): whole up to MAX_IDENTIFIER characters,
 * since a cut one cannot be told from its neighbours (two urn:uuids differ in their last digits).
 */
export function quoteId(value: unknown): string {
  return typeof value === 'string' ? quoteWithin(value, MAX_IDENTIFIER) : quote(value);
}

/**
 * Where to report a member that should be at `path`: its own pointer when every object on the way
 * is there, else the pointer of the first missing one, so a pointer always names a value or a
 * missing member of an object. Undefined when something on the way is not an object (the schema
 * rule reports that).
 */
export function memberPointer(payload: unknown, path: readonly string[]): string | undefined {
  let node = payload;
  let pointer = '';
  for (const name of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    pointer = childPointer(pointer, name);
    if (!Object.hasOwn(node, name)) return pointer;
    node = (node as Record<string, unknown>)[name];
  }
  return pointer;
}
