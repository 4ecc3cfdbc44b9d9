// Which members an invariant cannot fail without: read from its FHIRPath expression, so that an
// element that lacks one of them is not evaluated at all (the FHIRPath engine costs tens of
// microseconds a call). Conservative: only shapes whose truth without the member is certain.
//
//   m.empty() or …, m.exists().not() or …, m.hasValue().not() or …   true without m
//   (m = 'x') or …, m != 'x' or …                                   empty or true without m: never false
//   m.exists() implies …, (m.exists() and …) implies …, (m = 'x') implies …   true (or empty) without m
//   m.all(…), m.select(…).isDistinct()                               true on nothing

/** Splits `text` at a top-level ` word ` (outside parentheses and quotes). */
function splitTop(text: string, word: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  const sep = ` ${word} `;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** `(x)` → `x` while the outer parentheses enclose the whole text. */
function unwrap(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')')) {
    let depth = 0;
    let encloses = true;
    for (let i = 0; i < t.length - 1; i++) {
      if (t[i] === '(') depth++;
      else if (t[i] === ')') depth--;
      if (depth === 0) {
        encloses = false;
        break;
      }
    }
    if (!encloses) break;
    t = t.slice(1, -1).trim();
  }
  return t;
}

// The member an expression starts with is group 1 of each: `([a-z][A-Za-z0-9]*)`.
/** Alone, without its member, never false. */
const ABSENT_TRUE = [
  /^([a-z][A-Za-z0-9]*)\.empty\(\)$/,
  /^([a-z][A-Za-z0-9]*)\.exists\(\)\.not\(\)$/,
  /^([a-z][A-Za-z0-9]*)\.hasValue\(\)\.not\(\)$/,
  /^([a-z][A-Za-z0-9]*)\s*!?=\s*('[^']*'|true|false|\d+)$/,
  /^([a-z][A-Za-z0-9]*)\.all\(.*\)$/,
  /^([a-z][A-Za-z0-9]*)\.select\([^()]*\)\.isDistinct\(\)$/,
];
/** As the left side of `implies`: false or empty without its member. */
const ABSENT_NOT_TRUE = [/^([a-z][A-Za-z0-9]*)\.exists\(\)$/, /^([a-z][A-Za-z0-9]*)\s*!?=\s*('[^']*'|true|false|\d+)$/];

const first = (patterns: readonly RegExp[], text: string): string | undefined => {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m[1];
  }
  return undefined;
};

/** Members any one of which, absent, makes the expression not false (empty when none is known). */
export function guardOf(expression: string): string[] {
  const text = unwrap(expression.replace(/\s+/g, ' '));
  const guards = new Set<string>();
  const disjuncts = splitTop(text, 'or');
  for (const d of disjuncts) {
    const part = unwrap(d);
    const own = splitTop(part, 'and').length === 1 ? first(ABSENT_TRUE, part) : undefined;
    if (own) guards.add(own);
    else if (disjuncts.length === 1) {
      const sides = splitTop(part, 'implies');
      if (sides.length === 2) {
        const left = unwrap(sides[0]!);
        const found = first(ABSENT_NOT_TRUE, unwrap(splitTop(left, 'and')[0]!));
        if (found) guards.add(found);
      }
    }
  }
  return [...guards];
}

/** Whether `node` lacks member `name` (its value, its `_name` extensions, and any `name[x]` choice). */
export function lacks(node: unknown, name: string): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const record = node as Readonly<Record<string, unknown>>;
  return record[name] === undefined && record[`_${name}`] === undefined && lacksChoice(record, name);
}

/**
 * Whether `record` has no `name[x]` choice member (`valueString` for `value`), nor one given only as
 * its extensions (`_valueString`), which FHIRPath finds too; its own reads allocate nothing.
 */
export function lacksChoice(record: Readonly<Record<string, unknown>>, name: string): boolean {
  const length = name.length;
  for (const key in record) {
    const at = key.charCodeAt(0) === 95 ? 1 : 0;
    if (key.length > length + at && key.startsWith(name, at)) {
      const c = key.charCodeAt(length + at);
      if (c >= 65 && c <= 90) return false;
    }
  }
  return true;
}
