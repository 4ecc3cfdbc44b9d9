/** Escapes a member name as one JSON Pointer token (RFC 6901). */
export function pointerToken(key: string | number): string {
  if (typeof key === 'number') return String(key);
  // Locating builds a pointer for every member on a wanted path: most names need no escaping.
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

/** The pointer of a parent, or undefined for the root (`''`). */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** One pointer token as the member name it stands for (RFC 6901: `~1` is `/`, then `~0` is `~`). */
function unescapeToken(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

/** The last token of a pointer, unescaped. */
export function lastToken(pointer: string): string {
  return unescapeToken(pointer.slice(pointer.lastIndexOf('/') + 1));
}

/** The member names and indexes (as strings) a pointer goes through, unescaped; none for the root. */
export function pointerTokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** The pointer and every ancestor of it, root (`''`) included. */
export function withAncestors(pointer: string): string[] {
  const out = [pointer];
  for (let p = parentPointer(pointer); p !== undefined; p = parentPointer(p)) out.push(p);
  return out;
}

/** Whether `pointer` is `base` or lies inside it. */
export function isWithin(pointer: string, base: string): boolean {
  return pointer === base || (pointer.startsWith(base) && pointer.charCodeAt(base.length) === 47) /* / */ || base === '';
}
