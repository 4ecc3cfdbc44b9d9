// What no message may contain: a placeholder left unfilled, a regular expression, or an identifier
// cut short. Used on every finding of every RuleTester case (rule-tester.ts) and on every template
// of the registry (@cdx/validate's test/messages.test.ts).

/**
 * Rules whose messages quote `{{…}}` on purpose: cds-hooks-prefetch-token reports prefetch
 * templates, whose tokens are written `{{context.patientId}}`, and must show the token it means.
 */
export const QUOTES_BRACES = new Set(['cds-hooks-prefetch-token']);

const LEFTOVERS: readonly [RegExp, string][] = [
  [/\{\{[^{}]*\}\}/, 'a {{placeholder}}'],
  [/\{[A-Za-z_][\w.]*\}/, 'a {placeholder} (the spec’s notation)'],
  [/<[A-Z][A-Za-z]*>/, 'an <Placeholder>'],
];

const REGEX: readonly [RegExp, string][] = [
  // \b is also JSON's escape of a backspace, which a message shows escaped: not listed.
  [/\\[dDsSwW]/, 'a regex class escape (\\d, \\s, …)'],
  [/\[(?:0-9|A-Z|a-z|\^)/, 'a character class ([0-9], [A-Z], [^…])'],
  [/\(\?[:=!<]/, 'a regex group ((?: …)'],
  [/\^[[(\\]/, 'a regex anchor (^[ or ^( )'],
  [/[)\]*+?]\$(?:\W|$)/, 'a regex end anchor (…)$'],
  [/\]\{\d+(?:,\d*)?\}/, 'a regex quantifier ([…]{n})'],
];

/** A JSON string literal in a message, and the length a cut one is followed by. */
const LITERAL = /"((?:[^"\\]|\\.)*)"( \((\d[\d,]*) characters\))?/g;
const IDENTIFIER_LIKE = /^(?:urn:|[a-z][a-z0-9+.-]*:\/\/|[A-Z][A-Za-z]+\/)/;

/**
 * What is wrong with a message as a user reads it (empty: nothing). `maxIdentifier`: the longest
 * identifier a message shows whole (@cdx/validate's MAX_IDENTIFIER); a shorter one must not be cut.
 */
export function messageProblems(message: string, ruleId: string, maxIdentifier: number): string[] {
  const problems: string[] = [];
  const text = QUOTES_BRACES.has(ruleId) ? message.replace(/\{\{[^{}]*\}\}/g, 'TOKEN') : message;
  for (const [re, what] of LEFTOVERS) {
    const m = re.exec(text);
    if (m) problems.push(`${what}: ${m[0]}`);
  }
  for (const [re, what] of REGEX) {
    const m = re.exec(message);
    if (m) problems.push(`${what}: ${m[0]}`);
  }
  for (const m of message.matchAll(LITERAL)) {
    const [, text, suffix, length] = m;
    if (!text!.includes('…')) continue;
    if (!suffix) problems.push(`a value cut without its length: "${text}"`);
    else if (IDENTIFIER_LIKE.test(text!) && Number(length!.replace(/,/g, '')) <= maxIdentifier) problems.push(`an identifier cut short: "${text}"`);
  }
  return problems;
}
