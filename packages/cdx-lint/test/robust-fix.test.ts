// --fix can never lose data. A property test: for any valid example, written in any JSON layout,
// with any set of misspelt member names, the fixed text parses, differs from the input only in the
// names of members that were misspelt (each renamed to its original), and a second pass changes
// nothing. And the write itself: temporary file, fsync, mode and owner kept, rename, directory
// fsync; a process killed mid-write leaves the original intact; a file changed meanwhile is kept.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { chownSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { createScanner } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { example } from '../../../scripts/robustness/hostile.mjs';
import { writeFileAtomic, type WriteIo } from '../src/fix/write.js';
import { fixText } from '../src/lint/process-file.js';
import type { AppliedRename } from '../src/lint/types.js';
import { FIXTURES, runBin } from './support/bin.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';
import { layoutArbitrary, write } from './support/json-layout.js';

const EXAMPLES = readdirSync(join(FIXTURES, '../../../../schemas/examples/valid'))
  .filter((f) => f.endsWith('.json') && !f.startsWith('auth-')) // auth bodies need --kind
  .map((f) => JSON.parse(example(f.slice(0, -'.json'.length))) as unknown);

// --- Misspelling members -----------------------------------------------------------------------

/** A slip of the keyboard: swap two letters, change a case, drop or double a letter. */
function misspell(name: string, how: number): string {
  const at = 1 + (how % Math.max(1, name.length - 2));
  switch (how % 4) {
    case 0:
      return name.slice(0, at) + name[at + 1]! + name[at]! + name.slice(at + 2);
    case 1: {
      const first = name.charAt(0);
      return (first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase()) + name.slice(1);
    }
    case 2:
      return name.slice(0, at) + name.slice(at + 1);
    default:
      return name.slice(0, at) + name[at]! + name.slice(at);
  }
}

/** Renames one member in place (member order kept); returns a new object. */
function renamed(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object))
    Object.defineProperty(out, k === from ? to : k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Every member's path (names only through objects, indexes through arrays). */
function memberPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value)) value.forEach((v, i) => memberPaths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...path, k]);
      memberPaths(v, [...path, k], out);
    }
  }
  return out;
}

/** Applies one rename at a JSON Pointer to a parsed value (in place for the parent). */
function applyRename(root: unknown, fix: AppliedRename): unknown {
  const tokens = fix.pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const name = tokens.pop()!;
  if (tokens.length === 0) return renamed(root as Record<string, unknown>, name, fix.to);
  let parent = root as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) parent = parent[t] as Record<string, unknown>;
  const last = tokens.at(-1)!;
  parent[last] = renamed(parent[last] as Record<string, unknown>, name, fix.to);
  return root;
}

/** Tokens of a JSON text, trivia included, each with whether it is a member name. */
function tokens(text: string): { text: string; value: string; name: boolean }[] {
  const scanner = createScanner(text, false);
  const out: { text: string; value: string; name: boolean }[] = [];
  for (let kind: number = scanner.scan(); kind !== 17 /* EOF */; kind = scanner.scan()) {
    out.push({ text: text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()), value: scanner.getTokenValue(), name: false });
  }
  // A string is a member name when the next token that is not trivia is a colon.
  for (let i = 0; i < out.length; i++) {
    if (!out[i]!.text.startsWith('"')) continue;
    let j = i + 1;
    while (j < out.length && /^\s+$/.test(out[j]!.text)) j++;
    out[i]!.name = out[j]?.text === ':';
  }
  return out;
}

const settings = { rules: {}, pointerOverrides: [] };

describe('--fix, for any file and any set of misspellings', () => {
  it(
    'parses, changes only the misspelt names (each back to its original), and a second pass is a no-op',
    () => {
      let renames = 0;
      fc.assert(
        fc.property(fc.nat(), layoutArbitrary, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }), (e, layout, slips) => {
          const original = EXAMPLES[e % EXAMPLES.length];
          const paths = memberPaths(original);
          // Misspell some members (names of at least 4 letters: shorter ones have no near misses).
          let mangled: unknown = structuredClone(original);
          const intended = new Map<string, string>(); // misspelt name → original name
          for (const [p, how] of slips) {
            const path = paths[p % paths.length]!;
            const name = path.at(-1) as string;
            if (name.length < 4 || !/^[A-Za-z]+$/.test(name)) continue;
            const parentPath = path.slice(0, -1);
            let parent = mangled as Record<string | number, unknown> | undefined;
            for (const t of parentPath) parent = parent?.[t] as Record<string | number, unknown> | undefined;
            if (!parent || !Object.hasOwn(parent, name)) continue; // an ancestor was misspelt already
            const slip = misspell(name, how);
            if (slip === name || Object.hasOwn(parent, slip)) continue;
            const fixedParent = renamed(parent, name, slip);
            if (parentPath.length === 0) mangled = fixedParent;
            else {
              let grand = mangled as Record<string | number, unknown>;
              for (const t of parentPath.slice(0, -1)) grand = grand[t] as Record<string | number, unknown>;
              grand[parentPath.at(-1)!] = fixedParent;
            }
            intended.set(slip, name);
          }
          const input = `${layout.bom ? '\uFEFF' : ''}${write(mangled, layout)}${layout.newline}`;

          const first = fixText(input, 'x.json', settings);
          if (first.output === undefined) {
            expect(first.fixes).toEqual([]);
            return;
          }
          renames += first.fixes.length;
          // The output parses, to the input's value with exactly the reported renames made.
          const bom = layout.bom ? '\uFEFF' : '';
          expect(first.output.startsWith(bom)).toBe(true);
          let want = JSON.parse(input.slice(bom.length));
          for (const fix of first.fixes) want = applyRename(want, fix);
          expect(JSON.stringify(JSON.parse(first.output.slice(bom.length)))).toBe(JSON.stringify(want));
          // Each rename undoes one of our misspellings.
          for (const fix of first.fixes) expect(intended.get(fix.from), `${fix.from} → ${fix.to}`).toBe(fix.to);
          // Byte for byte, only member-name tokens differ, and only from a misspelling to its original.
          const before = tokens(input);
          const after = tokens(first.output);
          expect(after.length).toBe(before.length);
          before.forEach((token, i) => {
            if (token.text === after[i]!.text) return;
            expect(token.name && after[i]!.name, `token ${i}: ${token.text} → ${after[i]!.text}`).toBe(true);
            expect(intended.get(token.value)).toBe(after[i]!.value);
          });
          // A second pass finds nothing to do.
          const second = fixText(first.output, 'x.json', settings);
          expect(second.output).toBeUndefined();
          expect(second.fixes).toEqual([]);
        }),
        fuzzParameters(11),
      );
      expect(renames).toBeGreaterThan(0);
    },
    fuzzTimeout(20),
  );
});

describe('writeFileAtomic', () => {
  const tempFile = (text: string | Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-write-'));
    const path = join(dir, 'payload.json');
    writeFileSync(path, text);
    return { dir, path };
  };

  it('writes a temporary file beside the original, flushes it, renames it, then flushes the directory', () => {
    const { dir, path } = tempFile('original');
    const calls: string[] = [];
    const fds = new Map<number, string>();
    const io: WriteIo = {
      openSync: (p, flags, mode) => {
        const fd = fs.openSync(p, flags, mode);
        fds.set(fd, p === dir ? 'dir' : 'temp');
        calls.push(`open ${fds.get(fd)}`);
        return fd;
      },
      writeSync: (fd, data, offset, length) => (calls.push(`write ${fds.get(fd)}`), fs.writeSync(fd, data, offset, length)),
      fsyncSync: (fd) => {
        calls.push(`fsync ${fds.get(fd) ?? fd}`);
        fs.fsyncSync(fd);
      },
      closeSync: (fd) => {
        calls.push(`close ${fds.get(fd) ?? fd}`);
        fs.closeSync(fd);
      },
      renameSync: (from, to) => {
        calls.push(`rename over ${to === path ? 'original' : String(to)}`);
        fs.renameSync(from, to);
      },
      unlinkSync: (p) => {
        calls.push(`unlink ${String(p)}`);
        fs.unlinkSync(p);
      },
    };
    writeFileAtomic(path, 'replacement', { io });
    expect(calls).toEqual(['open temp', 'write temp', 'fsync temp', 'close temp', 'rename over original', 'open dir', 'fsync dir', 'close dir']);
    expect(readFileSync(path, 'utf8')).toBe('replacement');
    expect(readdirSync(dir)).toEqual(['payload.json']);
  });

  it('keeps a file that changed since it was read (an editor saved it) and says so', () => {
    const { dir, path } = tempFile('edited meanwhile');
    expect(() => {
      writeFileAtomic(path, 'fixed', { expected: Buffer.from('as read') });
    }).toThrow(expect.objectContaining({ code: 'ECHANGED' }));
    expect(readFileSync(path, 'utf8')).toBe('edited meanwhile');
    expect(readdirSync(dir)).toEqual(['payload.json']);
  });

  it.skipIf(process.getuid?.() !== 0)('run as root, keeps the owner of a user’s file', () => {
    const { path } = tempFile('original');
    chownSync(path, 65534, 65534);
    writeFileAtomic(path, 'replacement');
    expect(statSync(path)).toMatchObject({ uid: 65534, gid: 65534 });
  });
});

describe('a process killed while writing', () => {
  const WRITE = join(FIXTURES, '../../dist/fix/write.js');
  const big = Buffer.from(example('patientadmin-patientmerge').replace('"Notes": [', `"Notes": [${'"x",'.repeat(500_000)}`));

  /** Runs writeFileAtomic in a child that kills itself (SIGKILL) at the given step. */
  function killedAt(step: 'after the first chunk' | 'before the rename'): { path: string; dir: string } {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-kill-'));
    const path = join(dir, 'payload.json');
    writeFileSync(path, big);
    const script = `
      import * as fs from 'node:fs';
      import { writeFileAtomic } from ${JSON.stringify(WRITE)};
      const die = () => process.kill(process.pid, 'SIGKILL');
      const io = { ...fs, writeSync: (fd, data, offset, length) => {
        const n = fs.writeSync(fd, data, offset, Math.min(length, 65536));
        if (${JSON.stringify(step)} === 'after the first chunk') die();
        return n;
      }, renameSync: (...args) => { if (${JSON.stringify(step)} === 'before the rename') die(); return fs.renameSync(...args); } };
      writeFileAtomic(${JSON.stringify(path)}, 'x'.repeat(${big.length * 2}), { io });
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(child.signal).toBe('SIGKILL');
    return { path, dir };
  }

  it.each([['after the first chunk'], ['before the rename']] as const)('killed %s: the original is intact, and the leftover is never linted', (step) => {
    const { path, dir } = killedAt(step);
    expect(readFileSync(path).equals(big)).toBe(true);
    const leftovers = readdirSync(dir).filter((f) => f !== 'payload.json');
    expect(leftovers).toEqual([expect.stringMatching(/^\.payload\.json\.\d+\.0\.cdx-lint-tmp$/)]);
    const run = runBin(['--format', 'json', dir]);
    expect((JSON.parse(run.stdout) as { filePath: string }[]).map((r) => r.filePath)).toEqual([path]);
  });

  /**
   * A module preloaded into the bin (`node --import`) that counts the file operations of the atomic
   * write, from the opening of its temporary file on, and kills the process (SIGKILL) just before
   * operation KILL_AT; with KILL_AT unset it prints how many there were. ESM imports of node:fs are
   * live bindings: syncBuiltinESMExports() hands the patched functions to the bundled bin.
   */
  const KILLER = `
    import fs from 'node:fs';
    import { syncBuiltinESMExports } from 'node:module';
    const killAt = process.env.KILL_AT === undefined ? Infinity : Number(process.env.KILL_AT);
    let writing = false;
    let count = 0;
    let rename = -1;
    for (const name of ['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'renameSync']) {
      const real = fs[name];
      fs[name] = (...args) => {
        if (name === 'openSync' && String(args[0]).endsWith('.cdx-lint-tmp')) writing = true;
        if (writing && name === 'renameSync') rename = count;
        if (writing && count++ === killAt) process.kill(process.pid, 'SIGKILL');
        return real(...args);
      };
    }
    syncBuiltinESMExports();
    process.on('exit', () => process.stderr.write('operations=' + count + ' rename=' + rename + '\\n'));
  `;

  it('cdx-lint --fix killed before each file operation of its write leaves the old file or the fixed one, never a mix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-killfix-'));
    const path = join(dir, 'payload.json');
    const killer = join(dir, 'killer.mjs');
    writeFileSync(killer, KILLER);
    const original = Buffer.from(big.toString('utf8').replace('"FirstName"', '"FirstNmae"'));
    const fixed = big;
    const bin = join(FIXTURES, '../../dist/bin.js');
    const fix = (killAt?: number) => {
      writeFileSync(path, original);
      return spawnSync(process.execPath, ['--import', pathToFileURL(killer).href, bin, '--fix', path], {
        encoding: 'utf8',
        env: { ...process.env, ...(killAt === undefined ? {} : { KILL_AT: String(killAt) }) },
      });
    };
    // Once through: how many operations the write makes (open, the chunks, fsync, close, rename, the directory's).
    const whole = fix();
    expect(whole.status).toBe(0);
    expect(readFileSync(path).equals(fixed)).toBe(true);
    const [, operations, rename] = (/operations=(\d+) rename=(\d+)/.exec(whole.stderr) ?? []).map(Number) as [number, number, number];
    expect(operations).toBeGreaterThanOrEqual(6);
    expect(rename).toBeGreaterThan(2);
    for (let k = 0; k < operations; k++) {
      const run = fix(k);
      expect(run.signal, `killed before operation ${k}`).toBe('SIGKILL');
      const now = readFileSync(path);
      expect(now.equals(original) || now.equals(fixed), `killed before operation ${k} of ${operations}`).toBe(true);
      // Up to the rename the old file stands; after it, the fixed one.
      expect(now.equals(fixed), `killed before operation ${k}`).toBe(k > rename);
    }
  });
});
