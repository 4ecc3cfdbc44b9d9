/**
 * Characters a terminal, a log viewer or a CI log acts on instead of showing: C0 controls (ESC
 * starts colour and cursor sequences, CR rewrites a line), DEL, the C1 controls (U+0085 is a line
 * break to some log parsers), the Unicode line and paragraph separators, and the bidirectional
 * overrides that make text display in another order than it reads. File names, member names and
 * parse-error excerpts come from the files, so a report must never emit these raw.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set minus C0, which JSON.stringify already escapes. */
const UNESCAPED_BY_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text with every control character written as a `\uXXXX` escape. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, escape);
}

/** JSON.stringify with the control characters it leaves raw escaped too (the same JSON value). */
export function safeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(UNESCAPED_BY_JSON, escape);
}
