// The JSON examples of the CDS Hooks specification and hook library, as stored in
// spec-examples/examples.json (Apache-2.0, see the LICENSE and NOTICE there), so that the suite runs
// on any clone. Each is named by its file and the line of its opening fence (`hooks/order-sign.md:46`).
// Where a copy of the specification's Markdown is at hand (shared/spec/cds-hooks beside the repository,
// or CDX_CDS_HOOKS_SPEC), spec-examples.test.ts checks the stored blocks against it (`-u` rewrites them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../support/cases.js';

/** The stored examples: every fenced block that is JSON or meant to be, as the Markdown has it. */
export const STORED = fileURLToPath(new URL('./spec-examples/examples.json', import.meta.url));

/** A fenced block as the Markdown has it. */
export interface RawBlock {
  readonly at: string;
  readonly heading: string;
  readonly hook: string | undefined;
  readonly text: string;
}

/** Where the reference copy is: CDX_CDS_HOOKS_SPEC, or shared/spec/cds-hooks in a folder above the repository. */
export function referenceCopy(): string | undefined {
  const isCopy = (dir: string) => existsSync(join(dir, 'specification/current.md'));
  const named = process.env.CDX_CDS_HOOKS_SPEC;
  if (named) return isCopy(named) ? named : undefined;
  for (let dir = dirname(repoRoot); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared/spec/cds-hooks');
    if (isCopy(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export interface Block {
  /** `specification/current.md:167`: the file and the line of the opening fence. */
  readonly at: string;
  /** The nearest heading above it. */
  readonly heading: string;
  /** The hook the page defines (hooks/*.md), if any. */
  readonly hook: string | undefined;
  /** The block as JSON, or why it is not JSON. */
  readonly json: { value: unknown } | { error: string };
}

/**
 * What the examples write around their JSON: an HTTP request line before it (`POST
 * {baseUrl}/cds-services/{serviceId}/feedback`), `//` comments in it, and a bare `"context": {…}`
 * member. Returns the JSON text.
 */
export function normalize(text: string): string {
  let out = text.replace(/^\s*(?:GET|POST|PUT|DELETE) \S+[^\n]*\n/, '');
  out = withoutLineComments(out).trim();
  return out.startsWith('"') ? `{${out}}` : out;
}

/** `//` to the end of the line, outside strings. */
function withoutLineComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else out += c;
  }
  return out;
}

/** Every fenced block of a Markdown file that is JSON or meant to be (json fences, and plain ones opening with `{` or `"`). */
function blocksOf(root: string, file: string): RawBlock[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const hook = file.startsWith('hooks/') ? file.slice('hooks/'.length, -'.md'.length) : undefined;
  const out: RawBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) heading = title[1]!.replace(/`/g, '').trim();
    const fence = /^```\s*(\w*)\s*$/.exec(line);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const text = body.join('\n');
    const language = fence[1]!;
    if (language !== 'json' && !(language === '' && /^\s*[{"]/.test(text))) continue;
    out.push({ at: `${file}:${start + 1}`, heading, hook, text });
  }
  return out;
}

/** The fenced blocks of the specification and of every hook page but the template, read from a copy of the Markdown. */
export function extractBlocks(root: string): RawBlock[] {
  const hooks = readdirSync(join(root, 'hooks'))
    .filter((f) => f.endsWith('.md') && f !== 'template.md')
    .sort();
  return ['specification/current.md', ...hooks.map((f) => `hooks/${f}`)].flatMap((file) => blocksOf(root, file));
}

/** The stored blocks, each parsed as JSON (or why it is not JSON). */
export function specBlocks(): Block[] {
  return (JSON.parse(readFileSync(STORED, 'utf8')) as RawBlock[]).map(({ at, heading, hook, text }) => {
    let json: Block['json'];
    try {
      json = { value: JSON.parse(normalize(text)) };
    } catch (error) {
      json = { error: (error as Error).message };
    }
    return { at, heading, hook: hook ?? undefined, json };
  });
}
