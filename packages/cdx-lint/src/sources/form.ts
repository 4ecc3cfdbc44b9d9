import { searchParameterNames, type KindId, type SearchResource } from '@cdx/validate';
import type { NodeLocation } from '../locate/locate.js';
import { splitBom } from '../locate/text.js';
import type { SyntaxProblem } from '../locate/walker.js';
import type { ReadOutcome, SourceDocument, SourceReader } from './reader.js';

/** The searches a form body can be, by the kind that checks it. */
const SEARCHES: readonly { kind: KindId; resource: SearchResource }[] = [
  { kind: 'fhir/Goal/_search', resource: 'Goal' },
  { kind: 'fhir/Patient/_search', resource: 'Patient' },
];

interface Pair {
  name: string;
  nameOffset: number;
  nameLength: number;
  valueOffset: number;
  valueLength: number;
}

/** `application/x-www-form-urlencoded` decoding of one name or value: `+` is a space, `%XX` a byte of UTF-8. */
function decode(raw: string, offset: number): string | SyntaxProblem {
  const text = raw.replaceAll('+', ' ');
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    // Name the first escape that is not `%` and two hex digits (or not UTF-8).
    for (let i = raw.indexOf('%'); i !== -1; i = raw.indexOf('%', i + 1)) {
      if (!/^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
        return {
          offset: offset + i,
          length: Math.min(3, raw.length - i),
          message: `Invalid percent-encoding \`${raw.slice(i, i + 3)}\`: \`%\` must be followed by two hex digits (write \`%25\` for a literal %).`,
        };
      }
    }
    return { offset, length: raw.length, message: 'Invalid percent-encoding: the escapes do not spell UTF-8 text.' };
  }
}

/** The search whose parameters the body names, when its names tell (modifiers ignored); else undefined. */
function guessKind(names: readonly string[]): KindId | undefined {
  const bases = names.map((n) => n.split(':')[0]!);
  const scores = SEARCHES.map(({ kind, resource }) => {
    const known = new Set(searchParameterNames(resource));
    return { kind, hits: bases.filter((b) => known.has(b)).length };
  }).sort((a, b) => b.hits - a.hits);
  const [best, next] = scores;
  return best && best.hits > 0 && best.hits > (next?.hits ?? 0) ? best.kind : undefined;
}

class FormDocument implements SourceDocument {
  readonly fallbackKind: KindId | undefined;
  readonly kindHint = 'searchForm';

  constructor(
    readonly value: Record<string, string[]>,
    private readonly pairs: readonly Pair[],
    private readonly text: string,
  ) {
    this.fallbackKind = guessKind(Object.keys(value));
  }

  mayHaveDuplicateKeys(): boolean {
    return false; // a repeated parameter is a repeated value (FHIR ANDs them), not a lost member
  }

  eachDuplicateKey(): void {
    // none: see mayHaveDuplicateKeys
  }

  /** `/<name>`: the first pair naming it; `/<name>/<i>`: its i-th value; `''`: the whole body. */
  locate(pointers: Iterable<string>): Map<string, NodeLocation> {
    const found = new Map<string, NodeLocation>([['', { keyOffset: -1, keyLength: 0, offset: 0, end: this.text.length, shape: 'object' }]]);
    const wanted = new Set(pointers);
    const seen = new Map<string, number>();
    for (const pair of this.pairs) {
      const token = `/${pair.name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const index = seen.get(token) ?? 0;
      seen.set(token, index + 1);
      if (index === 0) {
        found.set(token, {
          keyOffset: pair.nameOffset,
          keyLength: pair.nameLength,
          offset: pair.nameOffset,
          end: pair.valueOffset + pair.valueLength,
          shape: 'scalar',
        });
      }
      const item = `${token}/${index}`;
      if (wanted.has(item))
        found.set(item, { keyOffset: -1, keyLength: 0, offset: pair.valueOffset, end: pair.valueOffset + pair.valueLength, shape: 'scalar' });
    }
    return found;
  }

  renameText(): undefined {
    return undefined; // search findings carry no fixes
  }
}

/**
 * A search form body (`POST …/Goal/_search`, `…/Patient/_search`) as `application/x-www-form-urlencoded`
 * text: `name=value` pairs separated by `&` or by line breaks (so a fixture can hold one per line),
 * read as a JSON object of arrays of values (`{"lifecycle-status": ["active"]}`), which is what the
 * search kinds check. Token request bodies are `cdx-lint assertion`'s.
 */
export const formReader: SourceReader = {
  id: 'form',
  extensions: ['.form'],
  read(raw: string): ReadOutcome {
    const { bom, body } = splitBom(raw);
    const value: Record<string, string[]> = {};
    const pairs: Pair[] = [];
    const separator = /[&\r\n]/g;
    let start = 0;
    for (;;) {
      const match = separator.exec(body);
      const end = match ? match.index : body.length;
      if (end > start) {
        const segment = body.slice(start, end);
        const eq = segment.indexOf('=');
        const rawName = eq === -1 ? segment : segment.slice(0, eq);
        const rawValue = eq === -1 ? '' : segment.slice(eq + 1);
        const name = decode(rawName, start);
        if (typeof name !== 'string') return { ok: false, text: body, problem: name };
        const decoded = decode(rawValue, start + eq + 1);
        if (typeof decoded !== 'string') return { ok: false, text: body, problem: decoded };
        // defineProperty: a parameter named `__proto__` is an own member, as JSON.parse makes it.
        if (Object.hasOwn(value, name)) value[name]!.push(decoded);
        else Object.defineProperty(value, name, { value: [decoded], enumerable: true, writable: true, configurable: true });
        const valueOffset = eq === -1 ? end : start + eq + 1;
        pairs.push({ name, nameOffset: start, nameLength: rawName.length, valueOffset, valueLength: end - valueOffset });
      }
      if (!match) break;
      start = end + 1;
    }
    return { ok: true, text: body, prefix: bom, documents: [new FormDocument(value, pairs, body)] };
  },
};
