/** The reference tokens of a JSON Pointer (RFC 6901), unescaped. */
export function parsePointer(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
