/** The part of a text that changed: offsets `[start, end)` in the old text and what replaces them. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/**
 * The one replacement that turns `text` into `fixed`: the span between their common start and end
 * (renames change names only, so this is where they are, and the rest of the document and the
 * cursor stay put). Undefined when they are equal.
 */
export function changedSpan(text: string, fixed: string): Span | undefined {
  if (text === fixed) return undefined;
  let start = 0;
  while (start < text.length && start < fixed.length && text.charCodeAt(start) === fixed.charCodeAt(start)) start++;
  let end = 0;
  while (end < text.length - start && end < fixed.length - start && text.charCodeAt(text.length - 1 - end) === fixed.charCodeAt(fixed.length - 1 - end)) end++;
  return { start, end: text.length - end, text: fixed.slice(start, fixed.length - end) };
}
