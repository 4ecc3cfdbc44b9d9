/** Longest member name a message shows in full; longer ones are cut (they are user data). */
const MAX_TOKEN = 40;
/** Levels shown at each end of a path deeper than `MAX_LEVELS`. */
const HEAD_LEVELS = 6;
const TAIL_LEVELS = 8;
const MAX_LEVELS = HEAD_LEVELS + TAIL_LEVELS + 2;

function segment(token: string, first: boolean): string {
  if (token.length > MAX_TOKEN) return `[${JSON.stringify(`${token.slice(0, MAX_TOKEN)}…`)}]`;
  if (/^(0|[1-9]\d*)$/.test(token)) return `[${token}]`;
  if (/^[A-Za-z_$][\w$-]*$/.test(token)) return first ? token : `.${token}`;
  return `[${JSON.stringify(token)}]`;
}

/**
 * A JSON Pointer as a reader writes a field path (`/Patient/Identifiers/0/ID` →
 * `Patient.Identifiers[0].ID`), the way @cdx/validate's messages name fields. Bounded whatever
 * the file holds: long member names are cut, and the middle of a very deep path is elided
 * without splitting it (a file can repeat names thousands of times 500 levels down).
 */
export function fieldPath(pointer: string): string {
  if (pointer === '') return '(the payload)';
  const slashes: number[] = [];
  for (let at = pointer.indexOf('/'); at !== -1; at = pointer.indexOf('/', at + 1)) slashes.push(at);
  const count = slashes.length;
  const token = (i: number) =>
    pointer
      .slice(slashes[i]! + 1, i + 1 < count ? slashes[i + 1] : pointer.length)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
  let out = '';
  for (let i = 0; i < count; i++) {
    if (count > MAX_LEVELS && i === HEAD_LEVELS) {
      out += `…(${count - HEAD_LEVELS - TAIL_LEVELS} levels)…`;
      i = count - TAIL_LEVELS;
    }
    out += segment(token(i), out === '');
  }
  return out;
}
