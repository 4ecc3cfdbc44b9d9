import type { Position, Range, TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

const CR = 13;
const LF = 10;

/** The text as lines, each with its end of line (CR, LF or CRLF); the last line has none and may be empty. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  if (!text.includes('\r')) {
    // LF only (most files): the engine's search rather than a loop over every character.
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lines.push(text.slice(start, end + 1));
      start = end + 1;
    }
    lines.push(text.slice(start));
    return lines;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    else if (c !== CR && c !== LF) continue;
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/** The length of a line without its end of line. */
function contentLength(line: string): number {
  let end = line.length;
  while (end > 0 && (line.charCodeAt(end - 1) === CR || line.charCodeAt(end - 1) === LF)) end--;
  return end;
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);

/** The offset at which each line of `text` starts (after CR, LF or CRLF). */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) starts.push(end + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    else if (c !== CR && c !== LF) continue;
    starts.push(i + 1);
  }
  return starts;
}

/**
 * A document kept as its lines, for `TextDocuments`: an incremental change rebuilds the lines it
 * touches only, so a typist's thousand keystrokes in a large document cost a thousand short strings
 * rather than a thousand copies of the whole text (as vscode-languageserver-textdocument's
 * documents make, each keystroke also shifting every later line's offset). The text and the line
 * offsets are built when read, once per version; a document is split into lines at its first
 * incremental change (one that is only opened and read never is). Offsets and positions follow that
 * package's documents exactly (positions past a line's end are clamped before its end of line).
 */
export class LineDocument implements TextDocument {
  /** The lines, once the document was changed by a range; else undefined, and `#text` holds it. */
  #lines: string[] | undefined;
  #text: string | undefined;
  /** The offset at which each line starts, built when an offset or a position is asked for. */
  #starts: number[] | undefined;
  #version: number;
  /** How often the whole text was built from the lines (for tests: edits alone never build it). */
  textBuilds = 0;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    text: string,
  ) {
    this.#version = version;
    this.#text = text;
  }

  get version(): number {
    return this.#version;
  }

  get lineCount(): number {
    return this.#lines ? this.#lines.length : this.#lineStarts().length;
  }

  getText(range?: Range): string {
    if (this.#text === undefined) {
      this.#text = this.#lines!.join('');
      this.textBuilds++;
    }
    return range ? this.#text.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.#text;
  }

  #lineStarts(): number[] {
    if (this.#starts) return this.#starts;
    const lines = this.#lines;
    if (!lines) return (this.#starts = lineStartsOf(this.#text!));
    const starts = new Array<number>(lines.length);
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      starts[i] = offset;
      offset += lines[i]!.length;
    }
    return (this.#starts = starts);
  }

  /** Line `i` (0 ≤ i < lineCount) with its end of line. */
  #line(i: number): string {
    if (this.#lines) return this.#lines[i]!;
    const starts = this.#lineStarts();
    return this.#text!.slice(starts[i], starts[i + 1] ?? this.#text!.length);
  }

  offsetAt(position: Position): number {
    const [line, character] = this.#place(position);
    return this.#lineStarts()[line]! + character;
  }

  positionAt(offset: number): Position {
    const starts = this.#lineStarts();
    const last = starts.length - 1;
    const clamped = Math.max(0, Math.min(offset, starts[last]! + this.#line(last).length));
    let low = 0;
    let high = last;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: Math.min(clamped - starts[low]!, contentLength(this.#line(low))) };
  }

  getLineRange(line: number): Range {
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const at = Math.min(line, this.lineCount - 1);
    return { start: { line: at, character: 0 }, end: { line: at, character: contentLength(this.#line(at)) } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.lineCount) return '';
    const text = this.#line(line);
    return text.slice(contentLength(text));
  }

  /** A position as a line and a character within that line's text (before its end of line). */
  #place(position: Position): [line: number, character: number] {
    const last = this.lineCount - 1;
    if (position.line > last) return [last, this.#line(last).length];
    if (position.line < 0) return [0, 0];
    return [position.line, Math.max(0, Math.min(position.character, contentLength(this.#line(position.line))))];
  }

  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        this.#replace(change.range, change.text);
        this.#text = undefined;
      } else {
        this.#text = change.text;
        this.#lines = undefined;
      }
      this.#starts = undefined;
    }
    this.#version = version;
  }

  #replace(range: Range, text: string): void {
    const [from, to] = before(range.start, range.end) ? [range.start, range.end] : [range.end, range.start];
    const [line, start] = this.#place(from);
    let first = line;
    const [last, end] = this.#place(to);
    const lines = (this.#lines ??= splitLines(this.#text!));
    let region = lines[first]!.slice(0, start) + text + lines[last]!.slice(end);
    // A CR ending the line above and an LF starting the new text are one line end (CRLF).
    if (first > 0 && start === 0 && region.charCodeAt(0) === LF && lines[first - 1]!.charCodeAt(lines[first - 1]!.length - 1) === CR) {
      first--;
      region = lines[first]! + region;
    }
    const replacement = splitLines(region);
    // The region ends with the last line's own end of line unless that line is the document's last.
    if (last < lines.length - 1) replacement.pop();
    if (replacement.length < 10_000) lines.splice(first, last - first + 1, ...replacement);
    else this.#lines = [...lines.slice(0, first), ...replacement, ...lines.slice(last + 1)];
  }
}

/** `TextDocuments`' configuration for line documents. */
export const lineDocuments = {
  create: (uri: string, languageId: string, version: number, text: string) => new LineDocument(uri, languageId, version, text),
  update: (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number) => {
    if (!(document instanceof LineDocument)) throw new Error('lineDocuments.update: not a LineDocument');
    document.update(changes, version);
    return document;
  },
} satisfies TextDocumentsConfiguration<TextDocument>;
