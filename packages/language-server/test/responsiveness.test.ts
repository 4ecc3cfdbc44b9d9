// A fast typist on a large document: edits that arrive while a lint runs are merged into one lint
// of the latest version, the request loop answers hover meanwhile, and only the latest version's
// diagnostics are published. Counts of lints (the server's trace), never times: the times are
// pnpm robustness's (scripts/robustness/editor.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'cdx-lint';
import { describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { positionOf, uriOf } from './support/client.js';
import { lintsOf, useSession } from './support/session.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A FHIR message bundle of about 70 KB: the example's Patient entry repeated, one of them with a misspelt member. */
export function largeBundle(copies = 24): string {
  const bundle = JSON.parse(readFileSync(join(repo, 'schemas/examples/valid/fhir-chargeitemcreate.json'), 'utf8'));
  const patient = bundle.entry[2];
  for (let i = 0; i < copies; i++) {
    const copy = structuredClone(patient);
    copy.fullUrl = `urn:uuid:5c0b2f2e-1f4e-4f5a-8b0e-${String(i).padStart(12, '0')}`;
    copy.resource.id = `copy${i}`;
    bundle.entry.push(copy);
  }
  const last = bundle.entry.at(-1).resource;
  last.birthdate = last.birthDate;
  delete last.birthDate;
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

describe('a fast typist on a 70 KB bundle', () => {
  const session = useSession('cdx-lsp-typist-');

  it('1,000 back-to-back edits: a handful of lints, a hover answered, the last version’s diagnostics', async () => {
    const { dir, client } = session;
    const file = join(dir, 'bundle.json');
    const uri = uriOf(file);
    let text = largeBundle();
    expect(text.length).toBeGreaterThan(70_000);
    writeFileSync(file, text);
    const opened = await client.open(file, text);
    expect(opened.map((d) => d.code)).toContain('spelling-drift');
    const before = client.published.length;
    const lintsBefore = lintsOf(client.traces, uri).length;
    expect(lintsBefore).toBe(1);

    // Typing in the first family name, one character at a time, as fast as the pipe takes it.
    const at = positionOf(text, '"Bixby"', 6);
    const sent: Promise<number>[] = [];
    for (let i = 0; i < 1000; i++) {
      const place = { line: at.line, character: at.character + i };
      sent.push(client.send(file, [{ range: { start: place, end: place }, newText: 'y' }]));
    }
    const last = 1001;
    text = text.replace('"Bixby"', `"Bixby${'y'.repeat(1000)}"`);
    const published = client.diagnostics(uri, last);
    expect(await Promise.all(sent)).toHaveLength(1000);
    const hover = await client.hover(file, positionOf(text, '"gender"', 2));
    expect((hover?.contents as MarkupContent).value).toContain('`entry[2].resource.gender`');
    const diagnostics = await published;

    const expected = createLinter({ cwd: dir }).lintText(text, file).messages;
    expect(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual(expected.map((m) => [m.ruleId, m.line - 1, m.column - 1]));
    const lints = lintsOf(client.traces, uri).length - lintsBefore;
    // The first edit's lint, one or a few of the versions that came in meanwhile, the last one.
    expect(lints).toBeGreaterThanOrEqual(1);
    expect(lints).toBeLessThanOrEqual(8);
    // Only versions that were still current when their lint ended are published.
    const publishedVersions = client.published.slice(before).filter((p) => p.uri === uri);
    expect(publishedVersions.length).toBeLessThanOrEqual(lints);
    expect(publishedVersions.at(-1)!.version).toBe(last);
  });

  it('hover and completion parse a version once, however often they ask', async () => {
    const { dir, client } = session;
    const file = join(dir, 'small.json');
    const uri = uriOf(file);
    const text = largeBundle(2);
    writeFileSync(file, text);
    const published = await client.open(file, text);
    const version = 1;
    expect(published.map((d) => d.code)).toContain('spelling-drift');
    for (let i = 0; i < 3; i++) expect(await client.hover(file, positionOf(text, '"gender"', 2))).not.toBeNull();
    expect((await client.completion(file, positionOf(text, '"gender"', 1))).length).toBeGreaterThan(0);
    expect((await client.completion(file, positionOf(text, '"male"', 1))).map((i) => i.label)).toContain('"female"');
    expect(client.traces.filter((t) => t === `positions ${uri} v${version}`)).toHaveLength(1);
  });
});
