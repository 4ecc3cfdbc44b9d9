/** A 1-based position as editors show it: columns count UTF-16 code units, like ESLint and SARIF. */
export interface Position {
  line: number;
  column: number;
}

/** The start and (exclusive) end of a span of source text, both 1-based. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

const BOM = '\uFEFF';

/**
 * Splits a leading byte order mark from the text. `JSON.parse` rejects a BOM, and editors do not
 * count it as a column, so parsing and positions both work on the text after it; writing a fixed
 * file puts it back.
 */
export function splitBom(text: string): { bom: string; body: string } {
  return text.startsWith(BOM) ? { bom: BOM, body: text.slice(1) } : { bom: '', body: text };
}

/**
 * Offset → line and column over one text. `\r\n`, `\n` and a lone `\r` each end a line (JSON
 * allows all three as whitespace, and editors break lines at each). Line starts are found on first
 * use and only as far as the offsets asked for: a file without findings never pays, and a finding
 * near the top of a large bundle (most are at `/resourceType`) reads only its first lines.
 */
export class LineIndex {
  /** The line starts found so far, in order. */
  private readonly starts: number[] = [0];
  /** Every line start at or before this offset is in `starts`. */
  private scanned = 0;
  /**
   * The first CR at or after `scanned` (-1: none), or NaN until looked for: searched for again only
   * once passed, since a text without CRs would otherwise be read to its end at every call.
   */
  private nextCr = Number.NaN;

  constructor(private readonly text: string) {}

  /** The text between two offsets. */
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }

  /** `starts`, complete up to `offset`. */
  private startsTo(offset: number): number[] {
    const { text, starts } = this;
    let i = this.scanned;
    while (i < offset) {
      if (!(this.nextCr === -1 || this.nextCr >= i)) this.nextCr = text.indexOf('\r', i);
      const cr = this.nextCr;
      // The LFs before the next CR (or before the offset, when no CR comes first): one native
      // search per line. Reading a CRLF text character by character cost three times as much
      // (R4's Bundle-dataelements.json: 530,000 lines, 150 ms).
      const until = cr === -1 || cr >= offset ? offset : cr;
      for (let at = text.indexOf('\n', i); at !== -1 && at < until; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      if (until === offset) {
        i = offset;
        break;
      }
      // The CR ends its line, with the LF after it when there is one.
      i = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
      starts.push(i);
    }
    this.scanned = i;
    return starts;
  }

  /** The position of a 0-based offset (clamped to the text). */
  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.startsTo(at);
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    // An offset between the CR and the LF of a line end (a token cut there) is the end of its line.
    const midLineEnd = at > 0 && this.text.charCodeAt(at - 1) === 13 && this.text.charCodeAt(at) === 10;
    return { line: low + 1, column: at - starts[low]! + (midLineEnd ? 0 : 1) };
  }

  /** The span of `[start, end)`; an empty range still covers one column so it can be shown. */
  span(start: number, end: number): Span {
    const from = this.position(start);
    const to = this.position(Math.max(end, start + 1));
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  }
}
