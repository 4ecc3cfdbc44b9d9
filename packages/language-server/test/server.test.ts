// Sessions with the built server over stdio, as an editor has them (run `pnpm build` first): open,
// change, diagnostics, a quick fix applied, hover, completion and a config change, on a Data Model
// message, a FHIR bundle and a TypeScript fixture. Diagnostics are checked against cdx-lint's own
// findings for the same text: the server adds nothing and drops nothing.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLinter } from 'cdx-lint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, MarkupContent, TextEdit } from 'vscode-languageserver-protocol';
import { applyEdits, Client, positionOf, uriOf } from './support/client.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCS = pathToFileURL(join(repo, 'packages/validate/dist/docs/rules/')).href;

/** A workspace with one payload of each sort, as a user's fixtures folder. */
function makeWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lsp-'));
  cpSync(join(repo, 'packages/cdx-lint/test/fixtures/e2e/three-findings.json'), join(dir, 'merge.json'));
  cpSync(join(repo, 'packages/cdx-lint/test/fixtures/ts/satisfies.ts'), join(dir, 'merge.ts'));
  const bundle = JSON.parse(readFileSync(join(repo, 'schemas/examples/valid/fhir-chargeitemcreate.json'), 'utf8'));
  const patient = bundle.entry[2].resource;
  patient.gender = 'mail';
  patient.birthdate = patient.birthDate;
  delete patient.birthDate;
  writeFileSync(join(dir, 'bundle.json'), `${JSON.stringify(bundle, null, 2)}\n`);
  writeFileSync(join(dir, 'package.json'), '{ "name": "fixtures", "private": true }\n');
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes/settings.json'), '{ "editor": true }\n');
  return dir;
}

/** What cdx-lint says of a text, as the diagnostics an editor should show. */
function expected(dir: string, file: string, text: string) {
  return createLinter({ cwd: dir })
    .lintText(text, join(dir, file))
    .messages.map((m) => ({ code: m.ruleId, severity: m.severity === 2 ? 1 : 2, line: m.line - 1, character: m.column - 1, message: m.message }));
}
const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const shown = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => ({ code: d.code, severity: d.severity, line: d.range.start.line, character: d.range.start.character, message: d.message }));
const markdown = (hover: { contents: unknown } | null) => (hover?.contents as MarkupContent | undefined)?.value ?? '';
const editsOf = (action: CodeAction, path: string): TextEdit[] => action.edit!.changes![uriOf(path)]!;

describe('cdx-language-server over stdio', () => {
  let dir: string;
  let client: Client;
  /** merge.json as the editor holds it after its tests. */
  let mergeText: string;

  beforeAll(async () => {
    dir = makeWorkspace();
    client = new Client({ cwd: dir });
    await client.initialize(dir);
  });

  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    expect(client.stderr).toBe('');
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a Data Model message', () => {
    const file = 'merge.json';
    let text: string;

    it('open: the diagnostics are cdx-lint’s findings, each linked to its rule’s docs', async () => {
      text = readFileSync(join(dir, file), 'utf8');
      const diagnostics = await client.open(join(dir, file), text);
      expect(shown(diagnostics)).toEqual(expected(dir, file, text));
      expect(diagnostics.map((d) => d.code)).toEqual(['schema', 'spelling-drift', 'unknown-field']);
      expect(diagnostics[1]).toMatchObject({
        source: 'cdx-lint',
        codeDescription: { href: `${DOCS}spelling-drift.md` },
        range: { start: positionOf(text, '"FirstNmae"'), end: { line: 18, character: 28 } },
      });
    });

    it('code action: the rename is offered as the preferred quick fix, and applying it clears the finding', async () => {
      const all = await client.change(join(dir, file), text);
      const drift = all.find((d) => d.code === 'spelling-drift')!;
      const actions = await client.codeActions(join(dir, file), [drift]);
      const rename = actions.find((a) => a.isPreferred)!;
      expect(rename).toMatchObject({ title: 'Rename `FirstNmae` to `FirstName` (spelling-drift)', kind: 'quickfix' });
      // The edit renames the name token; the finding spans the member to the end of its value.
      expect(editsOf(rename, join(dir, file))).toEqual([
        { range: { start: drift.range.start, end: positionOf(text, '"FirstNmae"', 11) }, newText: '"FirstName"' },
      ]);
      const after = await client.edit(join(dir, file), editsOf(rename, join(dir, file)));
      text = applyEdits(text, editsOf(rename, join(dir, file)));
      expect(after.map((d) => d.code)).toEqual(['schema', 'unknown-field']);
      expect(shown(after)).toEqual(expected(dir, file, text));
    });

    it('hover: the member’s description, label and type from the PatientMerge schema', async () => {
      const middle = markdown(await client.hover(join(dir, file), positionOf(text, '"MiddleName"', 3)));
      expect(middle).toContain('**`Patient.Demographics.MiddleName`** · string | null — PatientAdmin/PatientMerge');
      expect(middle).toContain('All middle names in one field.');
      expect(middle).toContain('Label: Possible');
      const date = markdown(await client.hover(join(dir, file), positionOf(text, '"yesterday"', 2)));
      expect(date).toContain('`Meta.EventDateTime`');
      expect(date).toContain('(iso8601)');
      expect(await client.hover(join(dir, file), positionOf(text, '"Nickname"', 2))).toBeNull();
    });

    it('change and completion: member names the object lacks, then the values a member takes', async () => {
      text = text.replace('"MiddleName": ', '"Mi": ');
      await client.change(join(dir, file), text);
      const names = await client.completion(join(dir, file), positionOf(text, '"Mi"', 2));
      const labels = names.map((i) => i.label);
      expect(labels).toEqual(['MiddleName']); // every other member of Demographics is there
      const middle = names.find((i) => i.label === 'MiddleName')!;
      expect(middle.textEdit).toEqual({ range: { start: positionOf(text, '"Mi"'), end: positionOf(text, '"Mi"', 4) }, newText: '"MiddleName"' });
      expect(middle.detail).toBe('string | null');
      const values = await client.completion(join(dir, file), positionOf(text, '"PatientAdmin"', 1));
      expect(values.map((i) => i.label)).toEqual(['"PatientAdmin"']);
      const booleans = await client.completion(join(dir, file), positionOf(text, '"IsHispanic": ', 14));
      expect(booleans.map((i) => i.label)).toEqual(['true', 'false']);
      text = text.replace('"Mi": ', '"MiddleName": ');
      await client.change(join(dir, file), text);
      mergeText = text;
    });
  });

  describe('a FHIR bundle', () => {
    const file = 'bundle.json';
    let text: string;

    it('open: the R4 finding and the misspelt member inside an entry, placed where they are', async () => {
      text = readFileSync(join(dir, file), 'utf8');
      const diagnostics = await client.open(join(dir, file), text);
      expect(shown(diagnostics)).toEqual(expected(dir, file, text));
      expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
        ['schema', 1],
        ['spelling-drift', 1],
      ]);
      expect(diagnostics[0]!.range.start).toEqual(positionOf(text, '"gender"'));
    });

    it('code action: "fix all" and the quick fix give the same text, without the finding', async () => {
      const drift = (await client.change(join(dir, file), text)).find((d) => d.code === 'spelling-drift')!;
      const actions = await client.codeActions(join(dir, file), [drift]);
      const fixAll = (await client.codeActions(join(dir, file), [], ['source.fixAll'])).find((a) => a.kind === 'source.fixAll.cdx')!;
      expect(fixAll.title).toBe('Fix all cdx-lint problems that have a fix');
      const quick = actions.find((a) => a.isPreferred)!;
      expect(applyEdits(text, editsOf(fixAll, join(dir, file)))).toBe(applyEdits(text, editsOf(quick, join(dir, file))));
      text = applyEdits(text, editsOf(fixAll, join(dir, file)));
      expect(text).toContain('"birthDate"');
      expect((await client.change(join(dir, file), text)).map((d) => d.code)).toEqual(['schema']);
    });

    it('hover inside an entry: the resource’s own R4 definition (Patient.gender)', async () => {
      const gender = markdown(await client.hover(join(dir, file), positionOf(text, '"gender"', 2)));
      expect(gender).toContain('**`entry[2].resource.gender`**');
      expect(gender).toContain('fhir/ChargeItemCreate');
      expect(gender).toContain('Values: `"male"`, `"female"`, `"other"`, `"unknown"`');
    });

    it('completion inside an entry: R4 Patient members, then the gender value set', async () => {
      const at = positionOf(text, '"gender"', 1);
      const names = (await client.completion(join(dir, file), at)).map((i) => i.label);
      expect(names).toEqual(expect.arrayContaining(['gender', 'deceasedBoolean', 'multipleBirthInteger']));
      expect(names).not.toContain('birthDate'); // the object has it
      const values = await client.completion(join(dir, file), positionOf(text, '"mail"', 1));
      expect(values.map((i) => i.label)).toEqual(['"male"', '"female"', '"other"', '"unknown"']);
    });
  });

  describe('a TypeScript fixture', () => {
    const file = 'merge.ts';
    let text: string;

    it('open: the payload literal’s findings, named by its variable', async () => {
      text = readFileSync(join(dir, file), 'utf8');
      const diagnostics = await client.open(join(dir, file), text);
      expect(shown(diagnostics)).toEqual(expected(dir, file, text));
      expect(diagnostics.some((d) => d.code === 'spelling-drift' && messageOf(d).startsWith('merge: '))).toBe(true);
    });

    it('code action: the rename edits the identifier as written', async () => {
      const drift = (await client.change(join(dir, file), text)).find((d) => d.code === 'spelling-drift' && messageOf(d).includes('FirstNmae'))!;
      const rename = (await client.codeActions(join(dir, file), [drift])).find((a) => a.isPreferred)!;
      expect(editsOf(rename, join(dir, file))).toEqual([{ range: { start: drift.range.start, end: positionOf(text, 'FirstNmae', 9) }, newText: 'FirstName' }]);
      const after = await client.edit(join(dir, file), editsOf(rename, join(dir, file)));
      text = applyEdits(text, editsOf(rename, join(dir, file)));
      expect(after.some((d) => messageOf(d).includes('FirstNmae'))).toBe(false);
      expect(shown(after)).toEqual(expected(dir, file, text));
    });

    it('hover and completion: from the kind its type names', async () => {
      const dob = markdown(await client.hover(join(dir, file), positionOf(text, 'DOB:', 1)));
      expect(dob).toContain('**`Patient.Demographics.DOB`**');
      expect(dob).toContain('Date of birth, ISO 8601.');
      const names = await client.completion(join(dir, file), positionOf(text, 'DOB:', 1));
      expect(names.find((i) => i.label === 'MiddleName')).toMatchObject({ textEdit: { newText: 'MiddleName' } });
    });
  });

  describe('the spec’s notes in a hover', () => {
    it('beta and "not supported with data on demand" on a Scheduling/AvailableSlots query', async () => {
      const file = join(dir, 'slots.json');
      const text = readFileSync(join(repo, 'schemas/examples/valid/scheduling-availableslots.json'), 'utf8');
      writeFileSync(file, text);
      expect(await client.open(file, text)).toEqual([]);
      const notes = markdown(await client.hover(file, positionOf(text, '"Type": null', 2)));
      expect(notes).toContain('**`Visit.Locations[0].Type`** · string | null — Scheduling/AvailableSlots');
      expect(notes).toContain('Not supported with data on demand');
      expect(notes).toContain('Beta: the spec labels Scheduling/AvailableSlots beta.');
    });
  });

  describe('a bare CDS Hooks document', () => {
    it('is linted without a config: cdx-lint tells its kind', async () => {
      const file = join(dir, 'cards.json');
      const text = readFileSync(join(repo, 'packages/cdx-lint/test/fixtures/e2e/cds-hooks/order-sign-response.json'), 'utf8');
      writeFileSync(file, text);
      const diagnostics = await client.open(file, text);
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(shown(diagnostics)).toEqual(expected(dir, 'cards.json', text));
    });
  });

  describe('files that are not payloads', () => {
    it('package.json (ignored by default) and a JSON file that says it is no payload get no diagnostics', async () => {
      expect(await client.open(join(dir, 'package.json'), readFileSync(join(dir, 'package.json'), 'utf8'))).toEqual([]);
      expect(await client.open(join(dir, 'notes/settings.json'), readFileSync(join(dir, 'notes/settings.json'), 'utf8'))).toEqual([]);
      expect(await client.hover(join(dir, 'package.json'), { line: 0, character: 4 })).toBeNull();
    });
  });

  describe('a config change', () => {
    it('registers a watcher for config files', () => {
      expect(JSON.stringify(client.registrations)).toContain('**/cdx-lint.config.json');
    });

    it('re-lints open documents with the new config, and says what is wrong with a bad one', async () => {
      const merge = uriOf(join(dir, 'merge.json'));
      writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ rules: { 'unknown-field': 'error', schema: 'off' } }));
      let published = client.diagnostics(merge);
      await client.watchedFileChanged(join(dir, 'cdx-lint.config.json'));
      expect((await published).map((d) => [d.code, d.severity])).toEqual([['unknown-field', 1]]);
      expect(shown(await client.change(join(dir, 'merge.json'), mergeText))).toEqual(expected(dir, 'merge.json', mergeText));

      // With a config, every JSON file in the tree is a payload, as on the command line.
      const notes = uriOf(join(dir, 'notes/settings.json'));
      published = client.diagnostics(notes);
      writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ rules: { 'unknown-field': 'error' }, ignores: ['merge.json'] }));
      const mergeCleared = client.diagnostics(merge);
      await client.watchedFileChanged(join(dir, 'cdx-lint.config.json'));
      expect(await mergeCleared).toEqual([]);
      expect((await published).map((d) => d.code)).toEqual(['unknown-kind']);

      published = client.diagnostics(merge);
      writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ rules: { 'unknown-feild': 'off' } }));
      await client.watchedFileChanged(join(dir, 'cdx-lint.config.json'));
      const [bad] = await published;
      expect(bad).toMatchObject({ code: 'config', severity: 1, range: { start: { line: 0, character: 0 } } });
      expect(messageOf(bad!)).toContain('`rules.unknown-feild` is not a rule; did you mean `unknown-field`?');
    });

    it('close clears a document’s diagnostics', async () => {
      expect(await client.close(join(dir, 'bundle.json'))).toEqual([]);
    });
  });
});
