// Every rule page's examples run (docs/rules/<id>.md): each JSON block under "Incorrect" gives the
// rule's findings, exactly the ones the ```text block after it shows (message, severity and, where
// shown, line:column), and each JSON block under "Correct" gives none of the rule's findings. A block
// linted as a given kind, or with options, says so in a comment before it:
// `<!-- example {"kind": "cds-hooks/order-sign", "options": {"multipleApiKeys": true}} -->`.
// A ```jsonc block under "Incorrect" is text a lenient parser accepts (parse-error's comment): it is
// linted as a .jsonc file, which cdx-lint reads as strict JSON. Elsewhere a jsonc block (a config
// snippet) is not an example.
// The rules whose examples are not JSON documents (tokens, form bodies, TypeScript calls) say why in
// NOT_JSON; their examples are run by their own suites.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRules } from '../src/rules/index.js';
import { lintText } from '../src/lint/lint-text.js';
import type { KindId } from '@cdx/validate';

const DOCS = new URL('../../../docs/rules/', import.meta.url);

/** Rules whose pages show something other than a JSON document to lint, with why. */
const NOT_JSON: Readonly<Record<string, string>> = {
  'ignored-file': 'command lines: the file is named on the command line, not written',
  'jwt-malformed': 'a token as text',
  'token-form': 'a form body',
  'search-param': 'a checkSearchParams() call',
  'jwt-signature': 'no example blocks: a signature needs a key',
  'nesting-depth': 'no example blocks: 512 levels',
  'jwt-alg': 'the claims of a client assertion, at a clock the page names',
  'jwt-aud': 'the claims of a client assertion, at a clock the page names',
  'jwt-crit': 'the claims of a client assertion, at a clock the page names',
  'jwt-exp': 'the claims of a client assertion, at a clock the page names',
  'jwt-iat': 'the claims of a client assertion, at a clock the page names',
  'jwt-iss-sub': 'the claims of a client assertion, at a clock the page names',
  'jwt-jku': 'the claims of a client assertion, at a clock the page names',
  'jwt-jti': 'the claims of a client assertion, at a clock the page names',
  'jwt-kid': 'the claims of a client assertion, at a clock the page names',
  'jwt-typ': 'the claims of a client assertion, at a clock the page names',
};

/**
 * Pages whose examples do not run yet, with what they lack. A page leaves this list when its
 * examples run (the test fails while a listed page's examples all pass).
 */
const PENDING: Readonly<Record<string, string>> = {
  'unpublished-payload': 'informational: the message it reports on has no correct form (the rule is turned off instead)',
};

interface Example {
  readonly section: 'Incorrect' | 'Correct';
  readonly index: number;
  readonly text: string;
  /** The file name it is linted as: `example.jsonc` for a ```jsonc block, else `example.json`. */
  readonly file: string;
  /** The kind to lint it as, and the rules' options, from the comment before it. */
  readonly settings: { readonly kind?: KindId; readonly options?: Readonly<Record<string, unknown>> };
  /** The ```text block right after it: the findings it must give, one a line. */
  readonly expected: readonly string[] | undefined;
}

function examples(markdown: string): Example[] {
  const out: Example[] = [];
  for (const section of ['Incorrect', 'Correct'] as const) {
    const body = new RegExp(`^## ${section}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(markdown)?.[1] ?? '';
    const blocks = [...body.matchAll(/(?:<!-- example (\{.*\}) -->\n+)?```(\w*)\n([\s\S]*?)\n```/g)];
    blocks.forEach((block, i) => {
      const jsonc = block[2] === 'jsonc' && section === 'Incorrect';
      if (block[2] !== 'json' && !jsonc) return;
      const next = blocks[i + 1];
      const expected = next?.[2] === 'text' && body.slice(block.index + block[0].length, next.index).trim() === '' ? next[3]!.split('\n') : undefined;
      out.push({
        section,
        index: out.filter((e) => e.section === section).length,
        text: block[3]!,
        file: jsonc ? 'example.jsonc' : 'example.json',
        settings: block[1] ? (JSON.parse(block[1]) as Example['settings']) : {},
        expected,
      });
    });
  }
  return out;
}

/** A finding as the docs print it: `line:column  severity  message  rule` (the position may be left out). */
const printed = (line: string) => /^(?:(\d+:\d+)\s+)?(error|warning)\s+(.*?)\s+(\S+)$/.exec(line.trim());

const ids = allRules().map((r) => r.id);
const pages = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -'.md'.length));

/** What is wrong with one example: it is not JSON, or it does not give the findings its section and text block say. */
function problems(id: string, example: Example): string[] {
  const { kind, options } = example.settings;
  const settings = { rules: {}, pointerOverrides: [], ...(kind ? { kind } : {}), ...(options ? { ruleOptions: options } : {}) };
  const result = lintText(example.text, example.file, settings);
  const unparsed = result.messages.filter((m) => m.ruleId === 'parse-error' && id !== 'parse-error');
  if (unparsed.length > 0) return [`not JSON: ${unparsed[0]!.message}`];
  const mine = result.messages.filter((m) => m.ruleId === id);
  if (example.section === 'Correct') return mine.map((m) => `a Correct example gives ${m.line}:${m.column} ${m.message}`);
  if (mine.length === 0) return [`an Incorrect example gives no ${id} finding (${result.messages.map((m) => m.ruleId).join(', ') || 'none'})`];
  if (!example.expected) return [];
  const wanted = example.expected.flatMap((line) => {
    const m = printed(line);
    return m?.[4] === id ? [`${m[1] === undefined ? '' : `${m[1]}  `}${m[2]}  ${m[3]}`] : [];
  });
  if (wanted.length === 0) return ['the text block after it shows no finding of the rule'];
  const positioned = example.expected.some((line) => printed(line)?.[1] !== undefined);
  const got = mine.map(
    (m) => `${positioned ? `${m.line}:${m.column}  ` : ''}${m.severity === 2 ? 'error' : 'warning'}  ${m.message.replace(/\s*\n\s*/g, ' ')}`,
  );
  // A page may end a long message with `…` (a list that grows with the registry): it shows a prefix.
  const same =
    got.length === wanted.length && got.every((line, i) => (wanted[i]!.endsWith(' …') ? line.startsWith(wanted[i]!.slice(0, -1)) : line === wanted[i]));
  return same ? [] : [`gives\n  ${got.join('\n  ')}\nthe page shows\n  ${wanted.join('\n  ')}`];
}

const runnable = pages.filter((id) => !Object.hasOwn(NOT_JSON, id) && ids.includes(id));

describe('docs/rules examples', () => {
  it('every rule has a page, and the pages NOT_JSON and PENDING name exist', () => {
    for (const id of ids) expect(pages, id).toContain(id);
    for (const id of [...Object.keys(NOT_JSON), ...Object.keys(PENDING)]) expect(pages, `${id} is listed but has no page`).toContain(id);
  });

  describe.each(runnable)('%s', (id) => {
    const found = examples(readFileSync(new URL(`${id}.md`, DOCS), 'utf8'));
    const pending = PENDING[id];

    if (pending !== undefined) {
      // A ratchet: once its examples run, the page leaves PENDING.
      it(`is pending (${pending}): some example does not run yet`, () => {
        const missing = (['Incorrect', 'Correct'] as const).filter((section) => !found.some((e) => e.section === section));
        expect(found.flatMap((e) => problems(id, e)).length + missing.length).toBeGreaterThan(0);
      });
      return;
    }

    it('has an Incorrect and a Correct example', () => {
      expect(found.map((e) => e.section)).toEqual(expect.arrayContaining(['Incorrect', 'Correct']));
    });

    it.each(found.map((e) => [`${e.section} #${e.index + 1}`, e] as const))('%s', (_name, example) => {
      expect(problems(id, example)).toEqual([]);
    });
  });
});
