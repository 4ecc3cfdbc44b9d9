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
  severity: Severity;
  message: string;
  pointer: string;
  /** Present when applying it is safe without a human decision (cdx-lint --fix). */
  fix?: RenameFix;
  /** Alternatives a human may choose from (for example several near-miss names). */
  suggestions?: RenameFix[];
}

/** Escapes a member name for use in a JSON Pointer (RFC 6901). */
export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a parent pointer and a member name or array index. */
export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${typeof key === 'number' ? key : pointerToken(key)}`;
}

/** Splits a JSON Pointer into its unescaped tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const MAX_QUOTED = 40;

/**
 * Quotes a user value for a message: short, single-line, never the whole of a large value
 * (messages end up in logs; a payload in a log is a leak).
 */
export function quote(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
  else if (value === null || typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value)) text = `an array of ${value.length}`;
  else text = typeof value === 'object' ? 'an object' : typeof value;
  return text;
}
