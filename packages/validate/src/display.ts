import { jsonString, parsePointer } from './finding.js';

/** Longest member name a message shows in full; longer ones are cut (they are user data). */
const MAX_TOKEN = 40;
/** Levels shown at each end of a path deeper than `MAX_LEVELS`. */
const HEAD_LEVELS = 6;
const TAIL_LEVELS = 8;
const MAX_LEVELS = HEAD_LEVELS + TAIL_LEVELS + 2;

function segment(token: string, first: boolean): string {
  if (token.length > MAX_TOKEN) return `[${jsonString(`${token.slice(0, MAX_TOKEN)}…`)}]`;
  if (/^(0|[1-9]\d*)$/.test(token)) return `[${token}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(token)) return first ? token : `.${token}`;
  return `[${jsonString(token)}]`;
}

/**
 * A JSON Pointer as a reader writes a field path: `/cards/0/summary` → `cards[0].summary`.
 * Used in messages so they name the field the way the spec's listings do. Bounded whatever the
 * payload: long member names are cut, and the middle of a very deep path is elided.
 */
export function fieldPath(pointer: string): string {
  if (pointer === '') return '(the payload)';
  const tokens = parsePointer(pointer);
  const shown = tokens.length > MAX_LEVELS ? [...tokens.slice(0, HEAD_LEVELS), ...tokens.slice(-TAIL_LEVELS)] : tokens;
  let out = '';
  shown.forEach((token, i) => {
    if (tokens.length > MAX_LEVELS && i === HEAD_LEVELS) out += `…(${tokens.length - HEAD_LEVELS - TAIL_LEVELS} levels)…`;
    out += segment(token, out === '');
  });
  return out;
}

/** Wraps a field path or name in backticks for messages. */
export function code(text: string): string {
  return `\`${text}\``;
}

/**
 * A name the payload gives (a form parameter), in backticks: cut when long, and with any control or
 * direction character escaped as in JSON (it is user data, and a message ends up in a log).
 */
export function codeName(name: string): string {
  const cut = name.length > MAX_TOKEN ? `${name.slice(0, MAX_TOKEN)}…` : name;
  return code(jsonString(cut).slice(1, -1));
}
