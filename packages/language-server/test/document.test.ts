// The server's documents: a typist's edits cost the lines they touch, not the document's length,
// and the text, offsets and positions are those of vscode-languageserver-textdocument's documents
// (the reference) whatever the edits: reversed ranges, positions past a line's
// end or the document's last line, CR, LF and CRLF, edits that join or split a CRLF pair, full replacements.
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { LineDocument, lineDocuments } from '../src/document.js';

/** A small deterministic generator (mulberry32), so that a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'bc', '\n', '\r', '\r\n', '"x": 1,\n', '\u00e9', '\ud83d\ude00', '  ', ''];

function change(next: () => number, lines: number): TextDocumentContentChangeEvent {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  let text = '';
  for (let n = Math.floor(next() * 4); n > 0; n--) text += pick(PIECES);
  if (next() < 0.03) return { text };
  // Lines of the document (and, rarely, before it); past its end, see the test of its own.
  const position = (): Position => ({
    line: Math.floor(next() * lines) - (next() < 0.05 ? 2 : 0),
    character: Math.floor(next() * 12) - (next() < 0.05 ? 3 : 0),
  });
  return { range: { start: position(), end: position() }, text };
}

/** Checks `document` against a reference document created with `text`. */
function agree(document: TextDocument, text: string, where: string, next: () => number): void {
  expect(document.getText(), where).toBe(text);
  const fresh = TextDocument.create('file:///f.json', 'json', document.version, text);
  expect(document.lineCount, where).toBe(fresh.lineCount);
  const offsets = Array.from({ length: text.length + 3 }, (_, i) => i - 1);
  expect(
    offsets.map((o) => document.positionAt(o)),
    where,
  ).toEqual(offsets.map((o) => fresh.positionAt(o)));
  const positions = Array.from({ length: (fresh.lineCount + 2) * 9 }, (_, i) => ({ line: Math.floor(i / 9) - 1, character: (i % 9) - 1 }));
  expect(
    positions.map((p) => document.offsetAt(p)),
    where,
  ).toEqual(positions.map((p) => fresh.offsetAt(p)));
  const lineNumbers = Array.from({ length: fresh.lineCount + 2 }, (_, i) => i - 1);
  expect(
    lineNumbers.map((l) => [document.getLineRange(l), document.getEOLCharacters(l)]),
    where,
  ).toEqual(lineNumbers.map((l) => [fresh.getLineRange(l), fresh.getEOLCharacters(l)]));
  const range = { start: fresh.positionAt(Math.floor(next() * text.length)), end: fresh.positionAt(text.length) };
  expect(document.getText(range)).toBe(fresh.getText(range));
}

describe('LineDocument', () => {
  it('agrees with the reference document on text, line count, offsets and positions', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const initial = ['', 'a', '{\n  "a": 1\r\n}\r', '\r\n\r\n', 'x\ry\nz'][seed % 5]!;
      let text = initial;
      const document = lineDocuments.create('file:///d.json', 'json', 1, initial);
      agree(document, text, `seed ${seed}, as opened`, next);
      for (let version = 2; version < 80; version++) {
        const lines = TextDocument.create('file:///l.json', 'json', 1, text).lineCount;
        const changes = [change(next, lines)];
        if (next() < 0.2) changes.push(change(next, lines));
        // The reference, one change at a time on a document created from the text so far (its own
        // line offsets, updated edit by edit, can drift from the text's).
        for (const one of changes) text = TextDocument.update(TextDocument.create('file:///r.json', 'json', 1, text), [one], 2).getText();
        lineDocuments.update(document, changes, version);
        expect(document.version).toBe(version);
        agree(document, text, `seed ${seed}, version ${version}`, next);
      }
    }
  });

  it('places a position past the last line at the end of the document', () => {
    // The reference places the text there too, but its line offsets go wrong afterwards: one change each.
    for (const [initial, line] of [
      ['a', 1],
      ['a\r\nb\n', 5],
      ['', 3],
    ] as const) {
      for (const text of ['x', '\n', '\r\n']) {
        const reference = TextDocument.create('file:///r.json', 'json', 1, initial);
        const document = lineDocuments.create('file:///d.json', 'json', 1, initial);
        const changes = [{ range: { start: { line, character: 2 }, end: { line: line + 1, character: 0 } }, text }];
        TextDocument.update(reference, changes, 2);
        lineDocuments.update(document, changes, 2);
        expect(document.getText()).toBe(reference.getText());
        expect(document.getText()).toBe(initial + text);
        expect(document.lineCount).toBe(TextDocument.create('file:///n.json', 'json', 1, initial + text).lineCount);
      }
    }
  });

  it('takes 1,000 one-character edits of a 70 KB document without building its text, then builds it once', () => {
    const line = `    "family": "Bixby",\n`;
    const text = `{\n${line.repeat(3000)}}\n`;
    const document = lineDocuments.create('file:///typist.json', 'json', 1, text);
    expect(document).toBeInstanceOf(LineDocument);
    for (let i = 0; i < 1000; i++) {
      const at = { line: 5, character: 20 + i };
      lineDocuments.update(document, [{ range: { start: at, end: at }, text: 'y' }], i + 2);
    }
    expect(document.textBuilds).toBe(0);
    const lines = text.split('\n');
    lines[5] = lines[5]!.replace('"Bixby"', `"Bixby${'y'.repeat(1000)}"`);
    expect(document.getText()).toBe(lines.join('\n'));
    expect(document.textBuilds).toBe(1);
    expect(document.version).toBe(1001);
  });
});
