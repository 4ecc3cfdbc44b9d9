import type { KindId } from '@cdx/validate';
import type * as TS from 'typescript';
import { evaluate } from '../sources/ts/evaluate.js';
import { findPayloads, type Candidate } from '../sources/ts/find.js';
import { TypeNames } from '../sources/ts/hints.js';
import { typescript } from '../sources/ts/load.js';
import { splitBom } from '../locate/text.js';
import type { PayloadPosition } from './types.js';

const SCRIPT_KINDS: Record<string, 'TS' | 'TSX' | 'JS'> = { '.ts': 'TS', '.mts': 'TS', '.cts': 'TS', '.tsx': 'TSX', '.js': 'JS', '.mjs': 'JS', '.cjs': 'JS' };

const tokens = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

type CodePosition = Omit<PayloadPosition, 'kind'> & { sourceKind?: KindId };

/**
 * Places in a TypeScript or JavaScript fixture: the payload literal around each (found as the
 * linter finds them, with TypeScript's error-tolerant parser) and the member it is on. The text is
 * parsed once, on the first question, and each payload evaluated once. Undefined outside every
 * payload.
 */
export function codePositions(raw: string, extension: string): (offset: number) => CodePosition | undefined {
  let parsed: { file: TS.SourceFile; candidates: Candidate[]; evaluations: Map<Candidate, ReturnType<typeof evaluate>> } | undefined;
  const { bom, body } = splitBom(raw);
  return (offset) => {
    const ts = typescript();
    if (!parsed) {
      const scriptKind = SCRIPT_KINDS[extension] ?? 'TS';
      const file = ts.createSourceFile(`fixture.${scriptKind.toLowerCase()}`, body, ts.ScriptTarget.Latest, true, ts.ScriptKind[scriptKind]);
      const candidates: Candidate[] = [];
      findPayloads(ts, file, new TypeNames(ts, file), scriptKind === 'JS', (candidate) => {
        candidates.push(candidate);
        return true;
      });
      parsed = { file, candidates, evaluations: new Map() };
    }
    const { file, candidates, evaluations } = parsed;
    const at = offset - bom.length;
    const found = candidates.findLast((candidate) => at >= candidate.node.getStart(file) && at <= candidate.node.end);
    if (!found) return undefined;
    let evaluation = evaluations.get(found);
    if (!evaluation) evaluations.set(found, (evaluation = evaluate(ts, file, found.node)));
    return placeIn(evaluation, found, at, bom.length);
  };
}

/** The innermost place that holds `at` in an evaluated payload: a member name, or a value. */
function placeIn(evaluation: ReturnType<typeof evaluate>, found: Candidate, at: number, bom: number): CodePosition {
  let best: { pointer: string; onName: boolean; range: [number, number]; size: number } | undefined;
  for (const [pointer, location] of evaluation.locations) {
    const inKey = location.keyOffset >= 0 && at >= location.keyOffset && at <= location.keyOffset + location.keyLength;
    const start = inKey ? location.keyOffset : location.offset;
    const end = inKey ? location.keyOffset + location.keyLength : location.end;
    if (at < start || at > end) continue;
    const size = end - start;
    if (!best || size < best.size) best = { pointer, onName: inKey, range: [start + bom, end + bom], size };
  }
  const value = evaluation.value;
  const kind = found.kind === undefined ? {} : { sourceKind: found.kind };
  const path: (string | number)[] = tokens(best?.pointer ?? '');
  const containerAt = (p: (string | number)[]) =>
    p.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
  const names = (p: (string | number)[]) => {
    const holder = containerAt(p);
    return holder && typeof holder === 'object' && !Array.isArray(holder) ? Object.keys(holder) : [];
  };
  const label = { ...kind, ...(found.name === undefined ? {} : { payload: found.name }) };
  const location = best && evaluation.locations.get(best.pointer);
  if (best?.onName) return { value, path, on: 'name', range: best.range, siblings: names(path.slice(0, -1)).filter((n) => n !== path.at(-1)), ...label };
  if (!best || location?.shape !== 'scalar') {
    // Inside an object, between members: where a new member name goes.
    return { value, path: [...path, ''], on: 'name', siblings: names(path), ...label };
  }
  return { value, path, on: 'value', range: best.range, siblings: names(path.slice(0, -1)), ...label };
}
