import type * as TS from 'typescript';
import { detectKind, type KindId } from '@cdx/validate';
import { splitBom } from '../../locate/text.js';
import type { ReadOutcome, SourceDocument, SourceReader } from '../reader.js';
import { CodeDocument } from './document.js';
import { evaluate } from './evaluate.js';
import { findPayloads } from './find.js';
import { TypeNames } from './hints.js';
import { typescript, type Ts } from './load.js';

type ScriptKindName = 'TS' | 'TSX' | 'JS';

/** Parse errors TypeScript recovered from; `parseDiagnostics` is not in its typings, but always set. */
function firstParseError(ts: Ts, file: TS.SourceFile, language: string) {
  const diagnostics = (file as unknown as { parseDiagnostics?: readonly TS.Diagnostic[] }).parseDiagnostics ?? [];
  const first = diagnostics.find((d) => d.category === ts.DiagnosticCategory.Error);
  if (!first) return undefined;
  return {
    offset: first.start ?? 0,
    length: first.length ?? 1,
    message: `Not valid ${language}: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`,
  };
}

/** Names every payload; an unnamed one, or one whose name repeats, by its line (only then computed: it costs a pass over the text). */
function labels(found: { name: string | undefined; line: () => number }[]): string[] {
  const count = new Map<string, number>();
  for (const { name } of found) if (name !== undefined) count.set(name, (count.get(name) ?? 0) + 1);
  return found.map(({ name, line }) => (name === undefined ? `payload at line ${line()}` : count.get(name)! > 1 ? `${name} (line ${line()})` : name));
}

function read(raw: string, scriptKind: ScriptKindName, language: string): ReadOutcome {
  const { bom, body } = splitBom(raw);
  try {
    return readBody(body, bom, scriptKind, language);
  } catch (error) {
    // TypeScript's parser is recursive: it overflows the stack below 1,000 levels of nesting.
    if (!(error instanceof RangeError)) throw error;
    return {
      ok: false,
      text: body,
      problem: { offset: 0, length: 1, message: `Not valid ${language} for cdx-lint: nested too deeply to parse; no real payload nests like this.` },
    };
  }
}

function readBody(body: string, bom: string, scriptKind: ScriptKindName, language: string): ReadOutcome {
  const ts = typescript();
  // No program and no type checker: the syntax tree alone says what a literal is, in milliseconds.
  const file = ts.createSourceFile(`fixture.${scriptKind.toLowerCase()}`, body, ts.ScriptTarget.Latest, scriptKind === 'JS', ts.ScriptKind[scriptKind]);
  const problem = firstParseError(ts, file, language);
  if (problem) return { ok: false, text: body, problem };

  const found: { evaluation: ReturnType<typeof evaluate>; kind: KindId | undefined; name: string | undefined; line: () => number }[] = [];
  findPayloads(ts, file, new TypeNames(ts, file), scriptKind === 'JS', (candidate) => {
    const evaluation = evaluate(ts, file, candidate.node);
    // A resourceType alone marks many objects that are no payload of this service (a test's
    // OperationOutcome): only one of a kind this version knows is linted.
    if (candidate.kind === undefined && !hasMeta(evaluation.value) && detectKind(evaluation.value) === null) return false;
    const line = () => file.getLineAndCharacterOfPosition(candidate.node.getStart(file)).line + 1;
    found.push({ evaluation, kind: candidate.kind, name: candidate.name, line });
    return true;
  });
  const names = labels(found);
  const documents: SourceDocument[] = found.map((f, i) => new CodeDocument(f.evaluation, names[i]!, f.kind));
  return { ok: true, text: body, prefix: bom, documents };
}

/** Marked as a Data Model message: linted even when no kind fits, so a misspelt event type is reported. */
function hasMeta(value: unknown): boolean {
  const meta = (value as { Meta?: unknown }).Meta;
  return typeof meta === 'object' && meta !== null && 'DataModel' in meta && 'EventType' in meta;
}

function codeReader(id: string, extensions: string[], scriptKind: ScriptKindName, language: string): SourceReader {
  return { id, extensions, read: (raw) => read(raw, scriptKind, language) };
}

/**
 * Payload literals in TypeScript and JavaScript fixtures. The compiler is loaded only when such
 * a file is read (see load.ts).
 */
export const codeReaders: readonly SourceReader[] = [
  codeReader('typescript', ['.ts', '.mts', '.cts'], 'TS', 'TypeScript'),
  codeReader('tsx', ['.tsx'], 'TSX', 'TypeScript (TSX)'),
  codeReader('javascript', ['.js', '.mjs', '.cjs'], 'JS', 'JavaScript'),
];
