import { parsePointer } from './finding.js';

/**
 * A JSON Pointer as a reader writes a field path: `/cards/0/summary` → `cards[0].summary`.
 * Used in messages so they name the field the way the spec's listings do.
 */
export function fieldPath(pointer: string): string {
  if (pointer === '') return '(the payload)';
  let out = '';
  for (const token of parsePointer(pointer)) {
    if (/^(0|[1-9]\d*)$/.test(token)) out += `[${token}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(token)) out += out === '' ? token : `.${token}`;
    else out += `[${JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}…` : token)}]`;
  }
  return out;
}

/** Wraps a field path or name in backticks for messages. */
export function code(text: string): string {
  return `\`${text}\``;
}
