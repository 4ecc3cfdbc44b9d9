// Any JSON value written in any layout a person or a tool might produce: indentation, spaces
// around colons, CRLF, a BOM, member names with \u escapes. For the property tests.
import fc from 'fast-check';

export interface Layout {
  indent: string;
  beforeColon: string;
  afterColon: string;
  newline: '\n' | '\r\n';
  bom: boolean;
  /** Write names with \u escapes for their letters (a rename replaces the whole token). */
  escapeNames: boolean;
}

export const layoutArbitrary: fc.Arbitrary<Layout> = fc.record({
  indent: fc.constantFrom('', '  ', '    ', '\t'),
  beforeColon: fc.constantFrom('', ' ', '\t'),
  afterColon: fc.constantFrom('', ' ', '  '),
  newline: fc.constantFrom('\n' as const, '\r\n' as const),
  bom: fc.boolean(),
  escapeNames: fc.boolean(),
});

function nameToken(name: string, layout: Layout): string {
  return layout.escapeNames
    ? `"${Array.from(name, (c) => c)
        .map((c) => (/[A-Za-z]/.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : JSON.stringify(c).slice(1, -1)))
        .join('')}"`
    : JSON.stringify(name);
}

/** JSON text of `value` (member order kept) in the given layout. */
export function write(value: unknown, layout: Layout, depth = 0): string {
  const pad = (d: number) => (layout.indent === '' ? '' : layout.newline + layout.indent.repeat(d));
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${value.map((v) => pad(depth + 1) + write(v, layout, depth + 1)).join(',')}${pad(depth)}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const members = entries.map(([k, v]) => `${pad(depth + 1)}${nameToken(k, layout)}${layout.beforeColon}:${layout.afterColon}${write(v, layout, depth + 1)}`);
    return `{${members.join(',')}${pad(depth)}}`;
  }
  return JSON.stringify(value);
}
