import type { KindId } from '@cdx/validate';
import { integerLiterals } from '../lint/integer-literals.js';
import { findDuplicateKeys, mayHaveDuplicateKeys, type DuplicateKey } from '../locate/duplicates.js';
import { locatePointers, type NodeLocation } from '../locate/locate.js';
import { splitBom } from '../locate/text.js';
import { walkJson, type SyntaxProblem } from '../locate/walker.js';
import type { ReadOutcome, SourceDocument, SourceReader } from './reader.js';

/** "Unexpected token } in JSON at position 5" → "Unexpected token }". */
function withoutPosition(message: string): string {
  const at = message.indexOf(' at position ');
  const cut = at === -1 ? message : message.slice(0, at);
  return cut.endsWith(' in JSON') ? cut.slice(0, -' in JSON'.length) : cut;
}

/** V8's own position, for the (unexpected) case where the strict walk accepts what JSON.parse rejects. */
function fromV8(error: unknown, text: string): SyntaxProblem {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  return {
    offset: position ? Number(position[1]) : text.length,
    length: 1,
    // V8 quotes the surrounding source in some messages: keep only the part before any quote. Its
    // "at position N" is dropped: the finding carries the line and column.
    message: `Invalid JSON: ${withoutPosition(message.split(/[,"]/)[0]!).trim()}.`,
  };
}

class JsonDocument implements SourceDocument {
  constructor(
    private readonly text: string,
    readonly value: unknown,
  ) {}

  mayHaveDuplicateKeys(): boolean {
    return mayHaveDuplicateKeys(this.text, this.value);
  }

  eachDuplicateKey(visit: (duplicate: DuplicateKey) => void): void {
    findDuplicateKeys(this.text, visit);
  }

  integerLiterals(kind: KindId | null) {
    return integerLiterals(this.text, kind);
  }

  locate(pointers: Iterable<string>, hasDuplicates: boolean) {
    return locatePointers(this.text, pointers, hasDuplicates);
  }

  renameText(_location: NodeLocation, to: string): string {
    return JSON.stringify(to);
  }
}

/** Strict JSON (RFC 8259). A leading BOM is accepted and kept. */
export const jsonReader: SourceReader = {
  id: 'json',
  extensions: ['.json'],
  read(raw: string): ReadOutcome {
    const { bom, body } = splitBom(raw);
    let value: unknown;
    try {
      // The fast path: JSON.parse is several times faster than any location-aware parser and
      // handles any nesting depth; token positions are computed later, only when needed.
      value = JSON.parse(body);
    } catch (error) {
      return { ok: false, text: body, problem: walkJson(body) ?? fromV8(error, body) };
    }
    return { ok: true, text: body, prefix: bom, documents: [new JsonDocument(body, value)] };
  },
};
