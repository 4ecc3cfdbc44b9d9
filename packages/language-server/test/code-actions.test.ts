// Quick fixes from a diagnostic of an older version, and code actions asked on every cursor move:
// a rename is offered only for the version it was computed on (no fix rather than a wrong one), and
// code actions reuse the last lint instead of linting again.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CodeAction, TextEdit } from 'vscode-languageserver-protocol';
import { fixAllSpan, type Linted } from '../src/lint/scheduler.js';
import { applyEdits, positionOf, uriOf } from './support/client.js';
import { lintsOf, useSession } from './support/session.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The example bundle with its Patient's `birthDate` written `birthdate`. */
function misspeltBundle(): string {
  const bundle = JSON.parse(readFileSync(join(repo, 'schemas/examples/valid/fhir-chargeitemcreate.json'), 'utf8'));
  const patient = bundle.entry[2].resource;
  patient.birthdate = patient.birthDate;
  delete patient.birthDate;
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

const editsOf = (action: CodeAction, path: string): TextEdit[] => action.edit!.changes![uriOf(path)]!;

describe('code actions', () => {
  const session = useSession('cdx-lsp-actions-');

  it('a diagnostic from before an edit above the finding gets no rename; the new one gets the right one', async () => {
    const { dir, client } = session;
    const file = join(dir, 'stale.json');
    let text = misspeltBundle();
    writeFileSync(file, text);
    const stale = (await client.open(file, text)).find((d) => d.code === 'spelling-drift')!;
    expect(stale).toBeDefined();
    // Above the finding: the family name grows by three characters, so every offset below moves.
    const at = positionOf(text, '"Bixby"', 6);
    const grow = { range: { start: at, end: at }, newText: 'yyy' };
    const fresh = (await client.edit(file, [grow])).find((d) => d.code === 'spelling-drift')!;
    text = applyEdits(text, [grow]);

    const offered = await client.codeActions(file, [stale]);
    expect(offered.filter((a) => a.title.startsWith('Rename'))).toEqual([]);

    const rename = (await client.codeActions(file, [fresh])).find((a) => a.isPreferred)!;
    const fixed = applyEdits(text, editsOf(rename, file));
    expect(() => JSON.parse(fixed) as unknown).not.toThrow();
    expect(fixed).toBe(text.replace('"birthdate"', '"birthDate"'));
  });

  it('asked again and again, they reuse the last lint: no lint per request', async () => {
    const { dir, client } = session;
    const file = join(dir, 'reuse.json');
    const uri = uriOf(file);
    const text = misspeltBundle();
    writeFileSync(file, text);
    const drift = (await client.open(file, text)).find((d) => d.code === 'spelling-drift')!;
    const lints = lintsOf(client.traces, uri).length;
    expect(lints).toBe(1);
    // Asked for by name (as on save), "fix all" is waited for; from then on every request offers it.
    expect((await client.codeActions(file, [], ['source.fixAll'])).map((a) => a.kind)).toEqual(['source.fixAll.cdx']);
    for (let i = 0; i < 5; i++) {
      const actions = await client.codeActions(file, [drift]);
      expect(actions.map((a) => a.kind)).toEqual(['quickfix', 'source.fixAll.cdx']);
      const fixAll = await client.codeActions(file, [], ['source.fixAll']);
      expect(applyEdits(text, editsOf(fixAll[0]!, file))).toBe(text.replace('"birthdate"', '"birthDate"'));
    }
    expect(lintsOf(client.traces, uri)).toHaveLength(lints);
  });
});

describe('"fix all" for a code-action request', () => {
  const span = { start: 3, end: 12, text: '"birthDate"' };
  const lint = (fields: Partial<Linted>): Linted => ({ uri: 'file:///a.json', version: 2, diagnostics: [], fixAll: undefined, ...fields });
  /** A "fix all" the lint thread is still computing (it never ends here). */
  const computing = () => lint({ fixAll: new Promise(() => undefined) });

  it('is not waited for by a request that does not name it (a cursor move): no "fix all" until it is computed', async () => {
    expect(await fixAllSpan(computing(), false)).toBeUndefined();
  });

  it('is waited for by a request that names it (fix-all on save)', async () => {
    const pending = fixAllSpan(computing(), true);
    expect(await Promise.race([pending.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))])).toBe('waiting');
  });

  it('once computed, is given to every request', async () => {
    const done = lint({ fixAll: Promise.resolve(span), settled: { span } });
    expect(await fixAllSpan(done, false)).toEqual(span);
    expect(await fixAllSpan(done, true)).toEqual(span);
  });
});
