import type * as TS from 'typescript';
import type { Ts } from './load.js';

/**
 * The expression under what only speaks about its type: `(x)`, `x as const`, `x as T`, `<T>x`,
 * `x satisfies T`, `x!`. None of them changes the value.
 */
export function unwrap(ts: Ts, node: TS.Expression): TS.Expression {
  let at = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(at) ||
      ts.isAsExpression(at) ||
      ts.isSatisfiesExpression(at) ||
      ts.isTypeAssertionExpression(at) ||
      ts.isNonNullExpression(at)
    ) {
      at = at.expression;
    } else return at;
  }
}

/**
 * How a member name is written, which decides how a rename is written: a bare name (or a
 * number) takes a bare name when the new one is a valid identifier; a string keeps its quotes;
 * a shorthand `{ FirstNmae }` becomes `FirstName: FirstNmae`.
 */
export type KeyForm = { form: 'bare' } | { form: 'quoted'; quote: string } | { form: 'shorthand'; variable: string };

/** A member name the source spells out, and its token (the string inside `['…']` for a computed one). */
export interface StaticKey {
  text: string;
  token: TS.Node;
  form: KeyForm;
}

/**
 * The name of a property when it is written out: an identifier, a string or number, or a
 * computed name that is a literal (`['Meta']`). Undefined for a computed name that is an
 * expression: which member it sets is known only at run time.
 */
export function staticKey(ts: Ts, file: TS.SourceFile, name: TS.PropertyName): StaticKey | undefined {
  let token: TS.Node = name;
  if (ts.isComputedPropertyName(name)) token = unwrap(ts, name.expression);
  if (ts.isIdentifier(token) && !ts.isComputedPropertyName(name)) return { text: token.text, token, form: { form: 'bare' } };
  if (ts.isNumericLiteral(token)) return { text: token.text, token, form: ts.isComputedPropertyName(name) ? { form: 'quoted', quote: '"' } : { form: 'bare' } };
  if (ts.isStringLiteral(token) || ts.isNoSubstitutionTemplateLiteral(token)) {
    const quote = file.text[token.getStart(file)]!;
    // A template's quote is a backtick: a rename writes a plain double-quoted string instead.
    return { text: token.text, token, form: { form: 'quoted', quote: quote === "'" ? "'" : '"' } };
  }
  return undefined;
}

/** The text that renames a member written as `form` to `to`, in valid TypeScript. */
export function renamed(form: KeyForm, to: string): string {
  const bare = /^[A-Za-z_$][\w$]*$/.test(to) ? to : JSON.stringify(to);
  switch (form.form) {
    case 'bare':
      return bare;
    case 'shorthand':
      return `${bare}: ${form.variable}`;
    case 'quoted': {
      const json = JSON.stringify(to);
      if (form.quote === '"') return json;
      return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
    }
  }
}
